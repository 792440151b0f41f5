//! The offline bake. Embeds `content/` and `platform/profiles/` into the binary (so
//! `skidpad` runs from anywhere with no configuration) and bakes every shipped level's
//! static geometry into streaming chunks with their collision shapes, bounds and BVHs
//! already built (`skidpad_bake::chunk`), so loading a level builds no acceleration
//! structure at run time.
//!
//! A level that does not parse is not baked: the build goes on with a warning, and the game
//! reports the same error, naming file and field, when the level is loaded.
//!
//! Car models (`content/models/*.glb`) are embedded with the content and baked here too,
//! so a broken model warns at build time as a broken level does (naming file and node);
//! the game bakes the embedded file again when it loads the car (well under a millisecond)
//! and checks it against the car's wheels and boxes then. Prop models
//! (`content/props/*.glb`) are baked into the levels that place them, and each once on its
//! own (`BAKED_PROPS`) for the game's parse of a shipped level.

use skidpad_bake::model::{CarModel, PropModel};
use skidpad_bake::{chunk, ContentError, Level, LevelFiles, MaterialTable};
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

fn collect(dir: &Path, base: &Path, out: &mut Vec<(String, PathBuf)>) {
    let Ok(entries) = std::fs::read_dir(dir) else { return };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            collect(&path, base, out);
        } else if let Ok(rel) = path.strip_prefix(base) {
            let rel = rel
                .components()
                .map(|c| c.as_os_str().to_string_lossy())
                .collect::<Vec<_>>()
                .join("/");
            out.push((rel, path.canonicalize().unwrap_or(path)));
        }
    }
}

fn embed(name: &str, dir: &Path, code: &mut String) {
    println!("cargo:rerun-if-changed={}", dir.display());
    let mut files = Vec::new();
    collect(dir, dir, &mut files);
    // Sorted so the embedded index, and everything listed from it, is deterministic.
    files.sort();
    writeln!(
        code,
        "/// Files embedded from `{}` at build time: (relative path, bytes), sorted.",
        dir.display()
    )
    .unwrap();
    writeln!(code, "pub static {name}: &[(&str, &[u8])] = &[").unwrap();
    for (rel, path) in files {
        println!("cargo:rerun-if-changed={}", path.display());
        writeln!(code, "    ({rel:?}, include_bytes!({:?})),", path.display().to_string()).unwrap();
    }
    writeln!(code, "];").unwrap();
}

/// A level's directory in the source tree, and the content root its prop models are in.
struct SourceDir {
    dir: PathBuf,
    content: PathBuf,
}

impl LevelFiles for SourceDir {
    fn read(&self, rel: &str) -> Result<Vec<u8>, ContentError> {
        std::fs::read(self.dir.join(rel))
            .map_err(|e| ContentError::new(self.label(rel), "file", format!("cannot read: {e}")))
    }
    fn label(&self, rel: &str) -> String {
        self.dir.join(rel).display().to_string()
    }
    fn has(&self, rel: &str) -> bool {
        self.dir.join(rel).is_file()
    }
    fn prop_model(&self, name: &str) -> Result<PropModel, ContentError> {
        let path = self.content.join("props").join(format!("{name}.glb"));
        let label = path.display().to_string();
        let bytes = std::fs::read(&path).map_err(|e| ContentError::new(&label, "file", format!("cannot read: {e}")))?;
        PropModel::bake(&label, &bytes)
    }
}

fn bake_levels(content: &Path, out_dir: &Path, code: &mut String) {
    writeln!(
        code,
        "/// Baked chunks of each shipped level, deflated: (level, [(chunk x, chunk z, bytes)])."
    )
    .unwrap();
    writeln!(
        code,
        "pub static BAKED_LEVELS: &[(&str, &[super::BakedChunkBytes])] = &["
    )
    .unwrap();
    let materials_path = content.join("materials.toml");
    let materials = std::fs::read(&materials_path)
        .map_err(|e| ContentError::new(materials_path.display().to_string(), "file", e.to_string()))
        .and_then(|b| MaterialTable::parse(&materials_path.display().to_string(), &b));
    let materials = match materials {
        Ok(m) => m,
        Err(e) => {
            println!("cargo:warning=no level baked: {e}");
            writeln!(code, "];").unwrap();
            return;
        }
    };
    let mut names: Vec<String> = std::fs::read_dir(content.join("levels"))
        .map(|d| {
            d.flatten()
                .filter(|e| e.path().join("level.toml").is_file())
                .map(|e| e.file_name().to_string_lossy().into_owned())
                .collect()
        })
        .unwrap_or_default();
    names.sort();
    for name in names {
        let dir = content.join("levels").join(&name);
        let file = dir.join("level.toml");
        let parsed = std::fs::read(&file)
            .map_err(|e| ContentError::new(file.display().to_string(), "file", e.to_string()))
            .and_then(|bytes| {
                Level::parse(
                    &file.display().to_string(),
                    &name,
                    &bytes,
                    &materials,
                    &SourceDir {
                        dir: dir.clone(),
                        content: content.to_path_buf(),
                    },
                )
            });
        let level = match parsed {
            Ok(l) => l,
            Err(e) => {
                println!("cargo:warning=level `{name}` not baked: {e}");
                continue;
            }
        };
        let level_out = out_dir.join("baked").join(&name);
        std::fs::create_dir_all(&level_out).expect("OUT_DIR is writable");
        writeln!(code, "    ({name:?}, &[").unwrap();
        for c in chunk::bake_level(&level) {
            let path = level_out.join(format!("{}_{}.bin", c.coord.x, c.coord.y));
            std::fs::write(&path, c.encode_deflated()).expect("OUT_DIR is writable");
            writeln!(
                code,
                "        ({}, {}, include_bytes!({:?})),",
                c.coord.x,
                c.coord.y,
                path.display().to_string()
            )
            .unwrap();
        }
        writeln!(code, "    ]),").unwrap();
    }
    writeln!(code, "];").unwrap();
}

/// Bakes every shipped car model into `BAKED_MODELS` (model name, encoded `CarModel`), so
/// the game never parses glTF for a shipped car; one that fails is reported as a build
/// warning and left out (the game reports the same error when a car that names it loads).
fn bake_models(content: &Path, out_dir: &Path, code: &mut String) {
    writeln!(
        code,
        "/// Car models `build.rs` baked: (model name, encoded `CarModel`), sorted."
    )
    .unwrap();
    writeln!(code, "pub static BAKED_MODELS: &[(&str, &[u8])] = &[").unwrap();
    let dir = content.join("models");
    let mut paths: Vec<PathBuf> = std::fs::read_dir(&dir)
        .map(|entries| {
            entries
                .flatten()
                .map(|e| e.path())
                .filter(|p| p.extension().is_some_and(|e| e == "glb"))
                .collect()
        })
        .unwrap_or_default();
    paths.sort();
    let model_out = out_dir.join("models");
    std::fs::create_dir_all(&model_out).expect("OUT_DIR is writable");
    for path in paths {
        let label = path.display().to_string();
        let baked = std::fs::read(&path)
            .map_err(|e| ContentError::new(&label, "file", e.to_string()))
            .and_then(|bytes| CarModel::bake(&label, &bytes));
        match baked {
            Ok(model) => {
                let Some(name) = path.file_stem().map(|n| n.to_string_lossy().into_owned()) else {
                    continue;
                };
                let bin = model_out.join(format!("{name}.bin"));
                std::fs::write(&bin, model.encode()).expect("OUT_DIR is writable");
                writeln!(code, "    ({name:?}, include_bytes!({:?})),", bin.display().to_string()).unwrap();
            }
            Err(e) => println!("cargo:warning=car model not baked: {e}"),
        }
    }
    writeln!(code, "];").unwrap();
}

/// Bakes every shipped prop model (`content/props/*.glb`) into `BAKED_PROPS` (model name,
/// encoded `PropModel`), as [`bake_models`] does the car models: the game decodes these
/// when it parses a shipped level, and never reads glTF for them.
fn bake_props(content: &Path, out_dir: &Path, code: &mut String) {
    writeln!(
        code,
        "/// Prop models `build.rs` baked: (model name, encoded `PropModel`), sorted."
    )
    .unwrap();
    writeln!(code, "pub static BAKED_PROPS: &[(&str, &[u8])] = &[").unwrap();
    let mut paths: Vec<PathBuf> = std::fs::read_dir(content.join("props"))
        .map(|entries| {
            entries
                .flatten()
                .map(|e| e.path())
                .filter(|p| p.extension().is_some_and(|e| e == "glb"))
                .collect()
        })
        .unwrap_or_default();
    paths.sort();
    let prop_out = out_dir.join("props");
    std::fs::create_dir_all(&prop_out).expect("OUT_DIR is writable");
    for path in paths {
        let label = path.display().to_string();
        let baked = std::fs::read(&path)
            .map_err(|e| ContentError::new(&label, "file", e.to_string()))
            .and_then(|bytes| PropModel::bake(&label, &bytes));
        let Some(name) = path.file_stem().map(|n| n.to_string_lossy().into_owned()) else {
            continue;
        };
        match baked {
            Ok(model) => {
                let bin = prop_out.join(format!("{name}.bin"));
                std::fs::write(&bin, model.encode()).expect("OUT_DIR is writable");
                writeln!(code, "    ({name:?}, include_bytes!({:?})),", bin.display().to_string()).unwrap();
            }
            Err(e) => println!("cargo:warning=prop model not baked: {e}"),
        }
    }
    writeln!(code, "];").unwrap();
}

fn main() {
    let root = PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR"));
    let out_dir = PathBuf::from(std::env::var("OUT_DIR").expect("cargo sets OUT_DIR"));
    let mut code = String::new();
    embed("CONTENT_FILES", &root.join("content"), &mut code);
    embed("PROFILE_FILES", &root.join("platform/profiles"), &mut code);
    bake_levels(&root.join("content"), &out_dir, &mut code);
    bake_models(&root.join("content"), &out_dir, &mut code);
    bake_props(&root.join("content"), &out_dir, &mut code);
    std::fs::write(out_dir.join("embedded.rs"), code).expect("OUT_DIR is writable");
}
