/** What every page module receives from the shell: the route the core resolved. */
export interface PageProps {
  /** The route's path, e.g. `/baseMgmt/shopMgmt`. */
  path: string;
  /** The route's label from the menu tree, e.g. `店铺管理` (empty for fixed pages). */
  alias: string;
}
