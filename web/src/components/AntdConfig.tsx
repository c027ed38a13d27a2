/**
 * antd as this app configures it: the first screen's settings (AntdBase.tsx) with the whole Chinese
 * locale, a provider of its own (`AntdLocale`) nested inside them, whose theme, CSP nonce and
 * button settings it inherits. The layout mounts it (ShellProviders), so the login page's first
 * load carries none of it; tests and the config error page render the two together.
 */
import { ConfigProvider } from "antd";
import zhCN from "antd/es/locale/zh_CN";
import type { ReactNode } from "react";
import { AntdBase } from "@/components/AntdBase";

export { cspNonce } from "@/components/AntdBase";

/** antd's Chinese texts (empty tables, pickers, pagination, confirm buttons, form messages). */
export function AntdLocale({ children }: { children: ReactNode }) {
  return <ConfigProvider locale={zhCN}>{children}</ConfigProvider>;
}

export function AntdConfig({ dark = false, children }: { dark?: boolean; children: ReactNode }) {
  return (
    <AntdBase dark={dark}>
      <AntdLocale>{children}</AntdLocale>
    </AntdBase>
  );
}
