import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it } from "vitest";
import { useShopMoves } from "@/features/shop/moves";
import { ops, type ShopImpact, type ShopRow } from "@/lib/generated/ops";
import { RowActions } from "@/kit/RowActions";
import { fail, fakeGateway, ok, type FakeGateway, type ReplyTo } from "@/test/gateway";
import { testQueryClient } from "@/test/queryClient";
import { renderUi } from "@/test/render";
import { shopRow } from "@/test/shops";

const REASONS = [{ key: "counterfeit", label: "售假", value: "" }];
const IMPACT: ShopImpact = {
  productsOnSale: 12,
  liveAds: 2,
  recommendations: 1,
  activityItems: 3,
  openInquiries: 5,
};
const NOTHING: ShopImpact = {
  productsOnSale: 0,
  liveAds: 0,
  recommendations: 0,
  activityItems: 0,
  openInquiries: 0,
};

let gateway: FakeGateway;
const user = userEvent.setup({ delay: null, pointerEventsCheck: 0 });

function Actions({ shop }: { shop: ShopRow }) {
  const moves = useShopMoves();
  return <RowActions actions={moves.actions(shop)} />;
}

function renderActions(status: string, client?: QueryClient): ShopRow {
  const shop = shopRow(3, "温州鞋业", status, Date.now(), 500, { version: 4 });
  const queries = client ?? testQueryClient();
  renderUi(
    <QueryClientProvider client={queries}>
      <Actions shop={shop} />
    </QueryClientProvider>,
  );
  return shop;
}

function dialogTitled(title: string): Promise<HTMLElement> {
  return waitFor(() => {
    const found = screen.getAllByRole("dialog").find((d) => within(d).queryByText(title));
    if (!found) throw new Error(`no dialog ${title}`);
    return found;
  });
}

/** The figure the dialog shows for `label` (the Descriptions' cell next to it). */
function figure(dialog: HTMLElement, label: string): string {
  const row = within(dialog)
    .getAllByRole("row")
    .find((r) => within(r).queryByText(label));
  if (!row) throw new Error(`no figure ${label}`);
  return within(row).getByRole("cell").textContent;
}

/** An answer held back until `release` is called. */
function held<T>(reply: ReplyTo<T>): { answer: () => Promise<ReplyTo<T>>; release: () => void } {
  const opened: { release?: () => void } = {};
  const gate = new Promise<void>((resolve) => {
    opened.release = resolve;
  });
  return {
    answer: async () => {
      await gate;
      return reply;
    },
    release: () => opened.release?.(),
  };
}

describe("a freeze's or a close's impact", () => {
  beforeEach(() => {
    gateway = fakeGateway();
    gateway.answer(ops.reason.list, ok(REASONS));
  });

  it("冻结 shows, while loading and then in figures, what the shop's freeze touches", async () => {
    const slow = held(ok(IMPACT));
    gateway.answer(ops.shop.impact, slow.answer);
    renderActions("active");
    await user.click(screen.getByRole("button", { name: "冻结" }));
    const dialog = await dialogTitled("冻结店铺 温州鞋业");
    expect(within(dialog).getByText("冻结期间店铺暂停营业，可随时解冻。")).toBeInTheDocument();
    // A named status region, as screen readers and axe take it (a named plain div is refused).
    expect(within(dialog).getByRole("status", { name: "影响范围加载中" })).toBeInTheDocument();
    // Not to be confirmed unseen: 冻结 waits for the figures.
    const confirm = within(dialog).getByRole("button", { name: "冻结" });
    expect(confirm).toBeDisabled();

    slow.release();
    await waitFor(() => expect(figure(dialog, "在售商品")).toBe("12 件"));
    expect(confirm).toBeEnabled();
    expect(within(dialog).queryByRole("status", { name: "影响范围加载中" })).toBeNull();
    expect(figure(dialog, "投放中的广告")).toBe("2 条");
    expect(figure(dialog, "首页推荐")).toBe("1 条");
    expect(figure(dialog, "活动中的店铺/商品")).toBe("3 项");
    expect(figure(dialog, "未完结的询价")).toBe("5 条");
    expect(within(dialog).getByText("以下内容会受到影响，请确认后再操作。")).toBeInTheDocument();
    expect(gateway.calls(ops.shop.impact)).toEqual([{ id: 3 }]);
  });

  it("关闭 of a frozen shop shows the close's note and says when nothing else is touched", async () => {
    gateway.answer(ops.shop.impact, ok(NOTHING));
    renderActions("frozen");
    await user.click(screen.getByRole("button", { name: "关闭" }));
    const dialog = await dialogTitled("关闭店铺 温州鞋业");
    expect(within(dialog).getByText("关闭后店铺不能再恢复营业。")).toBeInTheDocument();
    expect(
      await within(dialog).findByText("没有在售商品、广告、推荐、活动或未完结的询价受到影响。"),
    ).toBeInTheDocument();
    expect(figure(dialog, "首页推荐")).toBe("0 条");
  });

  it("a failed read says so with 重试, which brings the figures; the freeze can still be sent", async () => {
    gateway.answer(ops.shop.impact, fail("system_error", "服务暂时不可用"));
    const shop = renderActions("active");
    await user.click(screen.getByRole("button", { name: "冻结" }));
    const dialog = await dialogTitled("冻结店铺 温州鞋业");
    expect(await within(dialog).findByText("影响范围加载失败")).toBeInTheDocument();
    expect(within(dialog).getByText("服务暂时不可用")).toBeInTheDocument();
    expect(within(dialog).getByRole("button", { name: "冻结" })).toBeEnabled();

    gateway.answer(ops.shop.impact, ok(IMPACT));
    await user.click(within(dialog).getByRole("button", { name: "重试" }));
    await waitFor(() => expect(figure(dialog, "首页推荐")).toBe("1 条"));
    expect(within(dialog).queryByText("影响范围加载失败")).toBeNull();

    gateway.answer(ops.shop.setStatus, ok({ ...shop, status: "frozen", version: 5 }));
    await user.click(within(dialog).getByLabelText("原因"));
    await user.click(await screen.findByTitle("售假"));
    fireEvent.change(within(dialog).getByLabelText("具体原因"), { target: { value: "仿冒" } });
    await user.click(within(dialog).getByRole("button", { name: "冻结" }));
    expect(await screen.findByText("已冻结店铺 温州鞋业")).toBeInTheDocument();
  });

  it("is read afresh each time the dialog opens, not from a cache", async () => {
    const client = new QueryClient({
      defaultOptions: { queries: { retry: false, staleTime: 30_000 } },
    });
    gateway.answer(ops.shop.impact, ok(NOTHING));
    renderActions("active", client);
    await user.click(screen.getByRole("button", { name: "冻结" }));
    let dialog = await dialogTitled("冻结店铺 温州鞋业");
    await waitFor(() => expect(figure(dialog, "首页推荐")).toBe("0 条"));
    await user.click(within(dialog).getByRole("button", { name: "取消" }));
    await waitFor(() => expect(screen.queryByText("冻结店铺 温州鞋业")).toBeNull());

    // Meanwhile the shop was recommended on another screen.
    gateway.answer(ops.shop.impact, ok({ ...NOTHING, recommendations: 1 }));
    await user.click(screen.getByRole("button", { name: "冻结" }));
    dialog = await dialogTitled("冻结店铺 温州鞋业");
    await waitFor(() => expect(figure(dialog, "首页推荐")).toBe("1 条"));
    expect(gateway.calls(ops.shop.impact)).toHaveLength(2);
  });
});
