/**
 * The one module that imports core-wasm (ESLint forbids it anywhere else).
 *
 * Every rule of the app — the wire protocol, the session, the error catalogue, routes and access,
 * validation, formatting — lives in the Rust core. This module configures it once, re-exports its
 * typed functions and adds the few typed adapters React needs (the effect binding, typed chunk
 * loading). It decides nothing itself.
 */
import * as wasm from "core-wasm";
import type { Op, Operations, ViewContent } from "@/lib/generated/ops";

export type {
  ApiResult,
  BizError,
  Choice,
  Choices,
  ChunkLoadError,
  Constants,
  Crumb,
  CoreErrorInfo,
  Declared,
  Effect,
  Entity,
  FieldError,
  FieldRule,
  Form,
  FormRules,
  Lifecycle,
  IdTree,
  LoginForm,
  LoginOutcome,
  MenuData,
  MenuItem,
  MenuNode,
  MoveFrom,
  MoveRequest,
  Paging,
  Reason,
  RejectedMenu,
  RequestOptions,
  Resolution,
  State,
  Tone,
  Transition,
  UserInfo,
} from "core-wasm";

export {
  Debouncer,
  Navigator,
  accessFlags,
  actions,
  blockedParents,
  choices,
  clearSession,
  constants,
  displayNickname,
  errorInfo,
  expectData,
  exportFileName,
  fileName,
  followSignOut,
  formatFen,
  formatTimestamp,
  getUserInfo,
  isNullOrEmpty,
  isReviewOverdue,
  lifecycle,
  loadConfig,
  login,
  logout,
  mayHold,
  moveRequest,
  ownRefusal,
  paging,
  preflight,
  readId,
  readPage,
  readPageSize,
  rules,
  serverLoader,
  setUserInfo,
  toCsv,
  treeHasPath,
  validate,
  waitingText,
  yuanToFen,
} from "core-wasm";

// The build's default gateway base; `config.json` beside index.html overrides it at run time
// (`loadConfig`, awaited by main.tsx before the app starts).
wasm.configure(import.meta.env.VITE_API_BASE ?? "development");

/** The params operation `A` takes (generated from the core's catalogue). */
export type Params<A extends keyof Operations> = Operations[A]["params"];
/** What operation `A` answers in `result.data`. */
export type Answer<A extends keyof Operations> = Operations[A]["answer"];
/** `result` of a call of `A`: its answer on success, the gateway's error data otherwise. */
export type CallResult<A extends keyof Operations> =
  | { success: true; code: string; msg: string; data: Answer<A> }
  | { success: false; code: string; msg: string; data: unknown };

/**
 * Calls an operation of the catalogue (`call(ops.dict.list, {page: 1})`) with the method the core
 * declares for it. Business failures resolve with `success: false` after the core's toast;
 * transport failures reject; with `skipErrorHandler` nothing is shown and every failure rejects.
 */
export function call<A extends keyof Operations>(
  op: Op<A>,
  params: Params<A>,
  options?: wasm.RequestOptions,
): Promise<CallResult<A>> {
  const send = op.method === "GET" ? wasm.get : wasm.post;
  return send(op.api, params, options) as Promise<CallResult<A>>;
}

/** The answer of a call, or a rejection with the core's `BizError` (no toast: the caller shows it). */
export async function callData<A extends keyof Operations>(
  op: Op<A>,
  params: Params<A>,
): Promise<Answer<A>> {
  return wasm.expectData(await call(op, params, { skipErrorHandler: true })) as Answer<A>;
}

/** The whole system menu tree (GET `{base}/v1/qryMenuTree`). */
export function fetchSystemMenuTree(options?: wasm.RequestOptions): Promise<wasm.ApiResult> {
  return wasm.fetchSystemMenuTree(options);
}

/** What the app's toasts need: antd's `message` (static or from `App.useApp()`) fits. */
export interface Toaster {
  error(text: string): unknown;
  success(text: string): unknown;
  info(text: string): unknown;
}

/**
 * Performs the core's effects: toasts through `toaster`, navigation through `navigate` (an in-app
 * path such as `/login?redirect=%2Fhome`). Returns an unbind function that silences the handler.
 */
export function bindEffects(navigate: (to: string) => unknown, toaster: Toaster): () => void {
  wasm.setEffectHandler((effect) => {
    switch (effect.kind) {
      case "toast":
        toaster[effect.level](effect.text);
        return;
      case "navigate":
        void navigate(effect.to);
        return;
      case "reload":
        // Logout: a full document load of the login page, so no state of the session survives.
        window.location.assign(effect.href);
        return;
    }
  });
  return () => wasm.setEffectHandler(() => undefined);
}

/**
 * Loads a chunk through the core (time-out and the catalogue's `ChunkLoadError`), keeping the
 * loader's type: the core hands back exactly what the loader resolved with.
 */
export function loadPage<T>(chunkId: string, loader: () => Promise<T>): Promise<T> {
  return wasm.loadChunk(chunkId, loader) as Promise<T>;
}

/** Vite's `vite:preloadError` payload turned into the catalogue's chunk error. */
export function chunkLoadError(chunkId: string, cause: unknown): Error {
  return wasm.chunkLoadError(chunkId, cause);
}

/** The app's basename for the router: the core's base path without its trailing slash. */
export function routerBasename(): string {
  return wasm.constants().basePath.replace(/\/+$/, "");
}

/** A saved view as a list can open it today (the core's `views::reconcile`). */
export interface ReconciledView {
  /** The view's content, every key the list no longer declares dropped. */
  content: ViewContent;
  /** What was dropped, in words; absent when nothing was. */
  notice?: string;
}

/** Reads saved view `name`'s content against what its list declares today. */
export function reconcileView(
  name: string,
  content: ViewContent,
  declared: wasm.Declared,
): ReconciledView {
  const { filters, columns, sortable } = declared;
  return wasm.reconcileView(name, content, filters, columns, sortable) as ReconciledView;
}
