//! Images: uploaded to the gateway's private store, shown through short-lived signed URLs.

use serde::{Deserialize, Serialize};

use super::{Guard, operations};

operations! { "file";
    /// Stores an image (PNG, JPEG, GIF or WebP, read from the bytes; at most 2 MB).
    Upload "upload" = Post "mtop.admin.file.upload", Guard::Session, UploadParams => Uploaded, "上传图片";
}

/// `file.upload`'s params.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct UploadParams {
    /// The file's name as picked (kept for the audit log only).
    #[serde(default)]
    pub name: String,
    /// The bytes, base64 (standard alphabet, padded).
    #[serde(default)]
    pub content: String,
}

/// `file.upload`'s answer.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ts_rs::TS)]
pub struct Uploaded {
    /// The stored image's key, saved with the record (`logo`, `image`).
    pub key: String,
    /// A short-lived signed URL to show it now.
    pub url: String,
}
