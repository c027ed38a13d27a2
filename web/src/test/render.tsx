/**
 * Renders UI the way the shell does: inside the app's antd configuration and antd's `App`, which
 * gives `App.useApp()` its message and modal APIs.
 *
 * antd's component styles are generated as in the browser but not injected into the test DOM
 * (cssinjs' server mode): the page's getComputedStyle matches every rule of every style sheet
 * against the element, and testing-library's role queries ask it for each element and its
 * ancestors, so those sheets were a third of a list screen's test time (ProductList, CPU profile,
 * in jsdom) for rules the test DOM neither lays out nor paints. The whole suite passes the same
 * without them: what the tests read of visibility comes from inline styles, attributes and what
 * is mounted. antd's CSS variables and icon styles are still injected (cssinjs' server mode does
 * not cover them).
 */
import { StyleProvider } from "@ant-design/cssinjs";
import { render, type RenderResult } from "@testing-library/react";
import { App } from "antd";
import type { ReactElement } from "react";
import { AntdConfig } from "@/components/AntdConfig";

export function renderUi(ui: ReactElement): RenderResult {
  return render(ui, {
    wrapper: ({ children }) => (
      <StyleProvider mock="server">
        <AntdConfig>
          <App>{children}</App>
        </AntdConfig>
      </StyleProvider>
    ),
  });
}
