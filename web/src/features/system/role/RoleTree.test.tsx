import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, onTestFinished, vi } from "vitest";
import { bindEffects } from "@/lib/core";
import { ops, type RoleNode } from "@/lib/generated/ops";
import { RoleTree } from "@/features/system/role/RoleTree";
import { fail, fakeGateway, ok, type FakeGateway } from "@/test/gateway";
import { renderRouted } from "@/test/renderRouted";

const PATH = "/system/role";
const DELETE = /删\s*除/;

function role(id: number, name: string, extra: Partial<RoleNode> = {}): RoleNode {
  return { id, name, remark: "", parentId: null, version: 1, children: [], ...extra };
}

const OPERATIONS = role(2, "运营", { version: 4 });
const TEMP = role(9, "临时活动组", { parentId: 2, version: 2 });

let gateway: FakeGateway;

function rowOf(name: string): HTMLElement {
  const row = screen.getByText(name, { selector: "td, td *" }).closest("tr");
  if (!row) throw new Error(`no row for ${name}`);
  return row;
}

beforeEach(() => {
  gateway = fakeGateway();
  gateway.answer(
    ops.role.roleTree,
    ok([role(1, "超级管理员"), { ...OPERATIONS, children: [TEMP] }]),
  );
});

describe("RoleTree (角色管理)", () => {
  it("deletes a role after a confirmation naming it; a role held by users is refused in the gateway's words", async () => {
    const toasts = { error: vi.fn(), success: vi.fn(), info: vi.fn() };
    onTestFinished(bindEffects(vi.fn(), toasts));
    const refusal = "角色「运营」仍被用户 operator 使用，且还有下级角色「临时活动组」，不能删除";
    gateway.answer(ops.role.deleteRole, (params) =>
      params.id === OPERATIONS.id ? fail("data_in_use", refusal) : ok({ id: params.id }),
    );
    renderRouted(<RoleTree />, PATH);
    await screen.findByText("临时活动组");

    await userEvent.click(within(rowOf("运营")).getByRole("button", { name: "删除" }));
    let confirm = await screen.findByRole("tooltip");
    expect(within(confirm).getByText("删除角色「运营」？")).toBeInTheDocument();
    await userEvent.click(within(confirm).getByRole("button", { name: DELETE }));
    await waitFor(() => expect(toasts.error).toHaveBeenCalledWith(refusal));
    expect(gateway.calls(ops.role.deleteRole)).toEqual([{ id: 2, version: 4 }]);
    expect(screen.getByText("运营")).toBeInTheDocument();

    const reads = gateway.calls(ops.role.roleTree).length;
    gateway.answer(ops.role.roleTree, ok([role(1, "超级管理员"), OPERATIONS]));
    await userEvent.click(within(rowOf("临时活动组")).getByRole("button", { name: "删除" }));
    confirm = await screen.findByRole("tooltip", { name: /临时活动组/ });
    await userEvent.click(within(confirm).getByRole("button", { name: DELETE }));
    expect(await screen.findByText("已删除角色「临时活动组」")).toBeInTheDocument();
    expect(gateway.calls(ops.role.deleteRole).at(-1)).toEqual({ id: 9, version: 2 });
    // The declared reads: the tree is read again, and the role is gone from it.
    await waitFor(() => expect(gateway.calls(ops.role.roleTree).length).toBeGreaterThan(reads));
    await waitFor(() => expect(screen.queryByText("临时活动组")).toBeNull());
  });
});
