import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { ops, type MemberRow, type ProductRow, type ReasonOption } from "@/lib/generated/ops";
import { useMoves } from "@/kit/moves";
import { deleteAction, RowActions } from "@/kit/RowActions";
import { fail, fakeGateway, ok, type FakeGateway, type ReplyTo } from "@/test/gateway";
import { BUYER } from "@/test/members";
import { holdAllBut } from "@/test/perms";
import { productRow } from "@/test/products";
import { renderRouted } from "@/test/renderRouted";

const CODES: ReasonOption[] = [
  { key: "spam", label: "发布垃圾信息", value: "" },
  { key: "other", label: "其他", value: "" },
];

let gateway: FakeGateway;

/** 李雷 (member 9) as `member.setStatus` answers once in `status`. */
function member(status: string): MemberRow {
  return { ...BUYER, id: 9, nickname: "李雷", status, version: 3 };
}

const memberSubject = (m: MemberRow) => `用户 ${m.nickname}`;

/** A member's row actions, as the lifecycle and the core's moveRequest make them. */
function MemberActions({ row }: { row: MemberRow }) {
  const moves = useMoves({ entity: "member", subject: memberSubject });
  return <RowActions actions={moves.actions(row)} />;
}

function renderRow(status: string) {
  renderRouted(<MemberActions row={{ ...member(status), version: 2 }} />);
}

describe("RowActions with the lifecycle's transitions", () => {
  beforeEach(() => {
    gateway = fakeGateway();
    gateway.answer(ops.reason.list, ok(CODES));
  });

  it("offers only what the state allows", () => {
    renderRow("normal");
    expect(screen.getByRole("button", { name: "封禁" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "解封" })).toBeNull();
  });

  it("asks why before a ban: the reason's codes, the action's effect, and nothing sent yet", async () => {
    renderRow("normal");
    await userEvent.click(screen.getByRole("button", { name: "封禁" }));
    const dialog = await screen.findByRole("dialog", { name: "封禁用户 李雷" });
    // The transition's own words for what it means.
    expect(
      within(dialog).getByText("封禁后该用户无法登录平台，解封即可恢复。"),
    ).toBeInTheDocument();
    expect(gateway.calls(ops.reason.list)).toEqual([{ type: "member_ban" }]);
    await userEvent.click(within(dialog).getByRole("button", { name: "封禁" }));
    expect(await within(dialog).findByText("请选择原因")).toBeInTheDocument();
    expect(gateway.calls(ops.member.setStatus)).toEqual([]);
  });

  it("keeps the dialog on a refusal, closes it on success with the move's toast", async () => {
    gateway.answer(ops.member.setStatus, fail("data_conflict", "数据已被他人修改，请刷新后重试"));
    renderRow("normal");
    await userEvent.click(screen.getByRole("button", { name: "封禁" }));
    const dialog = await screen.findByRole("dialog", { name: "封禁用户 李雷" });
    await userEvent.click(within(dialog).getByLabelText("原因"));
    await userEvent.click(await screen.findByTitle("发布垃圾信息"));
    await userEvent.type(within(dialog).getByLabelText("具体原因"), "群发广告");
    await userEvent.click(within(dialog).getByRole("button", { name: "封禁" }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent(
      "数据已被他人修改，请刷新后重试",
    );
    expect(screen.queryByText("已封禁用户 李雷")).toBeNull();

    gateway.answer(ops.member.setStatus, ok(member("banned")));
    await userEvent.click(within(dialog).getByRole("button", { name: "封禁" }));
    expect(await screen.findByText("已封禁用户 李雷")).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(gateway.calls(ops.member.setStatus)).toEqual([
      { id: 9, version: 2, status: "banned", reasonCode: "spam", reason: "群发广告" },
      { id: 9, version: 2, status: "banned", reasonCode: "spam", reason: "群发广告" },
    ]);
  });

  it("cancelling the question sends nothing and can be asked again afresh", async () => {
    renderRow("normal");
    await userEvent.click(screen.getByRole("button", { name: "封禁" }));
    const dialog = await screen.findByRole("dialog", { name: "封禁用户 李雷" });
    await userEvent.type(within(dialog).getByLabelText("具体原因"), "草稿");
    // What was typed is not dropped without a word: 继续编辑 keeps it, 放弃修改 lets it go.
    await userEvent.click(within(dialog).getByRole("button", { name: "取消" }));
    await userEvent.click(await screen.findByRole("button", { name: "继续编辑" }));
    expect(within(dialog).getByLabelText("具体原因")).toHaveValue("草稿");
    await userEvent.click(within(dialog).getByRole("button", { name: "取消" }));
    // (The first question's dialog may still be leaving: the newest one is asked.)
    const [newest] = (await screen.findAllByRole("button", { name: "放弃修改" })).slice(-1);
    if (!newest) throw new Error("no 放弃修改");
    await userEvent.click(newest);
    await waitFor(() => expect(screen.queryByText("封禁用户 李雷")).toBeNull());
    await userEvent.click(screen.getByRole("button", { name: "封禁" }));
    // Found by its title: the leaving question's dialogs share the test DOM's ids.
    const again = (await screen.findByText("封禁用户 李雷")).closest<HTMLElement>(
      '[role="dialog"]',
    );
    if (!again) throw new Error("no dialog");
    expect(within(again).getByLabelText("具体原因")).toHaveValue("");
    expect(gateway.calls(ops.member.setStatus)).toEqual([]);
  });

  it("runs a move without a reason at once (解封), showing it as loading until it settles", async () => {
    let settle: (reply: ReplyTo<MemberRow>) => void = () => undefined;
    gateway.answer(ops.member.setStatus, () => new Promise((resolve) => (settle = resolve)));
    renderRow("banned");
    const unban = screen.getByRole("button", { name: "解封" });
    await userEvent.click(unban);
    expect(screen.queryByRole("dialog")).toBeNull();
    await waitFor(() => expect(unban).toHaveClass("ant-btn-loading"));
    expect(gateway.calls(ops.member.setStatus)).toEqual([{ id: 9, version: 2, status: "normal" }]);
    settle(ok(member("normal")));
    await waitFor(() => expect(unban).not.toHaveClass("ant-btn-loading"));
    expect(await screen.findByText("已解封用户 李雷")).toBeInTheDocument();
  });
});

const productSubject = (p: ProductRow) => `商品 ${p.title}`;

function ProductActions({ row }: { row: ProductRow }) {
  const moves = useMoves({ entity: "product", subject: productSubject });
  return <RowActions actions={moves.actions(row)} />;
}

describe("RowActions with a harmful move without a reason", () => {
  it("asks first in a Popconfirm, then sends the move as its transition declares", async () => {
    gateway = fakeGateway();
    gateway.answer(ops.product.setStatus, ok({ results: [{ id: 5, ok: true, skipped: false }] }));
    renderRouted(<ProductActions row={productRow(5, { title: "保温杯", status: "onSale" })} />);
    await userEvent.click(screen.getByRole("button", { name: "下架" }));
    expect(await screen.findByText("下架商品 保温杯？")).toBeInTheDocument();
    expect(gateway.calls(ops.product.setStatus)).toEqual([]);
    const tooltip = screen.getByRole("tooltip");
    await userEvent.click(within(tooltip).getByRole("button", { name: "下架" }));
    // product.setStatus moves many records in one call: the one row goes as `ids`.
    await waitFor(() =>
      expect(gateway.calls(ops.product.setStatus)).toEqual([{ ids: [5], status: "offSale" }]),
    );
  });
});

describe("RowActions and 按钮权限", () => {
  it("does not render an action whose operation the user may not call", () => {
    holdAllBut("system/dict", "delete");
    renderRouted(
      <RowActions
        actions={[
          { key: "edit", label: "编辑", op: ops.dict.save, run: vi.fn() },
          deleteAction(ops.dict.delete, "字典项 a", vi.fn()),
        ]}
      />,
    );
    expect(screen.getByRole("button", { name: "编辑" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "删除" })).toBeNull();
  });

  it("asks about a row's link that creates (新增下级) as a create, the others as edits", () => {
    holdAllBut("system/role", "create");
    renderRouted(
      <RowActions
        actions={[
          { key: "edit", label: "编辑", op: ops.role.saveRole, run: vi.fn() },
          { key: "child", label: "新增下级", op: ops.role.saveRole, creates: true, run: vi.fn() },
        ]}
      />,
    );
    expect(screen.getByRole("button", { name: "编辑" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "新增下级" })).toBeNull();
  });

  it("offers no move the user may not make, and draws nothing when no action is left", () => {
    holdAllBut("baseMgmt/userMgmt", "status");
    const { container } = renderRouted(<MemberActions row={member("normal")} />);
    expect(screen.queryByRole("button", { name: "封禁" })).toBeNull();
    expect(container.querySelector(".ant-space")).toBeNull();
  });
});
