//! A corpus known by its bytes, not its name: its size and their XXH3-128 hash (see the
//! book's "Runs: what they are known by"). Not cryptographic: a corpus is not forged, but
//! replaced, grown, cut short or edited; fast: the 17-clue set (4 MB) in about a millisecond.

use std::fmt;
use std::io;
use std::path::Path;

use serde::{Deserialize, Serialize};
use xxhash_rust::xxh3::{xxh3_128, Xxh3};

/// A corpus's size and the hash of its bytes (`{ bytes = 7790, xxh3 = "9f…" }`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Fingerprint {
    /// Its size in bytes.
    pub bytes: u64,
    /// XXH3-128 of its bytes, 32 hexadecimal digits.
    pub xxh3: String,
}

impl Fingerprint {
    /// The fingerprint of `bytes`.
    pub fn of_bytes(bytes: &[u8]) -> Fingerprint {
        Fingerprint::from_parts(bytes.len() as u64, xxh3_128(bytes))
    }

    /// The fingerprint of the file at `path`, read to its end.
    pub fn of_file(path: &Path) -> io::Result<Fingerprint> {
        let mut file = io::BufReader::with_capacity(1 << 16, std::fs::File::open(path)?);
        let mut hasher = Xxh3::new();
        let bytes = io::copy(&mut file, &mut hasher)?;
        Ok(Fingerprint::from_parts(bytes, hasher.digest128()))
    }

    fn from_parts(bytes: u64, hash: u128) -> Fingerprint {
        let xxh3 = format!("{hash:032x}");
        Fingerprint { bytes, xxh3 }
    }
}

impl fmt::Display for Fingerprint {
    /// `7790 bytes, xxh3 9f3a…`: 12 digits tell two apart in a message.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let short = self.xxh3.get(..12).unwrap_or(&self.xxh3);
        write!(f, "{} bytes, xxh3 {short}…", self.bytes)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// XXH3-128 as specified (a sidecar written today reads the same tomorrow), of the
    /// bytes whatever the reads.
    #[test]
    fn the_hash_is_xxh3_128_of_the_bytes() {
        let empty = "99aa06d3014798d86001c324468d497f";
        assert_eq!(Fingerprint::of_bytes(b"").xxh3, empty);
        let text = b"1.3.|.4..|2...|1..4\n".repeat(10_000);
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("c.txt");
        std::fs::write(&path, &text).unwrap();
        let whole = Fingerprint::of_bytes(&text);
        assert_eq!(Fingerprint::of_file(&path).unwrap(), whole);
        assert_ne!(Fingerprint::of_bytes(&text[1..]), whole);
        assert!(whole.to_string().starts_with("200000 bytes, xxh3 "));
    }
}
