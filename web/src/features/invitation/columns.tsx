/**
 * 邀请管理's columns, declared once: the table, the CSV and the filters (the inviter, picked by
 * nickname or phone — the screen gives the field its picker — or a word of either nickname; part
 * of the code; the `invitation` lifecycle's states; the registration period). Rewards through the
 * core's `formatFen`.
 */
import { formatFen, formatTimestamp } from "@/lib/core";
import type { InvitationRow } from "@/lib/generated/ops";
import type { ColumnSpec } from "@/kit/columns";
import { PageLink } from "@/kit/links";
import { statusColumn } from "@/kit/StatusTag";

export const INVITATION_COLUMNS: readonly ColumnSpec<InvitationRow>[] = [
  { key: "id", title: "ID", hideInTable: true, sortable: true },
  {
    key: "inviterId",
    title: "邀请人ID",
    hideInTable: true,
    // The screen's InviterFilter stands in for the text (the URL keeps the id).
    filter: { kind: "text", label: "邀请人" },
  },
  {
    key: "keyword",
    title: "关键字",
    hideInTable: true,
    csv: false,
    filter: { kind: "text", placeholder: "邀请人或被邀请人昵称", width: 200 },
  },
  {
    key: "inviterNickname",
    title: "邀请人",
    render: (i) => (
      <PageLink page="memberDetail" query={{ id: i.inviterId }}>
        {i.inviterNickname}
      </PageLink>
    ),
  },
  { key: "inviteeId", title: "被邀请人ID", hideInTable: true },
  {
    key: "inviteeNickname",
    title: "被邀请人",
    render: (i) => (
      <PageLink page="memberDetail" query={{ id: i.inviteeId }}>
        {i.inviteeNickname}
      </PageLink>
    ),
  },
  { key: "code", title: "邀请码", filter: { kind: "text", placeholder: "包含" } },
  statusColumn("invitation", (i: InvitationRow) => i.state, { key: "state" }),
  {
    key: "rewardFen",
    title: "奖励",
    value: (i) => formatFen(i.rewardFen),
    sortable: true,
    nowrap: true,
  },
  {
    key: "createdAt",
    title: "注册时间",
    value: (i) => formatTimestamp(i.createdAt),
    sortable: true,
    nowrap: true,
    filter: { kind: "dateRange", keys: ["from", "to"] },
  },
];
