/**
 * The network, faked: the one thing web tests replace. The real core (core-wasm) builds and sends
 * its requests through `fetch`; this stub reads them the way the gateway does (the `api` from the
 * URL query, `data` as JSON from the query of a GET or the form-encoded body of a POST) and
 * answers the gateway envelope `{result: {success, code, msg, data}, meta: {mat}}` that the test
 * set for the operation.
 *
 *   const gateway = fakeGateway();
 *   gateway.answer(ops.dict.list, ok({ list: [], total: 0, page: 1, pageSize: 20 }));
 *   ...
 *   expect(gateway.calls(ops.dict.save)).toEqual([{ code: "x", ... }]);
 *
 * A call without an answer fails like a dropped connection, so a test never passes on an answer
 * it did not choose. An answer is typed by the catalogue (web/src/lib/generated/ops.ts): `ok(data)`
 * must be the operation's `Operations[A]["answer"]`, a reply made from params gets its
 * `Operations[A]["params"]`, and `fail(...)` fits any operation; so `ok({})` for an operation that
 * answers a page does not compile (gateway.test.ts holds the proof), and a fake is a real shape.
 */
import { vi } from "vitest";
import type { DashboardStats, Op, Operations, SystemMenuNode } from "@/lib/generated/ops";

/** `result` of the envelope. */
export interface Reply<T = unknown> {
  success: boolean;
  code: string;
  msg: string;
  data: T;
  /** `meta.mat`: the session token the gateway hands out (empty: none). */
  mat?: string;
}

/** A success: its `data` is what the operation answers. */
export interface Ok<T> extends Reply<T> {
  success: true;
}

/** A business failure: its `data` is the gateway's error data, whatever the operation. */
export interface Failure extends Reply {
  success: false;
}

/** A success carrying `data`; `answer` checks `data` against the operation's answer type. */
export function ok<T>(data: T, mat = ""): Ok<T> {
  return { success: true, code: "SUCCESS", msg: "", data, mat };
}

/** A business failure with the gateway's code and message (fits every operation). */
export function fail(code: string, msg: string, data: unknown = null): Failure {
  return { success: false, code, msg, data };
}

/**
 * The endpoints outside the `api` catalogue, with what they take (the decoded `data`, or the
 * query for `serverLoader`) and answer: the whole system menu tree (`/v1/qryMenuTree`), and the
 * per-route loader, of which the app asks only `home` (`dashboard.stats`'s figures).
 */
export interface Endpoints {
  systemMenuTree: { params: undefined; answer: SystemMenuNode[] };
  serverLoader: { params: { route: string; url: string }; answer: DashboardStats };
}
export type Endpoint = keyof Endpoints;

/** What a call of an operation or endpoint may be answered with: its answer, or a failure. */
export type ReplyTo<T> = Ok<T> | Failure;
/** An answer set for a target: a reply, or one made (at once or later) from the call's params. */
export type Answering<P, T> = ReplyTo<T> | ((params: P) => ReplyTo<T> | Promise<ReplyTo<T>>);

type Target = Op | Endpoint;
type Answer = Answering<never, unknown>;

/** One request as the gateway read it. */
export interface Sent {
  /** The request's absolute URL. */
  url: string;
  /** The operation's `api`, or the endpoint. */
  target: string;
  method: string;
  /** The decoded `data` (undefined when none was sent); for `serverLoader`, the query. */
  params: unknown;
}

function keyOf(target: Target): string {
  return typeof target === "string" ? target : target.api;
}

async function read(request: Request): Promise<Sent> {
  const url = new URL(request.url);
  if (url.pathname.endsWith("/v1/qryMenuTree")) {
    return {
      url: request.url,
      target: "systemMenuTree",
      method: request.method,
      params: undefined,
    };
  }
  if (url.pathname.endsWith("/__serverLoader")) {
    const params = Object.fromEntries(url.searchParams);
    return { url: request.url, target: "serverLoader", method: request.method, params };
  }
  const fields =
    request.method === "POST" ? new URLSearchParams(await request.text()) : url.searchParams;
  const data = fields.get("data");
  return {
    url: request.url,
    target: url.searchParams.get("api") ?? url.pathname,
    method: request.method,
    params: data === null ? undefined : (JSON.parse(data) as unknown),
  };
}

function envelope({ mat = "", ...result }: Reply): Response {
  return new Response(JSON.stringify({ result, meta: { mat } }), {
    status: 200,
    headers: { "content-type": "application/json" },
  });
}

export interface FakeGateway {
  /**
   * Answers every later call of `target` with `answer` (a reply, or one made from the params).
   * A success must carry the operation's answer type (`Operations[A]["answer"]`).
   */
  answer<A extends keyof Operations>(
    target: Op<A>,
    answer: Answering<Operations[A]["params"], Operations[A]["answer"]>,
  ): void;
  answer<E extends Endpoint>(
    target: E,
    answer: Answering<Endpoints[E]["params"], Endpoints[E]["answer"]>,
  ): void;
  /** The params of each call of `target`, in order. */
  calls(target: Target): unknown[];
  /** Every request, in order. */
  readonly sent: readonly Sent[];
}

/** Stubs the global `fetch` (which the core's client calls) with a gateway of set answers. */
export function fakeGateway(): FakeGateway {
  const answers = new Map<string, Answer>();
  const sent: Sent[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (request: Request) => {
      const call = await read(request);
      sent.push(call);
      const answer = answers.get(call.target);
      if (answer === undefined) throw new TypeError(`no answer set for ${call.target}`);
      return envelope(typeof answer === "function" ? await answer(call.params as never) : answer);
    }),
  );
  return {
    answer(target: Target, answer: Answer) {
      answers.set(keyOf(target), answer);
    },
    calls(target) {
      return sent.filter((s) => s.target === keyOf(target)).map((s) => s.params);
    },
    sent,
  };
}
