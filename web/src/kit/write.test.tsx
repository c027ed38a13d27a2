import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { beforeEach, describe, expect, it, onTestFinished, vi } from "vitest";
import { bindEffects, errorInfo } from "@/lib/core";
import { ops } from "@/lib/generated/ops";
import { useOpQuery } from "@/kit/queries";
import { changesOwnMenus, declarationOf, useWrite } from "@/kit/write";
import { fail, fakeGateway, ok, type FakeGateway } from "@/test/gateway";
import { renderRouted } from "@/test/renderRouted";
import { countsOf, shopRow } from "@/test/shops";
import { signIn } from "@/test/menuTree";
import { useMenuStore } from "@/stores/menu";
import { useSessionStore } from "@/stores/session";
import type { SaveMenuParams, SystemMenuNode } from "@/lib/generated/ops";

const SAVE_MENU: SaveMenuParams = {
  id: 3,
  version: 1,
  parentId: null,
  alias: "店铺管理",
  name: "shops",
  visible: 1,
  sort: 10,
};
const SAVED_MENU: SystemMenuNode = {
  data: {
    id: 3,
    alias: "店铺管理",
    name: "shops",
    visible: 1,
    sort: 10,
    parentId: null,
    version: 2,
  },
  children: [],
};

const SHOP = shopRow(7, "宏发五金", "pending", Date.now(), 30, { version: 2 });

let gateway: FakeGateway;

/** Three reads on screen: one `shop.audit` makes stale, 操作日志, and one it does not touch. */
function Reads() {
  useOpQuery(ops.shop.list, { page: 1 });
  useOpQuery(ops.audit.list, { page: 1 });
  useOpQuery(ops.dict.list, { page: 1 });
  return null;
}

/** 通过 as a row link (`run`) and as a dialog's submit (`send`, which shows the refusal itself). */
function Approve({ success }: { success?: string }) {
  const audit = useWrite(ops.shop.audit, success);
  const [shown, setShown] = useState<string>();
  const params = { id: SHOP.id, version: SHOP.version, approve: true };
  return (
    <>
      <Reads />
      <button type="button" onClick={() => void audit.run(params)}>
        通过
      </button>
      <button
        type="button"
        onClick={() =>
          void audit.send(params).catch((error: unknown) => setShown(errorInfo(error).message))
        }
      >
        在对话框里通过
      </button>
      {shown ? <p role="alert">{shown}</p> : null}
    </>
  );
}

describe("useWrite", () => {
  beforeEach(() => {
    gateway = fakeGateway();
    gateway.answer(
      ops.shop.list,
      ok({ list: [SHOP], total: 1, page: 1, pageSize: 20, counts: countsOf([SHOP]) }),
    );
    gateway.answer(ops.audit.list, ok({ list: [], total: 0, page: 1, pageSize: 20 }));
    gateway.answer(ops.dict.list, ok({ list: [], total: 0, page: 1, pageSize: 20 }));
  });

  it("toasts the declared label and refreshes exactly the declared reads and 操作日志", async () => {
    gateway.answer(ops.shop.audit, ok({ ...SHOP, status: "active", version: 3 }));
    renderRouted(<Approve />);
    await waitFor(() => expect(gateway.calls(ops.dict.list)).toHaveLength(1));
    await userEvent.click(screen.getByRole("button", { name: "通过" }));
    expect(await screen.findByText("审核店铺成功")).toBeInTheDocument();
    await waitFor(() => expect(gateway.calls(ops.shop.list)).toHaveLength(2));
    await waitFor(() => expect(gateway.calls(ops.audit.list)).toHaveLength(2));
    expect(declarationOf(ops.shop.audit).stale).toContain(ops.shop.list.api);
    expect(declarationOf(ops.shop.audit).stale).not.toContain(ops.dict.list.api);
    expect(gateway.calls(ops.dict.list)).toHaveLength(1);
    expect(gateway.calls(ops.shop.audit)).toEqual([{ id: 7, version: 2, approve: true }]);
  });

  it("tells the app's other browser tabs the reads it made stale, and not a refusal", async () => {
    const other = new BroadcastChannel("adnur-admin");
    onTestFinished(() => other.close());
    const heard: unknown[] = [];
    other.onmessage = (event: MessageEvent) => heard.push(event.data);
    gateway.answer(ops.shop.audit, ok({ ...SHOP, status: "active", version: 3 }));
    renderRouted(<Approve />);
    await userEvent.click(screen.getByRole("button", { name: "通过" }));
    await waitFor(() =>
      expect(heard).toEqual([
        {
          kind: "stale",
          apis: [...declarationOf(ops.shop.audit).stale, ops.audit.list.api],
          menus: false,
        },
      ]),
    );
    // A stale version reads the list again here, but nothing was written: the others hear nothing.
    gateway.answer(ops.shop.audit, fail("data_conflict", "数据已被他人修改，请刷新后重试"));
    onTestFinished(bindEffects(vi.fn(), { error: vi.fn(), success: vi.fn(), info: vi.fn() }));
    const read = gateway.calls(ops.shop.list).length;
    await userEvent.click(screen.getByRole("button", { name: "通过" }));
    await waitFor(() => expect(gateway.calls(ops.shop.list).length).toBeGreaterThan(read));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(heard).toHaveLength(1);
  });

  it("says it in the screen's words when the screen has them", async () => {
    gateway.answer(ops.shop.audit, ok({ ...SHOP, status: "active", version: 3 }));
    renderRouted(<Approve success="已通过店铺 宏发五金" />);
    await userEvent.click(screen.getByRole("button", { name: "通过" }));
    expect(await screen.findByText("已通过店铺 宏发五金")).toBeInTheDocument();
  });

  it("a row's refusal is the catalogue's toast; nothing is refreshed or said to have worked", async () => {
    const toasts = { error: vi.fn(), success: vi.fn(), info: vi.fn() };
    onTestFinished(bindEffects(vi.fn(), toasts));
    gateway.answer(ops.shop.audit, fail("state_invalid", "状态不允许此操作"));
    renderRouted(<Approve />);
    await waitFor(() => expect(gateway.calls(ops.shop.list)).toHaveLength(1));
    await userEvent.click(screen.getByRole("button", { name: "通过" }));
    await waitFor(() => expect(toasts.error).toHaveBeenCalledWith("状态不允许此操作"));
    expect(screen.queryByText("审核店铺成功")).toBeNull();
    expect(gateway.calls(ops.shop.list)).toHaveLength(1);
  });

  it("a row's stale version reads the declared reads again; a dialog's keeps the screen as it is", async () => {
    onTestFinished(bindEffects(vi.fn(), { error: vi.fn(), success: vi.fn(), info: vi.fn() }));
    gateway.answer(ops.shop.audit, fail("data_conflict", "数据已被他人修改，请刷新后重试"));
    renderRouted(<Approve />);
    await waitFor(() => expect(gateway.calls(ops.shop.list)).toHaveLength(1));
    await userEvent.click(screen.getByRole("button", { name: "通过" }));
    await waitFor(() => expect(gateway.calls(ops.shop.list)).toHaveLength(2));
    await userEvent.click(screen.getByRole("button", { name: "在对话框里通过" }));
    // A read would move the row, and the dialog in it, away from what the operator typed.
    expect(await screen.findByRole("alert")).toHaveTextContent("数据已被他人修改");
    expect(gateway.calls(ops.shop.list)).toHaveLength(2);
    expect(gateway.calls(ops.dict.list)).toHaveLength(1);
  });

  it("a dialog's refusal rejects to the dialog, without a toast", async () => {
    const toasts = { error: vi.fn(), success: vi.fn(), info: vi.fn() };
    onTestFinished(bindEffects(vi.fn(), toasts));
    gateway.answer(ops.shop.audit, fail("data_conflict", "数据已被他人修改，请刷新后重试"));
    renderRouted(<Approve />);
    await userEvent.click(screen.getByRole("button", { name: "在对话框里通过" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("数据已被他人修改，请刷新后重试");
    expect(toasts.error).not.toHaveBeenCalled();
  });

  it("a write that declares the user's menu tree stale fetches it again; the open page follows its entry", async () => {
    const entry = (name: string, page?: string) => ({
      data: { name, alias: "店铺管理", visible: 1, ...(page ? { page } : {}) },
      children: [],
    });
    let tree = [entry("baseMgmt/shopMgmt", "baseMgmt/shopMgmt")];
    gateway.answer(ops.session.menuTree, () => ok(tree));
    gateway.answer("systemMenuTree", ok([]));
    signIn();
    useMenuStore.getState().reset();
    await useMenuStore.getState().load();
    expect(useMenuStore.getState().status).toBe("ready");
    onTestFinished(() => useMenuStore.getState().reset());
    window.history.replaceState(null, "", "/baseMgmt/shopMgmt?status=pending");
    onTestFinished(() => window.history.replaceState(null, "", "/"));
    // 菜单管理 renamed the entry: the tree now has the page elsewhere.
    tree = [entry("shops", "baseMgmt/shopMgmt")];
    gateway.answer(ops.menu.saveMenu, ok(SAVED_MENU));
    expect(declarationOf(ops.menu.saveMenu).stale).toContain(ops.session.menuTree.api);
    function Save() {
      const save = useWrite(ops.menu.saveMenu);
      return (
        <button type="button" onClick={() => void save.run(SAVE_MENU)}>
          保存菜单
        </button>
      );
    }
    renderRouted(<Save />);
    await userEvent.click(screen.getByRole("button", { name: "保存菜单" }));
    expect(await screen.findByText("保存菜单成功")).toBeInTheDocument();
    expect(gateway.calls(ops.menu.saveMenu)).toHaveLength(1);
    await waitFor(() => expect(gateway.calls(ops.session.menuTree)).toHaveLength(2));
    await waitFor(() => expect(useMenuStore.getState().moved).toBe("/shops?status=pending"));
    expect(useMenuStore.getState().navigator?.href("baseMgmt/shopMgmt", {})).toBe("/shops");
    // A write that leaves the menus alone fetches nothing.
    gateway.answer(ops.shop.audit, ok({ ...SHOP, status: "active", version: 3 }));
    renderRouted(<Approve />);
    const [approve] = screen.getAllByRole("button", { name: "通过" });
    if (approve) await userEvent.click(approve);
    expect(await screen.findByText("审核店铺成功")).toBeInTheDocument();
    expect(gateway.calls(ops.session.menuTree)).toHaveLength(2);
  });

  it("only a write that changes the signed-in user's own menus fetches their tree again", () => {
    signIn();
    useSessionStore.getState().refresh();
    const me = useSessionStore.getState().user?.id ?? 0;
    expect(me).toBeGreaterThan(0);
    // Menus, roles and a role's menus may change anyone's.
    expect(changesOwnMenus(ops.menu.saveMenu, SAVE_MENU)).toBe(true);
    expect(changesOwnMenus(ops.menu.deleteMenu, { id: 3, version: 1 })).toBe(true);
    expect(changesOwnMenus(ops.role.deleteRole, { id: 2, version: 1 })).toBe(true);
    // A system user's edit only when it is the signed-in user's own (their roles).
    expect(changesOwnMenus(ops.sysUser.update, { id: me + 1 })).toBe(false);
    expect(changesOwnMenus(ops.sysUser.update, { id: me })).toBe(true);
    // A refresh without params (a bulk run's) cannot tell: it may have been theirs.
    expect(changesOwnMenus(ops.sysUser.update)).toBe(true);
    // Deleting oneself is refused: a delete never changes one's own menus.
    expect(changesOwnMenus(ops.sysUser.delete, { id: me })).toBe(false);
    // Their nickname, password or a new user leave the menus alone, though the tree's tables
    // change (the declared stale reads still name it).
    expect(declarationOf(ops.session.updateProfile).stale).toContain(ops.session.menuTree.api);
    expect(changesOwnMenus(ops.session.updateProfile, { nickname: "小李" })).toBe(false);
    expect(
      changesOwnMenus(ops.session.changePassword, { oldPassword: "a", newPassword: "b" }),
    ).toBe(false);
    expect(changesOwnMenus(ops.sysUser.create, {})).toBe(false);
    expect(changesOwnMenus(ops.shop.audit, { id: 7 })).toBe(false);
  });
});
