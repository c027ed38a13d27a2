/**
 * 广告位详情 (`?id=`): the slot's facts, 编辑, 启用 / 停用 and 删除 as on the list (once deleted,
 * back to the list in the view it was left in); its ads in display
 * order, reordered by dragging a handle (mouse or keyboard) and saved through `ad.sort` (a refusal
 * keeps the server's order); and its occupancy over the coming eight weeks, stretches over
 * capacity marked in words.
 */
import { Card, Descriptions, Flex, Typography } from "antd";
import { useCallback, useMemo, useState } from "react";
import { useNavigate } from "react-router";
import { ops, type AdRow, type AdSlotRow } from "@/lib/generated/ops";
import { useMay } from "@/kit/access";
import { cellNode } from "@/kit/columns";
import { DetailPage, useIdParam } from "@/kit/DetailPage";
import { useHref } from "@/kit/links";
import { useMoves } from "@/kit/moves";
import { useOpQuery } from "@/kit/queries";
import { RowActions } from "@/kit/RowActions";
import { SortableTreeTable } from "@/kit/SortableTreeTable";
import { StatusTag, stateFor } from "@/kit/StatusTag";
import type { TreeRow } from "@/kit/trees";
import { useWrite } from "@/kit/write";
import { SLOT_AD_COLUMNS } from "@/features/adSlot/adColumns";
import { AD_SLOT_COLUMNS, SLOT_MOVES } from "@/features/adSlot/columns";
import { OccupancyTable } from "@/features/adSlot/OccupancyTable";
import { SlotFormModal } from "@/features/adSlot/SlotFormModal";
import { useSlotDelete } from "@/features/adSlot/useSlotDelete";
import { useListViewsStore } from "@/stores/listViews";

const NO_ADS: TreeRow<AdRow>[] = [];

function Facts({ slot }: { slot: AdSlotRow }) {
  return (
    <Card title="广告位信息" size="small">
      <Descriptions
        size="small"
        column={{ xs: 1, md: 2, xl: 3 }}
        items={AD_SLOT_COLUMNS.map((spec) => ({
          key: spec.key,
          label: spec.title,
          children: spec.key === "name" ? slot.name : cellNode(spec, slot),
        }))}
      />
    </Card>
  );
}

export function AdSlotDetail() {
  const id = useIdParam();
  const query = useOpQuery(ops.adSlot.detail, { id: id ?? 0 }, { enabled: id !== undefined });
  const moves = useMoves(SLOT_MOVES);
  const navigate = useNavigate();
  const listPath = useHref()("adSlotList");
  const listView = useListViewsStore((s) =>
    listPath === undefined ? undefined : s.views[listPath],
  );
  const deleteSlot = useSlotDelete(
    useCallback(() => {
      const back = listView ?? listPath;
      if (back !== undefined) void navigate(back);
    }, [listView, listPath, navigate]),
  );
  const sorting = useWrite(ops.ad.sort, "已保存新的顺序");
  const maySort = useMay()(ops.ad.sort);
  const [editing, setEditing] = useState(false);
  const detail = query.data;
  const slot = detail?.slot;
  const ads = useMemo(() => (detail ? [...detail.ads] : NO_ADS), [detail]);

  /** Saves the new order; on a refusal (the catalogue's toast) the server's order stays. */
  const sort = (slotId: number, ids: number[]) => sorting.run({ slotId, ids });

  return (
    <DetailPage
      noun="广告位"
      backTo="adSlotList"
      id={id}
      query={query}
      title={slot?.name}
      tags={slot ? <StatusTag state={stateFor("adSlot", slot.status)} /> : null}
      extra={
        slot ? (
          <RowActions
            actions={[
              { key: "edit", label: "编辑", op: ops.adSlot.save, run: () => setEditing(true) },
              ...moves.actions(slot),
              deleteSlot(slot),
            ]}
          />
        ) : null
      }
    >
      {detail && slot ? (
        <>
          <Facts slot={slot} />
          <Card
            title={`广告（${detail.ads.length}）`}
            size="small"
            extra={
              <Typography.Text type="secondary">
                {maySort
                  ? "按展示顺序排列；拖动「顺序」列的手柄调整（键盘：聚焦手柄，空格拿起，方向键移动，空格放下）"
                  : "按展示顺序排列"}
              </Typography.Text>
            }
          >
            <SortableTreeTable<AdRow>
              noun="广告"
              result={query}
              rows={ads}
              columns={SLOT_AD_COLUMNS}
              name={(ad) => ad.title}
              op={ops.ad.sort}
              onSort={(_parent, ids) => sort(slot.id, ids)}
            />
          </Card>
          <Card title="未来八周占用" size="small">
            <Flex vertical gap={8}>
              <Typography.Text type="secondary">
                各时段同时投放的已启用广告数与容量（{slot.maxAds}）之比
              </Typography.Text>
              <OccupancyTable occupancy={detail.occupancy} maxAds={slot.maxAds} />
            </Flex>
          </Card>
        </>
      ) : null}
      {editing && slot ? (
        <SlotFormModal
          slot={slot}
          onCancel={() => setEditing(false)}
          onSaved={() => setEditing(false)}
        />
      ) : null}
    </DetailPage>
  );
}
