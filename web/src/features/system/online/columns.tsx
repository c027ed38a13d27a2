/**
 * 在线用户's columns, declared once for the table, the CSV and the filter form: who (nickname and
 * login name, 当前 on the caller's own), from where and with what browser, when it signed in and
 * its last call.
 */
import { Tag, Typography } from "antd";
import { formatTimestamp } from "@/lib/core";
import type { OnlineSession } from "@/lib/generated/ops";
import type { ColumnSpec } from "@/kit/columns";

/** `昵称（用户名）`. */
export const whoText = (s: OnlineSession) => `${s.nickname}（${s.username}）`;

export const ONLINE_COLUMNS: readonly ColumnSpec<OnlineSession>[] = [
  {
    key: "username",
    title: "用户",
    value: whoText,
    render: (s) => (
      <>
        {whoText(s)}
        {s.current ? (
          <Tag color="processing" style={{ marginInlineStart: 8 }}>
            当前会话
          </Tag>
        ) : null}
      </>
    ),
    nowrap: true,
    filter: { kind: "text", label: "用户名", placeholder: "包含" },
  },
  { key: "ip", title: "IP", nowrap: true },
  {
    key: "userAgent",
    title: "浏览器",
    render: (s) => (
      <Typography.Text
        type="secondary"
        ellipsis={{ tooltip: s.userAgent }}
        style={{ maxWidth: 320 }}
      >
        {s.userAgent || "-"}
      </Typography.Text>
    ),
    minWidth: 160,
  },
  {
    key: "createdAt",
    title: "登录时间",
    value: (s) => formatTimestamp(s.createdAt),
    nowrap: true,
    sortable: true,
  },
  {
    key: "lastSeenAt",
    title: "最后访问",
    value: (s) => formatTimestamp(s.lastSeenAt),
    nowrap: true,
    sortable: true,
  },
];
