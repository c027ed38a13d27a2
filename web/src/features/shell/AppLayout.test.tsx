import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { AppLayout, PageHeading } from "@/features/shell/AppLayout";
import type { Badges } from "@/features/shell/menuBadges";
import { Navigator } from "@/lib/core";
import { ADMIN, USER_TREE } from "@/test/menuTree";
import { renderUi } from "@/test/render";

/**
 * The layout at `path`, with the menu and the trail the core's Navigator makes of the tree, and
 * the page's heading as the workspace draws it.
 */
function renderLayout(path: string, onPrefetch = vi.fn(), badges?: Badges) {
  const navigator = new Navigator(USER_TREE, ADMIN);
  const crumbs = navigator.breadcrumbs(path);
  renderUi(
    <MemoryRouter initialEntries={[path]}>
      <AppLayout menu={navigator.menu()} crumbs={crumbs} onPrefetch={onPrefetch} badges={badges}>
        <PageHeading crumbs={crumbs} title={crumbs.at(-1)?.alias} />
        <p>page body</p>
      </AppLayout>
    </MemoryRouter>,
  );
  navigator.free();
  return onPrefetch;
}

describe("AppLayout", () => {
  it("shows the top level in the header and the selected group's children at the side", () => {
    renderLayout("/operate/business/reply");
    const top = screen.getByRole("menu", { name: "主导航" });
    expect(top).toHaveTextContent("首页");
    expect(top).toHaveTextContent("运营管理");
    const side = screen.getByRole("menu", { name: "侧边导航" });
    expect(side).toHaveTextContent("广告管理");
    expect(side).not.toHaveTextContent("店铺管理");
    // The submenu on the way to the page is open.
    expect(screen.getByRole("link", { name: "商机回复" })).toBeInTheDocument();
    expect(screen.getByText("page body")).toBeInTheDocument();
  });

  it("shows an entry's badge beside its link, and a dot on the top-level group holding it", () => {
    const label = "待审核商机 12 条";
    const badges: Badges = (path) =>
      path === "/operate/business/reply" ? { page: "reply", count: 12, label } : undefined;
    renderLayout("/operate/business/reply", vi.fn(), badges);
    const side = screen.getByRole("menu", { name: "侧边导航" });
    const link = within(side).getByRole("link", { name: "商机回复" });
    const entry = link.closest("[role=menuitem]");
    // Drawn as a count, said in the core's words; the link's name stays the entry's alias.
    expect(entry).toContainElement(within(side).getByTitle(label));
    expect(within(side).getByTitle(label)).toHaveTextContent("12");
    expect(entry).toHaveTextContent(label);
    expect(link).toHaveAccessibleName("商机回复");
    const top = screen.getByRole("menu", { name: "主导航" });
    const group = within(top).getByRole("link", { name: "运营管理" }).closest("[role=menuitem]");
    expect(group?.querySelector(".ant-badge-dot")).not.toBeNull();
    const home = within(top).getByRole("link", { name: "首页" }).closest("[role=menuitem]");
    expect(home?.querySelector(".ant-badge-dot")).toBeNull();
  });

  it("shows no badge where nothing waits", () => {
    renderLayout("/operate/business/reply", vi.fn(), () => ({
      page: "reply",
      count: 0,
      label: "",
    }));
    expect(document.querySelector(".ant-badge")).toBeNull();
  });

  it("has no side menu for a top-level page without children", () => {
    renderLayout("/home");
    expect(screen.queryByRole("menu", { name: "侧边导航" })).not.toBeInTheDocument();
  });

  it("prefetches the page a menu link leads to on hover", async () => {
    const onPrefetch = renderLayout("/operate/advertise");
    const side = screen.getByRole("menu", { name: "侧边导航" });
    await userEvent.hover(within(side).getByRole("link", { name: "广告管理" }));
    expect(onPrefetch).toHaveBeenCalledWith("/operate/advertise");
  });

  it("shows the breadcrumb trail, linking all but the current page, and the page's h1", () => {
    renderLayout("/operate/business/reply");
    const trail = screen.getByRole("navigation");
    expect(trail).toHaveTextContent("运营管理/采购商机/商机回复");
    expect(within(trail).getByRole("link", { name: "运营管理" })).toBeInTheDocument();
    expect(within(trail).queryByRole("link", { name: "商机回复" })).not.toBeInTheDocument();
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent("商机回复");
  });
});
