//! Passwords (argon2id PHC strings) and the randomness behind tokens and salts. A leaf module: the
//! store's seed and the sessions both use it, and it uses neither.

use argon2::password_hash::{PasswordHash, PasswordHasher, PasswordVerifier, SaltString};
use argon2::{Algorithm, Argon2, Params, Version};

use crate::config::HashCost;
use crate::error::AppError;

/// Fills `buf` from the operating system's CSPRNG.
pub fn random_bytes(buf: &mut [u8]) -> Result<(), AppError> {
    getrandom::fill(buf).map_err(|e| AppError::internal(format!("no randomness: {e}")))
}

/// Lower-case hex.
pub fn hex(bytes: &[u8]) -> String {
    const DIGITS: &[u8; 16] = b"0123456789abcdef";
    let mut out = String::with_capacity(bytes.len() * 2);
    for b in bytes {
        out.push(DIGITS[(b >> 4) as usize] as char);
        out.push(DIGITS[(b & 15) as usize] as char);
    }
    out
}

fn argon2(cost: HashCost) -> Result<Argon2<'static>, AppError> {
    let params = Params::new(cost.memory_kib, cost.iterations, 1, None)
        .map_err(|e| AppError::internal(format!("argon2 params: {e}")))?;
    Ok(Argon2::new(Algorithm::Argon2id, Version::V0x13, params))
}

/// Hashes a password with argon2id and a fresh 16-byte salt, as a PHC string.
pub fn hash_password(password: &str, cost: HashCost) -> Result<String, AppError> {
    let mut salt = [0u8; 16];
    random_bytes(&mut salt)?;
    let salt = SaltString::encode_b64(&salt).map_err(AppError::internal)?;
    let hash = argon2(cost)?
        .hash_password(password.as_bytes(), &salt)
        .map_err(AppError::internal)?;
    Ok(hash.to_string())
}

/// Whether `password` matches the PHC string `phc` (its own parameters are used).
pub fn verify_password(password: &str, phc: &str) -> bool {
    match PasswordHash::new(phc) {
        Ok(parsed) => Argon2::default()
            .verify_password(password.as_bytes(), &parsed)
            .is_ok(),
        Err(_) => false,
    }
}

/// A PHC string that matches no password; verifying against it costs as much as a real check, so an
/// unknown username takes as long to refuse as a wrong password.
pub fn decoy_hash(cost: HashCost) -> Result<String, AppError> {
    let mut pw = [0u8; 24];
    random_bytes(&mut pw)?;
    hash_password(&hex(&pw), cost)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn passwords_hash_with_argon2id_and_verify() -> Result<(), AppError> {
        let h = hash_password("Admin@123", HashCost::TEST)?;
        assert!(h.starts_with("$argon2id$"));
        assert!(verify_password("Admin@123", &h));
        assert!(!verify_password("admin@123", &h));
        assert!(!verify_password("Admin@123", "not a hash"));
        assert!(!verify_password("x", &decoy_hash(HashCost::TEST)?));
        Ok(())
    }
}
