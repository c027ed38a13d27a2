/** 导出 CSV: every row of a list's current filter, with its column specs' CSV values. */
import { DownloadOutlined } from "@ant-design/icons";
import { App, Button } from "antd";
import { useState } from "react";
import { errorInfo } from "@/lib/core";
import { csvColumns } from "@/kit/columns";
import { exportCsv } from "@/kit/csvExport";
import type { ListState } from "@/kit/useList";
import { usePageAction } from "@/stores/pageActions";

export interface ExportButtonProps<T> {
  list: ListState<T>;
  /** The file name's base, e.g. `系统用户`. */
  base: string;
}

export function ExportButton<T>({ list, base }: ExportButtonProps<T>) {
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);

  async function run() {
    setBusy(true);
    try {
      const count = await exportCsv({
        rows: list.fetchAll,
        base,
        columns: csvColumns(list.columns),
      });
      void message.success(`已导出 ${count} 条记录`);
    } catch (error) {
      void message.error(`导出失败：${errorInfo(error).message}`);
    } finally {
      setBusy(false);
    }
  }

  usePageAction("导出 CSV", () => void run(), !busy);
  return (
    <Button icon={<DownloadOutlined />} loading={busy} onClick={() => void run()}>
      导出 CSV
    </Button>
  );
}
