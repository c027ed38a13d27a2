/**
 * antd as this app configures it: Chinese locale, light or dark algorithm, and button labels kept
 * as written (antd would otherwise space two-character labels: `登 录`).
 */
import { ConfigProvider, theme } from "antd";
import zhCN from "antd/es/locale/zh_CN";
import type { ReactNode } from "react";

export function AntdConfig({ dark = false, children }: { dark?: boolean; children: ReactNode }) {
  return (
    <ConfigProvider
      locale={zhCN}
      button={{ autoInsertSpace: false }}
      theme={{ algorithm: dark ? theme.darkAlgorithm : theme.defaultAlgorithm }}
    >
      {children}
    </ConfigProvider>
  );
}
