//! The domain kit's browser face: rule tables, lifecycles and labelled choices. Converts values
//! only; the rules are `crate::rules`, `crate::lifecycle` and `crate::choices`.

use wasm_bindgen::prelude::*;

use super::convert::{from_js, to_js};
use super::errors::CoreError;
use crate::choices::Choices;
use crate::lifecycle::{self, Entity};
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
