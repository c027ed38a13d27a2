/**
 * antd as the first screen configures it: the light or dark theme (antdTheme.ts), still when the
 * system asks for reduced motion (useReducedMotion.ts), button labels kept
 * as written (antd would otherwise space two-character labels: `登 录`) and their spinner swapped in
 * rather than grown in (see `buttons`), the page's CSP nonce on
 * the <style> elements antd's CSS-in-JS injects, and of antd's Chinese locale the part the login
 * page draws: the `global` texts (the password field's 显示/隐藏). The whole zh_CN, with its date,
 * time, calendar and pagination parts (2 KB gzipped), comes with the layout (`AntdLocale` in
 * AntdConfig.tsx, mounted by ShellProviders); AntdBase.test.ts holds the part equal to antd's.
 */
import { LoadingOutlined } from "@ant-design/icons";
import { ConfigProvider } from "antd";
import type { Locale } from "antd/es/locale";
import type { ReactNode } from "react";
import { antdTheme } from "@/components/antdTheme";
import { useReducedMotion } from "@/components/useReducedMotion";

/** antd's zh_CN as far as the first screen uses it (antd's own texts, checked by the test). */
export const firstScreenLocale = {
  locale: "zh-cn",
  global: { placeholder: "请选择", close: "关闭", sortable: "可排序", show: "显示", hide: "隐藏" },
} satisfies Locale;

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

/**
 * A button's spinner given as an icon is swapped in and out; antd's default one grows in and
 * shrinks out by a CSS transition, and when an answer comes back within milliseconds (登录 with no
 * gateway behind nginx) the shrinking can miss its `transitionend` and leave the spinner, and
 * "loading" in the button's name, on a button that is no longer busy.
 */
const buttons = { autoInsertSpace: false, loadingIcon: <LoadingOutlined /> };

export function AntdBase({ dark = false, children }: { dark?: boolean; children: ReactNode }) {
  const theme = antdTheme(dark, useReducedMotion());
  return (
    <ConfigProvider locale={firstScreenLocale} button={buttons} theme={theme} csp={csp}>
      {children}
    </ConfigProvider>
  );
}
