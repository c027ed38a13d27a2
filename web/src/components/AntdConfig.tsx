/**
 * antd as this app configures it: Chinese locale, the light or dark theme (antdTheme.ts), and
 * button labels kept as written (antd would otherwise space two-character labels: `登 录`).
 */
import { ConfigProvider } from "antd";
import zhCN from "antd/es/locale/zh_CN";
import type { ReactNode } from "react";
import { antdTheme } from "@/components/antdTheme";

export function AntdConfig({ dark = false, children }: { dark?: boolean; children: ReactNode }) {
  return (
    <ConfigProvider locale={zhCN} button={{ autoInsertSpace: false }} theme={antdTheme(dark)}>
      {children}
    </ConfigProvider>
  );
}
