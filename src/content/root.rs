//! Where content comes from: the copy embedded in the binary at build time (the default, so
//! `skidpad` runs from anywhere), or a directory a designer is editing (`--content DIR`).

use super::ContentError;
use std::borrow::Cow;
use std::path::{Component, Path, PathBuf};

/// One baked chunk in the binary: (chunk x, chunk z, encoded bytes).
pub type BakedChunkBytes = (i32, i32, &'static [u8]);

mod embedded {
    include!(concat!(env!("OUT_DIR"), "/embedded.rs"));
}

/// The source of content files, addressed by relative paths like `levels/jump/level.toml`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ContentRoot {
    /// `content/` as it was when the binary was built.
    Embedded,
    /// A content directory on disk.
    Dir(PathBuf),
}

impl ContentRoot {
    /// How a file of this root is named in messages.
    pub fn label(&self, rel: &str) -> String {
        match self {
            ContentRoot::Embedded => format!("embedded:{rel}"),
            ContentRoot::Dir(d) => d.join(rel).display().to_string(),
        }
    }

    /// Reads `rel`. Paths that climb out of the root (`..`, absolute) are refused.
    pub fn read(&self, rel: &str) -> Result<Cow<'static, [u8]>, ContentError> {
        check_relative(rel).map_err(|p| ContentError::new(self.label(rel), "path", p))?;
        match self {
            ContentRoot::Embedded => embedded::CONTENT_FILES
                .iter()
                .find(|(p, _)| *p == rel)
                .map(|(_, bytes)| Cow::Borrowed(*bytes))
                .ok_or_else(|| ContentError::new(self.label(rel), "file", "not found in the embedded content")),
            ContentRoot::Dir(d) => read_file(&d.join(rel)).map(Cow::Owned),
        }
    }

    /// Relative paths of every file under `dir` (e.g. `levels`), sorted.
    pub fn list(&self, dir: &str) -> Vec<String> {
        let prefix = format!("{}/", dir.trim_end_matches('/'));
        let mut out: Vec<String> = match self {
            ContentRoot::Embedded => embedded::CONTENT_FILES
                .iter()
                .map(|(p, _)| p.to_string())
                .filter(|p| p.starts_with(&prefix))
                .collect(),
            ContentRoot::Dir(d) => {
                let mut files = Vec::new();
                walk(&d.join(dir), &mut files);
                files
                    .into_iter()
                    .filter_map(|p| {
                        let rel = p.strip_prefix(d).ok()?;
                        Some(
                            rel.components()
                                .map(|c| c.as_os_str().to_string_lossy())
                                .collect::<Vec<_>>()
                                .join("/"),
                        )
                    })
                    .collect()
            }
        };
        out.sort();
        out
    }
}

fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else { return };
    for e in entries.flatten() {
        let p = e.path();
        if p.is_dir() {
            walk(&p, out);
        } else {
            out.push(p);
        }
    }
}

fn check_relative(rel: &str) -> Result<(), String> {
    let path = Path::new(rel);
    if rel.is_empty() || path.components().any(|c| !matches!(c, Component::Normal(_))) {
        return Err(format!(
            "`{rel}` must be a plain relative path inside the content root (no `..`, no leading `/`)"
        ));
    }
    Ok(())
}

/// Reads a file from disk with an error that names it.
pub fn read_file(path: &Path) -> Result<Vec<u8>, ContentError> {
    std::fs::read(path).map_err(|e| ContentError::new(path.display().to_string(), "file", format!("cannot read: {e}")))
}

/// A digest of every content file and profile built into the binary: two builds with
/// different content give different digests (replays record it).
pub fn build_content_digest() -> u64 {
    let mut h = xxhash_rust::xxh3::Xxh3::new();
    for (name, bytes) in embedded::CONTENT_FILES.iter().chain(embedded::PROFILE_FILES) {
        h.update(name.as_bytes());
        h.update(bytes);
    }
    h.digest()
}

/// Chunks `build.rs` baked for each shipped level.
pub fn embedded_baked_levels() -> &'static [(&'static str, &'static [BakedChunkBytes])] {
    embedded::BAKED_LEVELS
}

/// Profile files embedded from `platform/profiles/`: (file name, bytes).
pub fn embedded_profiles() -> &'static [(&'static str, &'static [u8])] {
    embedded::PROFILE_FILES
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escaping_the_root_is_refused() {
        for bad in ["../secret.toml", "levels/../../x", "/etc/passwd", ""] {
            let e = ContentRoot::Embedded.read(bad).unwrap_err();
            assert_eq!(e.field, "path", "{bad}: {e}");
        }
    }

    #[test]
    fn embedded_content_lists_the_default_level() {
        let levels = ContentRoot::Embedded.list("levels");
        assert!(
            levels.contains(&"levels/proving_ground/level.toml".to_string()),
            "{levels:?}"
        );
        assert!(ContentRoot::Embedded.read("levels/proving_ground/level.toml").is_ok());
    }
}
