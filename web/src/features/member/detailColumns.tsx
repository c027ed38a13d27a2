/**
 * 用户详情's tables, declared once: the member's inquiries (lifecycle `inquiry`), purchase
 * opportunities (`opportunity`) and the invitations they sent (`invitation`). Money through the
 * core's `formatFen`, times through `formatTimestamp`.
 */
import { formatFen, formatTimestamp, type Entity } from "@/lib/core";
import type { InquiryRow, InvitationRow, OpportunityRow } from "@/lib/generated/ops";
import type { ColumnSpec } from "@/kit/columns";
import { PageLink } from "@/kit/links";
import { StatusTag, stateFor } from "@/kit/StatusTag";

/** A record's state as its lifecycle names and colours it. */
function stateColumn<T extends { state: string }>(entity: Entity): ColumnSpec<T> {
  return {
    key: "state",
    title: "状态",
    value: (row) => stateFor(entity, row.state).label,
    render: (row) => <StatusTag state={stateFor(entity, row.state)} />,
  };
}

const time = (title: string): ColumnSpec<{ createdAt: number }> => ({
  key: "createdAt",
  title,
  value: (row) => formatTimestamp(row.createdAt),
  nowrap: true,
});

export const INQUIRY_COLUMNS: readonly ColumnSpec<InquiryRow>[] = [
  { key: "id", title: "编号" },
  { key: "productTitle", title: "商品" },
  {
    key: "shopName",
    title: "店铺",
    render: (q) => (
      <PageLink page="shopDetail" query={{ id: q.shopId }}>
        {q.shopName}
      </PageLink>
    ),
  },
  { key: "quantity", title: "数量" },
  { key: "expectPrice", title: "期望单价", value: (q) => formatFen(q.expectPrice), nowrap: true },
  { key: "message", title: "留言" },
  stateColumn<InquiryRow>("inquiry"),
  time("询价时间"),
];

export const OPPORTUNITY_COLUMNS: readonly ColumnSpec<OpportunityRow>[] = [
  { key: "id", title: "编号" },
  { key: "title", title: "标题" },
  { key: "categoryName", title: "类目" },
  { key: "quantity", title: "数量", value: (o) => `${o.quantity} ${o.unit}`.trim() },
  { key: "budget", title: "预算", value: (o) => formatFen(o.budget), nowrap: true },
  {
    key: "deadline",
    title: "截止时间",
    value: (o) => formatTimestamp(o.deadline),
    nowrap: true,
  },
  stateColumn<OpportunityRow>("opportunity"),
  { key: "replyCount", title: "回复数" },
  time("发布时间"),
];

export const INVITATION_COLUMNS: readonly ColumnSpec<InvitationRow>[] = [
  {
    key: "inviteeNickname",
    title: "被邀请人",
    render: (i) => (
      <PageLink page="memberDetail" query={{ id: i.inviteeId }}>
        {i.inviteeNickname}
      </PageLink>
    ),
  },
  { key: "code", title: "邀请码" },
  stateColumn<InvitationRow>("invitation"),
  { key: "rewardFen", title: "奖励", value: (i) => formatFen(i.rewardFen), nowrap: true },
  time("注册时间"),
];
