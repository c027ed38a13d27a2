/**
 * 广告管理: ads filtered by title, slot, the state they show (已排期 / 投放中 / 已过期 / 已停用,
 * lifecycle `adState`) and the period they run in, paged and sorted by the server, all of it in
 * the URL; 导出 CSV of the filtered ads; 新增广告 and 编辑 in a dialog; 启用 / 停用 as lifecycle
 * `ad` allows. Enabling past the slot's capacity is refused by the gateway with the period it
 * would overfill: that refusal is shown in a dialog, and the ad stays disabled.
 */
import { PlusOutlined } from "@ant-design/icons";
import { App, Button, Flex } from "antd";
import { useMemo, useState } from "react";
import { callData, errorInfo, lifecycle } from "@/lib/core";
import { ops, type AdRow } from "@/lib/generated/ops";
import { ExportButton } from "@/kit/ExportButton";
import { FilterForm } from "@/kit/FilterForm";
import { ListTable } from "@/kit/ListTable";
import { useOpQuery, useRefresh } from "@/kit/queries";
import { RowActions, transitionActions } from "@/kit/RowActions";
import { useList } from "@/kit/useList";
import { AdFormModal, type AdDialog } from "@/features/ad/AdFormModal";
import { adColumns } from "@/features/ad/columns";

/** Every slot, for the slot filter and the dialog's slot picker (a page of the most there are). */
const ALL_SLOTS = { page: 1, pageSize: 100 } as const;

/** What a move does, asked before it (停用's Popconfirm). */
const MOVE_DETAILS = { disabled: "停用后该广告不再展示，可随时重新启用。" };

/** The action's name as the lifecycle gives it (`启用`). */
function actionName(from: string, to: string): string {
  return lifecycle("ad").transitions.find((t) => t.from === from && t.to === to)?.action ?? to;
}

export function AdList() {
  const { message, modal } = App.useApp();
  const refresh = useRefresh();
  const slots = useOpQuery(ops.adSlot.list, ALL_SLOTS);
  const slotRows = useMemo(() => slots.data?.list ?? [], [slots.data]);
  const columns = useMemo(() => adColumns(slotRows), [slotRows]);
  const list = useList(ops.ad.list, columns);
  const [dialog, setDialog] = useState<AdDialog>();

  // Whatever shows ads is read again: this list, the slots' counts, a slot's detail.
  const reread = () => refresh(ops.ad.list, ops.adSlot.list, ops.adSlot.detail);

  async function move(ad: AdRow, to: string) {
    const action = actionName(ad.status, to);
    try {
      await callData(ops.ad.setStatus, { id: ad.id, version: ad.version, status: to });
      void message.success(`已${action}广告「${ad.title}」`);
    } catch (error) {
      const info = errorInfo(error);
      if (info.code === "state_invalid") {
        // Past the slot's capacity: the gateway names the period; a dialog keeps it readable.
        modal.error({ title: `无法${action}广告「${ad.title}」`, content: info.message });
      } else {
        void message.error(`${action}失败：${info.message}`);
      }
    }
    await reread();
  }

  return (
    <Flex vertical gap={16}>
      <FilterForm name="adFilter" fields={list.fields} table={list.table} />
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Button
          type="primary"
          icon={<PlusOutlined />}
          onClick={() => setDialog({ kind: "create" })}
        >
          新增广告
        </Button>
        <ExportButton list={list} base="广告" />
      </Flex>
      <ListTable<AdRow>
        noun="广告"
        list={list}
        rowKey="id"
        actions={(ad) => (
          <RowActions
            actions={[
              { key: "edit", label: "编辑", run: () => setDialog({ kind: "edit", ad }) },
              ...transitionActions(
                "ad",
                ad.status,
                `广告「${ad.title}」`,
                (to) => move(ad, to),
                MOVE_DETAILS,
              ),
            ]}
          />
        )}
      />
      {dialog ? (
        <AdFormModal
          dialog={dialog}
          slots={slotRows}
          onCancel={() => setDialog(undefined)}
          onSaved={(saved) => {
            setDialog(undefined);
            const done = dialog.kind === "edit" ? "已保存" : "已新增";
            // A new ad starts switched off (lifecycle `ad`): say how it will show.
            const off = saved.status === "disabled" ? "，启用后按投放时间展示" : "";
            void message.success(`${done}广告「${saved.title}」${off}`);
            void reread();
          }}
        />
      ) : null}
    </Flex>
  );
}
