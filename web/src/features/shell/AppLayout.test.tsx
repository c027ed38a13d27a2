import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { AppLayout } from "@/features/shell/AppLayout";
import type { Crumb, MenuItem } from "@/lib/core";
import { renderUi } from "@/test/render";

vi.mock("@/lib/core", () => import("@/test/fakeCore").then((m) => m.fakeCore()));

const menu: MenuItem[] = [
  { path: "/home", alias: "首页", icon: "HomeOutlined", children: [] },
  {
    path: "/operate",
    alias: "运营管理",
    icon: "RocketOutlined",
    children: [
      { path: "/operate/advertise", alias: "广告管理", children: [] },
      {
        path: "/operate/business",
        alias: "采购商机",
        children: [{ path: "/operate/business/reply", alias: "商机回复", children: [] }],
      },
    ],
  },
];

function renderLayout(crumbs: Crumb[], onPrefetch = vi.fn()) {
  renderUi(
    <MemoryRouter initialEntries={[crumbs.at(-1)?.path ?? "/"]}>
      <AppLayout menu={menu} crumbs={crumbs} onPrefetch={onPrefetch}>
        <p>page body</p>
      </AppLayout>
    </MemoryRouter>,
  );
  return onPrefetch;
}

describe("AppLayout", () => {
  it("shows the top level in the header and the selected group's children at the side", () => {
    renderLayout([
      { path: "/operate", alias: "运营管理" },
      { path: "/operate/business", alias: "采购商机" },
      { path: "/operate/business/reply", alias: "商机回复" },
    ]);
    const top = screen.getByRole("menu", { name: "主导航" });
    expect(top).toHaveTextContent("首页");
    expect(top).toHaveTextContent("运营管理");
    const side = screen.getByRole("menu", { name: "侧边导航" });
    expect(side).toHaveTextContent("广告管理");
    // The submenu on the way to the page is open.
    expect(screen.getByRole("link", { name: "商机回复" })).toBeInTheDocument();
    expect(screen.getByText("page body")).toBeInTheDocument();
  });

  it("has no side menu for a top-level page without children", () => {
    renderLayout([{ path: "/home", alias: "首页" }]);
    expect(screen.queryByRole("menu", { name: "侧边导航" })).not.toBeInTheDocument();
  });

  it("prefetches the page a menu link leads to on hover", async () => {
    const onPrefetch = renderLayout([
      { path: "/operate", alias: "运营管理" },
      { path: "/operate/advertise", alias: "广告管理" },
    ]);
    const side = screen.getByRole("menu", { name: "侧边导航" });
    await userEvent.hover(within(side).getByRole("link", { name: "广告管理" }));
    expect(onPrefetch).toHaveBeenCalledWith("/operate/advertise");
  });

  it("shows the breadcrumb trail, linking all but the current page", () => {
    renderLayout([
      { path: "/operate", alias: "运营管理" },
      { path: "/operate/advertise", alias: "广告管理" },
    ]);
    const trail = screen.getByRole("navigation");
    expect(trail).toHaveTextContent("运营管理/广告管理");
  });
});
