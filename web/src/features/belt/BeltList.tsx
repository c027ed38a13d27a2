/**
 * 产业带: industrial belts filtered by name and province (in the URL), with their city, shop count
 * and description; sortable by name and shop count; 导出 CSV of the filtered belts. The owners of
 * the 产业带 menu (see `useMayManageBelts`) open a belt's 详情 with its shops, and add and edit
 * belts; anyone else sees the list only.
 */
import { PlusOutlined } from "@ant-design/icons";
import { Button, Flex } from "antd";
import { useState } from "react";
import { ops, type BeltRow } from "@/lib/generated/ops";
import { ExportButton } from "@/kit/ExportButton";
import { FilterForm } from "@/kit/FilterForm";
import { ListTable } from "@/kit/ListTable";
import { RowActions } from "@/kit/RowActions";
import { useList } from "@/kit/useList";
import { useMayManageBelts } from "@/features/belt/access";
import { BELT_COLUMNS } from "@/features/belt/columns";
import { BeltDetailModal } from "@/features/belt/BeltDetailModal";
import { BeltFormModal, type BeltDialog } from "@/features/belt/BeltFormModal";

export function BeltList() {
  const list = useList(ops.belt.list, BELT_COLUMNS);
  const mayManage = useMayManageBelts();
  const [details, setDetails] = useState<BeltRow>();
  const [dialog, setDialog] = useState<BeltDialog>();

  return (
    <Flex vertical gap={16}>
      <FilterForm name="beltFilter" fields={list.fields} table={list.table} />
      <Flex justify={mayManage ? "space-between" : "flex-end"} wrap gap={8}>
        {mayManage ? (
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => setDialog({ kind: "create" })}
          >
            新增产业带
          </Button>
        ) : null}
        <ExportButton list={list} base="产业带" />
      </Flex>
      <ListTable<BeltRow>
        noun="产业带"
        list={list}
        rowKey="id"
        actions={
          mayManage
            ? (belt) => (
                <RowActions
                  actions={[
                    { key: "details", label: "详情", run: () => setDetails(belt) },
                    { key: "edit", label: "编辑", run: () => setDialog({ kind: "edit", belt }) },
                  ]}
                />
              )
            : undefined
        }
      />
      {details ? <BeltDetailModal belt={details} onClose={() => setDetails(undefined)} /> : null}
      {dialog ? (
        <BeltFormModal
          dialog={dialog}
          onCancel={() => setDialog(undefined)}
          onSaved={() => setDialog(undefined)}
        />
      ) : null}
    </Flex>
  );
}
