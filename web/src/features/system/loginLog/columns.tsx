/**
 * 登录日志's columns, declared once for the table, the CSV and the filter form: when, the login
 * name tried, how it ended (the core's `loginResult` choices, a tag whose text says it), from where
 * and with what browser.
 */
import { Tag, Typography } from "antd";
import { choices, formatTimestamp } from "@/lib/core";
import type { LoginLogEntry } from "@/lib/generated/ops";
import type { ColumnSpec } from "@/kit/columns";

const RESULTS = choices("loginResult");
/** Each result's tag, in the status tags' colours (StatusTag's tones), which keep their contrast. */
const COLORS: Readonly<Record<string, string>> = {
  success: "success",
  failed: "warning",
  locked: "error",
  busy: "default",
};

const resultText = (e: LoginLogEntry) =>
  RESULTS.find((c) => c.value === e.result)?.label ?? e.result;

export const LOGIN_LOG_COLUMNS: readonly ColumnSpec<LoginLogEntry>[] = [
  {
    key: "at",
    title: "时间",
    value: (e) => formatTimestamp(e.at),
    nowrap: true,
    sortable: true,
    filter: { kind: "dateRange", keys: ["from", "to"] },
  },
  {
    key: "username",
    title: "用户名",
    nowrap: true,
    filter: { kind: "text", placeholder: "包含" },
  },
  {
    key: "result",
    title: "结果",
    value: resultText,
    render: (e) => <Tag color={COLORS[e.result]}>{resultText(e)}</Tag>,
    nowrap: true,
    filter: { kind: "select", placeholder: "全部", options: RESULTS },
  },
  { key: "ip", title: "IP", nowrap: true },
  {
    key: "userAgent",
    title: "浏览器",
    render: (e) => (
      <Typography.Text
        type="secondary"
        ellipsis={{ tooltip: e.userAgent }}
        style={{ maxWidth: 360 }}
      >
        {e.userAgent || "-"}
      </Typography.Text>
    ),
    minWidth: 160,
  },
];
