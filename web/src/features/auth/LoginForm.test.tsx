import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { renderUi } from "@/test/render";
import { LoginForm } from "@/features/auth/LoginForm";
import { login } from "@/lib/core";

vi.mock("@/lib/core", () => import("@/test/fakeCore").then((m) => m.fakeCore()));

const alice = { id: 1, name: "admin", nickname: "系统管理员", avatar: "", roles: ["超级管理员"] };

describe("LoginForm", () => {
  beforeEach(() => {
    vi.mocked(login).mockReset();
  });

  it("has the fields and button operators and tests look for", () => {
    renderUi(<LoginForm search="" onSuccess={vi.fn()} />);
    expect(screen.getByLabelText("用户名")).toBeInTheDocument();
    expect(screen.getByLabelText("密码")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "登录" })).toBeInTheDocument();
  });

  it("shows the core's field errors under the fields", async () => {
    vi.mocked(login).mockResolvedValue({
      kind: "invalid",
      fields: [
        { field: "username", message: "请输入用户名" },
        { field: "password", message: "请输入密码" },
      ],
    });
    renderUi(<LoginForm search="" onSuccess={vi.fn()} />);
    await userEvent.click(screen.getByRole("button", { name: "登录" }));
    expect(await screen.findByText("请输入用户名")).toBeInTheDocument();
    expect(screen.getByText("请输入密码")).toBeInTheDocument();
    expect(login).toHaveBeenCalledWith({ username: "", password: "" }, "");
  });

  it("shows the gateway's message and keeps the typed username", async () => {
    vi.mocked(login).mockResolvedValue({
      kind: "failed",
      code: "user_login_failed",
      msg: "用户名或密码错误",
    });
    renderUi(<LoginForm search="" onSuccess={vi.fn()} />);
    await userEvent.type(screen.getByLabelText("用户名"), "admin");
    await userEvent.type(screen.getByLabelText("密码"), "wrong");
    await userEvent.click(screen.getByRole("button", { name: "登录" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("用户名或密码错误");
    expect(screen.getByLabelText("用户名")).toHaveValue("admin");
  });

  it("hands the core's redirect to the page on success", async () => {
    vi.mocked(login).mockResolvedValue({ kind: "ok", user: alice, redirect: "/system/user" });
    const onSuccess = vi.fn();
    renderUi(<LoginForm search="?redirect=%2Fsystem%2Fuser" onSuccess={onSuccess} />);
    await userEvent.type(screen.getByLabelText("用户名"), "admin");
    await userEvent.type(screen.getByLabelText("密码"), "Admin@123");
    await userEvent.click(screen.getByRole("button", { name: "登录" }));
    await vi.waitFor(() => expect(onSuccess).toHaveBeenCalledWith("/system/user"));
    expect(login).toHaveBeenCalledWith(
      { username: "admin", password: "Admin@123" },
      "?redirect=%2Fsystem%2Fuser",
    );
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });
});
