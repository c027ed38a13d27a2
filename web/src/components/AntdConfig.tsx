/**
 * antd as this app configures it: Chinese locale, the light or dark theme (antdTheme.ts), button
 * labels kept as written (antd would otherwise space two-character labels: `登 录`), and the page's
 * CSP nonce on the <style> elements antd's CSS-in-JS injects.
 */
import { ConfigProvider } from "antd";
import zhCN from "antd/es/locale/zh_CN";
import type { ReactNode } from "react";
import { antdTheme } from "@/components/antdTheme";

/**
 * The nonce the gateway gave this page: Vite's `<meta property="csp-nonce">` (vite.config.ts,
 * `html.cspNonce`). Read from the `nonce` property: browsers hide the attribute's value once the
 * page has loaded under a policy. Undefined outside a page served by the gateway (tests, dev).
 */
export function cspNonce(): string | undefined {
  if (typeof document === "undefined") return undefined;
  const meta = document.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]');
  const nonce = meta?.nonce;
  return nonce === "" ? undefined : nonce;
}

const csp = { nonce: cspNonce() };

export function AntdConfig({ dark = false, children }: { dark?: boolean; children: ReactNode }) {
  return (
    <ConfigProvider
      locale={zhCN}
      button={{ autoInsertSpace: false }}
      theme={antdTheme(dark)}
      csp={csp}
    >
      {children}
    </ConfigProvider>
  );
}
