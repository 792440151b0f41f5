//! Where content comes from: the copy embedded in the binary at build time (the default, so
//! `skidpad` runs from anywhere), or a directory a designer is editing (`--content DIR`).

use super::ContentError;
use std::borrow::Cow;
use std::path::{Component, Path, PathBuf};

/// One baked chunk in the binary: (chunk x, chunk z, its encoding deflated,
/// `BakedChunk::encode_deflated`).
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
            ContentRoot::Dir(d) => read_inside(d, Path::new(rel), "the content root").map(Cow::Owned),
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
                if let Ok(root) = d.canonicalize() {
                    walk(&root, &d.join(dir), WALK_DEPTH, &mut files);
                }
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

/// How deep a content directory is listed: deeper than any layout we use, and the stop
/// for a symlink that leads back up the tree.
const WALK_DEPTH: usize = 16;

/// Files under `dir`, recursively, at most `depth` levels down. A symlinked directory is
/// followed only if it leads inside `root` (canonical) and not back up to an ancestor, so a
/// link cannot loop; a symlinked file is listed, and refused when read if it leads out.
fn walk(root: &Path, dir: &Path, depth: usize, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else { return };
    for e in entries.flatten() {
        let p = e.path();
        if !p.is_dir() {
            out.push(p);
            continue;
        }
        let linked = e.file_type().is_ok_and(|t| t.is_symlink());
        // A link is followed if it leads inside the root and not back up to where it is.
        let follow = !linked
            || p.canonicalize().is_ok_and(|target| {
                target.starts_with(root) && !dir.canonicalize().is_ok_and(|here| here.starts_with(&target))
            });
        if depth > 0 && follow {
            walk(root, &p, depth - 1, out);
        } else {
            log::warn!(
                "{}: a symlinked directory leading outside the content root or back up the tree; skipped",
                p.display()
            );
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

/// Reads `rel` under `dir`, refusing it if, once symlinks are followed, it lies outside
/// `dir` (`what` names `dir` in the message). A file that does not exist is reported by the
/// read.
pub(crate) fn read_inside(dir: &Path, rel: &Path, what: &str) -> Result<Vec<u8>, ContentError> {
    let path = dir.join(rel);
    if let (Ok(root), Ok(target)) = (dir.canonicalize(), path.canonicalize()) {
        if !target.starts_with(&root) {
            return Err(ContentError::new(
                path.display().to_string(),
                "path",
                format!("leads to {}, outside {what} (through a symlink)", target.display()),
            ));
        }
    }
    read_file(&path)
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

/// Car models `build.rs` baked from `content/models/`: (model name, encoded bytes).
pub fn embedded_baked_models() -> &'static [(&'static str, &'static [u8])] {
    embedded::BAKED_MODELS
}

/// Prop models `build.rs` baked from `content/props/`: (model name, encoded bytes).
pub fn embedded_baked_props() -> &'static [(&'static str, &'static [u8])] {
    embedded::BAKED_PROPS
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
