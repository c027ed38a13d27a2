/**
 * 首页推荐商家: the shops recommended on the storefront's home page, in display order, each for a
 * period. The list filters by shop and window state, exports CSV, adds and edits (the shop picked
 * among active shops) and deletes (asked first). A recommendation whose shop is frozen or closed
 * since is flagged in its row, and counted and named above the table so it is not missed.
 * 调整顺序 shows every recommendation in display order to reorder by dragging (mouse or keyboard),
 * saved through `recommend.sort`. The view (filters, page, sort, the reorder mode) lives in the URL.
 * 新增, 编辑, 删除 and 调整顺序 show only to a user who may call their operations (按钮权限).
 */
import { WarningOutlined } from "@ant-design/icons";
import { useQuery } from "@tanstack/react-query";
import { Alert, Button, Flex, Space, Typography } from "antd";
import { useSearchParams } from "react-router";
import { useState } from "react";
import { ops, type RecommendRow } from "@/lib/generated/ops";
import { useMay } from "@/kit/access";
import { fetchAllRows } from "@/kit/csvExport";
import { FilterForm } from "@/kit/FilterForm";
import { ListTable } from "@/kit/ListTable";
import { deleteAction, type RowAction } from "@/kit/RowActions";
import { SortableTreeTable } from "@/kit/SortableTreeTable";
import { useList } from "@/kit/useList";
import { useWrite } from "@/kit/write";
import { RECOMMEND_COLUMNS, SORT_COLUMNS } from "@/features/recommend/columns";
import { RecommendFormModal, type RecommendDialog } from "@/features/recommend/RecommendFormModal";
import { CreateButton } from "@/kit/CreateButton";

/** The URL parameter of the reorder mode. */
const MODE = "mode";
const SORTING = "sort";

/** Every recommendation in display order (tens, not thousands): for the flags' count and reordering. */
function useAllRecommendations() {
  return useQuery({
    // Under `recommend.list`'s key, so refreshing the list refreshes this too.
    queryKey: [ops.recommend.list.api, { all: true }],
    queryFn: () => fetchAllRows(ops.recommend.list, {}),
  });
}

/** The recommendations whose shop is no longer active, counted and named. */
function ProblemAlert({ rows }: { rows: readonly RecommendRow[] }) {
  const flagged = rows.filter((row) => row.problem);
  if (flagged.length === 0) return null;
  return (
    <Alert
      type="error"
      showIcon
      icon={<WarningOutlined />}
      title={`${flagged.length} 个推荐的店铺已不在营业`}
      description={
        <>
          {flagged.map((row) => `${row.shopName}（${row.problem ?? ""}）`).join("、")}
          。首页不再展示这些店铺，请删除推荐或更换店铺。
        </>
      }
    />
  );
}

export function RecommendList() {
  const list = useList(ops.recommend.list, RECOMMEND_COLUMNS);
  const all = useAllRecommendations();
  const deleting = useWrite(ops.recommend.delete);
  const reordering = useWrite(ops.recommend.sort, "已保存新的顺序");
  const [searchParams, setSearchParams] = useSearchParams();
  const maySort = useMay()(ops.recommend.sort);
  // A link into the reorder mode shows the list to a user who may not reorder.
  const sorting = maySort && searchParams.get(MODE) === SORTING;
  const [dialog, setDialog] = useState<RecommendDialog>();

  function setSorting(on: boolean) {
    const next = new URLSearchParams(searchParams);
    if (on) next.set(MODE, SORTING);
    else next.delete(MODE);
    setSearchParams(next);
  }

  async function remove(row: RecommendRow) {
    const deleted = await deleting.run(
      { id: row.id, version: row.version },
      { success: `已删除推荐「${row.shopName}」` },
    );
    if (deleted !== undefined) list.removed();
  }

  /** Saves the new order; on a refusal (the catalogue's toast) the server's order stays. */
  const sort = (_parentId: number | undefined, ids: number[]) => reordering.run({ ids });

  const actions = (row: RecommendRow): RowAction[] => [
    {
      key: "edit",
      label: "编辑",
      op: ops.recommend.save,
      run: () => setDialog({ kind: "edit", row }),
    },
    deleteAction(ops.recommend.delete, `推荐「${row.shopName}」`, () => remove(row)),
  ];

  return (
    <Flex vertical gap={16}>
      <ProblemAlert rows={all.data ?? []} />
      {sorting ? (
        <>
          <Flex justify="space-between" align="center" wrap gap={8}>
            <Typography.Text type="secondary">
              按首页展示的先后排列。拖动「顺序」列的手柄调整（键盘：聚焦手柄，空格拿起，方向键移动，空格放下），松手即保存。
            </Typography.Text>
            <Button type="primary" onClick={() => setSorting(false)}>
              完成排序
            </Button>
          </Flex>
          <SortableTreeTable<RecommendRow>
            noun="推荐商家"
            result={all}
            rows={all.data ?? []}
            columns={SORT_COLUMNS}
            name={(row) => row.shopName}
            op={ops.recommend.sort}
            onSort={sort}
          />
        </>
      ) : (
        <>
          <FilterForm name="recommendFilter" fields={list.fields} table={list.table} />
          <ListTable<RecommendRow>
            noun="推荐商家"
            list={list}
            rowKey="id"
            rowActions={actions}
            exportAs="首页推荐商家"
            toolbar={
              <Space wrap>
                <CreateButton
                  label="新增推荐商家"
                  op={ops.recommend.save}
                  onClick={() => setDialog({ kind: "create" })}
                />
                {maySort ? <Button onClick={() => setSorting(true)}>调整顺序</Button> : null}
              </Space>
            }
          />
        </>
      )}
      {dialog ? (
        <RecommendFormModal
          dialog={dialog}
          onCancel={() => setDialog(undefined)}
          onSaved={() => setDialog(undefined)}
        />
      ) : null}
    </Flex>
  );
}
