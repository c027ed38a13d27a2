import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, onTestFinished, vi } from "vitest";
import { HeaderActions } from "@/features/shell/HeaderActions";
import { bindEffects } from "@/lib/core";
import { ops } from "@/lib/generated/ops";
import { useSessionStore } from "@/stores/session";
import { THEME_STORAGE_KEY, useThemeStore } from "@/stores/theme";
import { fakeGateway, ok } from "@/test/gateway";
import { renderUi } from "@/test/render";

/** A signed-in session as the core keeps it in this browser. */
function signIn(nickname: string) {
  localStorage.setItem("mat", "token-1");
  localStorage.setItem(
    "userInfo",
    JSON.stringify({ id: 2, name: "wang", nickname, avatar: "", roles: ["运营"] }),
  );
  useSessionStore.getState().refresh();
}

describe("HeaderActions", () => {
  beforeEach(() => {
    useSessionStore.getState().refresh();
  });

  it("shows the signed-in user's nickname and an avatar of the core's size", () => {
    signIn("运营小王");
    renderUi(<HeaderActions />);
    expect(screen.getByText("运营小王")).toBeInTheDocument();
    const avatar = document.querySelector(".ant-avatar");
    expect(avatar).toHaveStyle({ width: "36px", height: "36px" });
  });

  it("shows the core's 游客 when nobody is signed in", () => {
    renderUi(<HeaderActions />);
    expect(screen.getByText("游客")).toBeInTheDocument();
  });

  it("opens a dropdown whose 退出登录 ends the session and loads the login page", async () => {
    signIn("运营小王");
    const gateway = fakeGateway();
    gateway.answer(ops.session.logout, ok(null));
    // jsdom cannot load another document: catch the core's full-page navigation.
    const assign = vi.fn();
    vi.stubGlobal("location", { assign });
    onTestFinished(bindEffects(vi.fn(), { error: vi.fn(), success: vi.fn(), info: vi.fn() }));
    renderUi(<HeaderActions />);
    await userEvent.click(screen.getByText("运营小王"));
    await userEvent.click(await screen.findByText("退出登录"));
    await waitFor(() => expect(assign).toHaveBeenCalledWith("/adnuradmin/login"));
    expect(gateway.calls(ops.session.logout)).toHaveLength(1);
    expect(localStorage.getItem("mat")).toBeNull();
    expect(localStorage.getItem("userInfo")).toBeNull();
  });

  it("switches the theme and keeps the choice in this browser", async () => {
    useThemeStore.setState({ mode: "light" });
    renderUi(<HeaderActions />);
    await userEvent.click(screen.getByRole("switch", { name: "暗色主题" }));
    expect(useThemeStore.getState().mode).toBe("dark");
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toContain('"dark"');
  });
});
