//! The protocol decoder (query and form body): any bytes decode without a panic, and whatever the
//! client's encoder sends decodes back to the same call.

use arbitrary::{Arbitrary, Unstructured};
use core_wasm::protocol::{Call, IncomingCall, Method, encode};

#[derive(Debug, Arbitrary)]
struct Sent {
    api: String,
    data: String,
    mat: String,
    ts_ms: u64,
    post: bool,
}

pub fn run(bytes: &[u8]) {
    // Raw: the first NUL splits the query from the body.
    let text = String::from_utf8_lossy(bytes);
    let (query, body) = text.split_once('\0').unwrap_or((&text, ""));
    let _ = IncomingCall::from_get(query);
    let _ = IncomingCall::from_post(query, body);

    // Round trip through the client's encoder.
    let Ok(sent) = Sent::arbitrary(&mut Unstructured::new(bytes)) else {
        return;
    };
    let method = if sent.post { Method::Post } else { Method::Get };
    let request = encode(
        "/m",
        &Call {
            api: &sent.api,
            method,
            data_json: &sent.data,
            mat: &sent.mat,
            ts_ms: sent.ts_ms,
        },
    );
    let query = request.url.split_once('?').map_or("", |(_, q)| q);
    let got = match method {
        Method::Get => IncomingCall::from_get(query),
        Method::Post => IncomingCall::from_post(query, request.body.as_deref().unwrap_or("")),
    };
    assert_eq!(got.api, sent.api, "api");
    assert_eq!(got.mat, sent.mat, "mat");
    assert_eq!(got.ts, sent.ts_ms.to_string(), "ts");
    let data = if sent.data.trim().is_empty() {
        "{}"
    } else {
        sent.data.as_str()
    };
    assert_eq!(got.data, data, "data");
}
