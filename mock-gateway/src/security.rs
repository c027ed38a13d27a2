//! The headers that keep others out, on every answer the gateway gives (the app's HTML and assets,
//! stored images, API answers, errors and 404s alike):
//!
//! - `Content-Security-Policy` ([`policy`]): only the app's own scripts, styles, wasm and images;
//!   no inline script at all, inline `<style>` only with the page's nonce, no plugins, no `<base>`,
//!   forms post only to the gateway, and no one may frame the app;
//! - `X-Content-Type-Options: nosniff`: a stored image or a JSON answer is never run as a script
//!   or a stylesheet because it looks like one;
//! - `Referrer-Policy: no-referrer`: page URLs may carry the token.
//!
//! The app's HTML carries a fresh nonce per response ([`fresh_nonce`]): the built `index.html` has
//! [`NONCE_PLACEHOLDER`] where Vite's `html.cspNonce` put it (on its `<script>`/`<link>` tags and
//! in `<meta property="csp-nonce">`); `static_files` swaps it for the nonce it names in the policy.
//! The app hands the meta's nonce to antd (`ConfigProvider csp`), so the `<style>` elements its
//! CSS-in-JS injects carry it. Every other answer gets the policy without a nonce: it is never a
//! page that injects styles.

use axum::http::{HeaderValue, header};
use axum::response::Response;
use base64::Engine;
use base64::engine::general_purpose::STANDARD;

/// What `web/vite.config.ts` gives Vite as `html.cspNonce`; the gateway replaces it in each HTML
/// answer (a test holds the two equal).
pub const NONCE_PLACEHOLDER: &str = "__ADNUR_CSP_NONCE__";

/// The policy, with `style-src` opened to `nonce`'s `<style>` elements when there is one.
///
/// - `script-src 'self' 'wasm-unsafe-eval'`: the app's own modules, and compiling its own wasm
///   (fetched from `'self'` under `connect-src`); no inline script, no `eval`.
/// - `style-src 'self' 'nonce-…'`: the app's stylesheets and the `<style>` elements antd injects
///   with the page's nonce. Style attributes fall under it too (`style-src-attr` is not given):
///   React sets inline styles through the CSSOM (`element.style`), which CSP does not police, and
///   the end-to-end suite fails on any violation, so nothing sets them as markup today.
/// - `img-src 'self' data: blob:`: stored images (`/files`), and the `data:`/`blob:` URLs of
///   images being cropped and previewed before upload (antd-img-crop, antd's Image).
/// - `font-src 'self'`, `connect-src 'self'`: the API, the wasm and fonts come from the gateway.
/// - `object-src 'none'`, `base-uri 'none'`: no plugins, no `<base>` to re-point relative URLs.
/// - `form-action 'self'`, `frame-ancestors 'none'`: forms post only here; no one frames the app
///   (clickjacking).
pub fn policy(nonce: Option<&str>) -> String {
    let style = match nonce {
        Some(n) => format!("style-src 'self' 'nonce-{n}'"),
        None => "style-src 'self'".to_owned(),
    };
    [
        "default-src 'self'",
        "script-src 'self' 'wasm-unsafe-eval'",
        &style,
        "img-src 'self' data: blob:",
        "font-src 'self'",
        "connect-src 'self'",
        "object-src 'none'",
        "base-uri 'none'",
        "form-action 'self'",
        "frame-ancestors 'none'",
    ]
    .join("; ")
}

/// A fresh nonce: 128 random bits in base64 (CSP's `base64-value`). `None` when the system has no
/// randomness to give.
pub fn fresh_nonce() -> Option<String> {
    let mut bytes = [0u8; 16];
    getrandom::fill(&mut bytes).ok()?;
    Some(STANDARD.encode(bytes))
}

/// Adds the headers to an answer; a policy already set (an HTML page's, with its nonce) is kept.
pub async fn headers(mut response: Response) -> Response {
    let headers = response.headers_mut();
    if !headers.contains_key(header::CONTENT_SECURITY_POLICY) {
        if let Ok(value) = HeaderValue::from_str(&policy(None)) {
            headers.insert(header::CONTENT_SECURITY_POLICY, value);
        }
    }
    headers.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    headers.insert(
        header::REFERRER_POLICY,
        HeaderValue::from_static("no-referrer"),
    );
    response
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nonces_are_fresh_base64_of_16_bytes() {
        let a = fresh_nonce().unwrap();
        let b = fresh_nonce().unwrap();
        assert_ne!(a, b);
        assert_eq!(STANDARD.decode(&a).unwrap().len(), 16);
    }

    #[test]
    fn the_policy_names_the_nonce_only_for_styles() {
        let p = policy(Some("abc"));
        assert!(p.contains("style-src 'self' 'nonce-abc'"), "{p}");
        assert_eq!(p.matches("nonce-").count(), 1, "{p}");
        assert!(!policy(None).contains("nonce-"));
        assert!(
            !p.contains("'unsafe-inline'") && !p.contains("'unsafe-eval'"),
            "{p}"
        );
    }
}
