/**
 * 商品管理: products filtered by title, shop, category (with its descendants), price range and the
 * status tabs (with live counts), paged and sorted by the server, all of it in the URL; a row's
 * sale moves as the core's `product` lifecycle allows them (违规下架 asks why); bulk 上架 / 下架
 * over the selected rows in one call, each product's result listed (one already off sale is
 * skipped, not failed); 导出 CSV of the filtered rows.
 */
import { App, Flex, Tabs } from "antd";
import { callData, errorInfo } from "@/lib/core";
import { ops, type ProductCounts, type ProductRow } from "@/lib/generated/ops";
import { serverBulk } from "@/kit/bulk";
import { BulkBar } from "@/kit/BulkBar";
import { ExportButton } from "@/kit/ExportButton";
import { ListTable } from "@/kit/ListTable";
import { RowActions, transitionActions } from "@/kit/RowActions";
import { stateFor } from "@/kit/StatusTag";
import { PRODUCT_COLUMNS } from "@/features/product/columns";
import { ProductFilter } from "@/features/product/ProductFilter";
import { actionName, moveName, setProductStatus } from "@/features/product/status";
import { useProductList } from "@/features/product/useProductList";

/** The status tabs: 全部, then the states the counts hold. */
const TABS: readonly { key: string; count: keyof ProductCounts }[] = [
  { key: "", count: "all" },
  { key: "onSale", count: "onSale" },
  { key: "offSale", count: "offSale" },
  { key: "violation", count: "violation" },
];

const bulkMove = (to: string) =>
  serverBulk<ProductRow>(
    (row) => row.id,
    (ids) => callData(ops.product.setStatus, { ids, status: to }),
  );

export function ProductList() {
  const { message } = App.useApp();
  const list = useProductList(PRODUCT_COLUMNS);
  const { table, counts } = list;
  const status = table.query.filters.status ?? "";

  async function move(row: ProductRow, to: string) {
    const name = actionName(row.status, to);
    try {
      await setProductStatus(row.id, to);
      void message.success(`已${name}商品「${row.title}」`);
    } catch (error) {
      void message.error(`${name}失败：${errorInfo(error).message}`);
    }
    await list.refresh();
  }

  return (
    <Flex vertical gap={16}>
      <ProductFilter table={table} />
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Tabs
          activeKey={status}
          onChange={(key) => table.setFilters({ ...table.query.filters, status: key })}
          items={TABS.map((tab) => ({
            key: tab.key,
            label:
              `${tab.key ? stateFor("product", tab.key).label : "全部"} ${counts?.[tab.count] ?? ""}`.trim(),
          }))}
        />
        <ExportButton list={list} base="商品" />
      </Flex>
      <BulkBar<ProductRow>
        selected={list.selected}
        rowLabel={(row) => row.title}
        actions={[
          { key: "onSale", label: `批量${moveName("onSale")}`, runAll: bulkMove("onSale") },
          {
            key: "offSale",
            label: `批量${moveName("offSale")}`,
            danger: true,
            confirm: `${moveName("offSale")}选中的 ${list.selected.length} 个商品？`,
            runAll: bulkMove("offSale"),
          },
        ]}
        onDone={() => {
          list.setSelected([]);
          void list.refresh();
        }}
        onClear={() => list.setSelected([])}
      />
      <ListTable<ProductRow>
        noun="商品"
        list={list}
        rowKey="id"
        selectable
        actions={(row) => (
          <RowActions
            actions={transitionActions(
              "product",
              row.status,
              `商品「${row.title}」`,
              (to, reason) => (reason ? setProductStatus(row.id, to, reason) : move(row, to)),
              {},
              () => {
                void message.success(
                  `已${actionName(row.status, "violation")}商品「${row.title}」`,
                );
                void list.refresh();
              },
            )}
          />
        )}
      />
    </Flex>
  );
}
