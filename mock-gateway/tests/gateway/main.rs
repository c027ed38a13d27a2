//! The gateway's tests: in-process router calls (`oneshot`), a real server over TCP, the binary,
//! and the README checked against the registry.

#![allow(clippy::unwrap_used)]

mod account;
mod activity;
mod ad;
mod audit;
mod authz_matrix;
mod belt;
mod category;
mod common;
mod concurrency;
mod contact;
mod crash;
mod dashboard;
mod data;
mod deletes;
mod delivery;
mod dict;
mod entry;
mod files;
mod headers;
mod history;
mod hostile;
mod http_edges;
mod impact;
mod inquiry;
mod inquiry_quotes;
mod invitation;
mod member;
mod modules;
mod online;
mod operate;
mod pickers;
mod product;
mod readme;
mod reason;
mod server;
mod session;
mod shop;
mod stale;
mod system;
mod view;
