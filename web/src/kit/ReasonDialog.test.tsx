import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { callData } from "@/lib/core";
import { ops, type MemberRow, type ReasonOption } from "@/lib/generated/ops";
import { ReasonDialog, type Reason } from "@/kit/ReasonDialog";
import { fail, fakeGateway, ok, type FakeGateway } from "@/test/gateway";
import { BUYER } from "@/test/members";
import { renderRouted } from "@/test/renderRouted";

const CODES: ReasonOption[] = [
  { key: "fraud", label: "欺诈交易", value: "" },
  { key: "other", label: "其他", value: "" },
];
const MEMBER = { id: 7, version: 3, status: "banned" };
/** The member as `member.setStatus` answers once banned. */
const BANNED: MemberRow = { ...BUYER, ...MEMBER, version: 4 };

let gateway: FakeGateway;

/** The dialog as a ban would open it: its write is `member.setStatus` through `callData`. */
function renderDialog() {
  const onDone = vi.fn();
  const onCancel = vi.fn();
  const submit = vi.fn((reason: Reason) =>
    callData(ops.member.setStatus, { ...MEMBER, ...reason }),
  );
  renderRouted(
    <ReasonDialog
      reasonType="member_ban"
      title="封禁用户 张三"
      okText="封禁"
      extra={<p>封禁后该用户无法登录平台。</p>}
      submit={submit}
      onDone={onDone}
      onCancel={onCancel}
    />,
  );
  return {
    onDone,
    onCancel,
    submit,
    dialog: screen.getByRole("dialog", { name: "封禁用户 张三" }),
  };
}

async function pick(label: string) {
  await userEvent.click(screen.getByLabelText("原因"));
  await userEvent.click(await screen.findByTitle(label));
}

describe("ReasonDialog", () => {
  beforeEach(() => {
    gateway = fakeGateway();
    gateway.answer(ops.reason.list, ok(CODES));
  });

  it("offers the reason codes of the transition's type and says what the action does", async () => {
    const { dialog } = renderDialog();
    expect(within(dialog).getByText("封禁后该用户无法登录平台。")).toBeInTheDocument();
    await userEvent.click(screen.getByLabelText("原因"));
    expect(await screen.findByTitle("欺诈交易")).toBeInTheDocument();
    expect(screen.getByTitle("其他")).toBeInTheDocument();
    expect(gateway.calls(ops.reason.list)).toEqual([{ type: "member_ban" }]);
    // The core's hint for the text.
    expect(within(dialog).getByText("选择「其他」时必填")).toBeInTheDocument();
  });

  it("refuses at the field a ban without a reason, and 其他 without words; nothing is sent", async () => {
    const { submit, onDone } = renderDialog();
    await userEvent.click(screen.getByRole("button", { name: "封禁" }));
    expect(await screen.findByText("请选择原因")).toBeInTheDocument();
    expect(screen.getByLabelText("原因")).toHaveAttribute("aria-invalid", "true");

    await pick("其他");
    await waitFor(() => expect(screen.queryByText("请选择原因")).toBeNull());
    await userEvent.type(screen.getByLabelText("具体原因"), "   ");
    await userEvent.click(screen.getByRole("button", { name: "封禁" }));
    expect(await screen.findByText("选择「其他」时请填写具体原因")).toBeInTheDocument();
    expect(screen.getByLabelText("具体原因")).toHaveAttribute("aria-invalid", "true");
    expect(submit).not.toHaveBeenCalled();
    expect(gateway.calls(ops.member.setStatus)).toEqual([]);
    expect(onDone).not.toHaveBeenCalled();
  });

  it("sends the code and the trimmed words, then hands over to onDone", async () => {
    gateway.answer(ops.member.setStatus, ok(BANNED));
    const { onDone, onCancel } = renderDialog();
    await pick("其他");
    await userEvent.type(screen.getByLabelText("具体原因"), "  刷单  ");
    await userEvent.click(screen.getByRole("button", { name: "封禁" }));
    await waitFor(() => expect(onDone).toHaveBeenCalledTimes(1));
    expect(gateway.calls(ops.member.setStatus)).toEqual([
      { id: 7, version: 3, status: "banned", reasonCode: "other", reason: "刷单" },
    ]);
    expect(onCancel).not.toHaveBeenCalled();
  });

  it("shows a refusal inside itself and keeps what was typed; a second try can succeed", async () => {
    gateway.answer(ops.member.setStatus, fail("data_conflict", "数据已被他人修改，请刷新后重试"));
    const { dialog, onDone } = renderDialog();
    await pick("欺诈交易");
    await userEvent.type(screen.getByLabelText("具体原因"), "多次虚假交易");
    await userEvent.click(screen.getByRole("button", { name: "封禁" }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent(
      "数据已被他人修改，请刷新后重试",
    );
    expect(screen.getByLabelText("具体原因")).toHaveValue("多次虚假交易");
    expect(within(dialog).getByTitle("欺诈交易")).toBeInTheDocument();
    expect(onDone).not.toHaveBeenCalled();
    // The button is usable again (not stuck loading).
    const button = within(dialog).getByRole("button", { name: "封禁" });
    expect(button).toBeEnabled();

    gateway.answer(ops.member.setStatus, ok(BANNED));
    await userEvent.click(button);
    await waitFor(() => expect(onDone).toHaveBeenCalledTimes(1));
    expect(gateway.calls(ops.member.setStatus)).toHaveLength(2);
  });

  it("puts a refusal naming a field at that field, and another state's refusal in the alert", async () => {
    gateway.answer(
      ops.member.setStatus,
      fail("param_invalid", "原因须为字典中的原因", {
        fields: [{ field: "reasonCode", message: "原因须为字典中的原因" }],
      }),
    );
    const { dialog } = renderDialog();
    await pick("欺诈交易");
    await userEvent.click(screen.getByRole("button", { name: "封禁" }));
    expect(await within(dialog).findByText("原因须为字典中的原因")).toBeInTheDocument();
    expect(screen.getByLabelText("原因")).toHaveAttribute("aria-invalid", "true");
    expect(within(dialog).queryByRole("alert")).toBeNull();

    gateway.answer(ops.member.setStatus, fail("state_invalid", "状态不允许此操作"));
    await userEvent.click(screen.getByRole("button", { name: "封禁" }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent("状态不允许此操作");
  });

  it("cancels without sending", async () => {
    const { onCancel, submit } = renderDialog();
    await userEvent.click(screen.getByRole("button", { name: "取消" }));
    expect(onCancel).toHaveBeenCalledTimes(1);
    expect(submit).not.toHaveBeenCalled();
  });

  it("says so in the picker when the codes cannot be loaded", async () => {
    gateway.answer(ops.reason.list, fail("system_error", "系统繁忙，请稍后再试"));
    renderDialog();
    await userEvent.click(screen.getByLabelText("原因"));
    expect(await screen.findByText("原因加载失败")).toBeInTheDocument();
  });
});
