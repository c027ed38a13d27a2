import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from "vitest";
import { bindEffects, formatTimestamp } from "@/lib/core";
import { ops } from "@/lib/generated/ops";
import { AdSlotDetail } from "@/features/adSlot/AdSlotDetail";
import { BANNER, BANNER_DETAIL, EXPORT, FACTORY, FROM, SPRING } from "@/test/adSlot";
import { findDialog } from "@/test/dialogs";
import { fail, fakeGateway, ok, type FakeGateway } from "@/test/gateway";
import { layOutRows } from "@/test/layout";
import { must } from "@/test/must";
import { renderRouted } from "@/test/renderRouted";

const DETAIL_URL = "/operate/advertise/advertisePositionDetail?id=1";
const DAY = 86_400_000;
let gateway: FakeGateway;

function cardTitled(title: string): HTMLElement {
  const card = screen.getByText(title).closest<HTMLElement>(".ant-card");
  if (!card) throw new Error(`no card titled ${title}`);
  return card;
}

const rowOf = (text: string) =>
  screen.getByText(text, { selector: "td *, td" }).closest("tr") as HTMLElement;

/** The ads' titles in the order the table shows them. */
const adTitles = () =>
  Array.from(cardTitled("广告（3）").querySelectorAll("tr[data-row-key]")).map(
    (tr) => tr.querySelectorAll("td")[2]?.textContent,
  );

afterEach(() => {
  vi.restoreAllMocks();
});

describe("AdSlotDetail (广告位详情)", () => {
  beforeEach(() => {
    gateway = fakeGateway();
    gateway.answer(ops.adSlot.detail, ok(BANNER_DETAIL));
  });

  it("shows the slot's facts and its ads in display order: image, link with its problem, period, state", async () => {
    renderRouted(<AdSlotDetail />, DETAIL_URL);
    expect(await screen.findByRole("heading", { name: "首页轮播" })).toBeInTheDocument();
    expect(gateway.calls(ops.adSlot.detail)).toEqual([{ id: 1 }]);
    const facts = cardTitled("广告位信息");
    expect(within(facts).getByText("home_banner")).toBeInTheDocument();
    expect(within(facts).getByText("首页")).toBeInTheDocument();
    expect(within(facts).getByText("750×320")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "停用" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "编辑" })).toBeInTheDocument();

    expect(adTitles()).toEqual(["春季采购节", "源头工厂直供", "外贸尾货专场"]);
    expect(within(rowOf("春季采购节")).getByRole("img", { name: "春季采购节" })).toHaveAttribute(
      "src",
      SPRING.imageUrl,
    );
    expect(within(rowOf("春季采购节")).getByText("投放中")).toBeInTheDocument();
    expect(
      within(rowOf("春季采购节")).getByText(
        `${formatTimestamp(SPRING.startAt)} 至 ${formatTimestamp(SPRING.endAt)}`,
      ),
    ).toBeInTheDocument();
    const factory = rowOf("源头工厂直供");
    expect(within(factory).getByText("店铺：永康五金工厂店")).toBeInTheDocument();
    expect(within(factory).getByText("店铺已冻结")).toBeInTheDocument();
    expect(within(factory).getByText("无图片")).toBeInTheDocument();
    expect(within(rowOf("外贸尾货专场")).getByText("已停用")).toBeInTheDocument();
    expect(
      within(rowOf("春季采购节")).getByRole("button", { name: "拖动排序：春季采购节" }),
    ).toHaveAttribute("aria-roledescription", "sortable");
  });

  it("reorders the ads from the keyboard and sends ad.sort with the new order", async () => {
    layOutRows();
    gateway.answer(ops.ad.sort, (params) =>
      ok(params.ids.map((id) => must([SPRING, FACTORY, EXPORT].find((ad) => ad.id === id)))),
    );
    renderRouted(<AdSlotDetail />, DETAIL_URL);
    await screen.findByText("春季采购节");
    // The server's order after the save.
    gateway.answer(ops.adSlot.detail, ok({ ...BANNER_DETAIL, ads: [FACTORY, SPRING, EXPORT] }));
    within(rowOf("春季采购节")).getByRole("button", { name: "拖动排序：春季采购节" }).focus();
    await userEvent.keyboard("[Space]");
    await userEvent.keyboard("[ArrowDown]");
    await userEvent.keyboard("[Space]");
    await waitFor(() =>
      expect(gateway.calls(ops.ad.sort)).toEqual([{ slotId: 1, ids: [12, 11, 13] }]),
    );
    expect(await screen.findByText("已保存新的顺序")).toBeInTheDocument();
    await waitFor(() => expect(gateway.calls(ops.adSlot.detail)).toHaveLength(2));
    expect(adTitles()).toEqual(["源头工厂直供", "春季采购节", "外贸尾货专场"]);
  });

  it("keeps the server's order when the new one is refused, the refusal toasted", async () => {
    const toasts = { error: vi.fn(), success: vi.fn(), info: vi.fn() };
    onTestFinished(bindEffects(vi.fn(), toasts));
    layOutRows();
    gateway.answer(ops.ad.sort, fail("data_conflict", "数据已被他人修改，请刷新后重试"));
    renderRouted(<AdSlotDetail />, DETAIL_URL);
    await screen.findByText("春季采购节");
    within(rowOf("外贸尾货专场")).getByRole("button", { name: "拖动排序：外贸尾货专场" }).focus();
    await userEvent.keyboard("[Space]");
    await userEvent.keyboard("[ArrowUp]");
    await userEvent.keyboard("[Space]");
    await waitFor(() =>
      expect(toasts.error).toHaveBeenCalledWith("数据已被他人修改，请刷新后重试"),
    );
    expect(gateway.calls(ops.ad.sort)).toEqual([{ slotId: 1, ids: [11, 13, 12] }]);
    expect(screen.queryByText("已保存新的顺序")).toBeNull();
    await waitFor(() => expect(adTitles()).toEqual(["春季采购节", "源头工厂直供", "外贸尾货专场"]));
  });

  it("shows the occupancy over the coming weeks, a stretch over capacity marked in words", async () => {
    renderRouted(<AdSlotDetail />, DETAIL_URL);
    await screen.findByText("春季采购节");
    const card = cardTitled("未来八周占用");
    const rows = within(card).getAllByRole("row").slice(1);
    expect(rows).toHaveLength(2);
    const [within1, over] = rows as [HTMLElement, HTMLElement];
    expect(within1).toHaveTextContent(
      `${formatTimestamp(FROM)} 至 ${formatTimestamp(FROM + 7 * DAY)}`,
    );
    expect(within(within1).getByText("1 / 2")).toBeInTheDocument();
    expect(within(within1).getByText("容量内")).toBeInTheDocument();
    expect(within(within1).queryByText("超出容量")).toBeNull();
    expect(within(over).getByText("3 / 2")).toBeInTheDocument();
    expect(within(over).getByText("超出容量")).toBeInTheDocument();
  });

  it("says so when no ad runs in the coming weeks", async () => {
    gateway.answer(ops.adSlot.detail, ok({ ...BANNER_DETAIL, occupancy: [] }));
    renderRouted(<AdSlotDetail />, DETAIL_URL);
    await screen.findByText("春季采购节");
    expect(
      within(cardTitled("未来八周占用")).getByText("未来八周没有投放中的广告"),
    ).toBeInTheDocument();
  });

  it("edits the slot and disables it from the header", async () => {
    gateway.answer(ops.adSlot.save, ok({ ...BANNER, name: "首页大轮播", version: 4 }));
    gateway.answer(ops.adSlot.setStatus, ok({ ...BANNER, status: "disabled", version: 4 }));
    renderRouted(<AdSlotDetail />, DETAIL_URL);
    await screen.findByText("春季采购节");
    await userEvent.click(screen.getByRole("button", { name: "编辑" }));
    const dialog = await findDialog("编辑广告位「首页轮播」");
    const name = within(dialog).getByLabelText("广告位名称");
    await userEvent.clear(name);
    await userEvent.type(name, "首页大轮播");
    await userEvent.click(within(dialog).getByRole("button", { name: /保\s*存/ }));
    expect(await screen.findByText("已保存广告位「首页大轮播」")).toBeInTheDocument();
    expect(gateway.calls(ops.adSlot.save)).toEqual([
      {
        id: 1,
        version: 3,
        name: "首页大轮播",
        code: "home_banner",
        page: "home",
        width: 750,
        height: 320,
        maxAds: 2,
      },
    ]);
    await userEvent.click(screen.getByRole("button", { name: "停用" }));
    await userEvent.click(
      within(screen.getByRole("tooltip")).getByRole("button", { name: /停\s*用/ }),
    );
    expect(await screen.findByText("已停用广告位「首页轮播」")).toBeInTheDocument();
    expect(gateway.calls(ops.adSlot.setStatus)).toEqual([
      { id: 1, version: 3, status: "disabled" },
    ]);
  });

  it("deletes the slot after a confirmation naming it, then goes back to the list", async () => {
    gateway.answer(ops.adSlot.delete, ok({ id: 1 }));
    const view = renderRouted(<AdSlotDetail />, DETAIL_URL);
    await screen.findByRole("heading", { name: "首页轮播" });
    await userEvent.click(screen.getByRole("button", { name: "删除" }));
    const confirm = await screen.findByRole("tooltip");
    expect(within(confirm).getByText("删除广告位「首页轮播」？")).toBeInTheDocument();
    await userEvent.click(within(confirm).getByRole("button", { name: /删\s*除/ }));
    expect(await screen.findByText("已删除广告位「首页轮播」")).toBeInTheDocument();
    expect(gateway.calls(ops.adSlot.delete)).toEqual([{ id: 1, version: 3 }]);
    await waitFor(() => expect(view.location()).toBe("/operate/advertise/advertisePosition"));
  });

  it("says when the slot is gone", async () => {
    gateway.answer(ops.adSlot.detail, fail("data_not_found", "数据不存在"));
    renderRouted(<AdSlotDetail />, "/operate/advertise/advertisePositionDetail?id=99");
    expect(await screen.findByText("广告位不存在")).toBeInTheDocument();
  });
});
