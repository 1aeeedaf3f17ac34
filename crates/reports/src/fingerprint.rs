//! A corpus known by its bytes, not its name: its size and a hash of its content.
//!
//! The hash is XXH3 with 128 bits (the `xxhash-rust` crate): not cryptographic (a corpus is
//! not an adversary's forgery, but a file that was replaced, grew, was cut short or edited
//! by hand), and fast, so that the 17-clue set (4 MB) is known in about a millisecond. A
//! run's sidecar records each corpus's fingerprint as the run starts (see
//! [`crate::sidecar::CorpusEntry`]); `bench --resume` and `merge` compare it with the
//! corpus as it is now, and a run compares it again at its end: a corpus changed while
//! it was read is a run that failed.

use std::fmt;
use std::io::{self, Read};
use std::path::Path;

use serde::{Deserialize, Serialize};
use xxhash_rust::xxh3::Xxh3;

/// A corpus's size and the hash of its bytes (`{ bytes = 7790, xxh3 = "9f…" }` in the
/// sidecar).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Fingerprint {
    /// Its size in bytes.
    pub bytes: u64,
    /// XXH3-128 of its bytes, 32 hexadecimal digits.
    pub xxh3: String,
}

impl Fingerprint {
    /// The fingerprint of what `source` reads, to its end.
    pub fn of_reader(mut source: impl Read) -> io::Result<Fingerprint> {
        let mut hasher = Xxh3::new();
        let mut buf = vec![0u8; 1 << 16];
        let mut bytes = 0u64;
        loop {
            let n = match source.read(&mut buf) {
                Ok(0) => break,
                Ok(n) => n,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e),
            };
            hasher.update(&buf[..n]);
            bytes += n as u64;
        }
        Ok(Fingerprint::from_parts(bytes, hasher.digest128()))
    }

    /// The fingerprint of `bytes`.
    pub fn of_bytes(bytes: &[u8]) -> Fingerprint {
        Fingerprint::from_parts(bytes.len() as u64, xxhash_rust::xxh3::xxh3_128(bytes))
    }

    /// The fingerprint of the file at `path`.
    pub fn of_file(path: &Path) -> io::Result<Fingerprint> {
        Fingerprint::of_reader(std::fs::File::open(path)?)
    }

    fn from_parts(bytes: u64, hash: u128) -> Fingerprint {
        Fingerprint {
            bytes,
            xxh3: format!("{hash:032x}"),
        }
    }
}

impl fmt::Display for Fingerprint {
    /// `7790 bytes, xxh3 9f3a…` (the hash's first 12 digits: enough to tell two apart in
    /// a message).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let short = self.xxh3.get(..12).unwrap_or(&self.xxh3);
        write!(f, "{} bytes, xxh3 {short}…", self.bytes)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_fingerprint_is_of_the_bytes_whatever_the_reads() {
        let text = b"1.3.|.4..|2...|1..4\n".repeat(10_000);
        let whole = Fingerprint::of_bytes(&text);
        assert_eq!(whole.bytes, text.len() as u64);
        assert_eq!(whole.xxh3.len(), 32);
        assert_eq!(Fingerprint::of_reader(&text[..]).unwrap(), whole);
        let mut other = text.clone();
        other[5] = b'9';
        assert_ne!(Fingerprint::of_bytes(&other), whole);
        assert_ne!(Fingerprint::of_bytes(&text[1..]), whole);
        assert!(whole.to_string().starts_with("200000 bytes, xxh3 "));
    }

    /// The hash is XXH3-128 as specified: a sidecar written today reads the same tomorrow.
    #[test]
    fn the_hash_is_xxh3_128() {
        assert_eq!(
            Fingerprint::of_bytes(b"").xxh3,
            "99aa06d3014798d86001c324468d497f"
        );
    }
}
