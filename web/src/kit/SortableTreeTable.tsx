/**
 * A tree (or a flat list: a tree without children) as an expanded tree table whose rows are
 * reordered among their siblings by dragging a handle — with the mouse, or with the keyboard
 * (focus the handle, Space to lift, arrows to move, Space to drop, Esc to cancel), announced to
 * screen readers in Chinese (@dnd-kit). While a row is lifted only its siblings take it, so a
 * drop never changes a row's parent. The new order shows at once and is handed to `onSort`; if
 * that rejects, the order from the server stays. Skeleton, error with 重试, empty state, an 操作
 * column, as TreeTable. A user who may not call the sort operation (按钮权限) sees the rows in
 * their order without handles.
 */
import { HolderOutlined } from "@ant-design/icons";
import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type DragStartEvent,
  type UniqueIdentifier,
} from "@dnd-kit/core";
import {
  arrayMove,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
} from "@dnd-kit/sortable";
import type { UseQueryResult } from "@tanstack/react-query";
import { Button, Empty, Table, theme, type TableColumnsType } from "antd";
import {
  createContext,
  use,
  useMemo,
  useState,
  type CSSProperties,
  type HTMLAttributes,
  type ReactNode,
} from "react";
import type { Op } from "@/lib/generated/ops";
import { useMay } from "@/kit/access";
import { tableColumns, type ColumnSpec } from "@/kit/columns";
import { ListError } from "@/kit/ListError";
import { Loading } from "@/kit/Loading";
import type { TreeRow } from "@/kit/trees";

export interface SortableTreeTableProps<R extends { id: number }> {
  /** What the tree holds, for the messages (`类目`). */
  noun: string;
  /** The read of the tree (loading, error, refetch). */
  result: UseQueryResult;
  /** The tree as rows (`treeRows`), each level in its current order. */
  rows: TreeRow<R>[];
  columns: readonly ColumnSpec<R>[];
  /** A row's name in the handle's label and the announcements. */
  name: (row: R) => string;
  actions?: (row: R) => ReactNode;
  /** The handle column's title. */
  handleTitle?: string;
  /** The operation a new order is saved through: no handles for a user who may not call it. */
  op: Op;
  /**
   * Saves the new order of the children of `parentId` (undefined: the top level): resolves with
   * what was saved, or `undefined` when refused (a `useWrite(op).run`, whose refusal the catalogue
   * toasts) — then, as on a rejection, the server's order comes back.
   */
  onSort: (parentId: number | undefined, ids: number[]) => Promise<unknown>;
}

/** Where each row sits: its parent and its siblings (itself included), in order. */
interface Place {
  parentId: number | undefined;
  siblings: number[];
}

function placesOf<R extends { id: number }>(
  rows: readonly TreeRow<R>[],
  parentId: number | undefined,
  into: Map<number, Place>,
): Map<number, Place> {
  const siblings = rows.map((row) => row.id);
  for (const row of rows) {
    into.set(row.id, { parentId, siblings });
    placesOf(row.children ?? [], row.id, into);
  }
  return into;
}

/** The rows with the children of `parentId` put in `ids`' order. */
function reordered<R extends { id: number }>(
  rows: TreeRow<R>[],
  parentId: number | undefined,
  ids: readonly number[],
  here?: number,
): TreeRow<R>[] {
  const level =
    here === parentId
      ? ids.flatMap((id) => rows.filter((row) => row.id === id))
      : rows.map((row) =>
          row.children ? { ...row, children: reordered(row.children, parentId, ids, row.id) } : row,
        );
  return level;
}

function rowsWithChildren<R extends { id: number }>(rows: readonly TreeRow<R>[]): number[] {
  return rows.flatMap((row) =>
    row.children?.length ? [row.id, ...rowsWithChildren(row.children)] : [],
  );
}

function visibleIds<R extends { id: number }>(
  rows: readonly TreeRow<R>[],
  collapsed: ReadonlySet<number>,
): number[] {
  return rows.flatMap((row) => [
    row.id,
    ...(collapsed.has(row.id) ? [] : visibleIds(row.children ?? [], collapsed)),
  ]);
}

/** What a row of the table knows about the drag under way. */
interface DragState {
  places: Map<number, Place>;
  /** The lifted row, while a drag is under way. */
  active: number | undefined;
}
const DragContext = createContext<DragState>({ places: new Map(), active: undefined });

/** The lifted row's handle wiring, for the handle cell of the same row. */
type Handle = Pick<ReturnType<typeof useSortable>, "attributes" | "listeners"> & {
  setActivatorNodeRef: (element: HTMLElement | null) => void;
};
const HandleContext = createContext<Handle | undefined>(undefined);

type RowProps = HTMLAttributes<HTMLTableRowElement> & { "data-row-key"?: number };

function SortableRow(props: RowProps) {
  const id = props["data-row-key"];
  // antd renders placeholder rows (the empty state) without a key: no sorting there.
  return id === undefined ? <tr {...props} /> : <KeyedRow {...props} rowId={id} />;
}

function KeyedRow({ rowId: id, ...props }: RowProps & { rowId: number }) {
  const { places, active } = use(DragContext);
  const { token } = theme.useToken();
  const place = places.get(id);
  const activePlace = active === undefined ? undefined : places.get(active);
  // Only the lifted row's siblings take it.
  const foreign = activePlace !== undefined && place?.parentId !== activePlace.parentId;
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, isDragging, isOver } =
    useSortable({ id, disabled: { draggable: false, droppable: foreign } });
  const handle = useMemo(
    () => ({ attributes, listeners, setActivatorNodeRef }),
    [attributes, listeners, setActivatorNodeRef],
  );
  // Where the lifted row would land: a line above or below the row under it.
  const after =
    active !== undefined &&
    place !== undefined &&
    place.siblings.indexOf(id) > place.siblings.indexOf(active);
  const line = `inset 0 ${after ? -2 : 2}px 0 ${token.colorPrimary}`;
  const style: CSSProperties = {
    ...props.style,
    ...(transform ? { transform: `translate3d(0, ${transform.y}px, 0)` } : {}),
    ...(isDragging
      ? {
          position: "relative",
          zIndex: 2,
          background: token.colorBgElevated,
          boxShadow: token.boxShadowSecondary,
        }
      : {}),
    ...(isOver && !isDragging ? { boxShadow: line } : {}),
  };
  return (
    <HandleContext value={handle}>
      <tr {...props} ref={setNodeRef} style={style} />
    </HandleContext>
  );
}

function DragHandle({ label }: { label: string }) {
  const handle = use(HandleContext);
  return (
    <Button
      type="text"
      size="small"
      icon={<HolderOutlined />}
      ref={handle?.setActivatorNodeRef}
      {...handle?.attributes}
      {...handle?.listeners}
      aria-label={label}
      style={{ cursor: "grab", touchAction: "none" }}
    />
  );
}

const INSTRUCTIONS =
  "按空格键或回车键拿起，用上下方向键移动，再按空格键或回车键放下，按 Esc 取消。只能在同一上级内调整顺序。";

export function SortableTreeTable<R extends { id: number }>({
  noun,
  result,
  rows: serverRows,
  columns,
  name,
  actions,
  handleTitle = "顺序",
  op,
  onSort,
}: SortableTreeTableProps<R>) {
  const sortable = useMay()(op);
  // The order after a drop, shown until the server's rows change.
  const [local, setLocal] = useState<{ from: TreeRow<R>[]; rows: TreeRow<R>[] }>();
  const rows = local?.from === serverRows ? local.rows : serverRows;
  const [collapsed, setCollapsed] = useState<ReadonlySet<number>>(new Set());
  const [active, setActive] = useState<number>();
  const places = useMemo(() => placesOf(rows, undefined, new Map()), [rows]);
  const byId = useMemo(() => {
    const map = new Map<number, R>();
    const walk = (level: readonly TreeRow<R>[]) => {
      for (const row of level) {
        map.set(row.id, row);
        walk(row.children ?? []);
      }
    };
    walk(rows);
    return map;
  }, [rows]);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const drag = useMemo(() => ({ places, active }), [places, active]);

  const nameOf = (id: UniqueIdentifier) => {
    const row = byId.get(Number(id));
    return row ? `「${name(row)}」` : "";
  };
  const positionOf = (id: UniqueIdentifier) => {
    const siblings = places.get(Number(id))?.siblings ?? [];
    return `第 ${siblings.indexOf(Number(id)) + 1} / ${siblings.length} 位`;
  };
  const announcements: Announcements = {
    onDragStart: ({ active: lifted }) =>
      `已拿起${nameOf(lifted.id)}，当前在${positionOf(lifted.id)}`,
    onDragOver: ({ active: lifted, over }) =>
      over ? `${nameOf(lifted.id)}将移到${positionOf(over.id)}` : undefined,
    onDragEnd: ({ active: lifted, over }) =>
      over
        ? `已放下${nameOf(lifted.id)}，移到${positionOf(over.id)}`
        : `已放下${nameOf(lifted.id)}`,
    onDragCancel: ({ active: lifted }) => `已取消拖动${nameOf(lifted.id)}`,
  };

  function onDragEnd({ active: lifted, over }: DragEndEvent) {
    setActive(undefined);
    if (!over || over.id === lifted.id) return;
    const from = places.get(Number(lifted.id));
    const to = places.get(Number(over.id));
    if (!from || !to || from.parentId !== to.parentId) return;
    const ids = arrayMove(
      from.siblings,
      from.siblings.indexOf(Number(lifted.id)),
      from.siblings.indexOf(Number(over.id)),
    );
    const base = serverRows;
    setLocal({ from: base, rows: reordered(rows, from.parentId, ids) });
    const dropLocal = () => {
      setLocal((current) => (current?.from === base ? undefined : current));
    };
    onSort(from.parentId, ids).then((saved) => {
      if (saved === undefined) dropLocal();
    }, dropLocal);
  }

  if (result.isPending) {
    return <Loading label={`${noun}加载中`} rows={8} />;
  }
  if (result.isError) {
    return (
      <ListError
        title={`${noun}加载失败`}
        error={result.error}
        onRetry={() => void result.refetch()}
      />
    );
  }

  const antdColumns: TableColumnsType<TreeRow<R>> = [
    ...(sortable
      ? [
          {
            title: handleTitle,
            key: "drag",
            width: 56,
            align: "center" as const,
            render: (_: unknown, row: R) => <DragHandle label={`拖动排序：${name(row)}`} />,
          },
        ]
      : []),
    ...tableColumns<TreeRow<R>>(columns),
  ];
  if (actions) {
    antdColumns.push({
      title: "操作",
      key: "actions",
      // antd's sticky column at the right edge, as in every list (kit/ListTable).
      fixed: "right",
      className: "kit-actions",
      render: (_: unknown, row: R) => actions(row),
    });
  }
  const expandable = rowsWithChildren(rows).filter((id) => !collapsed.has(id));

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      accessibility={{ announcements, screenReaderInstructions: { draggable: INSTRUCTIONS } }}
      onDragStart={({ active: lifted }: DragStartEvent) => setActive(Number(lifted.id))}
      onDragCancel={() => setActive(undefined)}
      onDragEnd={onDragEnd}
    >
      <DragContext value={drag}>
        <SortableContext items={visibleIds(rows, collapsed)} strategy={() => null}>
          <Table<TreeRow<R>>
            className="kit-list-table"
            rowKey="id"
            columns={antdColumns}
            dataSource={rows}
            loading={result.isFetching}
            pagination={false}
            size="middle"
            components={{ body: { row: SortableRow } }}
            expandable={{
              // The tree's expander in the first column after the handles.
              expandIconColumnIndex: sortable ? 1 : 0,
              expandedRowKeys: expandable,
              onExpand: (open, row) =>
                setCollapsed((current) => {
                  const next = new Set(current);
                  if (open) next.delete(row.id);
                  else next.add(row.id);
                  return next;
                }),
            }}
            locale={{
              emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={`暂无${noun}`} />,
            }}
          />
        </SortableContext>
      </DragContext>
    </DndContext>
  );
}
