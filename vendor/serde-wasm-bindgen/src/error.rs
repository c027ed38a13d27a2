use wasm_bindgen::prelude::*;

/// A newtype that represents Serde errors as JavaScript exceptions.
#[derive(Debug)]
pub struct Error(JsValue);

impl std::fmt::Display for Error {
    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        #[wasm_bindgen]
        extern "C" {
            #[wasm_bindgen(js_name = String)]
            pub fn to_string(value: &JsValue) -> String;
        }

        to_string(&self.0).fmt(f)
    }
}

impl std::error::Error for Error {}

impl Error {
    /// Creates a JavaScript `Error` with a given message.
    pub fn new<T: std::fmt::Display>(msg: T) -> Self {
        Error(JsError::new(&msg.to_string()).into())
    }
}

impl serde::ser::Error for Error {
    fn custom<T: std::fmt::Display>(msg: T) -> Self {
        Error::new(msg)
    }
}

impl serde::de::Error for Error {
    fn custom<T: std::fmt::Display>(msg: T) -> Self {
        Error::new(msg)
    }

    // PATCHED (Adnur Admin, see PATCHED.md): serde's defaults for these two print `Unexpected`
    // with serde's `Display`, which links Rust's float printing (its `Float` arm: 9.4 KB of the
    // gzipped module) and the `Debug` escaping of `str` (its `Str` arm: 3.9 KB) for texts only a
    // developer reads. The same texts, with JS writing the number and quoting the string.
    fn invalid_type(unexp: serde::de::Unexpected, exp: &dyn serde::de::Expected) -> Self {
        Error::new(format_args!(
            "invalid type: {}, expected {}",
            Unexpected(unexp),
            exp
        ))
    }

    fn invalid_value(unexp: serde::de::Unexpected, exp: &dyn serde::de::Expected) -> Self {
        Error::new(format_args!(
            "invalid value: {}, expected {}",
            Unexpected(unexp),
            exp
        ))
    }
}

/// PATCHED: serde's `Display` for `Unexpected` (serde_core 1.0.229, de/mod.rs), arm for arm, but
/// for `Float`, whose number JS writes (`1.5`, `1e+21`, `Infinity`; as serde does, a finite number
/// written without a decimal point or an exponent gets `.0`: `9007199254740992.0`), and `Str`,
/// which JSON.stringify quotes and escapes.
struct Unexpected<'a>(serde::de::Unexpected<'a>);

impl std::fmt::Display for Unexpected<'_> {
    fn fmt(&self, formatter: &mut std::fmt::Formatter) -> std::fmt::Result {
        use serde::de::Unexpected::*;
        match self.0 {
            Bool(b) => write!(formatter, "boolean `{}`", b),
            Unsigned(i) => write!(formatter, "integer `{}`", i),
            Signed(i) => write!(formatter, "integer `{}`", i),
            Float(f) => {
                let text: String = js_sys::Number::from(f)
                    .to_string_with_radix(10)
                    .map(String::from)
                    .unwrap_or_default();
                let point = if f.is_finite() && !text.contains(['.', 'e']) {
                    ".0"
                } else {
                    ""
                };
                write!(formatter, "floating point `{}{}`", text, point)
            }
            Char(c) => write!(formatter, "character `{}`", c),
            Str(s) => write!(formatter, "string {}", quoted(s)),
            Bytes(_) => formatter.write_str("byte array"),
            Unit => formatter.write_str("unit value"),
            Option => formatter.write_str("Option value"),
            NewtypeStruct => formatter.write_str("newtype struct"),
            Seq => formatter.write_str("sequence"),
            Map => formatter.write_str("map"),
            Enum => formatter.write_str("enum"),
            UnitVariant => formatter.write_str("unit variant"),
            NewtypeVariant => formatter.write_str("newtype variant"),
            TupleVariant => formatter.write_str("tuple variant"),
            StructVariant => formatter.write_str("struct variant"),
            Other(other) => formatter.write_str(other),
        }
    }
}

/// PATCHED: `s` in double quotes, its quotes, backslashes and control characters escaped (JSON).
fn quoted(s: &str) -> String {
    js_sys::JSON::stringify(&JsValue::from_str(s))
        .map(String::from)
        .unwrap_or_default()
}

/// This conversion is needed for `?` to just work when using wasm-bindgen
/// imports that return JavaScript exceptions as `Result<T, JsValue>`.
impl From<JsValue> for Error {
    fn from(error: JsValue) -> Error {
        Error(error)
    }
}

// This conversion is needed for `?` to just work in wasm-bindgen exports
// that return `Result<T, JsValue>` to throw JavaScript exceptions.
impl From<Error> for JsValue {
    fn from(error: Error) -> JsValue {
        error.0
    }
}
