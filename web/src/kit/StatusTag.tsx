/** A record's state as the core's lifecycle names and colours it, and the column that shows it. */
import { Tag } from "antd";
import type { ColumnSpec } from "@/kit/columns";
import type { Lifecycle, LifecycleState } from "@/kit/coreContract";

/** The state `code` of `lifecycle`; an unknown code shows as itself, untoned. */
export function stateOf(lifecycle: Lifecycle, code: string): LifecycleState {
  return lifecycle.states.find((s) => s.code === code) ?? { code, label: code, tone: "default" };
}

export function StatusTag({ state }: { state: LifecycleState }) {
  return <Tag color={state.tone}>{state.label}</Tag>;
}

/** A status column: the tag in the table, the label in CSV and drawer, a select filter of states. */
export function statusColumn<T>(
  lifecycle: Lifecycle,
  code: (row: T) => string,
  spec: Partial<ColumnSpec<T>> = {},
): ColumnSpec<T> {
  return {
    key: "status",
    title: "状态",
    value: (row) => stateOf(lifecycle, code(row)).label,
    render: (row) => <StatusTag state={stateOf(lifecycle, code(row))} />,
    filter: {
      kind: "select",
      placeholder: "全部",
      options: lifecycle.states.map((s) => ({ value: s.code, label: s.label })),
    },
    ...spec,
  };
}
