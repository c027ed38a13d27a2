import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, onTestFinished, vi } from "vitest";
import { HeaderActions } from "@/features/shell/HeaderActions";
import { bindEffects } from "@/lib/core";
import { ops } from "@/lib/generated/ops";
import { useSessionStore } from "@/stores/session";
import { THEME_STORAGE_KEY, useThemeStore } from "@/stores/theme";
import { fakeGateway, ok } from "@/test/gateway";
import { findDialog } from "@/test/dialogs";
import { renderUi } from "@/test/render";
import { renderRouted } from "@/test/renderRouted";

const WANG = { id: 2, name: "wang", nickname: "", avatar: "", roles: ["运营"], perms: [] };

/** A signed-in session as the core keeps it in this browser. */
function signIn(nickname: string, avatar = "") {
  localStorage.setItem("mat", "token-1");
  localStorage.setItem("userInfo", JSON.stringify({ ...WANG, nickname, avatar }));
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
    // The test DOM loads no other document: catch the core's full-page navigation.
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

  it("offers 个人设置 and 修改密码 above 退出登录", async () => {
    signIn("运营小王");
    renderUi(<HeaderActions />);
    await userEvent.click(screen.getByText("运营小王"));
    const menu = await screen.findByRole("menu");
    expect(
      within(menu)
        .getAllByRole("menuitem")
        .map((item) => item.textContent),
    ).toEqual(["个人设置", "修改密码", "退出登录"]);
  });

  it("shows the avatar image, and reads the user again once when it fails to load", async () => {
    signIn("运营小王", "/files/a.png?exp=1&sig=old");
    const gateway = fakeGateway();
    gateway.answer(
      ops.session.current,
      ok({ ...WANG, nickname: "运营小王", avatar: "/files/a.png?exp=2&sig=new" }),
    );
    renderUi(<HeaderActions />);
    const image = screen.getByRole("img", { name: "运营小王" });
    expect(image).toHaveAttribute("src", "/files/a.png?exp=1&sig=old");
    fireEvent.error(image);
    await waitFor(() =>
      expect(screen.getByRole("img", { name: "运营小王" })).toHaveAttribute(
        "src",
        "/files/a.png?exp=2&sig=new",
      ),
    );
    expect(gateway.calls(ops.session.current)).toHaveLength(1);
  });

  it("个人设置 saves the nickname and the header shows it at once", async () => {
    signIn("运营小王");
    const gateway = fakeGateway();
    gateway.answer(ops.session.updateProfile, ({ nickname }) =>
      ok({ ...WANG, nickname: nickname.trim() }),
    );
    renderRouted(<HeaderActions />);
    await userEvent.click(screen.getByText("运营小王"));
    await userEvent.click(await screen.findByText("个人设置"));
    const dialog = await findDialog("个人设置");
    const nickname = within(dialog).getByLabelText("昵称");
    expect(nickname).toHaveValue("运营小王");
    await userEvent.clear(nickname);
    await userEvent.type(nickname, "运营小李");
    await userEvent.click(within(dialog).getByRole("button", { name: "保存" }));
    expect(await screen.findByText("修改个人资料成功")).toBeInTheDocument();
    // The header, from the user stored through the core.
    await waitFor(() => expect(screen.getByTestId("user-menu")).toHaveTextContent("运营小李"));
    expect(JSON.parse(localStorage.getItem("userInfo") ?? "")).toMatchObject({
      nickname: "运营小李",
    });
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    // The avatar was not touched: it is left out.
    expect(gateway.calls(ops.session.updateProfile)).toEqual([{ nickname: "运营小李" }]);
  });

  it("修改密码 opens its dialog", async () => {
    signIn("运营小王");
    renderRouted(<HeaderActions />);
    await userEvent.click(screen.getByText("运营小王"));
    await userEvent.click(await screen.findByText("修改密码"));
    const dialog = await findDialog("修改密码");
    expect(within(dialog).getByLabelText("原密码")).toBeInTheDocument();
    expect(within(dialog).getByLabelText("新密码")).toBeInTheDocument();
    expect(within(dialog).getByLabelText("确认新密码")).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole("button", { name: "取消" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });
});
