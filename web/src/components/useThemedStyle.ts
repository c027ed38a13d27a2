/**
 * A component's own stylesheet, from the antd theme's tokens, registered in antd's CSS-in-JS cache
 * instead of written as `style` props. For a page rendered at build time (the login page): its
 * `style="…"` attributes would be refused by the Content-Security-Policy (inline styles only by
 * nonce, and attributes carry none), while these rules go into the stylesheet the build extracts
 * (and the browser's cssinjs injects them again as it hydrates). The rules are scoped by the
 * theme's hash: put the returned class on the elements beside the rule's own class.
 */
import { useStyleRegister, type CSSInterpolation } from "@ant-design/cssinjs";
import { ConfigProvider, theme, type GlobalToken } from "antd";
import { useContext } from "react";

export function useThemedStyle(name: string, style: (token: GlobalToken) => CSSInterpolation) {
  const { theme: antdTheme, token, hashId } = theme.useToken();
  const { csp } = useContext(ConfigProvider.ConfigContext);
  // The token's key (cssinjs sets it on every computed token; antd's types leave it out) tells
  // the light theme's rules from the dark one's.
  const tokenKey = (token as GlobalToken & { _tokenKey?: string })._tokenKey ?? "";
  useStyleRegister(
    { theme: antdTheme, token, hashId, path: [name, tokenKey], nonce: csp?.nonce },
    () => style(token),
  );
  return hashId;
}
