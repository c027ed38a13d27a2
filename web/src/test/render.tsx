/**
 * Renders UI the way the shell does: inside the app's antd configuration and antd's `App`, which
 * gives `App.useApp()` its message and modal APIs.
 */
import { render, type RenderResult } from "@testing-library/react";
import { App } from "antd";
import type { ReactElement } from "react";
import { AntdConfig } from "@/components/AntdConfig";

export function renderUi(ui: ReactElement): RenderResult {
  return render(ui, {
    wrapper: ({ children }) => (
      <AntdConfig>
        <App>{children}</App>
      </AntdConfig>
    ),
  });
}
