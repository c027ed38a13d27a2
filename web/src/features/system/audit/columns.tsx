/**
 * 操作日志's columns, declared once for the table, the CSV, the detail drawer and the filter form:
 * when, who (nickname and login name), the operation's label, the target (its kind, its name at the
 * time, a link to its page) and the fields the write changed, before → after. The gateway reads
 * all of it from the core; the screen only lays it out.
 */
import { Flex, Typography } from "antd";
import { formatTimestamp } from "@/lib/core";
import type { AuditChange, AuditEntry } from "@/lib/generated/ops";
import type { ColumnSpec } from "@/kit/columns";
import { TargetLink } from "@/features/system/audit/TargetLink";

/** `昵称（用户名）`, or the login name alone when the user was deleted since. */
export function operatorText(entry: AuditEntry): string {
  return entry.nickname ? `${entry.nickname}（${entry.username}）` : entry.username;
}

/** `店铺 宏发五金`, `询价单 #12`: the target as text (CSV, drawer title). */
export function targetText(entry: AuditEntry): string {
  if (entry.targetId === null) return "";
  const name = entry.targetName ?? `#${entry.targetId}`;
  return entry.targetTypeLabel ? `${entry.targetTypeLabel} ${name}` : name;
}

/** `状态: 营业中 → 已冻结`; a created record's field or a secret reads `用户名: zhangsan`. */
export function changeText(change: AuditChange): string {
  return change.before === undefined
    ? `${change.label}: ${change.after}`
    : `${change.label}: ${change.before} → ${change.after}`;
}

function Changes({ entry }: { entry: AuditEntry }) {
  if (entry.changes.length === 0) return <>-</>;
  return (
    <Flex vertical gap={2} role="list" aria-label="变更">
      {entry.changes.map((change) => (
        <span key={change.field} role="listitem">
          <Typography.Text type="secondary">{change.label}: </Typography.Text>
          {change.before === undefined ? null : (
            <>
              <Typography.Text delete>{change.before}</Typography.Text> →{" "}
            </>
          )}
          <Typography.Text>{change.after}</Typography.Text>
        </span>
      ))}
    </Flex>
  );
}

/** A select's choices, as the filter offers them. */
export interface Choice {
  value: string;
  label: string;
}

/**
 * The columns; the label, operator and target-kind filters are selects whose choices come from
 * `audit.options` (the screen gives them searchable controls).
 */
export const AUDIT_COLUMNS: readonly ColumnSpec<AuditEntry>[] = [
  {
    key: "at",
    title: "时间",
    value: (a) => formatTimestamp(a.at),
    nowrap: true,
    filter: { kind: "dateRange", keys: ["from", "to"] },
  },
  {
    key: "operator",
    title: "操作人",
    value: operatorText,
    nowrap: true,
    filter: { kind: "text", key: "operatorId" },
  },
  {
    key: "label",
    // Not 操作: that is the row actions' column.
    title: "操作名称",
    nowrap: true,
    filter: { kind: "text" },
  },
  {
    key: "target",
    title: "目标",
    value: targetText,
    render: (a) => <TargetLink entry={a} />,
    filter: { kind: "text", key: "targetType", label: "目标类型" },
  },
  {
    key: "targetName",
    title: "目标名称",
    hideInTable: true,
    csv: false,
    detail: false,
    filter: { kind: "text", placeholder: "包含" },
  },
  {
    key: "changes",
    title: "变更",
    value: (a) => a.changes.map(changeText).join("；"),
    render: (a) => <Changes entry={a} />,
    minWidth: 220,
  },
  { key: "summary", title: "摘要", hideInTable: true },
  {
    key: "api",
    title: "接口",
    hideInTable: true,
    render: (a) => <Typography.Text code>{a.api}</Typography.Text>,
  },
  { key: "ip", title: "IP", nowrap: true },
];
