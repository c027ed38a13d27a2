import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { beforeEach, describe, expect, it, onTestFinished, vi } from "vitest";
import { bindEffects, errorInfo } from "@/lib/core";
import { ops } from "@/lib/generated/ops";
import { useOpQuery } from "@/kit/queries";
import { declarationOf, useWrite } from "@/kit/write";
import { fail, fakeGateway, ok, type FakeGateway } from "@/test/gateway";
import { renderRouted } from "@/test/renderRouted";
import { countsOf, shopRow } from "@/test/shops";

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
});
