/**
 * Inquiries and purchase opportunities as the gateway answers them, for their screens' tests, and
 * what those tests share: finding rows, a dialog's own buttons, a drawer.
 */
import { screen, waitFor, within } from "@testing-library/react";
import type {
  CategoryNode,
  InquiryRow,
  MemberBrief,
  OpportunityDetail,
  OpportunityReply,
  OpportunityRow,
  Page,
  ReasonOption,
} from "@/lib/generated/ops";

const HOUR = 3_600_000;

/** A page of `list`, all of it. */
export function pageOf<T>(list: readonly T[]): Page<T> {
  return { list: [...list], total: list.length, page: 1, pageSize: 20 };
}

/** An opportunity submitted `hoursAgo` before `now`, in `state`. */
export function opportunityRow(
  id: number,
  title: string,
  state: string,
  now: number,
  hoursAgo: number,
  extra: Partial<OpportunityRow> = {},
): OpportunityRow {
  return {
    id,
    buyerMemberId: 11,
    buyerNickname: "王采购",
    title,
    categoryId: 31,
    categoryName: "T恤",
    quantity: 5000,
    unit: "件",
    budget: 12_345_000,
    deadline: now + 30 * 24 * HOUR,
    state,
    replyCount: 0,
    createdAt: now - hoursAgo * HOUR,
    version: 3,
    ...extra,
  };
}

export const BUYER: MemberBrief = {
  id: 11,
  nickname: "王采购",
  phone: "138****0011",
  type: "buyer",
  status: "normal",
};

/** A reply of `authorKind` (`shop` or `operator`). */
export function reply(
  id: number,
  authorKind: string,
  author: string,
  content: string,
  at: number,
): OpportunityReply {
  return { id, authorKind, author, shopId: authorKind === "shop" ? 300 + id : null, content, at };
}

/** `opportunity.detail` of `row` with its `replies`. */
export function opportunityDetail(
  row: OpportunityRow,
  replies: OpportunityReply[] = [],
): OpportunityDetail {
  return {
    opportunity: { ...row, replyCount: replies.length },
    description: "纯棉 200g，白色与黑色各半，需要印刷 logo。",
    buyer: BUYER,
    replies,
  };
}

/** 服装 › 男装 › T恤 (id 31): the category tree an opportunity's path is read from. */
export const CATEGORY_TREE: CategoryNode[] = [
  category(1, null, "服装", 1, [category(3, 1, "男装", 2, [category(31, 3, "T恤", 3, [])])]),
];

function category(
  id: number,
  parentId: number | null,
  name: string,
  level: number,
  children: CategoryNode[],
): CategoryNode {
  return {
    id,
    parentId,
    name,
    sort: 1,
    icon: "",
    visible: 1,
    level,
    productCount: 10,
    mayAddChild: level < 3,
    version: 1,
    children,
  };
}

export const REJECT_CODES: ReasonOption[] = [
  { key: "contact_info", label: "含联系方式", value: "" },
  { key: "other", label: "其他", value: "" },
];

export const CLOSE_CODES: ReasonOption[] = [
  { key: "fulfilled", label: "已完成采购", value: "" },
  { key: "other", label: "其他", value: "" },
];

export const INQUIRY_CLOSE_CODES: ReasonOption[] = [
  { key: "buyer_cancel", label: "采购商取消", value: "" },
  { key: "other", label: "其他", value: "" },
];

/** An inquiry sent `hoursAgo` before `now`, in `state`. */
export function inquiryRow(
  id: number,
  state: string,
  now: number,
  hoursAgo: number,
  extra: Partial<InquiryRow> = {},
): InquiryRow {
  return {
    id,
    buyerMemberId: 11,
    buyerNickname: "王采购",
    shopId: 302,
    shopName: "永康五金工厂店",
    productId: 9001,
    productTitle: "不锈钢保温杯 500ml",
    quantity: 2000,
    expectPrice: 1850,
    message: "需要定制logo",
    state,
    createdAt: now - hoursAgo * HOUR,
    version: 2,
    quote: null,
    ...extra,
  };
}

/** The table row holding the cell `text` (by text: role queries are slow in the test DOM). */
export async function rowOf(text: string): Promise<HTMLElement> {
  const cell = await screen.findByText(text, { selector: "td, td *" });
  const row = cell.closest("tr");
  if (!row) throw new Error(`no row for ${text}`);
  return row;
}

/** A dialog's own button (its corner's × is named 关闭 too). */
export function footerButton(dialog: HTMLElement, name: string): HTMLElement {
  const footer = dialog.querySelector<HTMLElement>(".ant-modal-footer");
  if (!footer) throw new Error("the dialog has no footer");
  return within(footer).getByRole("button", { name });
}

/** The open drawer titled `title`. */
export function findDrawer(title: string): Promise<HTMLElement> {
  return waitFor(() => {
    const found = screen
      .queryAllByRole("dialog")
      .find((d) => within(d).queryByText(title, { selector: ".ant-drawer-title" }));
    if (!found) throw new Error(`no drawer titled ${title}`);
    return found;
  });
}
