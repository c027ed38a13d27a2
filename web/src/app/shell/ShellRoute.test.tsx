/**
 * The catch-all renders whatever the core resolves: login redirect before any menu call, a page
 * (lazy, named by the route alias), 403 in place, 404 after a redirect, a placeholder while the
 * tree loads; a menu link to a kept tab's address shows that tab at once. The core's Navigator
 * works on the menu tree the faked gateway answers.
 */
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter, RouterProvider } from "react-router";
import { beforeEach, describe, expect, it, onTestFinished, vi } from "vitest";
import { ShellRoute } from "@/app/shell/ShellRoute";
import { bindEffects } from "@/lib/core";
import { ops } from "@/lib/generated/ops";
import { useMenuStore } from "@/stores/menu";
import { fail, fakeGateway, ok, type FakeGateway } from "@/test/gateway";
import { ADMIN, SYSTEM_TREE, USER_TREE, node, signIn, systemTree } from "@/test/menuTree";
import { renderUi } from "@/test/render";

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

let gateway: FakeGateway;

describe("ShellRoute", () => {
  beforeEach(() => {
    useMenuStore.getState().reset();
    gateway = fakeGateway();
    gateway.answer(ops.session.menuTree, ok(USER_TREE));
    gateway.answer("systemMenuTree", ok(SYSTEM_TREE));
  });

  it("goes to the login page the core names, without asking for menus", async () => {
    const router = renderAt("/home");
    expect(await screen.findByText("登录页")).toBeInTheDocument();
    expect(router.state.location.search).toBe("?redirect=%2Fhome");
    expect(gateway.sent).toEqual([]);
  });

  it("loads both trees once and renders the resolved page with its alias", async () => {
    signIn();
    // A menu added in 菜单管理 before its screen's code: the placeholder names it by its alias.
    const withNew = USER_TREE.map((n) =>
      n.data.name === "operate" ? { ...n, children: [...n.children, node("live", "直播带货")] } : n,
    );
    gateway.answer(ops.session.menuTree, ok(withNew));
    gateway.answer("systemMenuTree", ok(systemTree(withNew)));
    renderAt("/operate/live");
    expect(await screen.findByText("「直播带货」正在建设中，敬请期待")).toBeInTheDocument();
    expect(gateway.calls(ops.session.menuTree)).toHaveLength(1);
    expect(gateway.calls("systemMenuTree")).toHaveLength(1);
    // Menus and breadcrumbs come from the Navigator.
    expect(screen.getAllByRole("link", { name: "运营管理" }).length).toBeGreaterThan(0);
    expect(screen.getAllByRole("link", { name: "直播带货" }).length).toBeGreaterThan(0);
  });

  it("shows the 403 result in place for a route the user's access does not open", async () => {
    signIn({ ...ADMIN, name: "dontHaveAccess" });
    const router = renderAt("/system/user");
    expect(await screen.findByText("抱歉，您无权访问此页面")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "返回首页" })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/system/user");
  });

  it("follows the core's redirect to 404 and says when the page exists in the system tree", async () => {
    signIn();
    const router = renderAt("/system/menu");
    expect(await screen.findByText("抱歉，您访问的页面不存在")).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/exception/404");
    expect(await screen.findByText("该页面不在您的菜单中，请联系管理员开通")).toBeInTheDocument();
  });

  it("says nothing more on 404 when the system tree lacks the path", async () => {
    signIn();
    renderAt("/nowhere");
    expect(await screen.findByText("抱歉，您访问的页面不存在")).toBeInTheDocument();
    expect(screen.queryByText("该页面不在您的菜单中，请联系管理员开通")).not.toBeInTheDocument();
  });

  it("shows a quiet placeholder while the tree loads", async () => {
    signIn();
    gateway.answer(ops.session.menuTree, () => new Promise(() => undefined));
    renderAt("/home");
    expect(await screen.findByTestId("page-skeleton")).toBeInTheDocument();
  });

  it("offers a retry when the tree cannot be loaded, and 重试 loads it", async () => {
    signIn();
    const toasts = { error: vi.fn(), success: vi.fn(), info: vi.fn() };
    onTestFinished(bindEffects(vi.fn(), toasts));
    gateway.answer(ops.session.menuTree, fail("system_error", "系统繁忙，请稍后再试"));
    renderAt("/home");
    expect(await screen.findByText("菜单加载失败")).toBeInTheDocument();
    expect(screen.getByText("系统繁忙，请稍后再试")).toBeInTheDocument();
    // The core's toast says it too.
    expect(toasts.error).toHaveBeenCalledWith("系统繁忙，请稍后再试");
    gateway.answer(ops.session.menuTree, ok(USER_TREE));
    await userEvent.click(screen.getByRole("button", { name: "重试" }));
    expect(await screen.findByRole("link", { name: "首页" })).toBeInTheDocument();
    expect(screen.queryByText("菜单加载失败")).not.toBeInTheDocument();
  });

  it("shows a kept tab from a menu link to its address at once, and goes there after the paint", async () => {
    signIn();
    const tree = USER_TREE.map((n) =>
      n.data.name === "operate"
        ? { ...n, children: [...n.children, node("live", "直播带货"), node("fair", "展会")] }
        : n,
    );
    gateway.answer(ops.session.menuTree, ok(tree));
    gateway.answer("systemMenuTree", ok(systemTree(tree)));
    const router = renderAt("/operate/live");
    const live = await screen.findByText("「直播带货」正在建设中，敬请期待");
    await act(() => router.navigate("/operate/fair"));
    const fair = await screen.findByText("「展会」正在建设中，敬请期待");
    expect(live).not.toBeVisible();

    const frames: FrameRequestCallback[] = [];
    vi.spyOn(window, "requestAnimationFrame").mockImplementation((frame) => frames.push(frame));
    onTestFinished(() => {
      vi.restoreAllMocks();
    });
    const side = screen.getByRole("menu", { name: "侧边导航" });
    // A click that opens a new browser tab shows nothing here.
    fireEvent.click(within(side).getByRole("link", { name: "直播带货" }), { ctrlKey: true });
    expect(live).not.toBeVisible();
    fireEvent.click(within(side).getByRole("link", { name: "直播带货" }));
    // Before any paint: the kept page is shown, under its own heading, at the old address.
    expect(live).toBeVisible();
    expect(fair).not.toBeVisible();
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent("直播带货");
    expect(router.state.location.pathname).toBe("/operate/fair");
    act(() => frames.splice(0).forEach((frame) => frame(performance.now())));
    await waitFor(() => expect(router.state.location.pathname).toBe("/operate/live"));
    expect(live).toBeVisible();
    expect(fair).not.toBeVisible();
  });
});
