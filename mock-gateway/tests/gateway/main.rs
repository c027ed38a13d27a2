//! The gateway's tests: in-process router calls (`oneshot`), a real server over TCP, the binary,
//! and the README checked against the registry.

#![allow(clippy::unwrap_used)]

mod activity;
mod ad;
mod authz_matrix;
mod belt;
mod category;
mod common;
mod concurrency;
mod crash;
mod dashboard;
mod data;
mod dict;
mod entry;
mod files;
mod headers;
mod history;
mod hostile;
mod http_edges;
mod impact;
mod inquiry;
mod invitation;
mod member;
mod modules;
mod operate;
mod product;
mod readme;
mod reason;
mod server;
mod session;
mod shop;
mod stale;
mod system;
