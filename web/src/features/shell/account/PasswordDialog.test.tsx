import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Route, Routes, useLocation } from "react-router";
import { beforeEach, describe, expect, it, vi } from "vitest";
import PasswordDialog from "@/features/shell/account/PasswordDialog";
import { ops } from "@/lib/generated/ops";
import { useSessionStore } from "@/stores/session";
import { fail, fakeGateway, ok, type FakeGateway } from "@/test/gateway";
import { renderRouted } from "@/test/renderRouted";

let gateway: FakeGateway;

/** The sign-in page as far as this dialog cares: what the router's state says. */
function LoginSpy() {
  const state: unknown = useLocation().state;
  return <p>登录页：{(state as { notice?: string } | null)?.notice}</p>;
}

function renderDialog() {
  const onClose = vi.fn();
  const routed = renderRouted(
    <Routes>
      <Route path="/login" element={<LoginSpy />} />
      <Route path="*" element={<PasswordDialog onClose={onClose} />} />
    </Routes>,
    "/home",
  );
  return { onClose, ...routed };
}

async function fill(old: string, next: string, again = next) {
  await userEvent.type(screen.getByLabelText("原密码"), old);
  await userEvent.type(screen.getByLabelText("新密码"), next);
  await userEvent.type(screen.getByLabelText("确认新密码"), again);
  await userEvent.click(screen.getByRole("button", { name: "确定" }));
}

describe("PasswordDialog", () => {
  beforeEach(() => {
    gateway = fakeGateway();
    localStorage.setItem("mat", "token-1");
    localStorage.setItem(
      "userInfo",
      JSON.stringify({ id: 2, name: "operator", nickname: "运营小王", avatar: "", roles: [] }),
    );
    useSessionStore.getState().refresh();
  });

  it("checks with the core first: the policy, the login name and the confirmation", async () => {
    renderDialog();
    // The policy's hint, as the core words it.
    expect(
      screen.getByText(
        "8-64位，至少包含大写字母、小写字母、数字、符号中的三类，不含空格，且不能包含用户名",
      ),
    ).toBeInTheDocument();
    await fill("Operator@123", "New@operator1", "New@operator2");
    expect(await screen.findByText("新密码不能包含用户名")).toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText("新密码"));
    await userEvent.type(screen.getByLabelText("新密码"), "Better@2026");
    await userEvent.click(screen.getByRole("button", { name: "确定" }));
    expect(await screen.findByText("两次输入的新密码不一致")).toBeInTheDocument();
    expect(gateway.calls(ops.session.changePassword)).toEqual([]);
  });

  it("shows a wrong old password at 原密码 and keeps what was typed", async () => {
    gateway.answer(
      ops.session.changePassword,
      fail("param_invalid", "原密码不正确", {
        fields: [{ field: "oldPassword", message: "原密码不正确" }],
      }),
    );
    const { onClose } = renderDialog();
    await fill("Wrong@12345", "Better@2026");
    expect(await screen.findByText("原密码不正确")).toBeInTheDocument();
    expect(screen.getByLabelText("原密码")).toHaveAttribute("aria-invalid", "true");
    expect(screen.getByLabelText("新密码")).toHaveValue("Better@2026");
    expect(onClose).not.toHaveBeenCalled();
  });

  it("sends the old and new password only, toasts and closes", async () => {
    gateway.answer(ops.session.changePassword, ok(null));
    const { onClose } = renderDialog();
    await fill("Operator@123", "Better@2026");
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(await screen.findByText("修改密码成功")).toBeInTheDocument();
    expect(gateway.calls(ops.session.changePassword)).toEqual([
      { oldPassword: "Operator@123", newPassword: "Better@2026" },
    ]);
    expect(localStorage.getItem("mat")).toBe("token-1");
  });

  it("on the lock, forgets the ended session and goes to the sign-in page with the message", async () => {
    gateway.answer(
      ops.session.changePassword,
      fail("user_login_locked", "登录失败次数过多，请15分钟后再试"),
    );
    const { location } = renderDialog();
    await fill("Wrong@12345", "Better@2026");
    expect(await screen.findByText("登录页：登录失败次数过多，请15分钟后再试")).toBeInTheDocument();
    expect(location()).toBe("/login");
    expect(localStorage.getItem("mat")).toBeNull();
    expect(localStorage.getItem("userInfo")).toBeNull();
    expect(useSessionStore.getState().nickname).toBe("游客");
  });
});
