//! Changes of state checked against the core's lifecycles.

use core_wasm::lifecycle::{self, Entity, Refusal};

use crate::error::AppError;

/// Whether a record of `entity` in state `from` may move to `to` (staying is no change). An
/// unknown state is a parameter error of `field`; a transition the lifecycle lacks answers
/// `state_invalid` naming both states. Check inside the write's transaction, before writing.
pub fn transition(entity: Entity, field: &str, from: &str, to: &str) -> Result<(), AppError> {
    match lifecycle::check(entity, from, to) {
        Ok(_) => Ok(()),
        Err(refusal @ Refusal::UnknownState(_)) => {
            Err(AppError::field(field, refusal.message(entity)))
        }
        Err(refusal @ Refusal::NotAllowed { .. }) => {
            Err(AppError::StateInvalid(refusal.message(entity)))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use core_wasm::codes::BizCode;

    #[test]
    fn refusals_become_the_codes_the_client_expects() {
        assert!(transition(Entity::Dict, "status", "enabled", "disabled").is_ok());
        assert!(transition(Entity::Dict, "status", "enabled", "enabled").is_ok());
        let unknown = transition(Entity::Dict, "status", "enabled", "archived");
        assert_eq!(unknown.map_err(|e| e.code()), Err(BizCode::ParamInvalid));
        let stuck = transition(Entity::SysUser, "status", "archived", "enabled");
        assert_eq!(stuck.map_err(|e| e.code()), Err(BizCode::StateInvalid));
    }
}
