/**
 * What the 采购商机 and 询价单 stories share: the operator's calls to pick records in the state a
 * story needs (read at the story's start, whatever the stories before it changed), a dialog's own
 * buttons, and the rows of the page's table.
 */
import { expect, type Locator, type Page } from '@playwright/test';
import type { Api } from '../fixtures';
import { ACCOUNTS } from '../../support/product.mjs';

export interface Opportunity {
  id: number;
  title: string;
  state: string;
  version: number;
  createdAt: number;
}

export interface Inquiry {
  id: number;
  buyerNickname: string;
  shopId: number;
  shopName: string;
  message: string;
  state: string;
}

/** The operator's reads, with one session. */
export async function operatorCalls(api: Api) {
  const { mat } = await api.login(ACCOUNTS.operator.username, ACCOUNTS.operator.password);
  async function data<T>(op: string, params: object): Promise<T> {
    const result = await api.result(op, { mat, data: params });
    expect(result.success, `${op}: ${result.code} ${result.msg}`).toBe(true);
    return result.data as T;
  }
  return {
    opportunities: (params: object) =>
      data<{ list: Opportunity[]; total: number }>('mtop.admin.opportunity.list', {
        page: 1,
        pageSize: 100,
        ...params,
      }),
    inquiries: (params: object) =>
      data<{ list: Inquiry[]; total: number }>('mtop.admin.inquiry.list', {
        page: 1,
        pageSize: 100,
        ...params,
      }),
    /** Rejects `o` as the operator would on 商机审核. */
    reject: async (o: Opportunity, reasonCode: string, reason: string) => {
      const result = await api.result('mtop.admin.opportunity.audit', {
        method: 'POST',
        mat,
        data: { id: o.id, version: o.version, approve: false, reasonCode, reason },
      });
      expect(result.success, `opportunity.audit: ${result.code} ${result.msg}`).toBe(true);
    },
    stats: () => data<Record<string, number>>('mtop.admin.dashboard.stats', {}),
  };
}

/**
 * Opportunities in `state` whose title no other opportunity's contains (so a title filter finds
 * each alone), oldest first.
 */
export async function opportunitiesIn(api: Api, state: string): Promise<Opportunity[]> {
  const calls = await operatorCalls(api);
  const all = (await calls.opportunities({})).list;
  expect(all.length, 'the seed has under 100 opportunities').toBeLessThan(100);
  return all
    .filter(
      (o) =>
        o.state === state &&
        !all.some((other) => other.id !== o.id && other.title.includes(o.title)),
    )
    .sort((a, b) => a.createdAt - b.createdAt || a.id - b.id);
}

/** The table row of the page's main area showing `text` in a cell of its own. */
export function rowWith(page: Page, text: string): Locator {
  return page
    .getByRole('main')
    .getByRole('row')
    .filter({ has: page.getByRole('cell', { name: text, exact: true }) });
}

/** A dialog's own button (not its corner's ×). */
export function dialogButton(dialog: Locator, name: string): Locator {
  return dialog.locator('.ant-modal-footer').getByRole('button', { name });
}

/** A text box of a filter form (its label reads `商机标题 :`). */
export function filterBox(page: Page, label: string): Locator {
  return page.getByRole('main').getByRole('textbox', { name: new RegExp(`^${label}`) });
}

/** 查询 of the page's filter form. */
export async function search(page: Page): Promise<void> {
  await page
    .getByRole('main')
    .getByRole('button', { name: /查\s*询/ })
    .click();
}
