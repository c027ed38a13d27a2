import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ReactElement } from "react";
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from "vitest";
import { bindEffects } from "@/lib/core";
import { ops, type ActivityDetail as Detail } from "@/lib/generated/ops";
import { ActivityDetail } from "@/features/activity/ActivityDetail";
import {
  CANDIDATE_PRODUCTS,
  CANDIDATE_SHOPS,
  DRAFT_DETAIL,
  FROZEN_SHOP_ITEM,
  ONLINE,
  ONLINE_DETAIL,
  PRODUCT_ITEM,
  SHOP_ITEM,
} from "@/test/activity";
import { fail, fakeGateway, ok, type FakeGateway } from "@/test/gateway";
import { layOutRows } from "@/test/layout";
import { renderRouted } from "@/test/renderRouted";

vi.mock("antd-img-crop", () => ({
  default: ({ children }: { children: ReactElement }) => children,
}));

const URL_ = "/operate/thematicDetails?id=32";
let gateway: FakeGateway;

/** The catalogue's toasts (a refused write's words), for this test. */
function catalogueToasts() {
  const toasts = { error: vi.fn(), success: vi.fn(), info: vi.fn() };
  onTestFinished(bindEffects(vi.fn(), toasts));
  return toasts;
}

const ITEMS_SENT = [
  { kind: "shop", targetId: 7 },
  { kind: "product", targetId: 7 },
  { kind: "shop", targetId: 9 },
];

function rowOf(name: string): HTMLElement {
  const row = Array.from(document.querySelectorAll<HTMLElement>("tr[data-row-key]")).find((r) =>
    within(r).queryByText(name),
  );
  if (!row) throw new Error(`no row for ${name}`);
  return row;
}

/**
 * The open dialog titled `title`. By its title's text rather than by role: a role query weighs
 * every element of this large page for visibility, which is slow in the test DOM.
 */
async function findModal(title: string): Promise<HTMLElement> {
  const heading = await screen.findByText(title, { selector: ".ant-modal-title" });
  const modal = heading.closest<HTMLElement>(".ant-modal");
  if (!modal) throw new Error(`no dialog titled ${title}`);
  return modal;
}

/**
 * The button labelled `label` in `container`, by its label's text: a role query checks every
 * candidate's computed style up to the root, which takes seconds per row on this page here.
 */
function buttonIn(container: HTMLElement, label: string): HTMLElement {
  const button = within(container)
    .getByText(label, { selector: "button span" })
    .closest<HTMLElement>("button");
  if (!button) throw new Error(`no button ${label}`);
  return button;
}

/** The open Popconfirm asking `question`. */
async function findConfirm(question: string): Promise<HTMLElement> {
  const text = await screen.findByText(question);
  const popover = text.closest<HTMLElement>(".ant-popover");
  if (!popover) throw new Error(`no confirmation asking ${question}`);
  return popover;
}

/** The item names in the table's order. */
const itemNames = () =>
  Array.from(document.querySelectorAll("tr[data-row-key]")).map(
    (tr) => tr.querySelectorAll("td")[2]?.textContent,
  );

/** Rows laid out 40px apart, for the keyboard drag's coordinates (happy-dom lays nothing out). */
/** saveItems answered with the list it was sent, one version on. */
function echoItems() {
  gateway.answer(ops.activity.saveItems, (params) => {
    const all = [SHOP_ITEM, PRODUCT_ITEM, FROZEN_SHOP_ITEM];
    const items = params.items.map(
      (ref) => all.find((i) => i.kind === ref.kind && i.targetId === ref.targetId) ?? SHOP_ITEM,
    );
    const answer: Detail = { activity: { ...ONLINE, version: 7 }, items };
    return ok(answer);
  });
}

describe("ActivityDetail (专题详情)", () => {
  beforeEach(() => {
    gateway = fakeGateway();
    gateway.answer(ops.activity.detail, ok(ONLINE_DETAIL));
    gateway.answer(ops.history.list, ok([]));
    gateway.answer(ops.activity.candidates, (params) =>
      ok(params.kind === "shop" ? CANDIDATE_SHOPS : CANDIDATE_PRODUCTS),
    );
  });

  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("shows the activity's facts, its actions and its items in order, a frozen shop flagged", async () => {
    renderRouted(<ActivityDetail />, URL_);
    expect(await screen.findByRole("heading", { name: "跨境电商爆款专区" })).toBeInTheDocument();
    expect(screen.getByRole("img", { name: "跨境电商爆款专区的横幅" })).toHaveAttribute(
      "src",
      ONLINE.bannerUrl,
    );
    expect(screen.getByText("精选出口热销商品，限时上架")).toBeInTheDocument();
    expect(screen.getByText("下线", { selector: "button span" })).toBeInTheDocument();
    expect(screen.getByText("编辑", { selector: "button span" })).toBeInTheDocument();
    expect(screen.queryByText("上线", { selector: "button span" })).toBeNull();
    expect(screen.getByText("专题内容（3）")).toBeInTheDocument();
    expect(itemNames()).toEqual(["义乌小商品旗舰店", "纯棉连衣裙", "温州鞋业工厂店"]);
    expect(within(rowOf("纯棉连衣裙")).getByText("商品")).toBeInTheDocument();
    expect(within(rowOf("纯棉连衣裙")).getByText("在售")).toBeInTheDocument();
    expect(within(rowOf("义乌小商品旗舰店")).getByText("营业中")).toBeInTheDocument();
    expect(within(rowOf("温州鞋业工厂店")).getByText("店铺已冻结")).toBeInTheDocument();
    expect(within(rowOf("义乌小商品旗舰店")).queryByText("店铺已冻结")).toBeNull();
    expect(gateway.calls(ops.activity.detail)).toEqual([{ id: 32 }]);
    expect(gateway.calls(ops.history.list)).toEqual([{ entity: "activity", id: 32 }]);
  });

  it("adds a shop picked from the candidates, sending the whole list with the version", async () => {
    echoItems();
    renderRouted(<ActivityDetail />, URL_);
    await screen.findByText("温州鞋业工厂店");
    expect(screen.getByRole("button", { name: /添\s*加/ })).toBeDisabled();
    // The kind switch: antd's Segmented hides its radio inputs behind their labels.
    const shopKind = screen.getByRole("radio", { name: "店铺" }).closest("label");
    if (!shopKind) throw new Error("no 店铺 switch");
    await userEvent.click(shopKind);
    await userEvent.click(screen.getByRole("combobox", { name: "选择店铺" }));
    await userEvent.click(await screen.findByText("临沂板材厂"));
    expect(gateway.calls(ops.activity.candidates)).toContainEqual({ kind: "shop", keyword: "" });
    await userEvent.click(screen.getByRole("button", { name: /添\s*加/ }));
    expect(await screen.findByText("已添加店铺「临沂板材厂」")).toBeInTheDocument();
    expect(gateway.calls(ops.activity.saveItems)).toEqual([
      { id: 32, version: 6, items: [...ITEMS_SENT, { kind: "shop", targetId: 51 }] },
    ]);
    await waitFor(() => expect(gateway.calls(ops.activity.detail)).toHaveLength(2));
  });

  it("shows why an item could not be added and keeps it picked", async () => {
    const toasts = catalogueToasts();
    gateway.answer(
      ops.activity.saveItems,
      fail("param_invalid", "第 4 项：蓝牙耳机已下架，不能加入专题", {
        fields: [{ field: "items[3]", message: "第 4 项：蓝牙耳机已下架，不能加入专题" }],
      }),
    );
    renderRouted(<ActivityDetail />, URL_);
    await screen.findByText("温州鞋业工厂店");
    await userEvent.click(screen.getByRole("combobox", { name: "选择商品" }));
    await userEvent.click(await screen.findByText("蓝牙耳机"));
    await userEvent.click(screen.getByRole("button", { name: /添\s*加/ }));
    await waitFor(() =>
      expect(toasts.error).toHaveBeenCalledWith("第 4 项：蓝牙耳机已下架，不能加入专题"),
    );
    expect(gateway.calls(ops.activity.saveItems)).toEqual([
      { id: 32, version: 6, items: [...ITEMS_SENT, { kind: "product", targetId: 42 }] },
    ]);
    expect(screen.getByRole("button", { name: /添\s*加/ })).toBeEnabled();
    expect(itemNames()).toEqual(["义乌小商品旗舰店", "纯棉连衣裙", "温州鞋业工厂店"]);
  });

  it("removes an item after asking, sending the list without it", async () => {
    echoItems();
    renderRouted(<ActivityDetail />, URL_);
    await screen.findByText("纯棉连衣裙");
    await userEvent.click(buttonIn(rowOf("纯棉连衣裙"), "移除"));
    const confirm = await findConfirm("从专题中移除商品「纯棉连衣裙」？");
    expect(gateway.calls(ops.activity.saveItems)).toEqual([]);
    await userEvent.click(within(confirm).getByRole("button", { name: /移\s*除/ }));
    expect(await screen.findByText("已移除商品「纯棉连衣裙」")).toBeInTheDocument();
    expect(gateway.calls(ops.activity.saveItems)).toEqual([
      {
        id: 32,
        version: 6,
        items: [
          { kind: "shop", targetId: 7 },
          { kind: "shop", targetId: 9 },
        ],
      },
    ]);
  });

  it("reorders items from the keyboard and saves the new order", async () => {
    layOutRows();
    echoItems();
    renderRouted(<ActivityDetail />, URL_);
    await screen.findByText("纯棉连衣裙");
    within(rowOf("义乌小商品旗舰店")).getByLabelText("拖动排序：义乌小商品旗舰店").focus();
    await userEvent.keyboard("[Space]");
    await userEvent.keyboard("[ArrowDown]");
    await userEvent.keyboard("[Space]");
    expect(await screen.findByText("已保存新的顺序")).toBeInTheDocument();
    expect(gateway.calls(ops.activity.saveItems)).toEqual([
      {
        id: 32,
        version: 6,
        items: [
          { kind: "product", targetId: 7 },
          { kind: "shop", targetId: 7 },
          { kind: "shop", targetId: 9 },
        ],
      },
    ]);
    expect(itemNames()).toEqual(["纯棉连衣裙", "义乌小商品旗舰店", "温州鞋业工厂店"]);
  });

  it("keeps the server's order when the new one is refused", async () => {
    const toasts = catalogueToasts();
    layOutRows();
    gateway.answer(ops.activity.saveItems, fail("data_conflict", "数据已被他人修改，请刷新后重试"));
    renderRouted(<ActivityDetail />, URL_);
    await screen.findByText("纯棉连衣裙");
    within(rowOf("温州鞋业工厂店")).getByLabelText("拖动排序：温州鞋业工厂店").focus();
    await userEvent.keyboard("[Space]");
    await userEvent.keyboard("[ArrowUp]");
    await userEvent.keyboard("[Space]");
    await waitFor(() =>
      expect(toasts.error).toHaveBeenCalledWith("数据已被他人修改，请刷新后重试"),
    );
    await waitFor(() =>
      expect(itemNames()).toEqual(["义乌小商品旗舰店", "纯棉连衣裙", "温州鞋业工厂店"]),
    );
  });

  it("opens a shop item's details: name, kind, state, where it is, and what is wrong with it", async () => {
    renderRouted(<ActivityDetail />, URL_);
    await screen.findByText("温州鞋业工厂店");
    await userEvent.click(buttonIn(rowOf("温州鞋业工厂店"), "详情"));
    const dialog = await findModal("店铺详情");
    expect(within(dialog).getByText("温州鞋业工厂店")).toBeInTheDocument();
    expect(within(dialog).getByText("已冻结")).toBeInTheDocument();
    expect(within(dialog).getByText("浙江 温州")).toBeInTheDocument();
    expect(within(dialog).getByText("店铺已冻结")).toBeInTheDocument();
    const footer = dialog.querySelector<HTMLElement>(".ant-modal-footer");
    if (!footer) throw new Error("no footer");
    await userEvent.click(within(footer).getByRole("button", { name: /关\s*闭/ }));
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
  });

  it("a product's details: its price and shop, nothing flagged when it is on sale", async () => {
    renderRouted(<ActivityDetail />, URL_);
    await screen.findByText("纯棉连衣裙");
    await userEvent.click(buttonIn(rowOf("纯棉连衣裙"), "详情"));
    const product = await findModal("商品详情");
    expect(within(product).getByText("¥12.00 – ¥18.50 · 杭州女装店")).toBeInTheDocument();
    expect(within(product).getByText("在售")).toBeInTheDocument();
    expect(within(product).queryByText("问题")).toBeNull();
  });

  it("shows the refusal to put a draft without items online; it stays a draft", async () => {
    gateway.answer(ops.activity.detail, ok(DRAFT_DETAIL));
    gateway.answer(
      ops.activity.setStatus,
      fail("state_invalid", "专题至少需要一个商品或店铺才能上线"),
    );
    renderRouted(<ActivityDetail />, "/operate/thematicDetails?id=31");
    await screen.findByRole("heading", { name: "春季新品专题" });
    expect(screen.getByText("暂无商品或店铺")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "上线" }));
    const refusal = await findModal("无法上线专题「春季新品专题」");
    expect(within(refusal).getByText("专题至少需要一个商品或店铺才能上线")).toBeInTheDocument();
    expect(gateway.calls(ops.activity.setStatus)).toEqual([
      { id: 31, version: 1, status: "online" },
    ]);
    expect(screen.getAllByText("草稿").length).toBeGreaterThan(0);
  });
});
