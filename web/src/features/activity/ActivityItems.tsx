/**
 * 专题详情's 专题内容: the activity's shops and products in order. Added through a picker (a
 * switch between 店铺 and 商品, then a search of the active shops or the products on sale),
 * removed after a confirmation, reordered by dragging a row's handle (mouse or keyboard); each
 * change sends the whole list, in order, with the version the activity was read at
 * (`activity.saveItems`, through the kit's `useWrite`). A refusal (an item gone off sale meanwhile,
 * a stale version, emptying an online activity) is toasted in the gateway's words and the server's
 * list stays. 详情 opens an item's facts, flagged when its shop is frozen or closed or its product
 * off sale. Adding, removing and reordering are `activity.saveItems`'s: none of them shows to a
 * user who may not call it (按钮权限).
 */
import { PlusOutlined } from "@ant-design/icons";
import { Button, Card, Descriptions, Flex, Modal, Segmented, Typography } from "antd";
import type { UseQueryResult } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import { ops, type ActivityDetail, type ItemRef, type PickItem } from "@/lib/generated/ops";
import { useMay } from "@/kit/access";
import { cellNode } from "@/kit/columns";
import { PickSelect } from "@/kit/PickSelect";
import { ProblemFlag } from "@/kit/ProblemFlag";
import { RowActions } from "@/kit/RowActions";
import { SortableTreeTable } from "@/kit/SortableTreeTable";
import { StatusTag } from "@/kit/StatusTag";
import { useWrite } from "@/kit/write";
import {
  ITEM_COLUMNS,
  ITEM_KINDS,
  itemRows,
  itemState,
  kindLabel,
  refsOf,
  rowId,
  type ItemRow,
} from "@/features/activity/items";

type Kind = "shop" | "product";

function ItemDetails({ item, onClose }: { item: ItemRow; onClose: () => void }) {
  const image = ITEM_COLUMNS.find((spec) => spec.key === "imageUrl");
  return (
    <Modal
      open
      title={`${kindLabel(item.kind)}详情`}
      onCancel={onClose}
      footer={<Button onClick={onClose}>关闭</Button>}
    >
      <Flex gap={16} align="flex-start">
        {image ? cellNode(image, item) : null}
        <Descriptions
          style={{ flex: 1 }}
          column={1}
          size="small"
          items={[
            { key: "name", label: "名称", children: item.name },
            { key: "kind", label: "类型", children: kindLabel(item.kind) },
            { key: "id", label: `${kindLabel(item.kind)} ID`, children: item.targetId },
            { key: "status", label: "状态", children: <StatusTag state={itemState(item)} /> },
            {
              key: "extra",
              label: item.kind === "shop" ? "所在地区" : "价格 · 店铺",
              children: item.extra || "-",
            },
            ...(item.problem
              ? [
                  {
                    key: "problem",
                    label: "问题",
                    children: <ProblemFlag problem={item.problem} />,
                  },
                ]
              : []),
          ]}
        />
      </Flex>
    </Modal>
  );
}

export interface ActivityItemsProps {
  query: UseQueryResult<ActivityDetail>;
  detail: ActivityDetail;
}

export function ActivityItems({ query, detail }: ActivityItemsProps) {
  const saving = useWrite(ops.activity.saveItems);
  const mayEdit = useMay()(ops.activity.saveItems);
  const { activity, items } = detail;
  const rows = useMemo(() => itemRows(items), [items]);
  const [kind, setKind] = useState<Kind>("product");
  const [picked, setPicked] = useState<PickItem>();
  const [adding, setAdding] = useState(false);
  const [shown, setShown] = useState<ItemRow>();

  /** Sends the whole list; the answer on success, undefined on a refusal (the catalogue's toast). */
  const save = (next: ItemRef[], done: string) =>
    saving.run({ id: activity.id, version: activity.version, items: next }, { success: done });

  async function add() {
    if (!picked) return;
    setAdding(true);
    const saved = await save(
      [...refsOf(items), { kind: picked.kind, targetId: picked.id }],
      `已添加${kindLabel(picked.kind)}「${picked.name}」`,
    );
    setAdding(false);
    // Refused: the pick stays so it can be tried again.
    if (saved) setPicked(undefined);
  }

  const remove = (item: ItemRow) =>
    save(
      refsOf(items.filter((other) => rowId(other.kind, other.targetId) !== item.id)),
      `已移除${kindLabel(item.kind)}「${item.name}」`,
    );

  /** On a refusal (the catalogue's toast) the server's order stays. */
  const sort = (_parent: number | undefined, ids: number[]) =>
    save(
      ids.flatMap((id) => refsOf(rows.filter((row) => row.id === id))),
      "已保存新的顺序",
    );

  return (
    <Card title={`专题内容（${items.length}）`}>
      <Flex vertical gap={16}>
        {mayEdit ? (
          <>
            <Flex gap={8} wrap align="center">
              <Segmented<Kind>
                aria-label="添加类型"
                value={kind}
                options={ITEM_KINDS.map((choice) => ({ value: choice.value, label: choice.label }))}
                onChange={(next) => {
                  setKind(next);
                  setPicked(undefined);
                }}
              />
              <PickSelect
                key={kind}
                op={ops.activity.candidates}
                kind={kind}
                value={picked?.id}
                onPick={setPicked}
                aria-label={`选择${kindLabel(kind)}`}
                width={320}
              />
              <Button
                type="primary"
                icon={<PlusOutlined />}
                disabled={!picked}
                loading={adding}
                onClick={() => void add()}
              >
                添加
              </Button>
            </Flex>
            <Typography.Text type="secondary">
              拖动「顺序」列的手柄调整先后（键盘：聚焦手柄，空格拿起，方向键移动，空格放下）
            </Typography.Text>
          </>
        ) : null}
        <SortableTreeTable<ItemRow>
          noun="商品或店铺"
          result={query}
          rows={rows}
          columns={ITEM_COLUMNS}
          name={(row) => row.name}
          op={ops.activity.saveItems}
          onSort={sort}
          actions={(row) => (
            <RowActions
              actions={[
                {
                  key: "details",
                  label: "详情",
                  op: ops.activity.detail,
                  run: () => setShown(row),
                },
                {
                  key: "remove",
                  label: "移除",
                  op: ops.activity.saveItems,
                  danger: true,
                  confirm: {
                    title: `从专题中移除${kindLabel(row.kind)}「${row.name}」？`,
                    okText: "移除",
                  },
                  run: () => remove(row),
                },
              ]}
            />
          )}
        />
      </Flex>
      {shown ? <ItemDetails item={shown} onClose={() => setShown(undefined)} /> : null}
    </Card>
  );
}
