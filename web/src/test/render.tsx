/** Renders UI the way the app does: inside the app's antd configuration. */
import { render, type RenderResult } from "@testing-library/react";
import type { ReactElement } from "react";
import { AntdConfig } from "@/components/AntdConfig";

export function renderUi(ui: ReactElement): RenderResult {
  return render(ui, { wrapper: ({ children }) => <AntdConfig>{children}</AntdConfig> });
}
