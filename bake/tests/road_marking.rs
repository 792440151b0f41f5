//! A circuit's road as the bake paints it (`skidpad_bake::road_marking`, the kerbs in
//! `geometry`): a white line inside each border the whole way round, the worn band
//! darkest on the level's worn line at every point, and kerbs striped red and white in
//! blocks a driver reads as kerbs (under two metres), on Montreal as shipped.

use glam::{Vec2, Vec3};
use skidpad_bake::dressing::PAINT_WHITE;
use skidpad_bake::geometry::{pieces, PieceShape};
use skidpad_bake::road_marking::{EDGE_LINE_INSET_M, EDGE_LINE_WIDTH_M, WORN_BAND_SHADE};
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
    fn has(&self, rel: &str) -> bool {
        self.0.join(rel).is_file()
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

fn montreal() -> Level {
    shipped("montreal")
}

fn shipped(name: &str) -> Level {
    let bytes = std::fs::read(content().join("materials.toml")).expect("content/materials.toml");
    let materials = MaterialTable::parse("materials.toml", &bytes).expect("shipped materials parse");
    let dir = content().join("levels").join(name);
    let text = std::fs::read(dir.join("level.toml")).expect("the level's level.toml");
    Level::parse("level.toml", name, &text, &materials, &Dir(dir)).expect("the level parses")
}

/// The render-only triangles of `material`, seen from above: corners (world x, z) and
/// their colours.
fn drawn_triangles(level: &Level, material: skidpad_bake::MaterialId) -> Vec<([Vec2; 3], [Vec3; 3])> {
    let mut out = Vec::new();
    for p in pieces(level).iter().filter(|p| p.material == material) {
        if let PieceShape::Decor {
            vertices,
            indices,
            colors,
            ..
        } = &p.shape
        {
            for t in indices {
                let at = |i: u32| {
                    let w = p.position + p.rotation * vertices[i as usize];
                    Vec2::new(w.x, w.z)
                };
                let rgb = |i: u32| {
                    let c = colors[i as usize];
                    Vec3::new(c[0], c[1], c[2])
                };
                out.push((t.map(at), t.map(rgb)));
            }
        }
    }
    out
}

/// The colour drawn at `q` (the first triangle holding it), if any is.
fn colour_at(triangles: &[([Vec2; 3], [Vec3; 3])], q: Vec2) -> Option<Vec3> {
    triangles.iter().find_map(|([a, b, c], rgb)| {
        let d = (b - a).perp_dot(c - a);
        if d.abs() < 1e-9 {
            return None;
        }
        let u = (q - a).perp_dot(c - a) / d;
        let v = (b - a).perp_dot(q - a) / d;
        let inside = u >= -1e-4 && v >= -1e-4 && u + v <= 1.0 + 1e-4;
        inside.then(|| rgb[0] * (1.0 - u - v) + rgb[1] * u + rgb[2] * v)
    })
}

#[test]
fn montreal_has_white_lines_along_both_edges_and_a_worn_band_on_its_line() {
    let level = montreal();
    let def = level.track.as_ref().expect("montreal has a track");
    let t = &def.track;
    let drawn = drawn_triangles(&level, def.material);
    let road = Vec3::from(level.materials.get(def.material).color);
    let worn = def.worn_line_m.as_ref().expect("montreal ships its worn line");
    let (left, right) = t.borders();
    let mid_m = EDGE_LINE_INSET_M + EDGE_LINE_WIDTH_M * 0.5;
    let mut wrong = Vec::new();
    let mut check = |i: usize, what: &str, q: Vec2, want: Vec3| match colour_at(&drawn, q) {
        Some(c) if c.distance(want) < 0.02 => {}
        got => wrong.push(format!("point {i}: {what} {got:?}, expected {want}")),
    };
    for i in 0..t.len() {
        let n = t.left(i);
        check(i, "left line", left[i] - n * mid_m, PAINT_WHITE);
        check(i, "right line", right[i] + n * mid_m, PAINT_WHITE);
        check(i, "worn line", t.centre[i] + n * worn[i], road * WORN_BAND_SHADE);
        // Just inside each line (past the 2 cm a straight's chord may stray) the road
        // keeps its own colour.
        let inner = EDGE_LINE_INSET_M + EDGE_LINE_WIDTH_M + 0.03;
        check(i, "road by the left line", left[i] - n * inner, road);
        check(i, "road by the right line", right[i] + n * inner, road);
    }
    assert!(
        wrong.is_empty(),
        "{} of {} points: {:?}",
        wrong.len(),
        t.len(),
        &wrong[..wrong.len().min(8)]
    );
}

/// Triangles holding `q` (within a hair of their edges).
fn triangles_holding(triangles: &[([Vec2; 3], [Vec3; 3])], q: Vec2) -> usize {
    triangles
        .iter()
        .filter(|([a, b, c], _)| {
            let d = (b - a).perp_dot(c - a);
            let u = (q - a).perp_dot(c - a) / d;
            let v = (b - a).perp_dot(q - a) / d;
            d.abs() > 1e-9 && u >= -1e-4 && v >= -1e-4 && u + v <= 1.0 + 1e-4
        })
        .count()
}

/// The drawn road covers each stretch of the loop once, the start too: on a loop whose
/// point count is not a multiple of a piece's, the last piece ran on over the first
/// points, and the two surfaces, triangulated apart, fought in the depth test (Spa's start
/// shaded up to 445 k lit fragments a frame against 308 k).
#[test]
fn the_drawn_road_covers_every_stretch_of_the_loop_once() {
    let mut ragged_loops = 0;
    // Not Suzuka: it crosses itself, and there two stretches are drawn by design.
    for name in ["montreal", "spa", "monza"] {
        let level = shipped(name);
        let def = level.track.as_ref().expect("a circuit has a track");
        let t = &def.track;
        let n = t.len();
        if !n.is_multiple_of(skidpad_bake::road_marking::MARKING_POINTS_PER_PIECE) {
            ragged_loops += 1;
        }
        let drawn = drawn_triangles(&level, def.material);
        let mut wrong = Vec::new();
        for i in 0..n {
            // Halfway to the next point and a little off the centre, clear of the rows'
            // and columns' shared edges.
            let q = (t.centre[i] + t.centre[(i + 1) % n]) * 0.5 + t.left(i) * 0.37;
            let holding = triangles_holding(&drawn, q);
            if holding != 1 {
                wrong.push(format!("point {i}: {holding}"));
            }
        }
        assert!(
            wrong.is_empty(),
            "{name}: {} of {n} stretches not drawn once: {:?}",
            wrong.len(),
            &wrong[..wrong.len().min(8)]
        );
    }
    assert!(
        ragged_loops > 0,
        "no loop here has a last piece shorter than the others"
    );
}

#[test]
fn montreals_kerbs_alternate_red_and_white_in_blocks_under_two_metres() {
    let level = montreal();
    let kerb = level.materials.id("kerb", "track", "kerb").expect("the kerb material");
    let mut blocks = 0;
    for p in pieces(&level).iter().filter(|p| p.material == kerb) {
        let PieceShape::Decor { vertices, colors, .. } = &p.shape else {
            continue;
        };
        // Drawn in quads of four vertices (border i, outer i, border i+1, outer i+1); the
        // collider under them is a quad a segment, as it always was.
        for q in vertices.chunks_exact(4) {
            let along_m = q[0].distance(q[2]);
            assert!(
                along_m < 2.0,
                "a kerb block {along_m:.2} m long at {}",
                p.position + q[0]
            );
            blocks += 1;
        }
        // Neighbouring blocks differ in colour.
        for pair in colors.chunks_exact(4).collect::<Vec<_>>().windows(2) {
            assert_ne!(
                pair[0][0], pair[1][0],
                "two blocks of one colour side by side at {}",
                p.position
            );
        }
    }
    assert!(blocks > 100, "only {blocks} kerb blocks on Montreal");
}
