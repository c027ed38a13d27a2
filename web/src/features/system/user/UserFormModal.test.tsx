import { QueryClientProvider } from "@tanstack/react-query";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { UserFormModal } from "@/features/system/user/UserFormModal";
import { ops, type RoleNode } from "@/lib/generated/ops";
import { fail, fakeGateway, ok, type FakeGateway } from "@/test/gateway";
import { testQueryClient } from "@/test/queryClient";
import { renderUi } from "@/test/render";
import { LI } from "@/test/sysUsers";

const ROLES: RoleNode[] = [
  { id: 2, name: "运营", remark: "", parentId: null, version: 1, children: [] },
];
let gateway: FakeGateway;

function renderModal(props: Partial<Parameters<typeof UserFormModal>[0]> = {}) {
  const onSaved = vi.fn();
  const onCancel = vi.fn();
  const client = testQueryClient();
  renderUi(
    <QueryClientProvider client={client}>
      <UserFormModal onSaved={onSaved} onCancel={onCancel} {...props} />
    </QueryClientProvider>,
  );
  return { onSaved, onCancel };
}

describe("UserFormModal", () => {
  beforeEach(() => {
    gateway = fakeGateway();
    gateway.answer(ops.sysUser.qryRoleTree, ok(ROLES));
  });

  it("shows the core's errors at their fields and sends nothing", async () => {
    renderModal();
    // The password policy, as the core words it.
    expect(
      screen.getByText(
        "8-64位，至少包含大写字母、小写字母、数字、符号中的三类，不含空格，且不能包含用户名",
      ),
    ).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText("用户名"), "wangwu");
    await userEvent.type(screen.getByLabelText("密码"), "abc12345");
    await userEvent.click(screen.getByRole("button", { name: "保存" }));
    expect(
      await screen.findByText("密码须至少包含大写字母、小写字母、数字、符号中的三类"),
    ).toBeInTheDocument();
    // Each field's error list animates in on its own, so wait for the others too.
    expect(await screen.findByText("请输入昵称")).toBeInTheDocument();
    expect(await screen.findByText("请至少选择一个角色")).toBeInTheDocument();
    expect(gateway.calls(ops.sysUser.create)).toEqual([]);
    // Typing again clears that field's error.
    await userEvent.type(screen.getByLabelText("密码"), "X");
    await waitFor(() =>
      expect(screen.queryByText("密码须至少包含大写字母、小写字母、数字、符号中的三类")).toBeNull(),
    );
  });

  it("edits with the version, leaves a blank password out, and hands back the saved user", async () => {
    const saved = { ...LI, nickname: "李四四", version: 4 };
    gateway.answer(ops.sysUser.update, ok(saved));
    const { onSaved } = renderModal({ user: LI });
    expect(screen.getByLabelText("用户名")).toBeDisabled();
    const nickname = screen.getByLabelText("昵称");
    await userEvent.clear(nickname);
    await userEvent.type(nickname, "李四四");
    await userEvent.click(screen.getByRole("button", { name: "保存" }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(saved));
    expect(await screen.findByText("已保存用户 lisi")).toBeInTheDocument();
    expect(gateway.calls(ops.sysUser.update)).toEqual([
      { id: 7, version: 3, nickname: "李四四", roleIds: [2] },
    ]);
  });

  it("keeps the dialog and what was typed on a conflict, with the message in an alert", async () => {
    gateway.answer(ops.sysUser.update, fail("data_conflict", "数据已被他人修改，请刷新后重试"));
    const { onSaved, onCancel } = renderModal({ user: LI });
    const nickname = screen.getByLabelText("昵称");
    await userEvent.clear(nickname);
    await userEvent.type(nickname, "我的改动");
    await userEvent.click(screen.getByRole("button", { name: "保存" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("数据已被他人修改，请刷新后重试");
    expect(screen.getByLabelText("昵称")).toHaveValue("我的改动");
    expect(onSaved).not.toHaveBeenCalled();
    expect(onCancel).not.toHaveBeenCalled();
  });

  it("puts the gateway's duplicate at the username field", async () => {
    gateway.answer(
      ops.sysUser.create,
      fail("data_duplicate", "用户名 admin 已存在", {
        fields: [{ field: "username", message: "用户名 admin 已存在" }],
      }),
    );
    renderModal();
    await userEvent.type(screen.getByLabelText("用户名"), "admin");
    await userEvent.type(screen.getByLabelText("昵称"), "管理员");
    await userEvent.type(screen.getByLabelText("密码"), "Secret#123");
    await userEvent.click(screen.getByLabelText("角色"));
    await userEvent.click(await screen.findByTitle("运营"));
    await userEvent.click(screen.getByRole("button", { name: "保存" }));
    expect(await screen.findByText("用户名 admin 已存在")).toBeInTheDocument();
    expect(screen.getByLabelText("用户名")).toHaveAttribute("aria-invalid", "true");
    expect(screen.queryByRole("alert")).toBeNull();
    expect(gateway.calls(ops.sysUser.create)).toEqual([
      { username: "admin", nickname: "管理员", password: "Secret#123", roleIds: [2] },
    ]);
  });
});
