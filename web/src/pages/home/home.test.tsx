import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import HomePage from "@/pages/home/index";
import { Navigator } from "@/lib/core";
import { useMenuStore } from "@/stores/menu";
import { useSessionStore } from "@/stores/session";
import { fakeGateway, ok } from "@/test/gateway";
import { ADMIN, USER_TREE, node, signIn } from "@/test/menuTree";
import { renderUi } from "@/test/render";

const FIGURES = {
  shops: 212,
  newShopsToday: 3,
  productsOnSale: 1043,
  pendingShops: 17,
  pendingOpportunities: 0,
  inquiriesToday: 9,
};

function renderHome() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
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
    expect(gateway.calls("serverLoader")).toEqual([{ route: "home", url: window.location.href }]);
  });

  it("links each waiting queue the user's menu opens, already filtered", async () => {
    fakeGateway().answer("serverLoader", ok(FIGURES));
    signIn();
    useMenuStore.setState({ navigator: new Navigator(USER_TREE, ADMIN), status: "ready" });
    renderHome();
    const shops = await screen.findByRole("link", { name: /待审核店铺 17 家/ });
    expect(shops).toHaveAttribute(
      "href",
      "/baseMgmt/shopMgmt?status=pending&sortField=createdAt&sortOrder=ascend",
    );
    // Nothing waits for review among the opportunities: no link, and it says so.
    expect(screen.getByText("待审核商机 0 条")).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: /待审核商机/ })).toBeNull();
    expect(screen.getByText("已处理完")).toBeInTheDocument();
  });

  it("shows a queue outside the user's menu without a link", async () => {
    fakeGateway().answer("serverLoader", ok({ ...FIGURES, pendingOpportunities: 4 }));
    signIn();
    // The test tree has 采购商机 > 商机回复 but not 商机审核.
    useMenuStore.setState({ navigator: new Navigator(USER_TREE, ADMIN), status: "ready" });
    renderHome();
    expect(await screen.findByText("待审核商机 4 条")).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: /待审核商机/ })).toBeNull();
  });

  it("links the pending opportunities to 商机审核 for an operator whose menu has it, without the shops they may not open", async () => {
    fakeGateway().answer("serverLoader", ok({ ...FIGURES, pendingOpportunities: 4 }));
    signIn();
    const operator = [
      node("home", "首页"),
      node("operate", "运营管理", [node("business", "采购商机", [node("toExamine", "商机审核")])]),
    ];
    useMenuStore.setState({ navigator: new Navigator(operator, ADMIN), status: "ready" });
    renderHome();
    const opportunities = await screen.findByRole("link", { name: /待审核商机 4 条/ });
    expect(opportunities).toHaveAttribute("href", "/operate/business/toExamine");
    expect(screen.getByText("待审核店铺 17 家")).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: /待审核店铺/ })).toBeNull();
  });
});
