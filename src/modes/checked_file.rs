//! The save files' format, shared by records and championship seasons: text, a first line
//! `MAGIC VERSION`, a second `xxh3 <16 hex digits>` (the checksum of what follows), then the
//! data as JSON. Written atomically by the stores; a file that is corrupt, foreign or of
//! another version is moved aside to `NAME.corrupt[.N]` (kept, never overwritten) with one
//! warning, so a player loses nothing and the game goes on as if it were not there.

use serde::de::DeserializeOwned;
use serde::Serialize;
use std::path::{Path, PathBuf};

/// `value` as a file's bytes under `magic` and `version`.
pub fn encode<T: Serialize>(magic: &str, version: u32, value: &T) -> Vec<u8> {
    let body = serde_json::to_vec_pretty(value).expect("saved data is plain data");
    let mut out = format!("{magic} {version}\nxxh3 {:016x}\n", xxhash_rust::xxh3::xxh3_64(&body)).into_bytes();
    out.extend_from_slice(&body);
    out
}

/// Parses a file's bytes written by [`encode`] with `magic` and `version`; the error says
/// what is wrong (`what` names the kind of file: "record", "championship").
pub fn decode<T: DeserializeOwned>(magic: &str, version: u32, what: &str, bytes: &[u8]) -> Result<T, String> {
    let mut lines = bytes.splitn(3, |b| *b == b'\n');
    let first = std::str::from_utf8(lines.next().unwrap_or_default()).unwrap_or("");
    let found = first
        .strip_prefix(magic)
        .map(str::trim)
        .ok_or_else(|| format!("not a Skidpad {what} (no `{magic}` first line)"))?;
    if found != version.to_string() {
        return Err(format!("{what} format {found}, this build reads {version}"));
    }
    let sum_line = std::str::from_utf8(lines.next().unwrap_or_default()).unwrap_or("");
    let sum = sum_line
        .strip_prefix("xxh3 ")
        .and_then(|h| u64::from_str_radix(h.trim(), 16).ok())
        .ok_or("no checksum line")?;
    let body = lines.next().unwrap_or_default();
    if xxhash_rust::xxh3::xxh3_64(body) != sum {
        return Err("corrupt or truncated (checksum mismatch)".into());
    }
    serde_json::from_slice(body).map_err(|e| format!("corrupt ({e})"))
}

/// The files in `dir` whose extension is `ext`, sorted (none if `dir` does not exist);
/// `what` names them in the error when the directory cannot be read.
pub fn files_in(dir: &Path, ext: &str, what: &str) -> Result<Vec<PathBuf>, crate::error::Error> {
    let mut files: Vec<PathBuf> = match std::fs::read_dir(dir) {
        Ok(entries) => entries
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|x| x == ext))
            .collect(),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Vec::new(),
        Err(e) => {
            return Err(crate::error::Error::runtime(format!(
                "{}: cannot list {what}: {e}",
                dir.display()
            )))
        }
    };
    files.sort();
    Ok(files)
}

/// A save file moved aside.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct SetAside {
    /// Where it was.
    pub file: PathBuf,
    /// Where it is now.
    pub moved_to: PathBuf,
    /// What was wrong.
    pub problem: String,
}

/// Moves `path` to the first free `NAME.corrupt[.N]` and says so in the log (`what` names
/// the kind of file).
pub fn set_aside(path: &Path, problem: String, what: &str) -> SetAside {
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let moved_to = (0..1000)
        .map(|n| match n {
            0 => path.with_file_name(format!("{name}.corrupt")),
            n => path.with_file_name(format!("{name}.corrupt.{n}")),
        })
        .find(|p| !p.exists())
        .unwrap_or_else(|| path.with_file_name(format!("{name}.corrupt.last")));
    let note = match std::fs::rename(path, &moved_to) {
        Ok(()) => SetAside {
            file: path.to_path_buf(),
            moved_to,
            problem,
        },
        Err(e) => SetAside {
            file: path.to_path_buf(),
            moved_to: path.to_path_buf(),
            problem: format!("{problem}; could not move it aside: {e}"),
        },
    };
    log::warn!(
        "{}: {what} set aside as {}: {}",
        note.file.display(),
        note.moved_to.display(),
        note.problem
    );
    note
}
