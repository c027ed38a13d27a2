//! TypeScript shapes that are not Rust types: callbacks, the payload, the error classes.

use wasm_bindgen::prelude::*;

#[wasm_bindgen(typescript_custom_section)]
const TS_TYPES: &'static str = r#"
/** `result` of the gateway envelope, handed to callers as the payload. */
export interface ApiResult { success: boolean; code: string; msg: string; data: unknown }
/** Options of one request. */
export interface RequestOptions { /** Skip the catalogue: no toast, no redirect; failures reject. */ skipErrorHandler?: boolean; /** Aborts the request: the promise rejects with the signal's reason and nothing is shown. */ signal?: AbortSignal }
/** A business failure (`result.success` false). */
export interface BizError extends Error { name: "BizError"; code: string; msg: string; data: unknown }
/** A non-200 HTTP answer. */
export interface HttpError extends Error { name: "HttpError"; code: "HTTP_ERROR"; status: number }
/** The request went out and nothing came back. */
export interface NoResponseError extends Error { name: "NoResponseError"; code: "NO_RESPONSE" }
/** A page's script or stylesheet chunk failed to load. */
export interface ChunkLoadError extends Error { name: "ChunkLoadError"; code: "CHUNK_LOAD_FAILED" | "CSS_CHUNK_LOAD_FAILED"; cause: "timeout" | "missing" | "other"; chunkId: string }
/** Any error the core raises. */
export type CoreError = BizError | HttpError | NoResponseError | ChunkLoadError;
/** What a move sends: the operation (`api`) and its params, the record's kept fields included. */
export interface MoveRequest { op: string; params: Record<string, unknown> }
/** Any caught error, described for rendering. */
export interface CoreErrorInfo {
  name: string; code: string; message: string;
  /** The code is `data_conflict`: the record changed since it was read (offer a reload). */
  conflict: boolean;
  status?: number; fields: FieldError[];
}
"#;

#[wasm_bindgen]
extern "C" {
    /// `(effect: Effect) => void`
    #[wasm_bindgen(typescript_type = "(effect: Effect) => void")]
    pub type EffectHandler;

    /// `() => Promise<unknown>`
    #[wasm_bindgen(typescript_type = "() => Promise<unknown>")]
    pub type ChunkLoader;

    /// `() => void`
    #[wasm_bindgen(typescript_type = "() => void")]
    pub type Callback;
}
