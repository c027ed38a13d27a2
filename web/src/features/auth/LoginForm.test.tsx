import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { renderUi } from "@/test/render";
import { LoginForm } from "@/features/auth/LoginForm";
import { getUserInfo } from "@/lib/core";
import { ops } from "@/lib/generated/ops";
import { fail, fakeGateway, ok } from "@/test/gateway";

const alice = {
  id: 1,
  name: "admin",
  nickname: "系统管理员",
  avatar: "",
  roles: ["超级管理员"],
  perms: [],
};
/** The sign-in's answer: the user and this browser's device token for the account. */
const signedIn = { ...alice, device: "device-9" };

describe("LoginForm", () => {
  it("has the fields and button operators and tests look for", () => {
    renderUi(<LoginForm search="" onSuccess={vi.fn()} />);
    expect(screen.getByLabelText("用户名")).toBeInTheDocument();
    expect(screen.getByLabelText("密码")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "登录" })).toBeInTheDocument();
  });

  it("shows the core's field errors under the fields and sends nothing", async () => {
    const gateway = fakeGateway();
    renderUi(<LoginForm search="" onSuccess={vi.fn()} />);
    await userEvent.click(screen.getByRole("button", { name: "登录" }));
    expect(await screen.findByText("请输入用户名")).toBeInTheDocument();
    expect(screen.getByText("请输入密码")).toBeInTheDocument();
    expect(gateway.sent).toEqual([]);
    // Typing clears that field's error.
    await userEvent.type(screen.getByLabelText("用户名"), "a");
    expect(screen.queryByText("请输入用户名")).not.toBeInTheDocument();
  });

  it("shows why the app was sent here until a failure of its own replaces it", async () => {
    fakeGateway().answer(ops.session.login, fail("user_login_failed", "用户名或密码错误"));
    renderUi(<LoginForm search="" onSuccess={vi.fn()} notice="登录失败次数过多，请15分钟后再试" />);
    expect(screen.getByRole("alert")).toHaveTextContent("登录失败次数过多，请15分钟后再试");
    await userEvent.type(screen.getByLabelText("用户名"), "admin");
    await userEvent.type(screen.getByLabelText("密码"), "wrong");
    await userEvent.click(screen.getByRole("button", { name: "登录" }));
    expect(await screen.findByText("用户名或密码错误")).toBeInTheDocument();
    expect(screen.queryByText("登录失败次数过多，请15分钟后再试")).toBeNull();
  });

  it("shows the gateway's message and keeps the typed username", async () => {
    fakeGateway().answer(ops.session.login, fail("user_login_failed", "用户名或密码错误"));
    renderUi(<LoginForm search="" onSuccess={vi.fn()} />);
    await userEvent.type(screen.getByLabelText("用户名"), "admin");
    await userEvent.type(screen.getByLabelText("密码"), "wrong");
    await userEvent.click(screen.getByRole("button", { name: "登录" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("用户名或密码错误");
    expect(screen.getByLabelText("用户名")).toHaveValue("admin");
    expect(getUserInfo()).toBeUndefined();
  });

  it("signs in, keeps the session and hands the safe redirect to the page", async () => {
    const gateway = fakeGateway();
    gateway.answer(ops.session.login, ok(signedIn, "token-9"));
    const onSuccess = vi.fn();
    renderUi(<LoginForm search="?redirect=%2Fsystem%2Fuser" onSuccess={onSuccess} />);
    await userEvent.type(screen.getByLabelText("用户名"), "admin");
    await userEvent.type(screen.getByLabelText("密码"), "Admin@123");
    await userEvent.click(screen.getByRole("button", { name: "登录" }));
    await vi.waitFor(() => expect(onSuccess).toHaveBeenCalledWith("/system/user"));
    expect(gateway.calls(ops.session.login)).toEqual([
      { username: "admin", password: "Admin@123" },
    ]);
    expect(getUserInfo()).toEqual(alice);
    expect(localStorage.getItem("mat")).toBe("token-9");
    // Kept per account, for the account's next sign-in: not part of the stored user.
    expect(localStorage.getItem("adnur.device.admin")).toBe("device-9");
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });

  it("never redirects off the app, whatever the link says", async () => {
    fakeGateway().answer(ops.session.login, ok(signedIn, "token-9"));
    const onSuccess = vi.fn();
    renderUi(<LoginForm search="?redirect=https%3A%2F%2Fevil.example" onSuccess={onSuccess} />);
    await userEvent.type(screen.getByLabelText("用户名"), "admin");
    await userEvent.type(screen.getByLabelText("密码"), "Admin@123");
    await userEvent.click(screen.getByRole("button", { name: "登录" }));
    await vi.waitFor(() => expect(onSuccess).toHaveBeenCalledWith("/"));
  });
});
