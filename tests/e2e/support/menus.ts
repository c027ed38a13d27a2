/** The administrator's menu as the stories walk it: the pages shown in the menu, by path. */
import type { Api } from '../fixtures';
import { ACCOUNTS, flattenMenu } from '../../support/product.mjs';

export interface MenuPages {
  /**
   * Every page shown in the menu, in the menu's order: a visible entry with no visible entry
   * under it (店铺管理 is one: 店铺详情 under it is hidden).
   */
  pages: { path: string; alias: string }[];
  /** Every node's alias by its path (what the trail reads at it). */
  aliases: Map<string, string>;
}

/** The administrator's menu tree, as `mtop.admin.user.menuTree` answers it. */
export async function adminMenuPages(api: Api): Promise<MenuPages> {
  const { mat } = await api.login(ACCOUNTS.admin.username, ACCOUNTS.admin.password);
  const tree = await api.result('mtop.admin.user.menuTree', { mat });
  const nodes = flattenMenu(tree.data) as {
    path: string;
    alias: string;
    visible: number;
  }[];
  const shown = nodes.filter((n) => n.visible === 1);
  return {
    pages: shown.filter((n) => !shown.some((m) => m.path.startsWith(`${n.path}/`))),
    aliases: new Map(nodes.map((n) => [n.path, n.alias])),
  };
}
