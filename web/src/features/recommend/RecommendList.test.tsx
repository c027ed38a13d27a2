import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from "vitest";
import { bindEffects, formatTimestamp } from "@/lib/core";
import { ops, type RecommendRow } from "@/lib/generated/ops";
import { RecommendList } from "@/features/recommend/RecommendList";
import { findDialog } from "@/test/dialogs";
import { fail, fakeGateway, ok, type FakeGateway } from "@/test/gateway";
import { layOutRows } from "@/test/layout";
import { must } from "@/test/must";
import { CANDIDATES, MARCH_1, recommendPage, recommendRow } from "@/test/recommends";
import { renderRouted } from "@/test/renderRouted";

const PATH = "/operate/homeRecommend";
const DAY = 24 * 3_600_000;
const user = userEvent.setup({ delay: null, pointerEventsCheck: 0 });

const ROWS: RecommendRow[] = [
  recommendRow(1, "义乌饰品城"),
  recommendRow(2, "温州鞋业", {
    shopStatus: "frozen",
    problem: "店铺已冻结",
    state: "scheduled",
    version: 3,
  }),
  recommendRow(3, "永嘉纽扣厂", { state: "expired" }),
];

let gateway: FakeGateway;

function rowOf(name: string): HTMLElement {
  const row = screen
    .getAllByRole("row")
    .find((r) => r.hasAttribute("data-row-key") && within(r).queryByText(name));
  if (!row) throw new Error(`no row for ${name}`);
  return row;
}

/** The shop names of the rows in order; `column` is the name's cell (after the drag handle: 1). */
const rowNames = (column = 0) =>
  Array.from(document.querySelectorAll("tr[data-row-key]")).map(
    (tr) => tr.querySelectorAll("td")[column]?.textContent,
  );

/** Rows 40px apart, so the keyboard drag of dnd-kit finds the next one. */
describe("首页推荐商家", () => {
  beforeEach(() => {
    gateway = fakeGateway();
    gateway.answer(ops.recommend.list, ok(recommendPage(ROWS)));
    gateway.answer(ops.recommend.candidates, ok(CANDIDATES));
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("lists the recommendations in display order with shop state, period and window state; a frozen shop is flagged and counted above", async () => {
    renderRouted(<RecommendList />, PATH);
    await screen.findByText("义乌饰品城");
    expect(rowNames()).toEqual(["义乌饰品城", "温州鞋业", "永嘉纽扣厂"]);
    const frozen = rowOf("温州鞋业");
    expect(within(frozen).getByText("已冻结")).toBeInTheDocument();
    expect(within(frozen).getByText("店铺已冻结")).toBeInTheDocument();
    expect(within(frozen).getByText("已排期")).toBeInTheDocument();
    expect(within(frozen).getByText("温州鞋业的推荐理由")).toBeInTheDocument();
    expect(within(frozen).getByText(formatTimestamp(MARCH_1))).toBeInTheDocument();
    expect(
      within(frozen).getByText(`至 ${formatTimestamp(MARCH_1 + 30 * DAY)}`),
    ).toBeInTheDocument();
    const fine = rowOf("义乌饰品城");
    expect(within(fine).getByText("营业中")).toBeInTheDocument();
    expect(within(fine).getByText("投放中")).toBeInTheDocument();
    expect(within(fine).queryByText(/店铺已/)).toBeNull();
    expect(within(rowOf("永嘉纽扣厂")).getByText("已过期")).toBeInTheDocument();

    const alert = await screen.findByText("1 个推荐的店铺已不在营业");
    expect(alert.closest("[role=alert]")).toHaveTextContent("温州鞋业（店铺已冻结）");
  });

  it("counts the flagged recommendations of every page, not only the one shown", async () => {
    const more = [
      ...ROWS,
      recommendRow(4, "绍兴布行", { shopStatus: "closed", problem: "店铺已关闭" }),
    ];
    gateway.answer(ops.recommend.list, ({ pageSize = 20 }) => {
      // The screen's page holds one row; the full read holds all four.
      return ok(
        pageSize <= 20 ? recommendPage(more.slice(0, 1), more.length) : recommendPage(more),
      );
    });
    renderRouted(<RecommendList />, PATH);
    await screen.findByText("义乌饰品城");
    expect(await screen.findByText("2 个推荐的店铺已不在营业")).toBeInTheDocument();
    expect(screen.getByText(/温州鞋业（店铺已冻结）、绍兴布行（店铺已关闭）/)).toBeInTheDocument();
  });

  it("reads its filters from the URL and writes the ones chosen back", async () => {
    const view = renderRouted(<RecommendList />, `${PATH}?state=scheduled&page=1`);
    await screen.findByText("义乌饰品城");
    expect(gateway.calls(ops.recommend.list)).toContainEqual({
      page: 1,
      pageSize: 20,
      state: "scheduled",
    });
    expect(screen.getByTitle("已排期")).toBeInTheDocument();
    await user.type(screen.getByLabelText("店铺名称"), "温州");
    await user.click(screen.getByRole("button", { name: /查\s*询/ }));
    await waitFor(() => expect(view.location()).toContain("shopName=%E6%B8%A9%E5%B7%9E"));
    await waitFor(() =>
      expect(gateway.calls(ops.recommend.list)).toContainEqual({
        page: 1,
        pageSize: 20,
        state: "scheduled",
        shopName: "温州",
      }),
    );
  });

  it("adds a recommendation of a shop picked among active ones; a refusal stays at its field", async () => {
    gateway.answer(
      ops.recommend.save,
      fail("data_duplicate", "店铺「永康五金城」在该时段已有推荐", {
        fields: [{ field: "shopId", message: "店铺「永康五金城」在该时段已有推荐" }],
      }),
    );
    renderRouted(<RecommendList />, PATH);
    await screen.findByText("义乌饰品城");
    await user.click(screen.getByRole("button", { name: /新增推荐商家/ }));
    const dialog = await findDialog("新增推荐商家");
    // Nothing picked: refused by the core's rules, nothing sent.
    await user.click(within(dialog).getByRole("button", { name: /保\s*存/ }));
    expect(await within(dialog).findByText(/请(选择|输入)推荐店铺/)).toBeInTheDocument();
    expect(gateway.calls(ops.recommend.save)).toEqual([]);

    await user.click(within(dialog).getByRole("combobox", { name: "推荐店铺" }));
    await user.click(await screen.findByText("永康五金城"));
    expect(gateway.calls(ops.recommend.candidates)).toContainEqual({ kind: "shop", keyword: "" });
    fireEvent.change(within(dialog).getByRole("textbox", { name: "推荐理由" }), {
      target: { value: "五金源头工厂" },
    });
    await user.click(within(dialog).getByRole("button", { name: /保\s*存/ }));
    expect(
      await within(dialog).findByText("店铺「永康五金城」在该时段已有推荐"),
    ).toBeInTheDocument();
    const [sent] = gateway.calls(ops.recommend.save) as {
      shopId: number;
      reason: string;
      startAt: number;
      endAt: number;
    }[];
    expect(sent).toMatchObject({ shopId: 401, reason: "五金源头工厂" });
    // From this minute, for 30 days, unless the operator says otherwise.
    expect(sent && sent.startAt % 60_000).toBe(0);
    expect(sent && sent.endAt - sent.startAt).toBe(30 * DAY);
    expect(within(dialog).getByRole("textbox", { name: "推荐理由" })).toHaveValue("五金源头工厂");

    gateway.answer(
      ops.recommend.save,
      ok(recommendRow(9, "永康五金城", { shopId: 401, reason: "五金源头工厂" })),
    );
    await user.click(within(dialog).getByRole("button", { name: /保\s*存/ }));
    expect(await screen.findByText("已新增推荐「永康五金城」")).toBeInTheDocument();
  });

  it("edits a recommendation with its version, the shop shown by name", async () => {
    gateway.answer(ops.recommend.save, ok({ ...must(ROWS[1]), reason: "换季主推", version: 4 }));
    renderRouted(<RecommendList />, PATH);
    await screen.findByText("温州鞋业");
    await user.click(within(rowOf("温州鞋业")).getByRole("button", { name: "编辑" }));
    const dialog = await findDialog("编辑推荐「温州鞋业」");
    expect(within(dialog).getByTitle("温州鞋业")).toBeInTheDocument();
    const reason = within(dialog).getByRole("textbox", { name: "推荐理由" });
    fireEvent.change(reason, { target: { value: "换季主推" } });
    await user.click(within(dialog).getByRole("button", { name: /保\s*存/ }));
    expect(await screen.findByText("已保存推荐「温州鞋业」")).toBeInTheDocument();
    expect(gateway.calls(ops.recommend.save)).toEqual([
      {
        id: 2,
        version: 3,
        shopId: 302,
        reason: "换季主推",
        startAt: MARCH_1,
        endAt: MARCH_1 + 30 * DAY,
      },
    ]);
  });

  it("deletes only after the Popconfirm, with the version read", async () => {
    gateway.answer(ops.recommend.delete, ok({ id: 3 }));
    renderRouted(<RecommendList />, PATH);
    await screen.findByText("永嘉纽扣厂");
    await user.click(within(rowOf("永嘉纽扣厂")).getByRole("button", { name: "删除" }));
    expect(await screen.findByText("删除推荐「永嘉纽扣厂」？")).toBeInTheDocument();
    expect(gateway.calls(ops.recommend.delete)).toEqual([]);
    const confirm = screen.getByRole("tooltip");
    await user.click(within(confirm).getByRole("button", { name: /删\s*除/ }));
    expect(await screen.findByText("已删除推荐「永嘉纽扣厂」")).toBeInTheDocument();
    expect(gateway.calls(ops.recommend.delete)).toEqual([{ id: 3, version: 1 }]);
  });

  it("调整顺序 shows every recommendation to drag, saves the new order and keeps it in the URL", async () => {
    layOutRows();
    gateway.answer(ops.recommend.sort, ok([]));
    const view = renderRouted(<RecommendList />, PATH);
    await screen.findByText("义乌饰品城");
    await user.click(screen.getByRole("button", { name: "调整顺序" }));
    await waitFor(() => expect(view.location()).toBe(`${PATH}?mode=sort`));
    const handle = await screen.findByRole("button", { name: "拖动排序：永嘉纽扣厂" });
    // No filter form or paging while reordering: the order is of every recommendation.
    expect(screen.queryByLabelText("店铺名称")).toBeNull();
    handle.focus();
    await user.keyboard("[Space]");
    await user.keyboard("[ArrowUp]");
    await user.keyboard("[ArrowUp]");
    await user.keyboard("[Space]");
    await waitFor(() => expect(gateway.calls(ops.recommend.sort)).toEqual([{ ids: [3, 1, 2] }]));
    expect(await screen.findByText("已保存新的顺序")).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "完成排序" }));
    await waitFor(() => expect(view.location()).toBe(PATH));
    expect(await screen.findByLabelText("店铺名称")).toBeInTheDocument();
  });

  it("keeps the server's order when the new one is refused, the refusal toasted", async () => {
    const toasts = { error: vi.fn(), success: vi.fn(), info: vi.fn() };
    onTestFinished(bindEffects(vi.fn(), toasts));
    layOutRows();
    gateway.answer(ops.recommend.sort, fail("data_conflict", "数据已被他人修改，请刷新后重试"));
    renderRouted(<RecommendList />, `${PATH}?mode=sort`);
    const handle = await screen.findByRole("button", { name: "拖动排序：义乌饰品城" });
    handle.focus();
    await user.keyboard("[Space]");
    await user.keyboard("[ArrowDown]");
    await user.keyboard("[Space]");
    await waitFor(() =>
      expect(toasts.error).toHaveBeenCalledWith("数据已被他人修改，请刷新后重试"),
    );
    expect(gateway.calls(ops.recommend.sort)).toEqual([{ ids: [2, 1, 3] }]);
    await waitFor(() => expect(rowNames(1)).toEqual(["义乌饰品城", "温州鞋业", "永嘉纽扣厂"]));
  });
});
