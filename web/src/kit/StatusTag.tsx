/** A record's state as the core's lifecycle names and colours it, and the column that shows it. */
import { Flex, Tag } from "antd";
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

/**
 * The mark a record of `entity` carries from its shop in `shopState` (a frozen shop's product:
 * 店铺已冻结), as the core's lifecycle declares it; none when the shop does not hold it.
 */
export function heldMark(entity: Entity, shopState: string | undefined): State | undefined {
  if (shopState === undefined) return undefined;
  return lifecycle(entity).held.find((hold) => hold.shop === shopState)?.mark;
}

export function StatusTag({ state }: { state: State }) {
  return <Tag color={state.tone}>{state.label}</Tag>;
}

/** A state and, beside it, the mark its shop puts on it (`在售` `店铺已冻结`). */
export function StateTags({ state, held }: { state: State; held: State | undefined }) {
  if (!held) return <StatusTag state={state} />;
  return (
    <Flex gap={4} wrap="wrap">
      <StatusTag state={state} />
      <StatusTag state={held} />
    </Flex>
  );
}

/** A state as text, with its shop's mark: `在售（店铺已冻结）`. */
function stateText(state: State, held: State | undefined): string {
  return held ? `${state.label}（${held.label}）` : state.label;
}

/**
 * A status column: the tag in the table, the label in CSV and drawer, a select filter of states.
 * With `shopOf`, a row also shows the mark its shop's state puts on it.
 */
export function statusColumn<T>(
  entity: Entity,
  code: (row: T) => string,
  spec: Partial<ColumnSpec<T>> = {},
  shopOf?: (row: T) => string,
): ColumnSpec<T> {
  const held = (row: T) => heldMark(entity, shopOf?.(row));
  return {
    key: "status",
    title: "状态",
    value: (row) => stateText(stateFor(entity, code(row)), held(row)),
    render: (row) => <StateTags state={stateFor(entity, code(row))} held={held(row)} />,
    filter: {
      kind: "select",
      placeholder: "全部",
      options: lifecycle(entity).states.map((s) => ({ value: s.code, label: s.label })),
    },
    ...spec,
  };
}
