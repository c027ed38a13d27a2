/**
 * What the 用户管理 / 用户详情 / 邀请管理 stories share: the administrator's calls to find seeded
 * members and invitations (the seed is deterministic but the stories do not hard-code it), antd
 * select and dialog helpers, and reading a downloaded CSV as the core encodes it.
 */
import { expect, type Download, type Locator, type Page } from '@playwright/test';
import type { Api } from './fixtures';
import { ACCOUNTS } from '../support/product.mjs';
import { pickOption } from './pages';
import { axeFindings } from './support/axe';

export interface Member {
  id: number;
  nickname: string;
  phone: string;
  type: string;
  status: string;
  shopId: number | null;
  shopName: string;
  version: number;
}

export interface Invitation {
  id: number;
  inviterId: number;
  inviterNickname: string;
  inviteeId: number;
  inviteeNickname: string;
  code: string;
  state: string;
  rewardFen: number;
  createdAt: number;
}

/** 用户详情's read: the member and the first page (ten rows) of each of their records. */
export interface MemberDetail {
  member: Member;
  inquiries: Page_<{ id: number; productTitle: string; shopName: string; state: string }>;
  opportunities: Page_<{ id: number; title: string; state: string }>;
  invitations: Page_<Invitation>;
}

interface Page_<T> {
  list: T[];
  total: number;
}

/** The administrator's calls, with one session. */
export async function adminCalls(api: Api) {
  const { mat } = await api.login(ACCOUNTS.admin.username, ACCOUNTS.admin.password);
  async function data<T>(op: string, params: object, method = 'GET'): Promise<T> {
    const result = await api.result(op, { method, mat, data: params });
    expect(result.success, `${op}: ${result.code} ${result.msg}`).toBe(true);
    return result.data as T;
  }
  return {
    data,
    members: (params: object) => data<Page_<Member>>('mtop.admin.member.list', params),
    detail: (id: number) => data<MemberDetail>('mtop.admin.member.detail', { id }),
    invitations: (params: object) =>
      data<
        Page_<Invitation> & { totals: { count: number; shopOpened: number; rewardFen: number } }
      >('mtop.admin.invitation.list', params),
    setStatus: (params: object) =>
      api.result('mtop.admin.member.setStatus', { method: 'POST', mat, data: params }),
  };
}

export type AdminCalls = Awaited<ReturnType<typeof adminCalls>>;

/** Every row of a list operation under `filters`, page by page. */
export async function allRows<T>(
  read: (params: object) => Promise<Page_<T>>,
  filters: object,
): Promise<T[]> {
  const rows: T[] = [];
  for (let page = 1; ; page += 1) {
    const { list, total } = await read({ ...filters, page, pageSize: 100 });
    rows.push(...list);
    if (list.length < 100 || rows.length >= total) return rows;
  }
}

/** The first member (by id) whose detail passes `wanted`, looking through the first pages. */
export async function findMember(
  calls: AdminCalls,
  filters: object,
  wanted: (d: MemberDetail) => boolean,
): Promise<MemberDetail> {
  for (let page = 1; page <= 5; page += 1) {
    const { list } = await calls.members({
      ...filters,
      page,
      pageSize: 50,
      sortField: 'id',
      sortOrder: 'ascend',
    });
    for (const m of list) {
      const d = await calls.detail(m.id);
      if (wanted(d)) return d;
    }
    if (list.length < 50) break;
  }
  throw new Error(`no seeded member with ${JSON.stringify(filters)} fits`);
}

/** Picks `option` in the antd Select labelled `label` within `scope`. */
export async function pick(page: Page, scope: Locator, label: string, option: string) {
  // By role: a sortable column header of the same name carries it as its aria-label. The name
  // may carry the required mark before it and the inline form's colon after it.
  const name = new RegExp(`^(\\*\\s*)?${label}(\\s*:)?$`);
  await pickOption(page, scope.getByRole('combobox', { name }), option);
}

/** The text of a downloaded CSV (without the BOM). */
export async function downloadedText(download: Download): Promise<string> {
  const chunks = await (await download.createReadStream()).toArray();
  return Buffer.concat(chunks)
    .toString('utf8')
    .replace(/^\ufeff/, '');
}

/** RFC 4180 CSV (the core's encoder: quotes around fields with commas, quotes or line breaks). */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (c === '"') {
        quoted = false;
      } else {
        field += c;
      }
    } else if (c === '"') {
      quoted = true;
    } else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i += 1;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else {
      field += c;
    }
  }
  if (field !== '' || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}

/** Fen of a `¥1,234.50` text. */
export function fenOf(money: string): number {
  const m = /^(-?)¥([\d,]+)\.(\d{2})$/.exec(money.trim());
  if (!m) throw new Error(`not money: ${money}`);
  const fen = Number(m[2].replaceAll(',', '')) * 100 + Number(m[3]);
  return m[1] ? -fen : fen;
}

/**
 * The serious and critical axe findings (WCAG 2.x A/AA, as accessibility.spec.ts scans) of the
 * page as it is now, as `rule: nodes` lines (empty when clean). For states the route scan does
 * not reach: a record's detail with data, a tab, an open dialog.
 */
export async function blockingAxe(page: Page): Promise<string[]> {
  await page.waitForLoadState('networkidle');
  return axeFindings(page);
}
