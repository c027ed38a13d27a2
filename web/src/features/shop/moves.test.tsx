import { QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, onTestFinished, vi } from "vitest";
import { useShopMoves } from "@/features/shop/moves";
import { bindEffects } from "@/lib/core";
import { ops, type ShopRow } from "@/lib/generated/ops";
import { RowActions } from "@/kit/RowActions";
import { fail, fakeGateway, ok, type FakeGateway } from "@/test/gateway";
import { testQueryClient } from "@/test/queryClient";
import { renderUi } from "@/test/render";
import { shopRow } from "@/test/shops";

const REASONS = [
  { key: "counterfeit", label: "售假", value: "" },
  { key: "other", label: "其他", value: "" },
];
const CONFLICT = "数据已被他人修改，请刷新后重试";
const IMPACT = {
  productsOnSale: 0,
  liveAds: 0,
  recommendations: 0,
  activityItems: 0,
  openInquiries: 0,
};

let gateway: FakeGateway;
// No pointer-events check: the test DOM's getComputedStyle walks every antd style rule for each
// ancestor, seconds per click on a full list screen.
const user = userEvent.setup({ delay: null, pointerEventsCheck: 0 });

function Actions({ shop }: { shop: ShopRow }) {
  const moves = useShopMoves();
  return <RowActions actions={moves.actions(shop)} />;
}

function renderActions(status: string): ShopRow {
  const shop = shopRow(3, "温州鞋业", status, Date.now(), 500, { version: 4 });
  const client = testQueryClient();
  renderUi(
    <QueryClientProvider client={client}>
      <Actions shop={shop} />
    </QueryClientProvider>,
  );
  return shop;
}

/** The open dialog (antd's ids are fixed under test, so found by its title text). */
function dialogTitled(title: string): Promise<HTMLElement> {
  return waitFor(() => {
    const found = screen.getAllByRole("dialog").find((d) => within(d).queryByText(title));
    if (!found) throw new Error(`no dialog ${title}`);
    return found;
  });
}

/** Picks reason `label` in the dialog's 原因 select. */
async function pickReason(dialog: HTMLElement, label: string) {
  await user.click(within(dialog).getByLabelText("原因"));
  await user.click(await screen.findByTitle(label));
}

describe("a shop's moves", () => {
  beforeEach(() => {
    gateway = fakeGateway();
    gateway.answer(ops.reason.list, ok(REASONS));
    gateway.answer(ops.shop.impact, ok(IMPACT));
  });

  it("offers what the lifecycle allows from each state", () => {
    renderActions("pending");
    expect(screen.getAllByRole("button").map((b) => b.textContent)).toEqual(["通过", "驳回"]);
  });

  it("通过 is the review's approve, with the version read", async () => {
    const shop = renderActions("pending");
    gateway.answer(ops.shop.audit, ok({ ...shop, status: "active", version: 5 }));
    await user.click(screen.getByRole("button", { name: "通过" }));
    expect(await screen.findByText("已通过店铺 温州鞋业")).toBeInTheDocument();
    expect(gateway.calls(ops.shop.audit)).toEqual([{ id: 3, version: 4, approve: true }]);
  });

  it("驳回 is the review's reject with the reason; 其他 needs words", async () => {
    const shop = renderActions("pending");
    gateway.answer(ops.shop.audit, ok({ ...shop, status: "rejected", version: 5 }));
    await user.click(screen.getByRole("button", { name: "驳回" }));
    const dialog = await dialogTitled("驳回店铺 温州鞋业");
    await pickReason(dialog, "其他");
    await user.click(within(dialog).getByRole("button", { name: "驳回" }));
    expect(await within(dialog).findByText("选择「其他」时请填写具体原因")).toBeInTheDocument();
    expect(gateway.calls(ops.shop.audit)).toEqual([]);
    fireEvent.change(within(dialog).getByLabelText("具体原因"), {
      target: { value: "资质照片模糊" },
    });
    await user.click(within(dialog).getByRole("button", { name: "驳回" }));
    expect(await screen.findByText("已驳回店铺 温州鞋业")).toBeInTheDocument();
    expect(gateway.calls(ops.shop.audit)).toEqual([
      { id: 3, version: 4, approve: false, reasonCode: "other", reason: "资质照片模糊" },
    ]);
  });

  it("冻结 is refused at the field without a reason; a stale version keeps the dialog and what was typed", async () => {
    const shop = renderActions("active");
    gateway.answer(ops.shop.setStatus, fail("data_conflict", CONFLICT));
    await user.click(screen.getByRole("button", { name: "冻结" }));
    const dialog = await dialogTitled("冻结店铺 温州鞋业");
    expect(within(dialog).getByText("冻结期间店铺暂停营业，可随时解冻。")).toBeInTheDocument();
    // The freeze can be confirmed once what it touches has loaded (a loaded machine takes a while).
    await waitFor(() => expect(within(dialog).getByRole("button", { name: "冻结" })).toBeEnabled());
    await user.click(within(dialog).getByRole("button", { name: "冻结" }));
    expect(
      await within(dialog).findByText(/原因/, { selector: ".ant-form-item-explain-error" }),
    ).toBeInTheDocument();
    expect(gateway.calls(ops.shop.setStatus)).toEqual([]);

    await pickReason(dialog, "售假");
    fireEvent.change(within(dialog).getByLabelText("具体原因"), {
      target: { value: "售卖仿冒商品" },
    });
    await user.click(within(dialog).getByRole("button", { name: "冻结" }));
    expect(await within(dialog).findByText(CONFLICT)).toBeInTheDocument();
    expect(gateway.calls(ops.shop.setStatus)).toEqual([
      { id: 3, version: 4, status: "frozen", reasonCode: "counterfeit", reason: "售卖仿冒商品" },
    ]);
    expect(within(dialog).getByLabelText("具体原因")).toHaveValue("售卖仿冒商品");

    // Taken on the next try: the toast, and the dialog goes.
    gateway.answer(ops.shop.setStatus, ok({ ...shop, status: "frozen", version: 5 }));
    await user.click(within(dialog).getByRole("button", { name: "冻结" }));
    expect(await screen.findByText("已冻结店铺 温州鞋业")).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText("冻结店铺 温州鞋业")).toBeNull());
  });

  it("解冻 needs no reason; a refusal toasts and changes nothing", async () => {
    const toasts = { error: vi.fn(), success: vi.fn(), info: vi.fn() };
    onTestFinished(bindEffects(vi.fn(), toasts));
    renderActions("frozen");
    gateway.answer(ops.shop.setStatus, fail("state_invalid", "状态不允许此操作"));
    await user.click(screen.getByRole("button", { name: "解冻" }));
    await waitFor(() => expect(toasts.error).toHaveBeenCalledWith("状态不允许此操作"));
    expect(gateway.calls(ops.shop.setStatus)).toEqual([{ id: 3, version: 4, status: "active" }]);
    expect(screen.queryByText(/已解冻/)).toBeNull();
  });
});
