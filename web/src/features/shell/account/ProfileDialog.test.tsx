import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import ProfileDialog from "@/features/shell/account/ProfileDialog";
import { ops, type UserInfo } from "@/lib/generated/ops";
import { useSessionStore } from "@/stores/session";
import { fail, fakeGateway, ok, type FakeGateway } from "@/test/gateway";
import { renderRouted } from "@/test/renderRouted";

const WANG: UserInfo = {
  id: 2,
  name: "operator",
  nickname: "运营小王",
  avatar: "/files/a.png?exp=1&sig=s",
  roles: ["运营"],
  perms: [],
};
let gateway: FakeGateway;

function renderDialog() {
  const onClose = vi.fn();
  renderRouted(<ProfileDialog onClose={onClose} />);
  return { onClose };
}

async function save(nickname: string) {
  const field = screen.getByLabelText("昵称");
  await userEvent.clear(field);
  if (nickname) await userEvent.type(field, nickname);
  await userEvent.click(screen.getByRole("button", { name: "保存" }));
}

describe("ProfileDialog", () => {
  beforeEach(() => {
    gateway = fakeGateway();
    localStorage.setItem("mat", "token-1");
    localStorage.setItem("userInfo", JSON.stringify(WANG));
    useSessionStore.getState().refresh();
  });

  it("starts from the user: the nickname, the avatar shown from its URL", () => {
    renderDialog();
    expect(screen.getByLabelText("昵称")).toHaveValue("运营小王");
    expect(screen.getByRole("img", { name: "头像" })).toHaveAttribute("src", WANG.avatar);
    expect(screen.getByText("更换头像")).toBeInTheDocument();
  });

  it("refuses with the core's nickname rule and sends nothing", async () => {
    renderDialog();
    await save("");
    expect(await screen.findByText("请输入昵称")).toBeInTheDocument();
    await save("长".repeat(21));
    expect(await screen.findByText("昵称不能超过20个字符")).toBeInTheDocument();
    expect(gateway.calls(ops.session.updateProfile)).toEqual([]);
  });

  it("shows the gateway's refusal at its field", async () => {
    gateway.answer(
      ops.session.updateProfile,
      fail("param_invalid", "头像不存在，请重新上传", {
        fields: [{ field: "avatar", message: "头像不存在，请重新上传" }],
      }),
    );
    const { onClose } = renderDialog();
    await save("运营小李");
    expect(await screen.findByText("头像不存在，请重新上传")).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
    expect(useSessionStore.getState().nickname).toBe("运营小王");
  });

  it("stores the answered user through the core, toasts and closes", async () => {
    const saved = { ...WANG, nickname: "运营小李", avatar: "/files/a.png?exp=2&sig=t" };
    gateway.answer(ops.session.updateProfile, ok(saved));
    const { onClose } = renderDialog();
    await save("运营小李");
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(await screen.findByText("修改个人资料成功")).toBeInTheDocument();
    expect(useSessionStore.getState()).toMatchObject({ user: saved, nickname: "运营小李" });
    expect(JSON.parse(localStorage.getItem("userInfo") ?? "")).toEqual(saved);
    expect(gateway.calls(ops.session.updateProfile)).toEqual([{ nickname: "运营小李" }]);
  });
});
