//! The domain kit's browser face: rule tables and lifecycles. Converts values only; the rules are
//! `crate::rules` and `crate::lifecycle`.

use wasm_bindgen::prelude::*;

use super::errors::CoreError;
use super::{de, ser};
use crate::lifecycle::{self, Entity};
use crate::rules::{self, Form, Values};

fn to_js<T: serde::Serialize>(value: &T) -> JsValue {
    ser::to_json_value(value).unwrap_or(JsValue::UNDEFINED)
}

fn read<T: serde::de::DeserializeOwned>(value: JsValue, what: &str) -> Result<T, JsValue> {
    de::from_value(value).map_err(|e| {
        CoreError::Argument {
            what,
            detail: &e.to_string(),
        }
        .into()
    })
}

/// A form's rules for the UI: required marks, `maxLength`, number ranges, options and hints.
#[wasm_bindgen(unchecked_return_type = "FormRules")]
pub fn rules(
    #[wasm_bindgen(unchecked_param_type = "Form")] form: JsValue,
) -> Result<JsValue, JsValue> {
    Ok(to_js(&rules::describe(read::<Form>(form, "form")?)))
}

/// A form's errors for `values` (the same table the gateway checks writes with).
#[wasm_bindgen(unchecked_return_type = "FieldError[]")]
pub fn validate(
    #[wasm_bindgen(unchecked_param_type = "Form")] form: JsValue,
    #[wasm_bindgen(unchecked_param_type = "Record<string, unknown>")] values: JsValue,
) -> Result<JsValue, JsValue> {
    let form = read::<Form>(form, "form")?;
    let values: Values = read(values, "values")?;
    Ok(to_js(&rules::validate(form, &values)))
}

/// An entity's states and transitions.
#[wasm_bindgen(unchecked_return_type = "Lifecycle")]
pub fn lifecycle(
    #[wasm_bindgen(unchecked_param_type = "Entity")] entity: JsValue,
) -> Result<JsValue, JsValue> {
    Ok(to_js(read::<Entity>(entity, "entity")?.lifecycle()))
}

/// The transitions a record in `state` may take (what its row offers).
#[wasm_bindgen(unchecked_return_type = "Transition[]")]
pub fn actions(
    #[wasm_bindgen(unchecked_param_type = "Entity")] entity: JsValue,
    state: &str,
) -> Result<JsValue, JsValue> {
    Ok(to_js(&lifecycle::actions(
        read::<Entity>(entity, "entity")?,
        state,
    )))
}

/// The state of `code` (label and tone for its tag); undefined for an unknown code.
#[wasm_bindgen(js_name = stateOf, unchecked_return_type = "State | undefined")]
pub fn state_of(
    #[wasm_bindgen(unchecked_param_type = "Entity")] entity: JsValue,
    code: &str,
) -> Result<JsValue, JsValue> {
    Ok(read::<Entity>(entity, "entity")?
        .lifecycle()
        .state(code)
        .map(to_js)
        .unwrap_or(JsValue::UNDEFINED))
}
