/**
 * 询价单's columns, declared once for the table, the CSV, the filter form and the detail drawer:
 * the buyer (part of their nickname), the shop (picked by name in the filter, `ShopFilter`; a
 * shop's name in a row filters by it), the `inquiry` lifecycle's states, the period it was sent in
 * and, in the CSV, the shop's quote. Money through the core's `formatFen`, times through
 * `formatTimestamp`.
 */
import { formatFen, formatTimestamp } from "@/lib/core";
import type { InquiryRow } from "@/lib/generated/ops";
import type { ColumnSpec } from "@/kit/columns";
import { PageLink } from "@/kit/links";
import { statusColumn } from "@/kit/StatusTag";

/** A row's shop: a link to this list filtered by it (the only view of a shop an operator has). */
function ShopInquiries({ inquiry }: { inquiry: InquiryRow }) {
  return (
    <PageLink
      page="inquiryList"
      query={{ shopId: inquiry.shopId }}
      title={`只看 ${inquiry.shopName} 的询价单`}
    >
      {inquiry.shopName}
    </PageLink>
  );
}

export const INQUIRY_COLUMNS: readonly ColumnSpec<InquiryRow>[] = [
  { key: "id", title: "编号", sortable: true, nowrap: true },
  {
    key: "buyerNickname",
    title: "采购商",
    nowrap: true,
    filter: { kind: "text", key: "buyer", placeholder: "昵称包含" },
  },
  {
    key: "shopId",
    title: "店铺ID",
    hideInTable: true,
    detail: false,
    // Its control is the screen's shop picker (InquiryList); the URL holds the id.
    filter: { kind: "text", label: "店铺" },
  },
  {
    key: "shopName",
    title: "店铺",
    render: (q) => <ShopInquiries inquiry={q} />,
  },
  { key: "productTitle", title: "商品" },
  { key: "quantity", title: "数量", sortable: true, nowrap: true },
  { key: "expectPrice", title: "期望单价", value: (q) => formatFen(q.expectPrice), nowrap: true },
  { key: "message", title: "留言", hideInTable: true },
  statusColumn("inquiry", (q: InquiryRow) => q.state, { key: "state", nowrap: true }),
  {
    key: "createdAt",
    title: "询价时间",
    sortable: true,
    nowrap: true,
    value: (q) => formatTimestamp(q.createdAt),
    filter: { kind: "dateRange", keys: ["from", "to"] },
  },
  // The quote: the drawer shows it in a card of its own, the CSV in these columns.
  {
    key: "quoteUnitPrice",
    title: "报价单价",
    hideInTable: true,
    detail: false,
    value: (q) => (q.quote ? formatFen(q.quote.unitPrice) : ""),
  },
  {
    key: "quoteQuantity",
    title: "报价数量",
    hideInTable: true,
    detail: false,
    value: (q) => (q.quote ? String(q.quote.quantity) : ""),
  },
  {
    key: "quoteLeadDays",
    title: "交货周期（天）",
    hideInTable: true,
    detail: false,
    value: (q) => (q.quote ? String(q.quote.leadDays) : ""),
  },
  {
    key: "quotedAt",
    title: "报价时间",
    hideInTable: true,
    detail: false,
    value: (q) => (q.quote ? formatTimestamp(q.quote.quotedAt) : ""),
  },
];
