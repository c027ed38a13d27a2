/**
 * What the 商品管理 and 类目管理 stories share: the administrator's calls to set the scene (find a
 * product in a state, build a small category tree) and the locators of those screens. The scene
 * is read from the seeded data through the same operations the screens use, never assumed.
 */
import { expect, type Locator, type Page } from '@playwright/test';
import type { Api } from './fixtures';
import { ACCOUNTS } from '../support/product.mjs';
import { answer } from './pages';

export interface Product {
  id: number;
  title: string;
  shopId: number;
  status: string;
  coverUrl: string | null;
}

export interface Category {
  id: number;
  parentId: number | null;
  name: string;
  level: number;
  productCount: number;
  mayAddChild: boolean;
  version: number;
  children: Category[];
}

/** The administrator's calls, with one session. */
export class Admin {
  private constructor(
    readonly api: Api,
    readonly mat: string,
  ) {}

  static async signIn(api: Api): Promise<Admin> {
    const { mat } = await api.login(ACCOUNTS.admin.username, ACCOUNTS.admin.password);
    return new Admin(api, mat);
  }

  /** The answer of a successful call (GET for reads, POST for writes); fails loudly otherwise. */
  async data<T>(api: string, data: object, method: 'GET' | 'POST' = 'GET'): Promise<T> {
    const result = await this.api.result(api, { method, data, mat: this.mat });
    expect(result.success, `${api}: ${result.code} ${result.msg}`).toBe(true);
    return result.data as T;
  }

  /** The `result` of a call, success or not. */
  async result(
    api: string,
    data: object,
    method: 'GET' | 'POST' = 'POST',
  ): Promise<{ success: boolean; code: string; msg: string; data: unknown }> {
    return this.api.result(api, { method, data, mat: this.mat });
  }

  async products(params: object): Promise<Product[]> {
    const page = await this.data<{ list: Product[] }>('mtop.admin.product.list', {
      page: 1,
      pageSize: 100,
      ...params,
    });
    return page.list;
  }

  async setProductStatus(ids: number[], status: string): Promise<void> {
    await this.data('mtop.admin.product.setStatus', { ids, status }, 'POST');
  }

  async tree(): Promise<Category[]> {
    return this.data<Category[]>('mtop.admin.category.tree', {});
  }

  /** A new category (last among its siblings). */
  async addCategory(name: string, parentId?: number): Promise<Category> {
    return this.data<Category>(
      'mtop.admin.category.save',
      { name, ...(parentId === undefined ? {} : { parentId }) },
      'POST',
    );
  }
}

/** Every node of a tree, depth first. */
export function flat(nodes: Category[]): Category[] {
  return nodes.flatMap((n) => [n, ...flat(n.children)]);
}

/** A name no other story (or earlier run) uses, short enough for the category form. */
export function unique(prefix: string): string {
  return `${prefix}${Date.now().toString(36).slice(-5)}${Math.floor(Math.random() * 100)}`;
}

/** The tree table row of the category named `name` (类目管理). */
export function categoryRow(page: Page, name: string): Locator {
  // Matched on the cell's text: the name cell also holds the tree's expand button.
  const exact = new RegExp(`^\\s*${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*$`);
  return page.getByRole('row').filter({ has: page.getByRole('cell').filter({ hasText: exact }) });
}

/** The names of the category rows, top to bottom, as the table shows them. */
export async function categoryNames(page: Page): Promise<string[]> {
  return page
    .locator('tbody tr[data-row-key]')
    .evaluateAll((rows) =>
      rows.map((tr) => tr.querySelectorAll('td')[1]?.textContent?.trim() ?? ''),
    );
}

/** antd's Popconfirm of the page, answered with `ok`; `shows`, a toast it brings (see `answer`). */
export async function confirm(page: Page, ok: RegExp, shows?: Locator): Promise<void> {
  await answer(page.getByRole('tooltip'), ok, shows);
}
