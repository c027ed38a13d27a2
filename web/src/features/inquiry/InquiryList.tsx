/**
 * 询价单: inquiries by buyer, shop (picked by name), state and the period they were sent in; the
 * paged and sortable table (its view in the URL, a shop's link from 店铺详情 included), 详情 in a
 * drawer (with the shop's quote), 关闭 with a reason as the `inquiry` lifecycle allows, and 导出 CSV
 * of the filtered inquiries.
 */
import { Button, Flex } from "antd";
import { useState } from "react";
import { ops, type InquiryRow } from "@/lib/generated/ops";
import { FilterForm } from "@/kit/FilterForm";
import { ListTable } from "@/kit/ListTable";
import { RowActions } from "@/kit/RowActions";
import { useList } from "@/kit/useList";
import { INQUIRY_COLUMNS } from "@/features/inquiry/columns";
import { InquiryDrawer } from "@/features/inquiry/InquiryDrawer";
import { useInquiryMoves } from "@/features/inquiry/moves";
import { ShopFilter } from "@/features/inquiry/ShopFilter";

/** The shop filter's control: a picker by name, its value the URL's id. */
const CONTROLS = { shopId: <ShopFilter /> };

export function InquiryList() {
  const list = useList(ops.inquiry.list, INQUIRY_COLUMNS);
  const moves = useInquiryMoves();
  const [open, setOpen] = useState<number>();

  return (
    <Flex vertical gap={16}>
      <FilterForm
        name="inquiryFilter"
        fields={list.fields}
        table={list.table}
        controls={CONTROLS}
      />
      <ListTable<InquiryRow>
        exportAs="询价单"
        noun="询价单"
        list={list}
        rowKey="id"
        actions={(inquiry) => (
          <Flex wrap={false}>
            <Button
              type="link"
              size="small"
              aria-label={`询价单 #${inquiry.id} 详情`}
              onClick={() => setOpen(inquiry.id)}
            >
              详情
            </Button>
            <RowActions actions={moves.actions(inquiry)} />
          </Flex>
        )}
      />
      <InquiryDrawer id={open} onClose={() => setOpen(undefined)} />
    </Flex>
  );
}
