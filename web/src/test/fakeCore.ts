/**
 * A test double of `@/lib/core` for jsdom, where the wasm cannot load. Tests mock the module with
 *   vi.mock("@/lib/core", () => import("@/test/fakeCore").then((m) => m.fakeCore()));
 * and steer it through `vi.mocked(...)` and `navigatorPlan`. It decides nothing on its own: every
 * answer is what the test set up.
 */
import { vi } from "vitest";
import type * as Core from "@/lib/core";
import type { Op } from "@/lib/generated/ops";
import type {
  ApiResult,
  Constants,
  CoreErrorInfo,
  Crumb,
  MenuItem,
  MenuNode,
  RejectedMenu,
  Resolution,
  UserInfo,
} from "@/lib/core";

export const CONSTANTS: Constants = {
  appName: "Adnur 管理后台",
  avatarSize: 36,
  basePath: "/adnuradmin/",
  debounceMs: 300,
  chunkLoadTimeoutMs: 120_000,
  defaultNickname: "游客",
};

export function ok(data: unknown): ApiResult {
  return { success: true, code: "SUCCESS", msg: "", data };
}

/** What the fake Navigator answers; tests replace the parts they need. */
export const navigatorPlan: {
  resolve: (pathname: string, search: string) => Resolution;
  pageFor: (path: string) => string | undefined;
  menu: MenuItem[];
  crumbs: Crumb[];
} = {
  resolve: () => ({ kind: "redirect", to: "/exception/404" }),
  pageFor: () => undefined,
  menu: [],
  crumbs: [],
};

export class FakeNavigator {
  constructor(
    readonly tree: MenuNode[],
    readonly user: UserInfo | undefined,
  ) {}
  resolve(pathname: string, search: string): Resolution {
    return navigatorPlan.resolve(pathname, search);
  }
  menu(): MenuItem[] {
    return navigatorPlan.menu;
  }
  breadcrumbs(): Crumb[] {
    return navigatorPlan.crumbs;
  }
  rejected(): RejectedMenu[] {
    return [];
  }
  pageFor(path: string): string | undefined {
    return navigatorPlan.pageFor(path);
  }
  firstLeafPath(): string {
    return "/home";
  }
  free(): void {
    /* nothing to free */
  }
  [Symbol.dispose](): void {
    this.free();
  }
}

function describeError(error: unknown): CoreErrorInfo {
  return error instanceof Error
    ? { name: error.name, code: "TEST", message: error.message, fields: [], conflict: false }
    : { name: "Error", code: "TEST", message: String(error), fields: [], conflict: false };
}

export const PAGING: Core.Paging = {
  pageSizes: [10, 20, 50, 100],
  defaultPageSize: 20,
  minPageSize: 10,
  maxPageSize: 100,
};

const bounds = (min: number, max: number) => ({ min, max });
export const LIMITS: Core.FieldLimits = {
  username: bounds(4, 32),
  password: bounds(8, 64),
  nickname: bounds(1, 20),
  label: bounds(1, 20),
  dictCode: bounds(1, 40),
  dictLabel: bounds(1, 40),
  dictValue: bounds(1, 200),
  remark: bounds(0, 200),
  sort: bounds(0, 99_999),
};

/** A URL number as the tests expect the core to read it: digits ≥ 1, else the fallback. */
function urlNumber(raw: string | null | undefined, fallback: number, allowed?: number[]): number {
  const n = raw && /^\d{1,9}$/.test(raw) ? Number(raw) : NaN;
  if (!(n >= 1)) return fallback;
  return allowed && !allowed.includes(n) ? fallback : n;
}

export function fakeCore() {
  const get = vi.fn((_api: string, _data?: unknown, _options?: Core.RequestOptions) =>
    Promise.resolve(ok([])),
  );
  const post = vi.fn((_api: string, _data?: unknown, _options?: Core.RequestOptions) =>
    Promise.resolve(ok(null)),
  );
  const send = (op: Op, params: unknown, options?: Core.RequestOptions) =>
    (op.method === "GET" ? get : post)(op.api, params, options);
  return {
    Navigator: FakeNavigator,
    accessFlags: vi.fn(() => ["canSeeAdmin"]),
    blockedParents: vi.fn((_tree: readonly Core.IdTree[], id: number) => [id]),
    bindEffects: vi.fn((_navigate: (to: string) => unknown, _toaster: Core.Toaster) => () => {
      /* unbound */
    }),
    chunkLoadError: vi.fn((chunkId: string) => new Error(`Loading CSS chunk ${chunkId} failed`)),
    constants: vi.fn(() => CONSTANTS),
    displayNickname: vi.fn(() => CONSTANTS.defaultNickname),
    errorInfo: vi.fn(describeError),
    expectData: vi.fn((result: ApiResult) => {
      if (!result.success) throw new Error(result.msg);
      return result.data;
    }),
    fetchSystemMenuTree: vi.fn(() => Promise.resolve(ok([]))),
    fieldLimits: vi.fn(() => LIMITS),
    fileName: vi.fn((path: string) => path),
    formatTimestamp: vi.fn(() => "2026-01-02 03:04:05"),
    get,
    // `call` and `callData` go through the fake `get` / `post`, which tests steer.
    call: vi.fn(send) as unknown as typeof Core.call,
    callData: vi.fn(async (op: Op, params: unknown) => {
      const result = await send(op, params, { skipErrorHandler: true });
      if (!result.success) throw new Error(result.msg);
      return result.data;
    }) as unknown as typeof Core.callData,
    getUserInfo: vi.fn((): UserInfo | undefined => undefined),
    loadPage: <T>(_chunkId: string, loader: () => Promise<T>): Promise<T> => loader(),
    login: vi.fn((_form: Core.LoginForm, _search: string) =>
      Promise.resolve<Core.LoginOutcome>({ kind: "failed", code: "unset", msg: "unset" }),
    ),
    logout: vi.fn(() => Promise.resolve()),
    paging: vi.fn(() => PAGING),
    passwordPolicy: vi.fn(() => "8-64位"),
    readPage: vi.fn((raw?: string | null) => urlNumber(raw, 1)),
    readPageSize: vi.fn((raw?: string | null) => urlNumber(raw, 20, PAGING.pageSizes)),
    isNullOrEmpty: vi.fn((v: unknown) => v === null || v === undefined || v === ""),
    post,
    preflight: vi.fn((_pathname: string, _search: string): Resolution | undefined => undefined),
    routerBasename: vi.fn(() => "/adnuradmin"),
    serverLoader: vi.fn((_route: string, _url: string) => Promise.resolve(ok({}))),
    treeHasPath: vi.fn((_tree: MenuNode[], _path: string) => false),
  } satisfies Partial<typeof Core>;
}
