import { QueryClientProvider } from "@tanstack/react-query";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router";
import { beforeEach, describe, expect, it, onTestFinished, vi } from "vitest";
import { UserList } from "@/features/system/user/UserList";
import { bindEffects } from "@/lib/core";
import { ops, type SysUser } from "@/lib/generated/ops";
import { fail, fakeGateway, ok, type FakeGateway } from "@/test/gateway";
import { testQueryClient } from "@/test/queryClient";
import { useSessionStore } from "@/stores/session";
import { must } from "@/test/must";
import { EVERY_CODE } from "@/test/perms";
import { renderUi } from "@/test/render";
import { LI } from "@/test/sysUsers";

let gateway: FakeGateway;
let users: SysUser[];
// No pointer-events check: the test DOM's getComputedStyle walks every antd style rule for each
// ancestor, seconds per click on a full list screen.
const user = userEvent.setup({ delay: null, pointerEventsCheck: 0 });

function renderList() {
  const client = testQueryClient();
  renderUi(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={["/system/user"]}>
        <UserList />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

/** The table row of user `username` (by text: role queries over a table are slow here). */
async function rowOf(username: string): Promise<HTMLElement> {
  const cell = await screen.findByText(username, { selector: "td" });
  return must(cell.closest("tr"));
}

/** The open Popconfirm's button `name`. */
async function confirm(name: RegExp) {
  const tooltip = await screen.findByRole("tooltip");
  await user.click(within(tooltip).getByRole("button", { name }));
}

describe("UserList", () => {
  beforeEach(() => {
    users = [LI];
    gateway = fakeGateway();
    gateway.answer(ops.sysUser.list, () =>
      ok({ list: users, total: users.length, page: 1, pageSize: 20 }),
    );
  });

  it("停用 asks first, saying what it does, sends the lifecycle's update and says so", async () => {
    gateway.answer(ops.sysUser.update, (params) => {
      const saved = { ...LI, status: params.status ?? LI.status, version: LI.version + 1 };
      users = [saved];
      return ok(saved);
    });
    renderList();
    await user.click(within(await rowOf("lisi")).getByRole("button", { name: "停用" }));
    expect(
      await screen.findByText("停用后该用户无法登录，已登录的会话会被结束。"),
    ).toBeInTheDocument();
    await confirm(/^\s*停\s*用\s*$/);
    expect(await screen.findByText("已停用用户 lisi")).toBeInTheDocument();
    expect(gateway.calls(ops.sysUser.update)).toEqual([{ id: 7, version: 3, status: "disabled" }]);
    // The list is read again: the row now offers 启用.
    await waitFor(async () =>
      expect(within(await rowOf("lisi")).getByRole("button", { name: "启用" })).toBeVisible(),
    );
  });

  it("shows the gateway's refusal of a delete as a toast and keeps the row", async () => {
    const toasts = { error: vi.fn(), success: vi.fn(), info: vi.fn() };
    onTestFinished(bindEffects(vi.fn(), toasts));
    gateway.answer(ops.sysUser.delete, fail("data_conflict", "数据已被他人修改，请刷新后重试"));
    renderList();
    await user.click(within(await rowOf("lisi")).getByRole("button", { name: "删除" }));
    await confirm(/^\s*删\s*除\s*$/);
    await waitFor(() =>
      expect(toasts.error).toHaveBeenCalledWith("数据已被他人修改，请刷新后重试"),
    );
    expect(screen.queryByText("已删除用户 lisi")).toBeNull();
    expect(gateway.calls(ops.sysUser.delete)).toEqual([{ id: 7, version: 3 }]);
    expect(await rowOf("lisi")).toBeInTheDocument();
  });

  it("deletes with the version and says so", async () => {
    gateway.answer(ops.sysUser.delete, () => {
      users = [];
      return ok({ id: 7 });
    });
    renderList();
    await user.click(within(await rowOf("lisi")).getByRole("button", { name: "删除" }));
    await confirm(/^\s*删\s*除\s*$/);
    expect(await screen.findByText("已删除用户 lisi")).toBeInTheDocument();
    expect(gateway.calls(ops.sysUser.delete)).toEqual([{ id: 7, version: 3 }]);
    expect(await screen.findByText("暂无系统用户")).toBeInTheDocument();
  });

  it("does not offer 停用 or 删除 on the signed-in user's own row, and says why", async () => {
    const signedIn = useSessionStore.getState().user;
    onTestFinished(() => useSessionStore.setState({ user: signedIn }));
    useSessionStore.setState({
      user: {
        id: LI.id,
        name: "lisi",
        nickname: "李四",
        avatar: "",
        roles: [],
        perms: [...EVERY_CODE],
      },
    });
    users = [LI, { ...LI, id: 8, username: "wangwu", nickname: "王五" }];
    renderList();
    const mine = await rowOf("lisi");
    for (const name of ["停用", "删除"]) {
      const link = within(mine).getByRole("button", { name });
      expect(link).toBeDisabled();
      await user.hover(must(link.closest(".kit-refused")));
      expect(await screen.findByText(`不能${name}当前登录的用户`)).toBeInTheDocument();
    }
    // Another user's row still offers both.
    const theirs = await rowOf("wangwu");
    expect(within(theirs).getByRole("button", { name: "停用" })).toBeEnabled();
    expect(within(theirs).getByRole("button", { name: "删除" })).toBeEnabled();
  });
});
