//! Stored images: the `files` rows (key, type, size, who, when), the private folder holding their
//! bytes, the secret their URLs are signed with, and the seed's pictures under known keys.
//!
//! A key is 128 random bits in hex plus the extension of the type read from the bytes
//! (`3f…9a.png`): never the client's file name, so it cannot name anything outside the folder, and
//! [`is_key`] is checked before any key touches the file system.

use std::path::{Path, PathBuf};

use rusqlite::{Connection, OptionalExtension, params};

use super::pictures;
use crate::config::{Config, DbLocation};
use crate::error::AppError;
use crate::password::{hex, random_bytes};

/// The table.
pub const TABLE: &str = "files";

/// The image types accepted, as read from the bytes: MIME type and the key's extension.
pub const IMAGE_TYPES: [(&str, &str); 4] = [
    ("image/png", "png"),
    ("image/jpeg", "jpg"),
    ("image/gif", "gif"),
    ("image/webp", "webp"),
];

/// The seed's 16 product pictures (PNG), in order: products use 1–4 of them.
pub const SEED_PRODUCT_IMAGES: [&str; 16] = [
    "4a63c32df4fc51bf9757068936c37b07.png",
    "ebed419ff7163e830b878cee8b44e8b1.png",
    "396e336d1600ab4e4152f3a7413703f4.png",
    "5f521b4e7c220e6af5f4924a660b43b8.png",
    "99b0e4fa119e1b128e5751f6ddde1985.png",
    "b424ad377b80962a365ec78b34b2ac70.png",
    "63a40ae1fcbe793ab65b0e30e7e0d0f8.png",
    "94dcb36af6a587d6cec4803054955561.png",
    "58dab29a1620ff834c18c5572844f7ff.png",
    "aa1eabe67046f37b67718cdfc34c0e64.png",
    "2c03bed42b75fb43fbab78bbb0b86a0d.png",
    "ea88ddfed1914b8ec72a649cc4d4b934.png",
    "ea4ad41032bcd54595e29db071e213cd.png",
    "f3d1ddc12e06fa14f2ebf51787fdf6b8.png",
    "dbfbe39d0e1679bcf254f4d004703399.png",
    "7bd9f41e2e04ce782b5a0b412506125c.png",
];

/// The seed's 8 shop logos (PNG).
pub const SEED_SHOP_LOGOS: [&str; 8] = [
    "abd36323af2af74d15a1f46b206c2488.png",
    "ac105b69acf32b183e86e92b5c5b2ff3.png",
    "d93317af0d5edee962f33f7a2df63e13.png",
    "4e759476ac1e78927505a26c5b701266.png",
    "f1b9e25dad76085678c7f982f43693e1.png",
    "1ff1f04ab33081ef9f9abdb28312b50f.png",
    "4032cb0be6bd3f6362f884d31f6550cb.png",
    "616c57f28a58c59209222c2bb23f02cb.png",
];

/// The `meta` key of the URL-signing secret.
const SECRET_KEY: &str = "file_url_secret";

/// Whether `key` has the shape of a stored file's key: 32 lower-case hex digits, a dot and an
/// accepted extension. Anything else (a path, `..`, a separator) is refused before the disk.
pub fn is_key(key: &str) -> bool {
    let Some((stem, ext)) = key.split_once('.') else {
        return false;
    };
    stem.len() == 32
        && stem.bytes().all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f'))
        && IMAGE_TYPES.iter().any(|(_, e)| *e == ext)
}

/// A fresh random key with `ext`.
pub fn new_key(ext: &str) -> Result<String, AppError> {
    let mut bits = [0u8; 16];
    random_bytes(&mut bits)?;
    Ok(format!("{}.{ext}", hex(&bits)))
}

/// One stored file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FileRow {
    /// The key.
    pub key: String,
    /// The MIME type read from the bytes.
    pub mime: String,
    /// Size in bytes.
    pub bytes: i64,
    /// The uploading system user; none for the seed.
    pub created_by: Option<i64>,
    /// When, epoch ms.
    pub created_at: i64,
}

/// A file by key.
pub fn get(conn: &Connection, key: &str) -> Result<Option<FileRow>, AppError> {
    Ok(conn
        .prepare_cached(
            "SELECT key, mime, bytes, created_by, created_at FROM files WHERE key = ?1",
        )?
        .query_row([key], |r| {
            Ok(FileRow {
                key: r.get(0)?,
                mime: r.get(1)?,
                bytes: r.get(2)?,
                created_by: r.get(3)?,
                created_at: r.get(4)?,
            })
        })
        .optional()?)
}

/// Records a stored file.
pub fn insert(
    conn: &Connection,
    key: &str,
    mime: &str,
    bytes: i64,
    created_by: Option<i64>,
    now: i64,
) -> Result<(), AppError> {
    conn.prepare_cached(
        "INSERT INTO files (key, mime, bytes, created_by, created_at) VALUES (?1, ?2, ?3, ?4, ?5)",
    )?
    .execute(params![key, mime, bytes, created_by, now])?;
    Ok(())
}

/// The URL-signing secret: 32 random bytes made at the first start and kept in `meta`, so URLs
/// handed out survive a restart (and a `--reset` makes them all invalid).
pub fn secret(conn: &Connection) -> Result<Vec<u8>, AppError> {
    let stored: Option<String> = conn
        .query_row("SELECT value FROM meta WHERE key = ?1", [SECRET_KEY], |r| {
            r.get(0)
        })
        .optional()?;
    if let Some(bytes) = stored.as_deref().and_then(unhex).filter(|b| b.len() == 32) {
        return Ok(bytes);
    }
    let mut fresh = [0u8; 32];
    random_bytes(&mut fresh)?;
    conn.execute(
        "INSERT OR REPLACE INTO meta (key, value) VALUES (?1, ?2)",
        params![SECRET_KEY, hex(&fresh)],
    )?;
    Ok(fresh.to_vec())
}

fn unhex(s: &str) -> Option<Vec<u8>> {
    if s.len() % 2 != 0 {
        return None;
    }
    (0..s.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(s.get(i..i + 2)?, 16).ok())
        .collect()
}

/// Writes the seed's pictures that the database or the folder lacks: a row per picture, and its
/// bytes when the file is missing (a `:memory:` gateway starts with an empty folder every time).
/// A picture the folder already holds is kept and its row takes the file's size: the folder's
/// writes are atomic (a whole file or none), and a new database beside a kept folder need not
/// draw and compress the 24 pictures again (~40% of a seeded gateway's start in a debug build).
pub fn seed(conn: &Connection, folder: &Folder, now: i64) -> Result<(), AppError> {
    let pictures = SEED_PRODUCT_IMAGES
        .iter()
        .enumerate()
        .map(|(i, key)| (*key, i, false))
        .chain(
            SEED_SHOP_LOGOS
                .iter()
                .enumerate()
                .map(|(i, key)| (*key, i, true)),
        );
    for (key, index, is_logo) in pictures {
        let row = get(conn, key)?;
        let kept = folder
            .path_of(key)
            .and_then(|p| std::fs::metadata(p).ok())
            .filter(|meta| meta.is_file());
        if let Some(meta) = kept {
            if row.is_none() {
                let size = i64::try_from(meta.len())
                    .map_err(|_| AppError::internal(format!("seed picture {key} is too large")))?;
                insert(conn, key, "image/png", size, None, now)?;
            }
            continue;
        }
        let bytes = if is_logo {
            pictures::logo(index)?
        } else {
            pictures::product(index)?
        };
        folder.write(key, &bytes)?;
        if row.is_none() {
            insert(conn, key, "image/png", bytes.len() as i64, None, now)?;
        }
    }
    Ok(())
}

/// The private folder holding the files' bytes, one file per key.
#[derive(Debug)]
pub struct Folder {
    path: PathBuf,
    /// Removes the folder when the gateway goes (`--db :memory:` without `--files`).
    _temp: Option<tempfile::TempDir>,
}

impl Folder {
    /// The folder of `config`: `--files` when given; else `<db stem>-files` beside a database file
    /// (`data/gateway.sqlite3` → `data/gateway-files/`); else, for `:memory:`, a temporary folder
    /// removed when the gateway stops. Created when missing (owner-only on Unix). With `--reset`,
    /// the stored files in it are deleted along with the database.
    pub fn open(config: &Config) -> Result<Folder, AppError> {
        let cannot = |what: &str, path: &Path, e: std::io::Error| {
            AppError::internal(format!("cannot {what} {}: {e}", path.display()))
        };
        let (path, temp) = match (&config.files, &config.db) {
            (Some(dir), _) => (dir.clone(), None),
            (None, DbLocation::File(db)) => {
                let stem = db.file_stem().and_then(|s| s.to_str()).unwrap_or("gateway");
                (db.with_file_name(format!("{stem}-files")), None)
            }
            (None, DbLocation::Memory | DbLocation::Image(_)) => {
                let temp = tempfile::Builder::new()
                    .prefix("mock-gateway-files-")
                    .tempdir()
                    .map_err(|e| cannot("create", &std::env::temp_dir(), e))?;
                (temp.path().to_path_buf(), Some(temp))
            }
        };
        std::fs::create_dir_all(&path).map_err(|e| cannot("create", &path, e))?;
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o700))
                .map_err(|e| cannot("protect", &path, e))?;
        }
        let folder = Folder { path, _temp: temp };
        if config.reset {
            folder.clear()?;
        }
        Ok(folder)
    }

    /// The folder.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Where the file of `key` lives; `None` for anything that is not a key.
    pub fn path_of(&self, key: &str) -> Option<PathBuf> {
        is_key(key).then(|| self.path.join(key))
    }

    /// Stores `bytes` under `key`: written to a temporary file first and renamed, so a reader never
    /// sees half a file.
    pub fn write(&self, key: &str, bytes: &[u8]) -> Result<(), AppError> {
        let target = self
            .path_of(key)
            .ok_or_else(|| AppError::internal(format!("not a file key: {key}")))?;
        let mut suffix = [0u8; 8];
        random_bytes(&mut suffix)?;
        let temp = self.path.join(format!(".{key}.{}.part", hex(&suffix)));
        let written = std::fs::write(&temp, bytes).and_then(|()| std::fs::rename(&temp, &target));
        written.map_err(|e| {
            let _ = std::fs::remove_file(&temp);
            AppError::internal(format!("cannot store {}: {e}", target.display()))
        })
    }

    /// Removes the file of `key` (an upload whose row could not be written).
    pub fn remove(&self, key: &str) {
        if let Some(path) = self.path_of(key) {
            let _ = std::fs::remove_file(path);
        }
    }

    /// Deletes every stored file (and leftover partial write) in the folder; nothing else in it.
    fn clear(&self) -> Result<(), AppError> {
        let entries = std::fs::read_dir(&self.path)
            .map_err(|e| AppError::internal(format!("cannot list {}: {e}", self.path.display())))?;
        for entry in entries.flatten() {
            let name = entry.file_name();
            let name = name.to_string_lossy();
            let partial = name.starts_with('.') && name.ends_with(".part");
            if is_key(&name) || partial {
                let _ = std::fs::remove_file(entry.path());
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_are_hex_with_an_image_extension_and_nothing_else() {
        let key = new_key("png").expect("random");
        assert!(is_key(&key), "{key}");
        assert_ne!(key, new_key("png").expect("random"));
        for seeded in SEED_PRODUCT_IMAGES.iter().chain(&SEED_SHOP_LOGOS) {
            assert!(is_key(seeded), "{seeded}");
        }
        let mut all: Vec<_> = SEED_PRODUCT_IMAGES.iter().chain(&SEED_SHOP_LOGOS).collect();
        all.sort();
        all.dedup();
        assert_eq!(all.len(), 24, "seed keys are distinct");
        for bad in [
            "",
            "../gateway.sqlite3",
            "4a63c32df4fc51bf9757068936c37b07",
            "4a63c32df4fc51bf9757068936c37b07.svg",
            "4A63C32DF4FC51BF9757068936C37B07.png",
            "4a63c32df4fc51bf9757068936c37b0.png",
            "4a63c32df4fc51bf9757068936c37b07.png/..",
            "../4a63c32df4fc51bf9757068936c37b.png",
            "4a63c32df4fc51bf9757068936c37b07.png.png",
        ] {
            assert!(!is_key(bad), "{bad}");
        }
    }

    #[test]
    fn the_secret_is_made_once_and_kept() -> Result<(), AppError> {
        let conn = Connection::open_in_memory()?;
        conn.execute_batch("CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)")?;
        let first = secret(&conn)?;
        assert_eq!(first.len(), 32);
        assert_eq!(secret(&conn)?, first);
        Ok(())
    }
}
