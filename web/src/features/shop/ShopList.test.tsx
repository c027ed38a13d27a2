import { QueryClientProvider } from "@tanstack/react-query";
import { cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter, useLocation } from "react-router";
import { beforeEach, describe, expect, it, onTestFinished, vi } from "vitest";
import { shopColumns } from "@/features/shop/columns";
import { ShopList } from "@/features/shop/ShopList";
import { lifecycle } from "@/lib/core";
import { filterFields } from "@/kit/columns";
import { ops, type ShopListParams, type ShopRow } from "@/lib/generated/ops";
import { fail, fakeGateway, ok, type FakeGateway } from "@/test/gateway";
import { testQueryClient } from "@/test/queryClient";
import { must } from "@/test/must";
import { renderUi } from "@/test/render";
import { countsOf, series, shopRow } from "@/test/shops";

// uPlot draws on a canvas, which happy-dom does not draw: the stand-in keeps what it was given.
const plots = vi.hoisted(() => ({ data: [] as unknown[] }));
vi.mock("uplot", () => ({
  default: class {
    root = document.createElement("div");
    constructor(_options: unknown, data: unknown) {
      plots.data.push(data);
    }
    setSize() {
      return undefined;
    }
    destroy() {
      return undefined;
    }
  },
}));

let gateway: FakeGateway;
// No pointer-events check: the test DOM's getComputedStyle walks every antd style rule for each
// ancestor, seconds per click on a full list screen.
const user = userEvent.setup({ delay: null, pointerEventsCheck: 0 });
let rows: ShopRow[];
let now: number;

/** A gateway over `rows`: the status filters the page, the counts ignore it. */
function serveShops() {
  gateway.answer(ops.shop.list, (params: ShopListParams) => {
    const page = rows.filter((r) => !params.status || r.status === params.status);
    return ok({ list: page, total: page.length, page: 1, pageSize: 20, counts: countsOf(rows) });
  });
}

function renderList(url = "/baseMgmt/shopMgmt") {
  const client = testQueryClient();
  const where = { search: "" };
  function Location() {
    where.search = useLocation().search;
    return null;
  }
  renderUi(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[url]}>
        <ShopList />
        <Location />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { url: () => new URLSearchParams(where.search) };
}

/** The open dialog titled `title` (antd's ids are fixed under test, so not by its name). */
function dialogTitled(title: string): Promise<HTMLElement> {
  return waitFor(() => {
    const found = screen.getAllByRole("dialog").find((d) => within(d).queryByText(title));
    if (!found) throw new Error(`no dialog ${title}`);
    return found;
  });
}

/** The tab labelled `label` (by text: role queries walk the whole page, slow in the test DOM). */
function tab(label: string): Promise<HTMLElement> {
  return screen.findByText(label, { selector: "[role=tab]" });
}

/** The table row of shop `name`. */
async function rowOf(name: string) {
  // By text, not by role: role queries walk the whole table's accessibility tree (slow here).
  const link = await screen.findByText(name, { selector: "a" });
  const row = link.closest("tr");
  if (!row) throw new Error(`no row for ${name}`);
  return row;
}

describe("店铺管理", () => {
  beforeEach(() => {
    now = Date.now();
    plots.data.length = 0;
    rows = [
      shopRow(1, "义乌好物小店", "pending", now, 30),
      shopRow(2, "杭州丝绸坊", "pending", now, 2),
      shopRow(3, "温州鞋业", "active", now, 500),
      shopRow(4, "永康五金", "frozen", now, 900),
    ];
    gateway = fakeGateway();
    serveShops();
    gateway.answer(ops.shop.stats, (params) =>
      ok({ series: series(params.days), counts: countsOf(rows) }),
    );
    // 杭州 in two provinces: the cascader tells them apart.
    gateway.answer(
      ops.shop.regions,
      ok([
        { province: "江苏", cities: ["杭州", "苏州"] },
        { province: "浙江", cities: ["杭州", "义乌", "温州"] },
      ]),
    );
    gateway.answer(
      ops.belt.list,
      ok({
        list: [
          {
            id: 3,
            name: "义乌小商品产业带",
            province: "浙江",
            city: "义乌",
            description: "",
            shopCount: 2,
            version: 1,
          },
        ],
        total: 1,
        page: 1,
        pageSize: 100,
      }),
    );
  });

  it("shows the live tab counts; 待审核 opens oldest first with the waiting time, overdue marked in words", async () => {
    const view = renderList();
    expect(await tab("全部 (4)")).toBeInTheDocument();
    expect(await tab("营业中 (1)")).toBeInTheDocument();
    expect(await tab("已冻结 (1)")).toBeInTheDocument();
    // A selection belongs to its tab.
    await user.click(within(await rowOf("温州鞋业")).getByRole("checkbox"));
    expect(screen.getByText("已选择 1 项")).toBeInTheDocument();
    await user.click(await tab("待审核 (2)"));
    expect(screen.queryByText(/已选择/)).toBeNull();

    await waitFor(() =>
      expect(Object.fromEntries(view.url())).toEqual({
        status: "pending",
        sortField: "createdAt",
        sortOrder: "ascend",
      }),
    );
    await waitFor(() =>
      expect(gateway.calls(ops.shop.list).at(-1)).toEqual({
        page: 1,
        pageSize: 20,
        status: "pending",
        sortField: "createdAt",
        sortOrder: "ascend",
      }),
    );
    const old = await rowOf("义乌好物小店");
    expect(within(old).getByText("1天6小时")).toBeInTheDocument();
    expect(within(old).getByText("超过24小时")).toBeInTheDocument();
    const fresh = await rowOf("杭州丝绸坊");
    expect(within(fresh).getByText("2小时")).toBeInTheDocument();
    expect(within(fresh).queryByText("超过24小时")).toBeNull();
    expect(screen.queryByText("温州鞋业", { selector: "a" })).toBeNull();

    // Back to 全部: the queue's order goes with its tab.
    await user.click(await tab("全部 (4)"));
    await waitFor(() => expect(view.url().toString()).toBe(""));
    expect(screen.queryByText("等待时长")).toBeNull();
  });

  it("reads filters, page and sort from the URL and sends them", async () => {
    renderList(
      "/baseMgmt/shopMgmt?status=active&name=鞋&province=浙江&city=温州&beltId=3&level=2&page=2&sortField=level&sortOrder=descend",
    );
    await waitFor(() =>
      expect(gateway.calls(ops.shop.list)[0]).toEqual({
        page: 2,
        pageSize: 20,
        status: "active",
        name: "鞋",
        province: "浙江",
        city: "温州",
        beltId: "3",
        level: "2",
        sortField: "level",
        sortOrder: "descend",
      }),
    );
    expect(await screen.findByRole("tab", { name: "营业中 (1)", selected: true })).toBeVisible();
    expect(screen.getByRole("textbox", { name: "店铺名称" })).toHaveValue("鞋");
    expect(await screen.findByText("浙江 / 温州")).toBeInTheDocument();
    expect(await screen.findByTitle("义乌小商品产业带")).toBeInTheDocument();
  });

  it("reaches 已驳回 and 已关闭 by the status filter, whose options are the core's lifecycle", async () => {
    const status = filterFields(shopColumns([], [], false)).find((f) => f.name === "status");
    expect(status?.kind === "select" ? status.options.map((o) => o.label) : []).toEqual(
      lifecycle("shop").states.map((s) => s.label),
    );
    expect(lifecycle("shop").states.map((s) => s.label)).toEqual(
      expect.arrayContaining(["已驳回", "已关闭"]),
    );

    const view = renderList("/baseMgmt/shopMgmt?status=rejected");
    await waitFor(() =>
      expect(gateway.calls(ops.shop.list).at(-1)).toEqual({
        page: 1,
        pageSize: 20,
        status: "rejected",
      }),
    );
    // The select shows the state; no tab is it, and the tabs stay the spec's four.
    expect(await screen.findByTitle("已驳回")).toBeInTheDocument();
    const tabs = document.querySelectorAll("[role=tab]");
    expect(tabs).toHaveLength(4);
    expect([...tabs].filter((t) => t.getAttribute("aria-selected") === "true")).toEqual([]);
    // A tab puts its state in the same filter, and 重置 clears it.
    await user.click(await tab("已冻结 (1)"));
    await waitFor(() => expect(view.url().get("status")).toBe("frozen"));
    expect(await screen.findByTitle("已冻结")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "重置" }));
    await waitFor(() => expect(view.url().get("status")).toBeNull());
  });

  it("通过 approves a pending shop at once and refreshes the counts", async () => {
    gateway.answer(ops.shop.audit, () => {
      rows = rows.map((r) => (r.id === 1 ? { ...r, status: "active", version: 2 } : r));
      return ok(must(rows.find((r) => r.id === 1)));
    });
    renderList("/baseMgmt/shopMgmt?status=pending");
    const row = await rowOf("义乌好物小店");
    await user.click(within(row).getByText("通过"));
    expect(await screen.findByText("已通过店铺 义乌好物小店")).toBeInTheDocument();
    expect(gateway.calls(ops.shop.audit)).toEqual([{ id: 1, version: 1, approve: true }]);
    expect(await tab("待审核 (1)")).toBeInTheDocument();
    expect(await tab("营业中 (2)")).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText("义乌好物小店", { selector: "a" })).toBeNull());
  });

  it("批量通过 approves the pending shops and names each result", async () => {
    gateway.answer(ops.shop.audit, (params) =>
      params.id === 2
        ? fail("data_conflict", "数据已被他人修改，请刷新后重试")
        : ok({ ...must(rows.find((r) => r.id === params.id)), status: "active" }),
    );
    renderList();
    for (const name of ["义乌好物小店", "杭州丝绸坊", "温州鞋业"]) {
      await user.click(within(await rowOf(name)).getByRole("checkbox"));
    }
    expect(screen.getByText("已选择 3 项")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "批量通过" }));
    const report = await dialogTitled("批量通过：成功 1 项，跳过 1 项，失败 1 项");
    expect(within(report).getByText("已是营业中")).toBeInTheDocument();
    expect(within(report).getByText("数据已被他人修改，请刷新后重试")).toBeInTheDocument();
    expect(gateway.calls(ops.shop.audit)).toEqual([
      { id: 1, version: 1, approve: true },
      { id: 2, version: 1, approve: true },
    ]);
    expect(screen.queryByText(/已选择/)).toBeNull();
  });

  it("starts with the trend folded on a short window, and remembers the operator's choice", async () => {
    const tall = window.innerHeight;
    Object.defineProperty(window, "innerHeight", { value: 720, configurable: true });
    try {
      renderList();
      const unfold = await screen.findByRole("button", { name: "展开趋势图" });
      expect(unfold).toHaveAttribute("aria-expanded", "false");
      expect(gateway.calls(ops.shop.stats)).toEqual([]);
      await user.click(unfold);
      expect(await screen.findByRole("img", { name: /^近30天新增店铺/ })).toBeInTheDocument();
      cleanup();
      // Unfolded stays unfolded, on the same short window.
      renderList();
      expect(await screen.findByRole("button", { name: "收起趋势图" })).toHaveAttribute(
        "aria-expanded",
        "true",
      );
    } finally {
      Object.defineProperty(window, "innerHeight", { value: tall, configurable: true });
    }
  });

  it("draws the trend of the URL's span and switches it", async () => {
    const tall = window.innerHeight;
    Object.defineProperty(window, "innerHeight", { value: 1000, configurable: true });
    onTestFinished(() => {
      Object.defineProperty(window, "innerHeight", { value: tall, configurable: true });
    });
    const view = renderList();
    expect(
      await screen.findByRole("img", { name: /^近30天新增店铺与营业中店铺折线图：共新增 30 家/ }),
    ).toBeInTheDocument();
    expect(gateway.calls(ops.shop.stats)).toEqual([{ days: 30 }]);
    await user.click(screen.getByText("近7天"));
    await waitFor(() => expect(view.url().get("days")).toBe("7"));
    expect(
      await screen.findByRole("img", {
        name: "近7天新增店铺与营业中店铺折线图：共新增 6 家；营业中店铺从 2026-03-01 的 100 家到 2026-03-07 的 106 家",
      }),
    ).toBeInTheDocument();
    expect(plots.data.at(-1)).toEqual([
      [0, 1, 2, 3, 4, 5, 6],
      [0, 1, 2, 0, 1, 2, 0],
      [100, 101, 102, 103, 104, 105, 106],
    ]);
    // The last day, in words.
    expect(screen.getByText("营业中店铺（右轴）：106 家")).toBeInTheDocument();
  });

  it("shows the error with 重试 when the list cannot load", async () => {
    gateway.answer(ops.shop.list, fail("system_error", "系统繁忙，请稍后再试"));
    renderList();
    expect(await screen.findByText("店铺加载失败")).toBeInTheDocument();
    serveShops();
    await user.click(screen.getByRole("button", { name: "重试" }));
    expect(await screen.findByText("温州鞋业", { selector: "a" })).toBeInTheDocument();
  });
});
