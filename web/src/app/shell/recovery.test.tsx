/**
 * A valid token without a readable `userInfo` (removed, or broken in localStorage) is recovered
 * through `user.current` at start: the page the user may open renders, with their nickname in the
 * header, never the 403 the access flags would give nobody.
 */
import { screen } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { beforeEach, describe, expect, it, onTestFinished, vi } from "vitest";
import { ShellRoute } from "@/app/shell/ShellRoute";
import { bindEffects } from "@/lib/core";
import { ops, type UserInfo } from "@/lib/generated/ops";
import { useMenuStore } from "@/stores/menu";
import { useSessionStore } from "@/stores/session";
import { fail, fakeGateway, ok, type FakeGateway } from "@/test/gateway";
import { USER_TREE, node, systemTree } from "@/test/menuTree";
import { renderUi } from "@/test/render";

/** The user tree with a page only `canSeeAdmin` opens (and no screen yet: its placeholder). */
const TREE = USER_TREE.map((n) =>
  n.data.name === "operate"
    ? { ...n, children: [...n.children, node("live", "直播带货", [], { access: "canSeeAdmin" })] }
    : n,
);

const ADMIN: UserInfo = {
  id: 1,
  name: "admin",
  nickname: "系统管理员",
  avatar: "",
  roles: ["超级管理员"],
  perms: [],
};
let gateway: FakeGateway;

function startAt(path: string, userInfo: string | undefined) {
  localStorage.setItem("mat", "token-1");
  if (userInfo !== undefined) localStorage.setItem("userInfo", userInfo);
  // A page load: nothing read from the gateway yet.
  useSessionStore.setState({ fresh: false });
  useSessionStore.getState().refresh();
  useSessionStore.setState({ fresh: false });
  const router = createMemoryRouter(
    [
      { path: "/login", element: <p>登录页</p> },
      { path: "*", element: <ShellRoute /> },
    ],
    { initialEntries: [path] },
  );
  // The core's navigation effects go through this router, as the app binds them.
  const toasts = { error: vi.fn(), success: vi.fn(), info: vi.fn() };
  onTestFinished(bindEffects((to) => router.navigate(to), toasts));
  renderUi(<RouterProvider router={router} />);
}

describe("session recovery at start", () => {
  beforeEach(() => {
    useMenuStore.getState().reset();
    gateway = fakeGateway();
    gateway.answer(ops.session.menuTree, ok(TREE));
    gateway.answer("systemMenuTree", ok(systemTree(TREE)));
  });

  for (const [what, stored] of [
    ["removed", undefined],
    ["broken", '{"id":1,"name":'],
    ["not a user", "[]"],
  ] as const) {
    it(`renders the page when userInfo is ${what}, with the nickname in the header`, async () => {
      gateway.answer(ops.session.current, ok(ADMIN));
      startAt("/operate/live", stored);
      expect(await screen.findByText("「直播带货」正在建设中，敬请期待")).toBeInTheDocument();
      expect(screen.queryByText("抱歉，您无权访问此页面")).toBeNull();
      expect(screen.getByTestId("user-menu")).toHaveTextContent("系统管理员");
      expect(gateway.calls(ops.session.current)).toHaveLength(1);
      expect(JSON.parse(localStorage.getItem("userInfo") ?? "")).toEqual(ADMIN);
    });
  }

  it("goes to the login page when the token is no longer valid", async () => {
    const invalid = fail("user_need_login_token_invalid", "请重新登录");
    gateway.answer(ops.session.current, invalid);
    gateway.answer(ops.session.menuTree, invalid);
    startAt("/operate/live", "{");
    expect(await screen.findByText("登录页")).toBeInTheDocument();
    expect(localStorage.getItem("mat")).toBeNull();
  });
});
