//! Triangles each shipped level's baked chunks draw: the level's total, its densest chunk,
//! how many chunks, and the detail groups (near triangles and their far stand-ins). For checking what scenery costs before and after an edit.
//!
//! `cargo run -p skidpad-bake --example chunk_triangles [LEVEL...]`

use skidpad_bake::chunk::bake_level;
use skidpad_bake::{ContentError, Level, LevelFiles, MaterialTable};
use std::path::{Path, PathBuf};

struct Dir(PathBuf);

impl LevelFiles for Dir {
    fn read(&self, rel: &str) -> Result<Vec<u8>, ContentError> {
        std::fs::read(self.0.join(rel))
            .map_err(|e| ContentError::new(self.label(rel), "file", format!("cannot read: {e}")))
    }
    fn label(&self, rel: &str) -> String {
        self.0.join(rel).display().to_string()
    }
    fn prop_model(&self, name: &str) -> Result<skidpad_bake::model::PropModel, ContentError> {
        let path = self.0.join(format!("../../props/{name}.glb"));
        let bytes = std::fs::read(&path)
            .map_err(|e| ContentError::new(path.display().to_string(), "file", format!("cannot read: {e}")))?;
        skidpad_bake::model::PropModel::bake(&path.display().to_string(), &bytes)
    }
}

fn main() -> Result<(), ContentError> {
    let content = Path::new(env!("CARGO_MANIFEST_DIR")).join("../content");
    let materials_file = content.join("materials.toml");
    let bytes =
        std::fs::read(&materials_file).map_err(|e| ContentError::new("materials.toml", "file", e.to_string()))?;
    let materials = MaterialTable::parse(&materials_file.display().to_string(), &bytes)?;
    let mut names: Vec<String> = std::env::args().skip(1).collect();
    if names.is_empty() {
        names = ["circuit", "slip", "jump", "crash", "proving_ground", "bump"]
            .map(String::from)
            .to_vec();
    }
    for name in names {
        let dir = content.join("levels").join(&name);
        let file = dir.join("level.toml");
        let bytes =
            std::fs::read(&file).map_err(|e| ContentError::new(file.display().to_string(), "file", e.to_string()))?;
        let level = Level::parse(&file.display().to_string(), &name, &bytes, &materials, &Dir(dir))?;
        let chunks = bake_level(&level);
        let tris: Vec<usize> = chunks.iter().map(|c| c.mesh.indices.len() / 3).collect();
        // Detail groups: their near triangles (counted above) and their far stand-ins.
        let near: usize = chunks
            .iter()
            .flat_map(|c| &c.mesh.detail)
            .map(|g| (g.near[1] - g.near[0]) as usize / 3)
            .sum();
        let far: usize = chunks.iter().map(|c| c.mesh.far_indices.len() / 3).sum();
        let groups: Vec<usize> = chunks.iter().map(|c| c.mesh.detail.len()).collect();
        println!(
            "{name}: {} triangles in {} chunks, densest chunk {}; detail groups {} (at most {} a chunk), \
             their near triangles {near}, far {far}",
            tris.iter().sum::<usize>(),
            tris.len(),
            tris.iter().max().unwrap_or(&0),
            groups.iter().sum::<usize>(),
            groups.iter().max().unwrap_or(&0),
        );
    }
    Ok(())
}
