//! Finding and loading levels: by name from the content root (with the chunks `build.rs`
//! baked for it), or from a path on disk (baked at load time with the same code).

use super::chunk_colliders::{ChunkColliders, SharedChunkColliders};
use super::root::{embedded_baked_levels, embedded_baked_props, read_file, read_inside, BakedChunkBytes};
use super::{ContentError, ContentRoot, Level, MaterialTable};
use skidpad_bake::chunk::{bake_level, BakedChunk, ChunkCoord};
use skidpad_bake::model::PropModel;
use skidpad_bake::LevelFiles;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// The level `skidpad` plays when none is named.
pub const DEFAULT_LEVEL: &str = "proving_ground";

/// Where a level's chunks come from.
#[derive(Clone)]
pub enum ChunkSource {
    /// Baked by `build.rs` into the binary: decoding them builds nothing.
    Embedded {
        /// Level name, for messages.
        level: String,
        /// (x, z, bytes) per chunk.
        chunks: &'static [BakedChunkBytes],
        /// The level's prop models, which its chunks place trees and props from.
        models: Arc<[Arc<PropModel>]>,
    },
    /// Baked at load time (a level read from disk), already decoded.
    Baked(Arc<Vec<Arc<BakedChunk>>>),
}

impl ChunkSource {
    /// Every chunk of the level, in bake order.
    pub fn coords(&self) -> Vec<ChunkCoord> {
        match self {
            ChunkSource::Embedded { chunks, .. } => chunks.iter().map(|(x, z, _)| ChunkCoord::new(*x, *z)).collect(),
            ChunkSource::Baked(chunks) => chunks.iter().map(|c| c.coord).collect(),
        }
    }

    /// Loads one chunk: decodes the baked bytes, or hands out the chunk baked at load.
    pub fn load(&self, coord: ChunkCoord) -> Result<Arc<BakedChunk>, ContentError> {
        match self {
            ChunkSource::Embedded { level, chunks, models } => {
                let label = format!("embedded:baked/{level}/{}_{}.bin", coord.x, coord.y);
                let (_, _, bytes) = chunks
                    .iter()
                    .find(|(x, z, _)| *x == coord.x && *z == coord.y)
                    .ok_or_else(|| ContentError::new(&label, "chunk", "missing from the baked level"))?;
                BakedChunk::decode_deflated(&label, bytes, models).map(Arc::new)
            }
            ChunkSource::Baked(chunks) => chunks.iter().find(|c| c.coord == coord).cloned().ok_or_else(|| {
                ContentError::new(format!("chunk {},{}", coord.x, coord.y), "chunk", "not in this level")
            }),
        }
    }
}

/// A level and the source of its chunks.
#[derive(Clone)]
pub struct LoadedLevel {
    /// The validated level.
    pub level: Level,
    /// Its static geometry, chunk by chunk.
    pub chunks: ChunkSource,
    /// The directory it was read from when loaded by path (`--level DIR/level.toml`), so
    /// files that go with it (its `raceline.csv`) are looked for there; None for a level
    /// of the content root or one built in code.
    pub dir: Option<PathBuf>,
    /// Its chunks' colliders, decoded by the first world built on it and shared by the
    /// rest (see [`LoadedLevel::chunk_colliders`]).
    pub colliders: SharedChunkColliders,
}

impl LoadedLevel {
    /// Every chunk's colliders, the pool streaming inserts from: decoded on the first call,
    /// shared afterwards.
    pub fn chunk_colliders(&self) -> Arc<ChunkColliders> {
        self.colliders
            .get_or_build(|| ChunkColliders::build(self.chunks.coords(), |c| self.chunks.load(c)))
    }
}

struct RootDir<'a> {
    root: &'a ContentRoot,
    dir: String,
}

impl LevelFiles for RootDir<'_> {
    fn read(&self, rel: &str) -> Result<Vec<u8>, ContentError> {
        self.root.read(&format!("{}/{rel}", self.dir)).map(|c| c.into_owned())
    }
    fn label(&self, rel: &str) -> String {
        self.root.label(&format!("{}/{rel}", self.dir))
    }
    fn has(&self, rel: &str) -> bool {
        self.root.read(&format!("{}/{rel}", self.dir)).is_ok()
    }
    fn prop_model(&self, name: &str) -> Result<PropModel, ContentError> {
        prop_model(self.root, name)
    }
}

/// A level's directory on disk; its prop models come from the content root.
struct DiskDir<'a>(PathBuf, &'a ContentRoot);

impl LevelFiles for DiskDir<'_> {
    fn read(&self, rel: &str) -> Result<Vec<u8>, ContentError> {
        let path = Path::new(rel);
        if path.components().any(|c| !matches!(c, std::path::Component::Normal(_))) {
            return Err(ContentError::new(
                self.label(rel),
                "path",
                "must stay inside the level's directory",
            ));
        }
        read_inside(&self.0, path, "the level's directory")
    }
    fn label(&self, rel: &str) -> String {
        self.0.join(rel).display().to_string()
    }
    fn has(&self, rel: &str) -> bool {
        self.read(rel).is_ok()
    }
    fn prop_model(&self, name: &str) -> Result<PropModel, ContentError> {
        prop_model(self.1, name)
    }
}

/// The prop model `name` of `root` (`props/NAME.glb`): the one `build.rs` baked for a
/// shipped model, else (`--content DIR`, or one the build could not bake, which then
/// fails here with its message) read and baked now with the same code.
pub fn prop_model(root: &ContentRoot, name: &str) -> Result<PropModel, ContentError> {
    if let ContentRoot::Embedded = root {
        if let Some((_, bytes)) = embedded_baked_props().iter().find(|(n, _)| *n == name) {
            return PropModel::decode(&format!("embedded:baked/props/{name}.bin"), bytes);
        }
    }
    let rel = format!("props/{name}.glb");
    PropModel::bake(&root.label(&rel), &root.read(&rel)?)
}

/// The materials of `root` (`materials.toml`).
pub fn materials(root: &ContentRoot) -> Result<MaterialTable, ContentError> {
    MaterialTable::parse(&root.label("materials.toml"), &root.read("materials.toml")?)
}

/// Names of the levels in `root`, sorted.
pub fn level_names(root: &ContentRoot) -> Vec<String> {
    root.list("levels")
        .into_iter()
        .filter_map(|p| {
            let rest = p.strip_prefix("levels/")?.strip_suffix("/level.toml")?;
            (!rest.contains('/')).then(|| rest.to_string())
        })
        .collect()
}

/// Loads a level by name from `root`, or from a path (anything containing `/` or ending in
/// `.toml`; a directory means its `level.toml`). Materials come from `root`.
pub fn load_level(root: &ContentRoot, name_or_path: &str) -> Result<LoadedLevel, ContentError> {
    let materials = materials(root)?;
    if name_or_path.contains('/') || name_or_path.ends_with(".toml") {
        let mut path = PathBuf::from(name_or_path);
        if path.is_dir() {
            path = path.join("level.toml");
        }
        let bytes = read_file(&path)?;
        let dir = path.parent().map(Path::to_path_buf).unwrap_or_default();
        let name = dir
            .file_name()
            .map_or_else(|| name_or_path.to_string(), |n| n.to_string_lossy().into_owned());
        let level = Level::parse(
            &path.display().to_string(),
            &name,
            &bytes,
            &materials,
            &DiskDir(dir.clone(), root),
        )?;
        log_repairs(&level);
        return Ok(LoadedLevel {
            dir: Some(dir),
            ..bake_now(level)
        });
    }
    if !level_names(root).iter().any(|n| n == name_or_path) {
        return Err(ContentError::new(
            "--level",
            name_or_path,
            format!("no level of that name (known: {})", level_names(root).join(", ")),
        ));
    }
    let dir = format!("levels/{name_or_path}");
    let rel = format!("{dir}/level.toml");
    let files = RootDir { root, dir };
    let level = Level::parse(&root.label(&rel), name_or_path, &root.read(&rel)?, &materials, &files)?;
    log_repairs(&level);
    match (root, embedded_baked_levels().iter().find(|(n, _)| *n == name_or_path)) {
        (ContentRoot::Embedded, Some((_, chunks))) => Ok(LoadedLevel {
            chunks: ChunkSource::Embedded {
                level: name_or_path.to_string(),
                chunks,
                models: level.prop_models.clone().into(),
            },
            level,
            dir: None,
            colliders: SharedChunkColliders::default(),
        }),
        _ => Ok(bake_now(level)),
    }
}

/// Says in the log what the level's parse repaired in its files (a centre line's repeated
/// closing point, say), so a designer knows the file is not as read.
fn log_repairs(level: &Level) {
    for repair in level.track.iter().flat_map(|t| &t.repairs) {
        log::warn!("{}: repaired {repair}", level.name);
    }
}

/// A level baked now, in memory (levels read from disk, levels built in code).
pub fn bake_now(level: Level) -> LoadedLevel {
    let chunks = bake_level(&level).into_iter().map(Arc::new).collect();
    LoadedLevel {
        level,
        chunks: ChunkSource::Baked(Arc::new(chunks)),
        dir: None,
        colliders: SharedChunkColliders::default(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn default_level_loads_with_baked_chunks() {
        let l = load_level(&ContentRoot::Embedded, DEFAULT_LEVEL).unwrap();
        assert!(matches!(l.chunks, ChunkSource::Embedded { .. }));
        assert!(!l.chunks.coords().is_empty());
        for c in l.chunks.coords() {
            l.chunks.load(c).unwrap();
        }
    }

    #[test]
    fn a_corrupt_baked_chunk_is_a_clear_error() {
        static GARBAGE: &[BakedChunkBytes] = &[(0, 0, b"\x01\x02 definitely not a chunk")];
        let source = ChunkSource::Embedded {
            level: "broken".into(),
            chunks: GARBAGE,
            models: Arc::new([]),
        };
        let e = source.load(ChunkCoord::new(0, 0)).err().unwrap();
        assert!(
            e.file.contains("broken/0_0.bin") && e.problem.contains("corrupt"),
            "{e}"
        );
        let e = source.load(ChunkCoord::new(5, 5)).err().unwrap();
        assert!(e.problem.contains("missing"), "{e}");
    }

    #[test]
    fn baked_chunks_equal_a_bake_at_load_time() {
        // What build.rs baked into the binary, byte for byte what the same code gives now;
        // and read back (its trees placed again from their placements), the very mesh the
        // bake made.
        for name in level_names(&ContentRoot::Embedded) {
            let loaded = load_level(&ContentRoot::Embedded, &name).unwrap();
            let ChunkSource::Embedded { chunks, .. } = &loaded.chunks else {
                panic!("{name} is not baked")
            };
            let fresh = bake_level(&loaded.level);
            assert_eq!(fresh.len(), chunks.len(), "{name}: chunk count");
            for (f, (x, z, bytes)) in fresh.iter().zip(chunks.iter()) {
                assert_eq!((f.coord.x, f.coord.y), (*x, *z));
                assert!(
                    f.encode_deflated() == *bytes,
                    "{name}: chunk {x},{z} differs from its bake"
                );
                let read = loaded.chunks.load(f.coord).unwrap();
                assert!(read.mesh == f.mesh, "{name}: chunk {x},{z} reads back other than baked");
            }
        }
    }

    #[test]
    fn unknown_level_lists_the_known_ones() {
        let e = load_level(&ContentRoot::Embedded, "moon").err().unwrap();
        assert!(e.problem.contains(DEFAULT_LEVEL), "{e}");
    }
}
