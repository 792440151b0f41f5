//! Where a level's baked bytes go: for each level named (or every one), its chunks'
//! vertices, triangles and colliders, and their bytes raw and deflated as the binary embeds
//! them. It reads `content/` as it is now, so a level being edited is measured without
//! rebuilding the game.
//!
//! `cargo run --release --example chunk_bytes -- montreal spa`

use skidpad::content::{load_level, ContentRoot};
use skidpad_bake::chunk::{bake_level, BakedShape};

fn main() {
    let root = ContentRoot::Dir(std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("content"));
    let mut names: Vec<String> = std::env::args().skip(1).collect();
    if names.is_empty() {
        names = skidpad::content::level_names(&root);
    }
    println!("| level | chunks | vertices | triangles | road triangles | compound parts | raw MB | deflated MB | of which mesh MB |");
    println!("|---|---|---|---|---|---|---|---|---|");
    let mut total = 0;
    for name in names {
        let loaded = load_level(&root, &name).unwrap_or_else(|e| panic!("{e}"));
        let chunks = bake_level(&loaded.level);
        let (mut verts, mut tris, mut road, mut parts, mut raw, mut deflated, mut mesh) = (0, 0, 0, 0, 0, 0, 0);
        for c in &chunks {
            verts += c.mesh.positions.len();
            tris += (c.mesh.indices.len() + c.mesh.far_indices.len()) / 3;
            for col in &c.colliders {
                match &col.shape {
                    BakedShape::Triangles(t) => road += t.indices().len(),
                    BakedShape::Compound(cp) => parts += cp.shapes().len(),
                    _ => {}
                }
            }
            raw += c.encode().len();
            deflated += c.encode_deflated().len();
            // The mesh alone, as the same chunk with no colliders would embed it.
            let only_mesh = skidpad_bake::chunk::BakedChunk {
                colliders: Vec::new(),
                ..c.clone()
            };
            mesh += only_mesh.encode_deflated().len();
        }
        total += deflated;
        println!(
            "| {name} | {} | {verts} | {tris} | {road} | {parts} | {:.2} | {:.2} | {:.2} |",
            chunks.len(),
            raw as f64 / 1e6,
            deflated as f64 / 1e6,
            mesh as f64 / 1e6
        );
    }
    println!("deflated in all: {:.2} MB ({total} bytes)", total as f64 / 1e6);
}
