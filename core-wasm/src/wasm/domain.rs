//! The domain kit's browser face: rule tables, lifecycles and labelled choices. Converts values
//! only; the rules are `crate::rules`, `crate::lifecycle` and `crate::choices`.

use wasm_bindgen::prelude::*;

use super::convert::{from_js, to_js};
use super::errors::CoreError;
use crate::choices::Choices;
use crate::lifecycle::{self, Entity, MoveFrom, Reason};
use crate::rules::{self, Form, Values};

/// A form by its wire name, or an `ArgumentError`.
fn form(name: &str) -> Result<Form, JsValue> {
    Form::named(name).ok_or_else(|| {
        CoreError::Argument {
            what: "form",
            detail: name,
        }
        .into()
    })
}

/// An entity by its wire name, or an `ArgumentError`.
fn entity(name: &str) -> Result<Entity, JsValue> {
    Entity::named(name).ok_or_else(|| {
        CoreError::Argument {
            what: "entity",
            detail: name,
        }
        .into()
    })
}

/// A form's rules for the UI: required marks, `maxLength`, number ranges, options and hints.
#[wasm_bindgen(unchecked_return_type = "FormRules")]
pub fn rules(
    #[wasm_bindgen(unchecked_param_type = "Form")] name: &str,
) -> Result<JsValue, JsValue> {
    Ok(to_js(&rules::describe(form(name)?)))
}

/// A form's errors for `values` (the same table the gateway checks writes with).
#[wasm_bindgen(unchecked_return_type = "FieldError[]")]
pub fn validate(
    #[wasm_bindgen(unchecked_param_type = "Form")] name: &str,
    #[wasm_bindgen(unchecked_param_type = "Record<string, unknown>")] values: JsValue,
) -> Result<JsValue, JsValue> {
    let form = form(name)?;
    let values: Values = from_js(values, "values")?;
    Ok(to_js(&rules::validate(form, &values)))
}

/// An entity's states and transitions.
#[wasm_bindgen(unchecked_return_type = "Lifecycle")]
pub fn lifecycle(
    #[wasm_bindgen(unchecked_param_type = "Entity")] name: &str,
) -> Result<JsValue, JsValue> {
    Ok(to_js(entity(name)?.lifecycle()))
}

/// The transitions a record in `state` may take (what its row offers).
#[wasm_bindgen(unchecked_return_type = "Transition[]")]
pub fn actions(
    #[wasm_bindgen(unchecked_param_type = "Entity")] name: &str,
    state: &str,
) -> Result<JsValue, JsValue> {
    Ok(to_js(&lifecycle::actions(entity(name)?, state)))
}

/// What moving `row` to state `to` sends (`{op, params}`), as its transition declares: the params
/// carry the row's id and version, the verdict or state, the reason, and the fields the transition
/// keeps. Throws an `ArgumentError` with the lifecycle's words when there is no such move.
#[wasm_bindgen(js_name = moveRequest, unchecked_return_type = "MoveRequest")]
pub fn move_request(
    #[wasm_bindgen(unchecked_param_type = "Entity")] name: &str,
    #[wasm_bindgen(unchecked_param_type = "MoveFrom")] row: JsValue,
    to: &str,
    #[wasm_bindgen(unchecked_param_type = "Reason | undefined")] reason: JsValue,
) -> Result<JsValue, JsValue> {
    let entity = entity(name)?;
    let from: MoveFrom = from_js(row.clone(), "row")?;
    let reason: Option<Reason> = if reason.is_undefined() || reason.is_null() {
        None
    } else {
        Some(from_js(reason, "reason")?)
    };
    let request = lifecycle::move_request(entity, &from, to, reason).map_err(|refusal| {
        JsValue::from(CoreError::Argument {
            what: "to",
            detail: &refusal.message(entity),
        })
    })?;
    let params = to_js(&request.params);
    for key in request.keep {
        let key = JsValue::from_str(key);
        let value = js_sys::Reflect::get(&row, &key).unwrap_or(JsValue::UNDEFINED);
        let _ = js_sys::Reflect::set(&params, &key, &value);
    }
    let out = js_sys::Object::new();
    super::convert::set(&out, "op", &JsValue::from_str(request.op));
    super::convert::set(&out, "params", &params);
    Ok(out.into())
}

/// A set of labelled choices (a member's type), in display order.
#[wasm_bindgen(unchecked_return_type = "Choice[]")]
pub fn choices(
    #[wasm_bindgen(unchecked_param_type = "Choices")] name: &str,
) -> Result<JsValue, JsValue> {
    let set = Choices::named(name).ok_or_else(|| -> JsValue {
        CoreError::Argument {
            what: "choices",
            detail: name,
        }
        .into()
    })?;
    Ok(to_js(set.choices()))
}
