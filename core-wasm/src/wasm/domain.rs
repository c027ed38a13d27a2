//! The domain kit's browser face: rule tables, lifecycles and labelled choices. Converts values
//! only; the rules are `crate::rules`, `crate::lifecycle` and `crate::choices`.

use wasm_bindgen::prelude::*;

use super::convert::{from_js, set, to_js};
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

/// Why the signed-in user may not `act` (a state, or `delete`) on their own record; `undefined`
/// when they may.
#[wasm_bindgen(js_name = ownRefusal)]
pub fn own_refusal(
    #[wasm_bindgen(unchecked_param_type = "Entity")] name: &str,
    act: &str,
) -> Result<Option<String>, JsValue> {
    Ok(entity(name)?
        .lifecycle()
        .own_refusal(act)
        .map(str::to_owned))
}

/// What moving `row` to state `to` sends (`{op, params}`), as its transition declares: the params
/// carry the row's id and version, the verdict or state, the reason, and the fields the transition
/// keeps. Throws an `ArgumentError` when there is no such move. Values are read and written
/// property by property: serde's derived code for these shapes cost the module kilobytes.
#[wasm_bindgen(js_name = moveRequest, unchecked_return_type = "MoveRequest")]
pub fn move_request(
    #[wasm_bindgen(unchecked_param_type = "Entity")] name: &str,
    #[wasm_bindgen(unchecked_param_type = "MoveFrom")] row: JsValue,
    to: &str,
    #[wasm_bindgen(unchecked_param_type = "Reason | undefined")] reason: JsValue,
) -> Result<JsValue, JsValue> {
    let entity = entity(name)?;
    let get = |from: &JsValue, key: &str| {
        js_sys::Reflect::get(from, &JsValue::from_str(key)).unwrap_or(JsValue::UNDEFINED)
    };
    let integer = |value: JsValue| {
        value
            .as_f64()
            .filter(|n| n.fract() == 0.0)
            .map(|n| n as i64)
    };
    let from = MoveFrom {
        id: integer(get(&row, "id")).ok_or_else(|| argument("row", "id"))?,
        version: integer(get(&row, "version")),
        status: get(&row, "status")
            .as_string()
            .ok_or_else(|| argument("row", "status"))?,
    };
    let reason = get(&reason, "reasonCode")
        .as_string()
        .map(|reason_code| Reason {
            reason_code,
            reason: get(&reason, "reason").as_string(),
        });
    // The UI offers only allowed moves (and the gateway refuses the rest with its own words), so
    // a refusal here is a programming error, named by the state asked for.
    let request =
        lifecycle::move_request(entity, &from, to, reason).map_err(|_| argument("to", to))?;
    let params = js_sys::Object::new();
    let put = |key: &str, value: JsValue| set(&params, key, &value);
    for key in request.keep {
        put(key, get(&row, key));
    }
    let id = JsValue::from_f64(request.id as f64);
    if request.by_ids {
        put("ids", js_sys::Array::of1(&id).into());
    } else {
        put("id", id);
    }
    if let Some(version) = request.version {
        put("version", JsValue::from_f64(version as f64));
    }
    if let Some(status) = request.status {
        put("status", JsValue::from_str(status));
    }
    if let Some(approve) = request.approve {
        put("approve", JsValue::from_bool(approve));
    }
    if let Some(reason) = request.reason {
        put("reasonCode", JsValue::from_str(&reason.reason_code));
        if let Some(words) = reason.reason {
            put("reason", JsValue::from_str(&words));
        }
    }
    let out = js_sys::Object::new();
    set(&out, "op", &JsValue::from_str(request.op));
    set(&out, "params", &params);
    Ok(out.into())
}

/// The app passed `what` in a shape the core cannot read.
fn argument(what: &'static str, detail: &str) -> JsValue {
    CoreError::Argument { what, detail }.into()
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

/// Reads saved view `name` against the columns and filters its list declares today
/// (`crate::views::reconcile`): `{content, notice?}`, the keys no longer declared dropped and named.
/// What the list declares comes as its three lists of keys (the wrapper in `lib/core.ts` takes a
/// `Declared`): read as `Vec<String>`, which the boundary already reads, a struct of its own cost
/// the module more than the call (size report).
#[wasm_bindgen(js_name = reconcileView, unchecked_return_type = "unknown")]
pub fn reconcile_view(
    name: &str,
    #[wasm_bindgen(unchecked_param_type = "unknown")] content: JsValue,
    #[wasm_bindgen(unchecked_param_type = "string[]")] filters: JsValue,
    #[wasm_bindgen(unchecked_param_type = "string[]")] columns: JsValue,
    #[wasm_bindgen(unchecked_param_type = "string[]")] sortable: JsValue,
) -> Result<JsValue, JsValue> {
    let content: crate::ops::view::ViewContent = from_js(content, "content")?;
    let declared = crate::views::Declared {
        filters: from_js(filters, "declared.filters")?,
        columns: from_js(columns, "declared.columns")?,
        sortable: from_js(sortable, "declared.sortable")?,
    };
    Ok(to_js(&crate::views::reconcile(name, &content, &declared)))
}
