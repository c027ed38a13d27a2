/**
 * 用户管理's columns, declared once: the table, the CSV, the filters and 用户详情's 基本信息. A
 * member's type is labelled by the core's `memberType` choices, their state by the `member`
 * lifecycle; the phone comes masked from the gateway.
 */
import { choices, formatTimestamp } from "@/lib/core";
import type { MemberRow } from "@/lib/generated/ops";
import type { ColumnSpec } from "@/kit/columns";
import { PageLink } from "@/kit/links";
import { statusColumn } from "@/kit/StatusTag";

const TYPES = choices("memberType");

/** What people call a member type (`buyer` → 采购商); an unknown code shows as itself. */
export function memberTypeLabel(code: string): string {
  return TYPES.find((choice) => choice.value === code)?.label ?? code;
}

/** A time, or nothing when there is none (never signed in). */
const timeOf = (ms: number | null) => (ms === null ? "" : formatTimestamp(ms));

export const MEMBER_COLUMNS: readonly ColumnSpec<MemberRow>[] = [
  { key: "id", title: "ID", sortable: true },
  {
    key: "nickname",
    title: "昵称",
    sortable: true,
    filter: { kind: "text", placeholder: "包含" },
    render: (m) => (
      <PageLink page="memberDetail" query={{ id: m.id }}>
        {m.nickname}
      </PageLink>
    ),
  },
  {
    key: "phone",
    title: "手机号",
    nowrap: true,
    filter: { kind: "text", placeholder: "完整号码或首尾数字", width: 190 },
  },
  {
    key: "type",
    title: "类型",
    value: (m) => memberTypeLabel(m.type),
    nowrap: true,
    filter: {
      kind: "select",
      placeholder: "全部",
      options: TYPES.map((choice) => ({ value: choice.value, label: choice.label })),
    },
  },
  {
    key: "shopName",
    title: "店铺",
    render: (m) =>
      m.shopId !== null && m.shopName ? (
        <PageLink page="shopDetail" query={{ id: m.shopId }}>
          {m.shopName}
        </PageLink>
      ) : (
        "-"
      ),
  },
  {
    key: "inviterNickname",
    title: "邀请人",
    render: (m) =>
      m.inviterId !== null && m.inviterNickname ? (
        <PageLink page="memberDetail" query={{ id: m.inviterId }}>
          {m.inviterNickname}
        </PageLink>
      ) : (
        "-"
      ),
  },
  statusColumn("member", (m: MemberRow) => m.status),
  {
    key: "lastLoginAt",
    title: "最近登录",
    value: (m) => timeOf(m.lastLoginAt),
    sortable: true,
    nowrap: true,
  },
  {
    key: "createdAt",
    title: "注册时间",
    value: (m) => formatTimestamp(m.createdAt),
    sortable: true,
    nowrap: true,
  },
];
