/** 系统用户's columns: table, CSV (which alone shows the ID) and filters, declared once. */
import { LockOutlined } from "@ant-design/icons";
import { Tag } from "antd";
import { formatTimestamp } from "@/lib/core";
import type { SysUser } from "@/lib/generated/ops";
import type { ColumnSpec } from "@/kit/columns";
import { statusColumn } from "@/kit/StatusTag";

export const USER_COLUMNS: readonly ColumnSpec<SysUser>[] = [
  { key: "id", title: "ID", hideInTable: true },
  {
    key: "username",
    title: "用户名",
    // 已锁定: strangers' wrong passwords lock sign-ins from new browsers (解锁 ends it); in words
    // and with an icon, not colour alone.
    render: (u) => (
      <>
        {u.username}
        {u.locked ? (
          <Tag icon={<LockOutlined />} color="red" style={{ marginInlineStart: 8 }}>
            已锁定
          </Tag>
        ) : null}
      </>
    ),
    sortable: true,
    filter: { kind: "text", placeholder: "包含" },
  },
  {
    key: "nickname",
    title: "昵称",
    sortable: true,
    filter: { kind: "text", placeholder: "包含" },
  },
  {
    key: "roles",
    title: "角色",
    value: (u) => u.roleNames.join("、"),
    render: (u) => (u.roleNames.length ? u.roleNames.map((n) => <Tag key={n}>{n}</Tag>) : "-"),
  },
  statusColumn("sysUser", (u: SysUser) => u.status, { sortable: true }),
  {
    key: "createdAt",
    title: "创建时间",
    value: (u) => formatTimestamp(u.createdAt),
    sortable: true,
  },
];
