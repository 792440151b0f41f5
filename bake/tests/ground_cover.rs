//! The terrain cut away under the ground drawn over it (`ground_cover`), on the shipped
//! level it was made for: under bump's strips no terrain is drawn, and every ground point,
//! at the strips' borders too, is still drawn by some triangle (no hole).

use glam::{IVec2, Vec2};
use skidpad_bake::chunk::{bake_level, chunk_of, BakedChunk};
use skidpad_bake::{ContentError, Level, LevelFiles, MaterialTable};
use std::path::{Path, PathBuf};

struct Dir(PathBuf);

impl LevelFiles for Dir {
    fn read(&self, rel: &str) -> Result<Vec<u8>, ContentError> {
        std::fs::read(self.0.join(rel)).map_err(|e| ContentError::new(rel, "file", e.to_string()))
    }
    fn label(&self, rel: &str) -> String {
        rel.to_string()
    }
    fn prop_model(&self, name: &str) -> Result<skidpad_bake::model::PropModel, ContentError> {
        let rel = format!("props/{name}.glb");
        let bytes = std::fs::read(content().join(&rel)).map_err(|e| ContentError::new(&rel, "file", e.to_string()))?;
        skidpad_bake::model::PropModel::bake(&rel, &bytes)
    }
}

fn content() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../content")
}

fn shipped(name: &str) -> Level {
    let bytes = std::fs::read(content().join("materials.toml")).expect("content/materials.toml");
    let materials = MaterialTable::parse("materials.toml", &bytes).expect("shipped materials parse");
    let dir = content().join("levels").join(name);
    let text = std::fs::read(dir.join("level.toml")).expect("level.toml");
    Level::parse("level.toml", name, &text, &materials, &Dir(dir)).expect("shipped level parses")
}

/// Ground triangles in (x, z), each with its highest corner.
type Ground = Vec<([Vec2; 3], f32)>;

/// The upward-facing triangles of a chunk's render mesh below `max_y_m`.
fn ground_triangles(chunk: &BakedChunk, max_y_m: f32) -> Ground {
    let m = &chunk.mesh;
    m.indices
        .chunks_exact(3)
        .filter_map(|t| {
            let p = [0, 1, 2].map(|k| m.positions[t[k] as usize]);
            let top = p.iter().map(|v| v[1]).fold(f32::MIN, f32::max);
            let flat = p.map(|v| Vec2::new(v[0], v[2]));
            // Counter-clockwise seen from +Y is clockwise in (x, z).
            let up = (flat[1] - flat[0]).perp_dot(flat[2] - flat[0]) < 0.0;
            (up && top <= max_y_m).then_some((flat, top))
        })
        .collect()
}

/// The ground triangles of chunk `c` and the eight around it: a piece is baked into the
/// chunk holding its origin and may reach over the border.
fn near(ground: &[(IVec2, Ground)], c: IVec2) -> Ground {
    ground
        .iter()
        .filter(|(k, _)| (*k - c).abs().max_element() <= 1)
        .flat_map(|(_, t)| t.iter().copied())
        .collect()
}

/// Whether `p` lies in `t`, its border included when `margin` > 0, left out when < 0.
fn inside(t: &[Vec2; 3], p: Vec2, margin: f32) -> bool {
    let s = |a: Vec2, b: Vec2| (b - a).perp_dot(p - a) / a.distance(b).max(1e-9);
    let d = [s(t[0], t[1]), s(t[1], t[2]), s(t[2], t[0])];
    d.iter().all(|&x| x <= margin) || d.iter().all(|&x| x >= -margin)
}

/// Whether some triangle of `triangles` is drawn over `p` (or along an edge through it).
fn drawn(triangles: &[([Vec2; 3], f32)], p: Vec2) -> bool {
    triangles.iter().any(|(t, _)| inside(t, p, 1e-4))
}

/// How many triangles lie over `p` one above the other (a point on a shared edge counts
/// none of them).
fn layers(triangles: &[([Vec2; 3], f32)], p: Vec2) -> usize {
    triangles.iter().filter(|(t, _)| inside(t, p, -1e-4)).count()
}

#[test]
fn no_terrain_under_bumps_strips_and_no_hole_around_them() {
    let level = shipped("bump");
    let chunks = bake_level(&level);
    let ground: Vec<_> = chunks.iter().map(|c| (c.coord, ground_triangles(c, 0.5))).collect();
    let around: Vec<_> = ground.iter().map(|(c, _)| (*c, near(&ground, *c))).collect();
    let at = |p: Vec2| {
        let c = chunk_of(p.x, p.y, level.chunk_size_m);
        &around
            .iter()
            .find(|(k, _)| *k == c)
            .expect("a chunk under every strip")
            .1
    };
    for patch in &level.height_patches {
        let half = patch.size_m * 0.5;
        // Off the strips' sample grid, so that few points fall on an edge.
        let mut z = -half.y - 2.0 + 0.0123;
        while z <= half.y + 2.0 {
            let mut x = -half.x - 2.0 + 0.0371;
            while x <= half.x + 2.0 {
                let p = patch.center_m + Vec2::new(x, z);
                let tris = at(p);
                assert!(drawn(tris, p), "a hole in bump's ground at {p}");
                // Inside the strip only the strip is drawn; before the cut, the terrain too.
                if x.abs() < half.x - 0.5 && z.abs() < half.y - 0.5 {
                    assert!(layers(tris, p) <= 1, "terrain drawn under bump's strip at {p}");
                }
                x += 0.5;
            }
            z += 1.0;
        }
    }
}
