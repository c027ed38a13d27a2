/**
 * core.ts is the one module that imports core-wasm: it configures the core and turns the core's
 * effects into toasts and navigation. These run the real core; only the network is faked.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import * as core from "@/lib/core";
import { ops } from "@/lib/generated/ops";
import { fail, fakeGateway, ok } from "@/test/gateway";

function toaster() {
  return { error: vi.fn(), success: vi.fn(), info: vi.fn() };
}

describe("core.ts", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("configures the core for development when VITE_API_BASE is unset: calls go to /api", async () => {
    const gateway = fakeGateway();
    gateway.answer(
      ops.dashboard.stats,
      ok({
        shops: 212,
        newShopsToday: 3,
        productsOnSale: 1043,
        pendingShops: 17,
        pendingOpportunities: 0,
        inquiriesToday: 9,
        todo: [],
      }),
    );
    await core.call(ops.dashboard.stats, {});
    const [sent] = gateway.sent;
    expect(sent?.url.startsWith(`${window.location.origin}/api?`)).toBe(true);
    expect(sent?.method).toBe("GET");
  });

  it("shows the core's error toast with the message API, and navigates nowhere", async () => {
    const toasts = toaster();
    const navigate = vi.fn();
    const unbind = core.bindEffects(navigate, toasts);
    fakeGateway().answer(ops.dict.list, fail("permission_denied", "无权限执行此操作"));
    await core.call(ops.dict.list, {});
    unbind();
    expect(toasts.error).toHaveBeenCalledWith("无权限执行此操作");
    expect(toasts.success).not.toHaveBeenCalled();
    expect(navigate).not.toHaveBeenCalled();
  });

  it("performs the core's navigation to the login page with the router", async () => {
    window.history.replaceState(null, "", "/adnuradmin/home");
    localStorage.setItem("mat", "expired");
    const toasts = toaster();
    const navigate = vi.fn();
    const unbind = core.bindEffects(navigate, toasts);
    fakeGateway().answer(ops.dict.list, fail("user_need_login_token_invalid", "登录已失效"));
    await core.call(ops.dict.list, {});
    unbind();
    expect(navigate).toHaveBeenCalledWith("/login?redirect=%2Fhome");
    expect(toasts.error).not.toHaveBeenCalled();
    window.history.replaceState(null, "", "/");
  });

  it("performs the core's reload (logout) as a full document load, not a router navigation", async () => {
    const assign = vi.fn();
    vi.stubGlobal("location", { assign });
    const navigate = vi.fn();
    const unbind = core.bindEffects(navigate, toaster());
    await core.logout();
    unbind();
    expect(assign).toHaveBeenCalledWith("/adnuradmin/login");
    expect(navigate).not.toHaveBeenCalled();
  });

  it("silences the handler when unbound", async () => {
    const toasts = toaster();
    const unbind = core.bindEffects(vi.fn(), toasts);
    unbind();
    fakeGateway().answer(ops.dict.list, fail("permission_denied", "无权限执行此操作"));
    await core.call(ops.dict.list, {});
    expect(toasts.error).not.toHaveBeenCalled();
  });

  it("loads chunks through the core and keeps the loader's value", async () => {
    const module = { default: "page" };
    await expect(core.loadPage("home", () => Promise.resolve(module))).resolves.toBe(module);
  });

  it("gives up on a chunk after the core's time-out, with the catalogue's error", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    const loading = core.loadPage("system/user", () => new Promise<never>(() => undefined));
    const outcome = loading.then(
      () => undefined,
      (error: unknown) => core.errorInfo(error),
    );
    await vi.advanceTimersByTimeAsync(core.constants().chunkLoadTimeoutMs);
    await expect(outcome).resolves.toMatchObject({
      name: "ChunkLoadError",
      code: "CHUNK_LOAD_FAILED",
      message: "Loading chunk system/user failed",
    });
  });

  it("derives the router basename from the core's base path", () => {
    expect(core.routerBasename()).toBe("/adnuradmin");
  });
});
