import { act, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ReactElement } from "react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { pageLoaders, type PageModule } from "@/app/pages";
import { PageView } from "@/app/shell/PageView";
import { constants } from "@/lib/core";
import { renderUi } from "@/test/render";

// Exception pages are the shell's own: business screens get replaced as their issues land.
function renderRouted(ui: ReactElement) {
  return renderUi(<MemoryRouter>{ui}</MemoryRouter>);
}

/** The next import of a page chunk goes like `load` (the browser's fetch of the chunk). */
function nextImport(load: () => Promise<PageModule>) {
  vi.spyOn(pageLoaders, "get").mockImplementationOnce(() => load);
}

describe("PageView", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("renders the page module of the core's key", async () => {
    renderRouted(<PageView pageKey="exception/500" path="/exception/500" alias="" />);
    expect(await screen.findByText("抱歉，服务器出错了")).toBeInTheDocument();
  });

  it("shows a placeholder for a route the tree has but no module implements", () => {
    renderRouted(<PageView pageKey="operate/newThing" path="/operate/newThing" alias="新功能" />);
    expect(screen.getByText("「新功能」正在建设中，敬请期待")).toBeInTheDocument();
  });

  it("shows the recovery view when the chunk fails, and 重试 imports again", async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    nextImport(() =>
      Promise.reject(new TypeError("Failed to fetch dynamically imported module: /403.js")),
    );
    renderRouted(<PageView pageKey="exception/403" path="/exception/403" alias="" />);
    expect(await screen.findByText("页面加载失败")).toBeInTheDocument();
    expect(screen.getByText("Loading chunk exception/403 failed")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "重试" }));
    expect(await screen.findByText("抱歉，您无权访问此页面")).toBeInTheDocument();
  });

  it("gives up on a chunk that does not arrive within the core's time-out", async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    nextImport(() => new Promise(() => undefined));
    renderRouted(<PageView pageKey="exception/404" path="/exception/404" alias="" />);
    await act(() => vi.advanceTimersByTimeAsync(constants().chunkLoadTimeoutMs - 1));
    expect(screen.queryByText("页面加载失败")).not.toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(screen.getByText("页面加载失败")).toBeInTheDocument();
    expect(screen.getByText("Loading chunk exception/404 failed")).toBeInTheDocument();
  });
});
