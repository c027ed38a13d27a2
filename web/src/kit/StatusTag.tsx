/** A record's state as the core's lifecycle names and colours it, and the column that shows it. */
import { Tag } from "antd";
import { lifecycle, type Entity, type State } from "@/lib/core";
import type { ColumnSpec } from "@/kit/columns";

/** The state `code` of `entity` in the core's lifecycle; an unknown code shows as itself. */
export function stateFor(entity: Entity, code: string): State {
  return (
    lifecycle(entity).states.find((state) => state.code === code) ?? {
      code,
      label: code,
      tone: "default",
    }
  );
}

export function StatusTag({ state }: { state: State }) {
  return <Tag color={state.tone}>{state.label}</Tag>;
}

/** A status column: the tag in the table, the label in CSV and drawer, a select filter of states. */
export function statusColumn<T>(
  entity: Entity,
  code: (row: T) => string,
  spec: Partial<ColumnSpec<T>> = {},
): ColumnSpec<T> {
  return {
    key: "status",
    title: "状态",
    value: (row) => stateFor(entity, code(row)).label,
    render: (row) => <StatusTag state={stateFor(entity, code(row))} />,
    filter: {
      kind: "select",
      placeholder: "全部",
      options: lifecycle(entity).states.map((s) => ({ value: s.code, label: s.label })),
    },
    ...spec,
  };
}
