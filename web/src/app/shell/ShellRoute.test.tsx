/**
 * The catch-all renders whatever the core resolves: login redirect before any menu call, a page
 * (lazy, named by the route alias), 403 in place, 404 after a redirect, a placeholder while the
 * tree loads.
 */
import { screen } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ShellRoute } from "@/app/shell/ShellRoute";
import { fetchSystemMenuTree, get, preflight, treeHasPath } from "@/lib/core";
import { ops } from "@/lib/generated/ops";
import { useMenuStore } from "@/stores/menu";
import { navigatorPlan, ok } from "@/test/fakeCore";
import { renderUi } from "@/test/render";

vi.mock("@/lib/core", () => import("@/test/fakeCore").then((m) => m.fakeCore()));

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: "/login", element: <p>登录页</p> },
      { path: "*", element: <ShellRoute /> },
    ],
    { initialEntries: [path] },
  );
  renderUi(<RouterProvider router={router} />);
  return router;
}

describe("ShellRoute", () => {
  beforeEach(() => {
    useMenuStore.getState().reset();
    navigatorPlan.menu = [
      { path: "/home", alias: "首页", icon: "HomeOutlined", children: [] },
      {
        path: "/baseMgmt",
        alias: "基础信息",
        icon: "ShopOutlined",
        children: [{ path: "/baseMgmt/shopMgmt", alias: "店铺管理", children: [] }],
      },
    ];
    navigatorPlan.crumbs = [];
  });
  afterEach(() => {
    vi.mocked(preflight).mockReset();
  });

  it("goes to the login page the core names, without asking for menus", async () => {
    vi.mocked(preflight).mockReturnValue({ kind: "redirect", to: "/login?redirect=%2Fhome" });
    const router = renderAt("/home");
    expect(await screen.findByText("登录页")).toBeInTheDocument();
    expect(router.state.location.search).toBe("?redirect=%2Fhome");
    expect(get).not.toHaveBeenCalled();
  });

  it("loads both trees once and renders the resolved page with its alias", async () => {
    navigatorPlan.resolve = (pathname) => ({
      kind: "page",
      path: pathname,
      page: "baseMgmt/shopMgmt",
      alias: "店铺管理",
    });
    navigatorPlan.crumbs = [
      { path: "/baseMgmt", alias: "基础信息" },
      { path: "/baseMgmt/shopMgmt", alias: "店铺管理" },
    ];
    renderAt("/baseMgmt/shopMgmt");
    expect(await screen.findByText("「店铺管理」正在建设中，敬请期待")).toBeInTheDocument();
    expect(get).toHaveBeenCalledWith(ops.session.menuTree.api, {}, undefined);
    expect(fetchSystemMenuTree).toHaveBeenCalledOnce();
    // Menus and breadcrumbs come from the Navigator.
    expect(screen.getAllByRole("link", { name: "基础信息" }).length).toBeGreaterThan(0);
    expect(screen.getAllByRole("link", { name: "店铺管理" }).length).toBeGreaterThan(0);
  });

  it("shows the 403 result in place for a forbidden route", async () => {
    navigatorPlan.resolve = (pathname) => ({ kind: "forbidden", path: pathname });
    renderAt("/system/user");
    expect(await screen.findByText("抱歉，您无权访问此页面")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "返回首页" })).toBeInTheDocument();
  });

  it("follows the core's redirect to 404 and says when the page exists in the system tree", async () => {
    vi.mocked(treeHasPath).mockReturnValue(true);
    vi.mocked(fetchSystemMenuTree).mockResolvedValue(ok([{ data: { name: "system" } }]));
    navigatorPlan.resolve = (pathname) =>
      pathname === "/exception/404"
        ? { kind: "fixed", page: "404", key: "exception/404" }
        : { kind: "redirect", to: "/exception/404" };
    const router = renderAt("/system/menu");
    expect(await screen.findByText("抱歉，您访问的页面不存在")).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/exception/404");
    expect(await screen.findByText("该页面不在您的菜单中，请联系管理员开通")).toBeInTheDocument();
    expect(treeHasPath).toHaveBeenCalledWith([{ data: { name: "system" } }], "/system/menu");
  });

  it("says nothing more on 404 when the system tree lacks the path", async () => {
    vi.mocked(treeHasPath).mockReturnValue(false);
    navigatorPlan.resolve = (pathname) =>
      pathname === "/exception/404"
        ? { kind: "fixed", page: "404", key: "exception/404" }
        : { kind: "redirect", to: "/exception/404" };
    renderAt("/nowhere");
    expect(await screen.findByText("抱歉，您访问的页面不存在")).toBeInTheDocument();
    expect(screen.queryByText("该页面不在您的菜单中，请联系管理员开通")).not.toBeInTheDocument();
  });

  it("shows a quiet placeholder while the tree loads", async () => {
    vi.mocked(get).mockReturnValue(new Promise(() => undefined));
    renderAt("/home");
    expect(await screen.findByTestId("page-skeleton")).toBeInTheDocument();
  });

  it("offers a retry when the tree cannot be loaded", async () => {
    vi.mocked(get).mockResolvedValueOnce({
      success: false,
      code: "system_error",
      msg: "系统繁忙，请稍后再试",
      data: null,
    });
    renderAt("/home");
    expect(await screen.findByText("菜单加载失败")).toBeInTheDocument();
    expect(screen.getByText("系统繁忙，请稍后再试")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "重试" })).toBeInTheDocument();
  });
});
