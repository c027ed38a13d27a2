/**
 * 商机查看: every opportunity by title, state, category (with its subcategories) and period; the
 * paged and sortable table (its view in the URL); 详情 in a drawer (`?open=`) (the category's path, the
 * description, the buyer, the replies, 操作记录); 导出 CSV of the filtered opportunities. A view
 * only: reviewing is 商机审核's, replying and closing 商机回复's.
 */
import { Button, Flex } from "antd";
import { ops, type OpportunityRow } from "@/lib/generated/ops";
import { useOpenParam } from "@/kit/useOpenParam";
import { ListTable } from "@/kit/ListTable";
import { useList } from "@/kit/useList";
import { INSPECT_COLUMNS } from "@/features/opportunity/columns";
import { OpportunityDrawer } from "@/features/opportunity/OpportunityDrawer";
import { OpportunityFilter } from "@/features/opportunity/OpportunityFilter";

export function OpportunityList() {
  const list = useList(ops.opportunity.list, INSPECT_COLUMNS);
  const [open, setOpen] = useOpenParam();

  return (
    <Flex vertical gap={16}>
      <OpportunityFilter table={list.table} />
      <ListTable<OpportunityRow>
        exportAs="采购商机"
        noun="商机"
        list={list}
        rowKey="id"
        actions={(opportunity) => (
          <Button
            type="link"
            size="small"
            aria-label={`商机 ${opportunity.title} 详情`}
            onClick={() => setOpen(opportunity.id)}
          >
            详情
          </Button>
        )}
      />
      <OpportunityDrawer id={open} onClose={() => setOpen(undefined)} />
    </Flex>
  );
}
