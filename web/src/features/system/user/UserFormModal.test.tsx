import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { errorInfo, get, post, validate } from "@/lib/core";
import { UserFormModal } from "@/features/system/user/UserFormModal";
import { ops, type SysUser } from "@/lib/generated/ops";
import { ok } from "@/test/fakeCore";
import { renderUi } from "@/test/render";

vi.mock("@/lib/core", () =>
  import("@/test/fakeCore").then((m) => ({
    ...m.fakeCore(),
    rules: vi.fn(() => ({
      fields: [
        { field: "username", label: "用户名", required: true },
        { field: "nickname", label: "昵称", required: true },
        { field: "password", label: "密码", required: true, hint: "8-64位，至少三类字符" },
        { field: "roleIds", label: "角色", required: true },
      ],
    })),
    validate: vi.fn(() => []),
  })),
);

const ROLES = [{ id: 2, name: "运营", remark: "", parentId: null, version: 1, children: [] }];
const LI: SysUser = {
  id: 7,
  username: "lisi",
  nickname: "李四",
  avatar: "",
  roleIds: [2],
  roleNames: ["运营"],
  status: "enabled",
  createdAt: 0,
  version: 3,
};

function renderModal(props: Partial<Parameters<typeof UserFormModal>[0]> = {}) {
  const onSaved = vi.fn();
  const onCancel = vi.fn();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  renderUi(
    <QueryClientProvider client={client}>
      <UserFormModal onSaved={onSaved} onCancel={onCancel} {...props} />
    </QueryClientProvider>,
  );
  return { onSaved, onCancel };
}

function bizError(code: string, msg: string, fields: { field: string; message: string }[] = []) {
  return Object.assign(new Error(msg), { name: "BizError", code, msg, data: { fields } });
}

describe("UserFormModal", () => {
  beforeEach(() => {
    vi.mocked(get).mockResolvedValue(ok(ROLES));
    vi.mocked(post).mockReset();
    vi.mocked(validate).mockReset().mockReturnValue([]);
    vi.mocked(errorInfo).mockReset();
  });

  it("shows the core's errors at their fields and sends nothing", async () => {
    vi.mocked(validate).mockReturnValue([
      { field: "password", message: "密码须至少包含三类字符" },
      { field: "roleIds", message: "请至少选择一个角色" },
    ]);
    renderModal();
    expect(screen.getByText("8-64位，至少三类字符")).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText("用户名"), "wangwu");
    await userEvent.type(screen.getByLabelText("密码"), "abc12345");
    await userEvent.click(screen.getByRole("button", { name: "保存" }));
    expect(await screen.findByText("密码须至少包含三类字符")).toBeInTheDocument();
    // Each field's error list animates in on its own, so wait for the second one too.
    expect(await screen.findByText("请至少选择一个角色")).toBeInTheDocument();
    expect(validate).toHaveBeenCalledWith("sysUserCreate", {
      username: "wangwu",
      nickname: "",
      password: "abc12345",
      roleIds: [],
    });
    expect(post).not.toHaveBeenCalled();
    // Typing again clears that field's error.
    await userEvent.type(screen.getByLabelText("密码"), "X");
    await waitFor(() => expect(screen.queryByText("密码须至少包含三类字符")).toBeNull());
  });

  it("edits with the version, leaves a blank password out, and hands back the saved user", async () => {
    const saved = { ...LI, nickname: "李四四", version: 4 };
    vi.mocked(post).mockResolvedValue(ok(saved));
    const { onSaved } = renderModal({ user: LI });
    expect(screen.getByLabelText("用户名")).toBeDisabled();
    const nickname = screen.getByLabelText("昵称");
    await userEvent.clear(nickname);
    await userEvent.type(nickname, "李四四");
    await userEvent.click(screen.getByRole("button", { name: "保存" }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(saved));
    expect(validate).toHaveBeenCalledWith("sysUserUpdate", {
      username: "lisi",
      nickname: "李四四",
      password: "",
      roleIds: [2],
    });
    expect(post).toHaveBeenCalledWith(
      ops.sysUser.update.api,
      { id: 7, version: 3, nickname: "李四四", roleIds: [2] },
      { skipErrorHandler: true },
    );
  });

  it("keeps the dialog and what was typed on a conflict, with the message in an alert", async () => {
    vi.mocked(post).mockRejectedValue(bizError("data_conflict", "数据已被他人修改，请刷新后重试"));
    vi.mocked(errorInfo).mockReturnValue({
      name: "BizError",
      code: "data_conflict",
      conflict: true,
      message: "数据已被他人修改，请刷新后重试",
      fields: [],
    });
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
    vi.mocked(post).mockRejectedValue(bizError("data_duplicate", "用户名 admin 已存在"));
    vi.mocked(errorInfo).mockReturnValue({
      name: "BizError",
      code: "data_duplicate",
      conflict: false,
      message: "用户名 admin 已存在",
      fields: [{ field: "username", message: "用户名 admin 已存在" }],
    });
    renderModal();
    await userEvent.type(screen.getByLabelText("用户名"), "admin");
    await userEvent.click(screen.getByRole("button", { name: "保存" }));
    expect(await screen.findByText("用户名 admin 已存在")).toBeInTheDocument();
    expect(screen.getByLabelText("用户名")).toHaveAttribute("aria-invalid", "true");
    expect(screen.queryByRole("alert")).toBeNull();
  });
});
