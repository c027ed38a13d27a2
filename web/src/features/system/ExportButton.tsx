/** 导出 CSV: every row of the current filter, through the core's CSV encoder. */
import { DownloadOutlined } from "@ant-design/icons";
import { App, Button } from "antd";
import { useState } from "react";
import { errorInfo } from "@/lib/core";
import { exportCsv, type CsvColumn } from "@/features/system/csvExport";

export interface ExportButtonProps<T> {
  api: string;
  /** The current filter (no paging). */
  filters: Record<string, unknown>;
  /** The file name's base, e.g. `系统用户`. */
  base: string;
  columns: readonly CsvColumn<T>[];
}

export function ExportButton<T>({ api, filters, base, columns }: ExportButtonProps<T>) {
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);

  async function run() {
    setBusy(true);
    try {
      const count = await exportCsv<T>({ api, filters, base, columns });
      void message.success(`已导出 ${count} 条记录`);
    } catch (error) {
      void message.error(`导出失败：${errorInfo(error).message}`);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Button icon={<DownloadOutlined />} loading={busy} onClick={() => void run()}>
      导出 CSV
    </Button>
  );
}
