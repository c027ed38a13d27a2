/**
 * 商机审核: the pending opportunities, the longest waiting first, each with how long it has waited
 * (past a day marked in words); 通过 at once, 驳回 with a reason, 批量通过 with a result per
 * opportunity; 详情 in a drawer with the same moves; filters by title and period kept in the URL;
 * 导出 CSV of the queue. Reviewed by keyboard too (kit/reviewKeys.tsx: Enter opens the drawer).
 */
import { Button, Flex } from "antd";
import { useCallback, useMemo, useState } from "react";
import { ops, type OpportunityRow } from "@/lib/generated/ops";
import { useAllowed } from "@/kit/access";
import { BulkBar } from "@/kit/BulkBar";
import { FilterForm } from "@/kit/FilterForm";
import { ListTable } from "@/kit/ListTable";
import { bulkMove } from "@/kit/moves";
import { RowActions } from "@/kit/RowActions";
import { useList } from "@/kit/useList";
import { QUEUE_COLUMNS } from "@/features/opportunity/columns";
import { stateOf, useOpportunityMoves } from "@/features/opportunity/moves";
import { OpportunityDrawer } from "@/features/opportunity/OpportunityDrawer";
import { PENDING, QUEUE_SORT } from "@/features/opportunity/queue";

/** The queue: pending only, oldest first unless the operator sorts otherwise. */
const QUEUE_PARAMS = {
  state: PENDING,
  sortField: QUEUE_SORT.field,
  sortOrder: QUEUE_SORT.order,
} as const;

export function ReviewQueue() {
  const list = useList(ops.opportunity.list, QUEUE_COLUMNS, QUEUE_PARAMS);
  const [open, setOpen] = useState<number>();
  // A reviewed opportunity leaves the queue: its drawer closes with it.
  const closeDrawer = useCallback(() => setOpen(undefined), []);
  const moves = useOpportunityMoves(closeDrawer);
  // 批量通过: a pending opportunity is approved; one that moved meanwhile is skipped, saying why.
  const bulk = useMemo(() => [bulkMove(moves, "opportunity", "通过", { stateOf })], [moves]);
  // Rows are picked for 批量通过: not by a user who may not review (按钮权限).
  const selectable = useAllowed(bulk).length > 0;

  return (
    <Flex vertical gap={16}>
      <FilterForm name="opportunityQueueFilter" fields={list.fields} table={list.table} />
      <ListTable<OpportunityRow>
        exportAs="待审核商机"
        toolbar={
          <BulkBar<OpportunityRow>
            selected={list.selected}
            rowLabel={(opportunity) => opportunity.title}
            actions={bulk}
            onDone={() => list.setSelected([])}
            onClear={() => list.setSelected([])}
          />
        }
        noun="待审核商机"
        list={list}
        rowKey="id"
        selectable={selectable}
        review={{
          open: (opportunity) => setOpen(opportunity.id),
          actions: moves.actions,
          name: (opportunity) => opportunity.title,
        }}
        actions={(opportunity) => (
          <Flex wrap={false}>
            <Button
              type="link"
              size="small"
              aria-label={`商机 ${opportunity.title} 详情`}
              onClick={() => setOpen(opportunity.id)}
            >
              详情
            </Button>
            <RowActions actions={moves.actions(opportunity)} />
          </Flex>
        )}
      />
      <OpportunityDrawer
        id={open}
        onClose={closeDrawer}
        actions={(opportunity) => <RowActions actions={moves.actions(opportunity)} />}
      />
    </Flex>
  );
}
