/**
 * 店铺管理: the trend chart, the status tabs with their live counts (`shop.list`'s `counts`, under
 * the same filters), the filter form (name, province → city, belt, level, and the status: the
 * tabs are the spec's four, the select reaches 已驳回 and 已关闭 too), the paged and sortable table with
 * the lifecycle's row actions, 批量通过 with a result per shop, and 导出 CSV of the filtered rows.
 * The review queue (待审核) is oldest first and shows how long each shop has waited. Everything
 * the operator chose lives in the URL.
 */
import { Flex } from "antd";
import { useMemo } from "react";
import { useNavigate } from "react-router";
import { ops, type Region, type ShopPage, type ShopRow } from "@/lib/generated/ops";
import { useAllowed } from "@/kit/access";
import { BulkBar } from "@/kit/BulkBar";
import { FilterForm } from "@/kit/FilterForm";
import { useHref } from "@/kit/links";
import { ListTable } from "@/kit/ListTable";
import { bulkMove } from "@/kit/moves";
import { useOpQuery } from "@/kit/queries";
import { ALL_TAB, StatusTabs, useStatusTabs } from "@/kit/StatusTabs";
import { useList } from "@/kit/useList";
import { shopColumns, type BeltOption } from "@/features/shop/columns";
import { useShopMoves } from "@/features/shop/moves";
import { ShopTrend } from "@/features/shop/ShopTrend";
import { PENDING } from "@/features/shop/queue";
import { SHOP_TABS } from "@/features/shop/tabs";

const NO_BELTS: readonly BeltOption[] = [];
const NO_REGIONS: readonly Region[] = [];

/** The belt filter's options: every belt, by name (there are tens, not thousands). */
function useBeltOptions(): readonly BeltOption[] {
  const belts = useOpQuery(ops.belt.list, { page: 1, pageSize: 100 });
  return useMemo(
    () =>
      belts.data?.list.map((belt) => ({ value: String(belt.id), label: belt.name })) ?? NO_BELTS,
    [belts.data],
  );
}

export function ShopList() {
  const tabs = useStatusTabs(SHOP_TABS);
  const belts = useBeltOptions();
  // The region cascader's provinces and cities: where shops are.
  const regions = useOpQuery(ops.shop.regions, {}).data ?? NO_REGIONS;
  const queue = tabs.active === PENDING;
  const columns = useMemo(() => shopColumns(belts, regions, queue), [belts, regions, queue]);
  const list = useList(ops.shop.list, columns, tabs.params);
  const counts = (list.result.data as ShopPage | undefined)?.counts;
  const moves = useShopMoves();
  // 批量通过: the pending shops are approved; any other is skipped, saying why.
  const bulk = useMemo(() => [bulkMove(moves, "shop", "通过")], [moves]);
  // Bulk review where there is something to review (the queue, and 全部), for a reviewer.
  const reviewer = useAllowed(bulk).length > 0;
  const selectable = reviewer && (queue || tabs.active === ALL_TAB);
  const href = useHref();
  const navigate = useNavigate();
  const openShop = (shop: ShopRow) => {
    const to = href("shopDetail", { id: shop.id });
    if (to !== undefined) void navigate(to);
  };

  return (
    <Flex vertical gap={16}>
      <ShopTrend />
      <StatusTabs
        tabs={SHOP_TABS}
        // A selection belongs to the tab it was made in.
        state={{
          ...tabs,
          select: (key) => {
            list.setSelected([]);
            tabs.select(key);
          },
        }}
        counts={counts}
      >
        <Flex vertical gap={16}>
          <FilterForm name="shopFilter" fields={list.fields} table={list.table} />
          <ListTable<ShopRow>
            exportAs="店铺"
            toolbar={
              <BulkBar<ShopRow>
                selected={list.selected}
                rowLabel={(shop) => shop.name}
                actions={bulk}
                onDone={() => list.setSelected([])}
                onClear={() => list.setSelected([])}
              />
            }
            noun="店铺"
            list={list}
            rowKey="id"
            selectable={selectable}
            rowActions={moves.actions}
            // The queue is reviewed by keyboard too (kit/reviewKeys.tsx): Enter opens 店铺详情.
            review={
              queue
                ? { open: openShop, actions: moves.actions, name: (shop) => shop.name }
                : undefined
            }
          />
        </Flex>
      </StatusTabs>
    </Flex>
  );
}
