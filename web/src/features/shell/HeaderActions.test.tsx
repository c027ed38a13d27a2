import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { HeaderActions } from "@/features/shell/HeaderActions";
import { logout } from "@/lib/core";
import { useSessionStore } from "@/stores/session";
import { THEME_STORAGE_KEY, useThemeStore } from "@/stores/theme";
import { renderUi } from "@/test/render";

vi.mock("@/lib/core", () => import("@/test/fakeCore").then((m) => m.fakeCore()));

describe("HeaderActions", () => {
  it("shows the core's nickname and an avatar of the core's size", () => {
    useSessionStore.setState({ nickname: "运营小王" });
    renderUi(<HeaderActions />);
    expect(screen.getByText("运营小王")).toBeInTheDocument();
    const avatar = document.querySelector(".ant-avatar");
    expect(avatar).toHaveStyle({ width: "36px", height: "36px" });
  });

  it("opens a dropdown whose 退出登录 calls the core's logout", async () => {
    useSessionStore.setState({ nickname: "游客" });
    renderUi(<HeaderActions />);
    await userEvent.click(screen.getByText("游客"));
    await userEvent.click(await screen.findByText("退出登录"));
    expect(logout).toHaveBeenCalledOnce();
  });

  it("switches the theme and keeps the choice in this browser", async () => {
    useThemeStore.setState({ mode: "light" });
    renderUi(<HeaderActions />);
    await userEvent.click(screen.getByRole("switch", { name: "暗色主题" }));
    expect(useThemeStore.getState().mode).toBe("dark");
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toContain('"dark"');
  });
});
