/**
 * 功能入口: the home page's shortcut entries in display order — icon, name, link, shown or not,
 * last change — filtered by name and visibility (in the URL); reordered by dragging a row's handle
 * (mouse or keyboard) and saved through `entry.sort`, which takes every entry: in a filtered view
 * the rows shown swap among the places they held. 新增 / 编辑 in the core's `entry` form, 隐藏 /
 * 显示 as an `entry.save` with the version read, 删除 (asked first, naming the entry), 详情 with a
 * preview, 导出 CSV of the filtered entries.
 */
import { DownloadOutlined } from "@ant-design/icons";
import { App, Button, Flex, Space, Typography } from "antd";
import { useState } from "react";
import { errorInfo } from "@/lib/core";
import { ops, type EntryRow } from "@/lib/generated/ops";
import { csvColumns } from "@/kit/columns";
import { exportCsv } from "@/kit/csvExport";
import { useMay } from "@/kit/access";
import { FilterForm } from "@/kit/FilterForm";
import { deleteAction, RowActions } from "@/kit/RowActions";
import { SortableTreeTable } from "@/kit/SortableTreeTable";
import { useWrite } from "@/kit/write";
import { ENTRY_COLUMNS } from "@/features/entry/columns";
import { EntryDetailModal } from "@/features/entry/EntryDetailModal";
import { EntryFormModal, type EntryDialog } from "@/features/entry/EntryFormModal";
import { mergeOrder } from "@/features/entry/order";
import { allEntries, entriesMatching, useEntries } from "@/features/entry/useEntries";
import { CreateButton } from "@/kit/CreateButton";

const CSV_COLUMNS = csvColumns(ENTRY_COLUMNS);

export function EntryList() {
  const { message } = App.useApp();
  const { fields, table, filters, filtered, result } = useEntries();
  const saving = useWrite(ops.entry.save);
  const sorting = useWrite(ops.entry.sort, "已保存新的顺序");
  const deleting = useWrite(ops.entry.delete);
  const maySort = useMay()(ops.entry.sort);
  const [dialog, setDialog] = useState<EntryDialog>();
  const [details, setDetails] = useState<EntryRow>();
  const [exporting, setExporting] = useState(false);

  /** 隐藏 / 显示: the entry saved as it was read, but for `visible` (a refusal: the catalogue's toast). */
  const setVisible = (entry: EntryRow, visible: number) =>
    saving.run(
      {
        id: entry.id,
        version: entry.version,
        name: entry.name,
        icon: entry.icon,
        link: entry.link,
        visible,
      },
      { success: `已${visible ? "显示" : "隐藏"}功能入口「${entry.name}」` },
    );

  /** 删除 with the version read (a refusal: the catalogue's toast); the list is read again. */
  const remove = (entry: EntryRow) =>
    deleting.run(
      { id: entry.id, version: entry.version },
      { success: `已删除功能入口「${entry.name}」` },
    );

  /** Saves the new order (of every entry); on a refusal the server's order stays. */
  async function sort(_parent: number | undefined, ids: number[]) {
    let order = ids;
    if (filtered) {
      try {
        order = mergeOrder(
          (await allEntries()).map((entry) => entry.id),
          ids,
        );
      } catch (error) {
        // The whole order could not be read: nothing was sent.
        void message.error(`排序失败：${errorInfo(error).message}`);
        throw error;
      }
    }
    // On a refusal (the catalogue's toast) the server's order stays.
    return sorting.run({ ids: order });
  }

  async function exportEntries() {
    setExporting(true);
    try {
      const count = await exportCsv({
        rows: () => entriesMatching(filters),
        base: "功能入口",
        columns: CSV_COLUMNS,
      });
      void message.success(`已导出 ${count} 条记录`);
    } catch (error) {
      void message.error(`导出失败：${errorInfo(error).message}`);
    } finally {
      setExporting(false);
    }
  }

  return (
    <Flex vertical gap={16}>
      <FilterForm name="entryFilter" fields={fields} table={table} />
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Space wrap>
          <CreateButton
            label="新增功能入口"
            op={ops.entry.save}
            onClick={() => setDialog({ kind: "create" })}
          />
          <Button
            icon={<DownloadOutlined />}
            loading={exporting}
            onClick={() => void exportEntries()}
          >
            导出 CSV
          </Button>
        </Space>
        {maySort ? (
          <Typography.Text type="secondary">
            拖动「顺序」列的手柄调整首页入口的先后（键盘：聚焦手柄，空格拿起，方向键移动，空格放下）
          </Typography.Text>
        ) : null}
      </Flex>
      <SortableTreeTable<EntryRow>
        noun="功能入口"
        result={result}
        rows={result.data ?? NO_ROWS}
        columns={ENTRY_COLUMNS}
        name={(entry) => entry.name}
        op={ops.entry.sort}
        onSort={sort}
        actions={(entry) => (
          <RowActions
            actions={[
              { key: "details", label: "详情", op: ops.entry.list, run: () => setDetails(entry) },
              {
                key: "edit",
                label: "编辑",
                op: ops.entry.save,
                run: () => setDialog({ kind: "edit", entry }),
              },
              {
                key: "visible",
                label: entry.visible ? "隐藏" : "显示",
                op: ops.entry.save,
                run: () => setVisible(entry, entry.visible ? 0 : 1),
              },
              deleteAction(ops.entry.delete, `功能入口「${entry.name}」`, () => remove(entry)),
            ]}
          />
        )}
      />
      {details ? <EntryDetailModal entry={details} onClose={() => setDetails(undefined)} /> : null}
      {dialog ? (
        <EntryFormModal
          dialog={dialog}
          onCancel={() => setDialog(undefined)}
          onSaved={() => setDialog(undefined)}
        />
      ) : null}
    </Flex>
  );
}

const NO_ROWS: EntryRow[] = [];
