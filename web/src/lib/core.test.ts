/**
 * core.ts is the one module that imports core-wasm: it configures the core and turns the core's
 * effects into toasts and navigation. core-wasm itself is replaced here (no wasm in jsdom).
 */
import { beforeEach, describe, expect, it, vi } from "vitest";

type Handler = (effect: {
  kind: string;
  level?: string;
  text?: string;
  to?: string;
  href?: string;
}) => void;

const wasm = vi.hoisted(() => ({
  configure: vi.fn(),
  setEffectHandler: vi.fn(),
  loadChunk: vi.fn((_id: string, loader: () => Promise<unknown>) => loader()),
  constants: vi.fn(() => ({ basePath: "/adnuradmin/" })),
  get: vi.fn(),
}));
vi.mock("core-wasm", () => wasm);

const core = await import("@/lib/core");
// Recorded at import, before the per-test mock clearing.
const configureCalls = [...wasm.configure.mock.calls];

function registeredHandler(): Handler {
  const call = wasm.setEffectHandler.mock.lastCall;
  if (!call) throw new Error("no effect handler registered");
  return call[0] as Handler;
}

describe("core.ts", () => {
  beforeEach(() => {
    wasm.setEffectHandler.mockClear();
  });

  it("configures the core for development when VITE_API_BASE is unset", () => {
    expect(configureCalls).toEqual([["development"]]);
  });

  it("shows the core's toasts with the message API, by level", () => {
    const toaster = { error: vi.fn(), success: vi.fn(), info: vi.fn() };
    const navigate = vi.fn();
    core.bindEffects(navigate, toaster);
    registeredHandler()({ kind: "toast", level: "error", text: "请求失败！" });
    registeredHandler()({ kind: "toast", level: "success", text: "已保存" });
    expect(toaster.error).toHaveBeenCalledWith("请求失败！");
    expect(toaster.success).toHaveBeenCalledWith("已保存");
    expect(toaster.info).not.toHaveBeenCalled();
    expect(navigate).not.toHaveBeenCalled();
  });

  it("performs the core's navigation with the router", () => {
    const toaster = { error: vi.fn(), success: vi.fn(), info: vi.fn() };
    const navigate = vi.fn();
    core.bindEffects(navigate, toaster);
    registeredHandler()({ kind: "navigate", to: "/login?redirect=%2Fhome" });
    expect(navigate).toHaveBeenCalledWith("/login?redirect=%2Fhome");
    expect(toaster.error).not.toHaveBeenCalled();
  });

  it("performs the core's reload (logout) as a full document load, not a router navigation", () => {
    const assign = vi.fn();
    vi.stubGlobal("location", { assign });
    const navigate = vi.fn();
    core.bindEffects(navigate, { error: vi.fn(), success: vi.fn(), info: vi.fn() });
    registeredHandler()({ kind: "reload", href: "/adnuradmin/login" });
    expect(assign).toHaveBeenCalledWith("/adnuradmin/login");
    expect(navigate).not.toHaveBeenCalled();
    vi.unstubAllGlobals();
  });

  it("silences the handler when unbound", () => {
    const toaster = { error: vi.fn(), success: vi.fn(), info: vi.fn() };
    const unbind = core.bindEffects(vi.fn(), toaster);
    unbind();
    registeredHandler()({ kind: "toast", level: "error", text: "x" });
    expect(toaster.error).not.toHaveBeenCalled();
  });

  it("loads chunks through the core and keeps the loader's value", async () => {
    const module = { default: "page" };
    await expect(core.loadPage("home", () => Promise.resolve(module))).resolves.toBe(module);
    expect(wasm.loadChunk).toHaveBeenCalledWith("home", expect.any(Function));
  });

  it("derives the router basename from the core's base path", () => {
    expect(core.routerBasename()).toBe("/adnuradmin");
  });

  it("passes omitted request arguments on as undefined", async () => {
    wasm.get.mockResolvedValue({ success: true, code: "SUCCESS", msg: "", data: [] });
    await core.get("mtop.admin.user.menuTree");
    expect(wasm.get).toHaveBeenCalledWith("mtop.admin.user.menuTree", undefined, undefined);
  });
});
