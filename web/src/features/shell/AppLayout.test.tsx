import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { AppLayout } from "@/features/shell/AppLayout";
import { Navigator } from "@/lib/core";
import { ADMIN, USER_TREE } from "@/test/menuTree";
import { renderUi } from "@/test/render";

/** The layout at `path`, with the menu and the trail the core's Navigator makes of the tree. */
function renderLayout(path: string, onPrefetch = vi.fn()) {
  const navigator = new Navigator(USER_TREE, ADMIN);
  renderUi(
    <MemoryRouter initialEntries={[path]}>
      <AppLayout
        menu={navigator.menu()}
        crumbs={navigator.breadcrumbs(path)}
        onPrefetch={onPrefetch}
      >
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

  it("shows the breadcrumb trail, linking all but the current page", () => {
    renderLayout("/operate/business/reply");
    const trail = screen.getByRole("navigation");
    expect(trail).toHaveTextContent("运营管理/采购商机/商机回复");
    expect(within(trail).getByRole("link", { name: "运营管理" })).toBeInTheDocument();
    expect(within(trail).queryByRole("link", { name: "商机回复" })).not.toBeInTheDocument();
  });
});
