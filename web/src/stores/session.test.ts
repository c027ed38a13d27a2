import { beforeEach, describe, expect, it } from "vitest";
import { getUserInfo } from "@/lib/core";
import { ops, type UserInfo } from "@/lib/generated/ops";
import { useSessionStore } from "@/stores/session";
import { fail, fakeGateway, ok, type FakeGateway } from "@/test/gateway";

const WANG: UserInfo = {
  id: 2,
  name: "operator",
  nickname: "运营小王",
  avatar: "",
  roles: ["运营"],
  perms: [],
};
let gateway: FakeGateway;

/** As at a page load: nothing read from the gateway yet. */
function pageLoad(userInfo?: string) {
  localStorage.setItem("mat", "token-1");
  if (userInfo !== undefined) localStorage.setItem("userInfo", userInfo);
  useSessionStore.setState({ fresh: false });
  useSessionStore.setState({ user: getUserInfo(), nickname: "" });
}

describe("the session store", () => {
  beforeEach(() => {
    gateway = fakeGateway();
  });

  for (const [what, stored] of [
    ["missing", undefined],
    ["broken JSON", "{not json"],
    ["JSON of another shape", '{"id":"two","roles":"运营"}'],
    ["a user without an id or a name", '{"nickname":"运营小王"}'],
    ["null", "null"],
  ] as const) {
    it(`reads the user through current when the stored one is ${what}, and stores it`, async () => {
      pageLoad(stored);
      expect(getUserInfo()).toBeUndefined();
      gateway.answer(ops.session.current, ok(WANG));
      await useSessionStore.getState().load();
      expect(gateway.calls(ops.session.current)).toHaveLength(1);
      expect(useSessionStore.getState().user).toEqual(WANG);
      expect(useSessionStore.getState().nickname).toBe("运营小王");
      expect(JSON.parse(localStorage.getItem("userInfo") ?? "")).toEqual(WANG);
      // Once per page load.
      await useSessionStore.getState().load();
      expect(gateway.calls(ops.session.current)).toHaveLength(1);
    });
  }

  it("fails the start when no user is readable and current fails, and the token goes when invalid", async () => {
    pageLoad("{");
    gateway.answer(ops.session.current, fail("user_need_login_token_invalid", "请重新登录"));
    await expect(useSessionStore.getState().load()).rejects.toThrow();
    expect(localStorage.getItem("mat")).toBeNull();
  });

  it("refreshes a readable user in the background, keeping it when that fails", async () => {
    const stored = { ...WANG, avatar: "/files/a.png?exp=1&sig=old" };
    pageLoad(JSON.stringify(stored));
    gateway.answer(ops.session.current, () => fail("system_error", "系统繁忙"));
    await useSessionStore.getState().load();
    expect(useSessionStore.getState().user).toEqual(stored);
    await expect.poll(() => gateway.calls(ops.session.current)).toHaveLength(1);
    expect(useSessionStore.getState().user).toEqual(stored);
    // A fresh signed URL replaces the stored one.
    pageLoad(JSON.stringify(stored));
    const fresh = { ...WANG, avatar: "/files/a.png?exp=2&sig=new" };
    gateway.answer(ops.session.current, ok(fresh));
    await useSessionStore.getState().load();
    await expect.poll(() => useSessionStore.getState().user).toEqual(fresh);
  });

  it("does not read the user again right after a sign-in", async () => {
    pageLoad(JSON.stringify(WANG));
    useSessionStore.getState().refresh();
    await useSessionStore.getState().load();
    expect(gateway.calls(ops.session.current)).toEqual([]);
  });

  it("renews an avatar whose image failed once per URL", async () => {
    const stored = { ...WANG, avatar: "/files/a.png?exp=1&sig=gone" };
    pageLoad(JSON.stringify(stored));
    const fresh = { ...WANG, avatar: "/files/a.png?exp=9&sig=new" };
    gateway.answer(ops.session.current, ok(fresh));
    useSessionStore.getState().renew(stored.avatar);
    await expect.poll(() => useSessionStore.getState().user).toEqual(fresh);
    useSessionStore.getState().renew(stored.avatar);
    useSessionStore.getState().renew("/files/other.png");
    expect(gateway.calls(ops.session.current)).toHaveLength(1);
  });
});
