//! Registry entries: each operation of the catalogue with the handler that serves it.
//!
//! A handler is typed by its catalogue entry: [`Operation::typed`] takes
//! `fn(&Ctx, O::Params) -> Result<O::Answer, AppError>`, so params are decoded into the catalogue's
//! type (errors in Chinese, naming the field) and the answer is the catalogue's type.

use std::collections::BTreeMap;
use std::sync::Arc;

use core_wasm::ops;
use core_wasm::protocol::Method;
use serde_json::Value;

use super::ctx::{Ctx, Reply};
use super::params::decode;
use crate::error::AppError;

/// Who may call an operation: the catalogue's guard.
pub use core_wasm::ops::Guard;

/// Where a handler runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Run {
    /// On the async worker: only for handlers that touch memory alone (the hot reads).
    Inline,
    /// On the blocking pool: anything that reads or writes SQLite.
    Blocking,
    /// On the password-hashing pool ([`crate::pool::WorkPool`]), admitted only while it has
    /// room: a sign-in, whose argon2id check would otherwise hold a thread that serves reads.
    Hashing,
    /// On the image-decoding pool, likewise: an upload, whose pixels take up to 64 MiB.
    Decoding,
}

/// An untyped handler: the call's context and its `data` object (tests' own operations).
pub type Handler = fn(&Ctx, Value) -> Result<Reply, AppError>;

/// A handler with its params decoding folded in.
pub type Erased = Arc<dyn Fn(&Ctx, Value) -> Result<Reply, AppError> + Send + Sync>;

/// One operation of the registry.
#[derive(Clone)]
pub struct Operation {
    /// The `api` name, e.g. `mtop.admin.user.list`.
    pub api: &'static str,
    /// GET for reads, POST for writes.
    pub method: Method,
    /// Who may call it.
    pub guard: Guard,
    /// Where it runs.
    pub run: Run,
    /// What it does.
    pub handler: Erased,
}

impl Operation {
    /// The catalogue's operation `O` served by a typed handler, on the blocking pool.
    pub fn typed<O>(handler: fn(&Ctx, O::Params) -> Result<O::Answer, AppError>) -> Operation
    where
        O: ops::Operation,
        O::Params: 'static,
        O::Answer: 'static,
    {
        Operation::entry::<O>(Arc::new(move |ctx, data| {
            Reply::json(handler(ctx, decode(data)?)?)
        }))
    }

    /// The catalogue's operation `O` whose handler builds its own [`Reply`]: to set `meta.mat`
    /// (sign-in and out) or to answer pre-encoded JSON (cached trees). Params are still `O`'s.
    pub fn replying<O>(handler: fn(&Ctx, O::Params) -> Result<Reply, AppError>) -> Operation
    where
        O: ops::Operation,
        O::Params: 'static,
    {
        Operation::entry::<O>(Arc::new(move |ctx, data| handler(ctx, decode(data)?)))
    }

    fn entry<O: ops::Operation>(handler: Erased) -> Operation {
        Operation {
            api: O::API,
            method: O::METHOD,
            guard: O::GUARD,
            run: Run::Blocking,
            handler,
        }
    }

    /// A read outside the catalogue (tests register their own), on the blocking pool.
    pub fn get(api: &'static str, guard: Guard, handler: Handler) -> Operation {
        Operation::untyped(api, Method::Get, guard, handler)
    }

    /// A write outside the catalogue (tests register their own), on the blocking pool.
    pub fn post(api: &'static str, guard: Guard, handler: Handler) -> Operation {
        Operation::untyped(api, Method::Post, guard, handler)
    }

    fn untyped(api: &'static str, method: Method, guard: Guard, handler: Handler) -> Operation {
        Operation {
            api,
            method,
            guard,
            run: Run::Blocking,
            handler: Arc::new(handler),
        }
    }

    /// The same operation running inline.
    pub fn inline(mut self) -> Operation {
        self.run = Run::Inline;
        self
    }

    /// The same operation on the password-hashing pool.
    pub fn hashing(mut self) -> Operation {
        self.run = Run::Hashing;
        self
    }

    /// The same operation on the image-decoding pool.
    pub fn decoding(mut self) -> Operation {
        self.run = Run::Decoding;
        self
    }
}

/// Every operation by name.
#[derive(Clone, Default)]
pub struct Registry {
    ops: BTreeMap<&'static str, Operation>,
}

impl Registry {
    /// Adds (or replaces) an operation.
    pub fn insert(&mut self, op: Operation) {
        self.ops.insert(op.api, op);
    }

    /// An operation by name.
    pub fn get(&self, api: &str) -> Option<&Operation> {
        self.ops.get(api)
    }

    /// Every operation, by name.
    pub fn iter(&self) -> impl Iterator<Item = &Operation> {
        self.ops.values()
    }
}
