import { QueryClientProvider } from "@tanstack/react-query";
import { screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import HomePage from "@/pages/home/index";
import { Navigator } from "@/lib/core";
import { useMenuStore } from "@/stores/menu";
import { useSessionStore } from "@/stores/session";
import type { DashboardStats, TodoItem } from "@/lib/generated/ops";
import { fakeGateway, ok } from "@/test/gateway";
import { testQueryClient } from "@/test/queryClient";
import { ADMIN, USER_TREE, node, signIn } from "@/test/menuTree";
import { renderUi } from "@/test/render";

const OPPORTUNITY_REVIEW = "operate/business/toExamine";

function queue(
  key: string,
  title: string,
  unit: string,
  count: number,
  page: string,
  query: Record<string, string> = {},
): TodoItem {
  return { key, title, unit, count, page, query, label: `${title} ${count} ${unit}` };
}

const FIGURES: DashboardStats = {
  shops: 212,
  newShopsToday: 3,
  productsOnSale: 1043,
  pendingShops: 17,
  pendingOpportunities: 0,
  inquiriesToday: 9,
  todo: [
    queue("pendingShops", "待审核店铺", "家", 17, "baseMgmt/shopMgmt", {
      sortField: "createdAt",
      sortOrder: "ascend",
      status: "pending",
    }),
    queue("pendingOpportunities", "待审核商机", "条", 0, OPPORTUNITY_REVIEW),
  ],
};

function renderHome() {
  const client = testQueryClient();
  renderUi(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <HomePage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe("home page", () => {
  afterEach(() => {
    vi.useRealTimers();
    useMenuStore.getState().reset();
  });

  it("shows the gateway's six figures, the nickname and the date in the core's format", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date(2026, 0, 2, 3, 4, 5));
    const gateway = fakeGateway();
    gateway.answer("serverLoader", ok(FIGURES));
    signIn();
    useSessionStore.getState().refresh();
    renderHome();
    expect(screen.getByText("系统管理员，欢迎回来")).toBeInTheDocument();
    expect(screen.getByText(/2026-01-02 03:04:05/)).toBeInTheDocument();
    expect(await screen.findByText("1,043")).toBeInTheDocument();
    for (const [title, value] of [
      ["店铺总数", "212"],
      ["今日新增店铺", "3"],
      ["今日询价", "9"],
    ] as const) {
      const card = screen.getByText(title).closest<HTMLElement>(".ant-card");
      expect(card).toHaveTextContent(value);
    }
    // The token travels as a query parameter, as on every GET: a gateway on another host never
    // receives the admin's own host's cookie.
    expect(gateway.calls("serverLoader")).toEqual([
      { route: "home", url: window.location.href, mat: "token-1" },
    ]);
  });

  it("lists the queues the gateway says this user may act on, each linking its screen filtered", async () => {
    fakeGateway().answer("serverLoader", ok(FIGURES));
    signIn();
    useMenuStore.setState({ navigator: new Navigator(USER_TREE, ADMIN), status: "ready" });
    renderHome();
    const shops = await screen.findByRole("link", { name: /待审核店铺 17 家/ });
    expect(shops).toHaveAttribute(
      "href",
      "/baseMgmt/shopMgmt?sortField=createdAt&sortOrder=ascend&status=pending",
    );
    // Nothing waits for review among the opportunities: no link, and it says so.
    expect(screen.getByText("待审核商机 0 条")).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: /待审核商机/ })).toBeNull();
    expect(screen.getByText("已处理完")).toBeInTheDocument();
    // A queue the gateway left out (not this user's to act on) is not listed at all.
    expect(screen.queryByText(/询价单/)).toBeNull();
  });

  it("shows a queue whose screen is not in this tree without a link", async () => {
    fakeGateway().answer(
      "serverLoader",
      ok({
        ...FIGURES,
        todo: [queue("pendingOpportunities", "待审核商机", "条", 4, OPPORTUNITY_REVIEW)],
      }),
    );
    signIn();
    // The test tree has 采购商机 > 商机回复 but not 商机审核.
    useMenuStore.setState({ navigator: new Navigator(USER_TREE, ADMIN), status: "ready" });
    renderHome();
    expect(await screen.findByText("待审核商机 4 条")).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: /待审核商机/ })).toBeNull();
  });

  it("links a queue at its page's address of today, wherever its menu entry moved", async () => {
    fakeGateway().answer(
      "serverLoader",
      ok({
        ...FIGURES,
        todo: [queue("pendingOpportunities", "待审核商机", "条", 4, OPPORTUNITY_REVIEW)],
      }),
    );
    signIn();
    const moved = node("review", "商机审核", [], { page: OPPORTUNITY_REVIEW });
    const operator = [node("home", "首页"), node("work", "工作台", [moved])];
    useMenuStore.setState({ navigator: new Navigator(operator, ADMIN), status: "ready" });
    renderHome();
    const opportunities = await screen.findByRole("link", { name: /待审核商机 4 条/ });
    expect(opportunities).toHaveAttribute("href", "/work/review");
  });

  it("says when nothing is this user's to act on", async () => {
    fakeGateway().answer("serverLoader", ok({ ...FIGURES, todo: [] }));
    signIn();
    renderHome();
    expect(await screen.findByText("没有需要您处理的事项")).toBeInTheDocument();
  });
});
