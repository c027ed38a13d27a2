//! The gateway kit: what every domain's handlers and stores are built from. It imports no `api`
//! module and not the dispatcher; both sit above it.
//!
//! - [`ctx`]: a call's context and a handler's reply.
//! - [`handler`]: registry entries built from the operation catalogue, typed handlers.
//! - [`params`]: reading params (Chinese errors naming the field), required fields, paging.
//! - [`list`]: declarative list specs (filters, sortable columns, default order) and the one list.
//! - [`write`]: audited write transactions, inserts, versioned updates and deletes.
//! - [`state`]: changes of state checked against the core's lifecycles (`state_invalid`).
//! - [`moves`]: a lifecycle record's move with its reason (数据字典 `reason_*`) and timeline row.

pub mod ctx;
pub mod grants;
pub mod handler;
pub mod list;
pub mod moves;
pub mod params;
pub mod state;
pub mod write;

pub use ctx::{Ctx, Mat, Payload, Reply};
pub use handler::{Guard, Handler, Operation, Registry, Run};
pub use list::{Filter, ListSpec, Order};
pub use params::{Paging, decode, required};
pub use write::Audited;
