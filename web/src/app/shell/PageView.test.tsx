import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ReactElement } from "react";
import { MemoryRouter } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { PageView } from "@/app/shell/PageView";
import { loadPage } from "@/lib/core";
import { renderUi } from "@/test/render";

// Exception pages are the shell's own: business screens get replaced as their issues land.
function renderRouted(ui: ReactElement) {
  return renderUi(<MemoryRouter>{ui}</MemoryRouter>);
}

vi.mock("@/lib/core", async () => {
  const fake = (await import("@/test/fakeCore")).fakeCore();
  return { ...fake, loadPage: vi.fn(fake.loadPage) };
});

describe("PageView", () => {
  it("renders the page module of the core's key", async () => {
    renderRouted(<PageView pageKey="exception/500" path="/exception/500" alias="" />);
    expect(await screen.findByText("抱歉，服务器出错了")).toBeInTheDocument();
    expect(loadPage).toHaveBeenCalledWith("exception/500", expect.any(Function));
  });

  it("shows a placeholder for a route the tree has but no module implements", () => {
    renderRouted(<PageView pageKey="operate/newThing" path="/operate/newThing" alias="新功能" />);
    expect(screen.getByText("「新功能」正在建设中，敬请期待")).toBeInTheDocument();
  });

  it("shows the recovery view when the chunk fails, and 重试 imports again", async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    const failure = new Error("Loading chunk exception/403 failed");
    failure.name = "ChunkLoadError";
    vi.mocked(loadPage).mockRejectedValueOnce(failure);
    renderRouted(<PageView pageKey="exception/403" path="/exception/403" alias="" />);
    expect(await screen.findByText("页面加载失败")).toBeInTheDocument();
    expect(screen.getByText("Loading chunk exception/403 failed")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "重试" }));
    expect(await screen.findByText("抱歉，您无权访问此页面")).toBeInTheDocument();
    expect(loadPage).toHaveBeenCalledTimes(2);
  });
});
