import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import HomePage from "@/pages/home/index";
import { useSessionStore } from "@/stores/session";
import { fakeGateway, ok } from "@/test/gateway";
import { renderUi } from "@/test/render";

describe("home page", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("shows the gateway's figures, the nickname and the date in the core's format", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date(2026, 0, 2, 3, 4, 5));
    const gateway = fakeGateway();
    gateway.answer(
      "serverLoader",
      ok({ sysUsers: 3, roles: 4, menus: 41, auditToday: 7, loginsToday: 12 }),
    );
    localStorage.setItem(
      "userInfo",
      JSON.stringify({ id: 1, name: "admin", nickname: "系统管理员", avatar: "", roles: [] }),
    );
    useSessionStore.getState().refresh();
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    renderUi(
      <QueryClientProvider client={client}>
        <HomePage />
      </QueryClientProvider>,
    );
    expect(screen.getByText("系统管理员，欢迎回来")).toBeInTheDocument();
    expect(screen.getByText(/2026-01-02 03:04:05/)).toBeInTheDocument();
    expect(await screen.findByText("41")).toBeInTheDocument();
    expect(screen.getByText("今日登录")).toBeInTheDocument();
    expect(screen.getByText("12")).toBeInTheDocument();
    expect(gateway.calls("serverLoader")).toEqual([{ route: "home", url: window.location.href }]);
  });
});
