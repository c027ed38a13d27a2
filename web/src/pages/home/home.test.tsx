import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import HomePage from "@/pages/home/index";
import { serverLoader } from "@/lib/core";
import { useSessionStore } from "@/stores/session";
import { ok } from "@/test/fakeCore";
import { renderUi } from "@/test/render";

vi.mock("@/lib/core", () => import("@/test/fakeCore").then((m) => m.fakeCore()));

describe("home page", () => {
  it("shows the gateway's figures, the nickname and the core's date", async () => {
    vi.mocked(serverLoader).mockResolvedValue(
      ok({ sysUsers: 3, roles: 4, menus: 41, auditToday: 7, loginsToday: 12 }),
    );
    useSessionStore.setState({ nickname: "系统管理员" });
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
    expect(serverLoader).toHaveBeenCalledWith("home", window.location.href);
  });
});
