//! Issue 23, as a property: on random terrains (flat, or a heightmap plateau at a random
//! height) with random sets of surfaces (sizes up to the terrain's, any yaw, overlapping,
//! crossing chunk boundaries, random chunk sizes), the material a wheel's ray meets in the
//! baked chunks is the overlap rule's answer (`surfaces::material_at`) at every random point.
//! The ray is cast as `vehicle::suspension::cast_wheel_ray` casts it: straight down, solid,
//! nearest hit over every collider of the chunks around the point.

use glam::{IVec2, Vec2, Vec3};
use parry3d::math::Pose;
use parry3d::query::{Ray, RayCast};
use proptest::prelude::*;
use skidpad_bake::chunk::{bake_chunk, chunk_of, BakedShape};
use skidpad_bake::geometry::pieces;
use skidpad_bake::heightmap::Heightmap;
use skidpad_bake::level::SurfacePatch;
use skidpad_bake::surfaces::{contains, material_at};
use skidpad_bake::{ContentError, Level, LevelFiles, MaterialId, MaterialTable};

/// Cases run; each bakes the 3 × 3 chunks around each of its points.
const CASES: u32 = 48;
const POINTS_PER_CASE: usize = 12;
/// The smallest side a surface may have (the level schema's `surfaces[].size_m` bound).
const MIN_SURFACE_SIDE_M: f32 = 0.01;
const MATERIALS: [&str; 5] = ["ice", "wet", "gravel", "snow", "grass"];

struct Plateau;

impl LevelFiles for Plateau {
    fn read(&self, _rel: &str) -> Result<Vec<u8>, ContentError> {
        // A flat 9 × 9 map: all samples at the low end of `height_m`.
        let map = Heightmap {
            rows: 9,
            cols: 9,
            heights_m: vec![0.0; 81],
        };
        Ok(map.to_png(0.0, 1.0))
    }
    fn label(&self, rel: &str) -> String {
        rel.to_string()
    }
}

fn materials() -> MaterialTable {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../content/materials.toml");
    MaterialTable::parse(path, &std::fs::read(path).unwrap()).unwrap()
}

#[derive(Debug, Clone)]
struct Case {
    terrain_m: Vec2,
    chunk_m: f32,
    plateau_m: Option<f32>,
    /// (material index, size fraction x, z, yaw deg, centre fraction x, z).
    surfaces: Vec<(usize, f32, f32, f32, f32, f32)>,
    points: Vec<(f32, f32)>,
}

fn case() -> impl Strategy<Value = Case> {
    (
        (32.0f32..1024.0, 32.0f32..1024.0),
        16.0f32..256.0,
        prop::option::of(-20.0f32..20.0),
        prop::collection::vec(
            (
                0..MATERIALS.len(),
                0.0f32..=1.0,
                0.0f32..=1.0,
                -180.0f32..180.0,
                -1.0f32..=1.0,
                -1.0f32..=1.0,
            ),
            1..7,
        ),
        prop::collection::vec((-0.5f32..0.5, -0.5f32..0.5), POINTS_PER_CASE),
    )
        .prop_map(|((tx, tz), chunk_m, plateau_m, surfaces, points)| Case {
            terrain_m: Vec2::new(tx, tz),
            chunk_m,
            plateau_m,
            surfaces,
            points,
        })
}

/// The case as a level file: each surface sized up to the terrain and placed so it stays
/// inside it at its yaw.
fn level_toml(c: &Case) -> String {
    let mut t = format!(
        "description = \"property\"\nchunk_size_m = {}\n[terrain]\nsize_m = [{}, {}]\nmaterial = \"asphalt\"\n",
        c.chunk_m, c.terrain_m.x, c.terrain_m.y
    );
    if let Some(h) = c.plateau_m {
        t += &format!("heightmap = \"h.png\"\nheight_m = [{h}, {}]\n", h + 1.0);
    }
    let half = c.terrain_m * 0.5;
    for &(m, fx, fz, yaw_deg, cx, cz) in &c.surfaces {
        let size = Vec2::new(0.05 + fx * c.terrain_m.x, 0.05 + fz * c.terrain_m.y);
        let (sin, cos) = yaw_deg.to_radians().sin_cos();
        let ext = |s: Vec2| {
            Vec2::new(
                cos.abs() * s.x * 0.5 + sin.abs() * s.y * 0.5,
                sin.abs() * s.x * 0.5 + cos.abs() * s.y * 0.5,
            )
        };
        let k = (half.x / ext(size).x).min(half.y / ext(size).y).min(1.0) * 0.999;
        let size = size * k;
        if size.min_element() < MIN_SURFACE_SIDE_M {
            // A long strip turned across a narrow terrain shrinks below what a level may
            // hold (the schema's smallest side): such a file is bad input, tested
            // elsewhere, not a surface to look under.
            continue;
        }
        let room = half - ext(size);
        t += &format!(
            "[[surfaces]]\nmaterial = \"{}\"\ncenter_m = [{}, {}]\nsize_m = [{}, {}]\nyaw_deg = {yaw_deg}\n",
            MATERIALS[m],
            cx * room.x.max(0.0),
            cz * room.y.max(0.0),
            size.x,
            size.y
        );
    }
    t + "[[spawns]]\nname = \"a\"\nposition_m = [0.0, 1.0, 0.0]\n"
}

/// The rule's answer at `p`, unless `p` lies within 2 cm of a surface's border (where the
/// answer hangs on rounding).
fn clear_answer(level: &Level, p: Vec2) -> Option<MaterialId> {
    let grown = |d: f32| {
        let mut l = level.clone();
        for s in &mut l.surfaces {
            s.size_m += Vec2::splat(d);
        }
        material_at(&l, p)
    };
    let answer = material_at(level, p);
    (grown(0.04) == answer && grown(-0.04) == answer).then_some(answer)
}

/// What a wheel's ray straight down at `p` meets first: the nearest hit over the 3 × 3
/// chunks around `p`.
fn wheel_material(level: &Level, p: Vec2) -> Option<MaterialId> {
    let all = pieces(level);
    let home = chunk_of(p.x, p.y, level.chunk_size_m);
    let ray = Ray::new(Vec3::new(p.x, 30.0, p.y), Vec3::NEG_Y);
    let mut best: Option<(f32, MaterialId)> = None;
    for dj in -1..=1 {
        for di in -1..=1 {
            let chunk = bake_chunk(level, &all, home + IVec2::new(di, dj));
            for c in &chunk.colliders {
                let pose = Pose::from_parts(c.translation, c.rotation);
                let toi = match &c.shape {
                    BakedShape::Slab(s) => s.cast_ray(&pose, &ray, 100.0, true),
                    BakedShape::Heights(h) => h.cast_ray(&pose, &ray, 100.0, true),
                    BakedShape::Compound(s) => s.cast_ray(&pose, &ray, 100.0, true),
                    BakedShape::Triangles(t) => t.cast_ray(&pose, &ray, 100.0, true),
                };
                if let Some(t) = toi {
                    if best.is_none_or(|(b, _)| t < b) {
                        best = Some((t, c.material));
                    }
                }
            }
        }
    }
    best.map(|(_, m)| m)
}

/// The property for one case: every clear point's material, and the last surface's centre.
fn check(c: &Case) -> Result<(), TestCaseError> {
    let text = level_toml(c);
    let level = Level::parse(
        "property/level.toml",
        "property",
        text.as_bytes(),
        &materials(),
        &Plateau,
    )
    .map_err(|e| TestCaseError::fail(format!("{e}\n{text}")))?;
    let names = |m: Option<MaterialId>| m.map(|m| level.materials.get(m).name.clone());
    for &(u, v) in &c.points {
        let p = Vec2::new(u, v) * c.terrain_m;
        let Some(rule) = clear_answer(&level, p) else { continue };
        let met = wheel_material(&level, p);
        prop_assert_eq!(names(met), names(Some(rule)), "at {:?}\n{}", p, text);
    }
    // A point inside the last surface is always tested, however big the others. A case
    // may have none left: every one a strip too narrow for the terrain (`level_toml`).
    let last: Option<&SurfacePatch> = level.surfaces.last();
    if let Some(last) = last.filter(|l| contains(l, l.center_m)) {
        if clear_answer(&level, last.center_m).is_some() {
            prop_assert_eq!(wheel_material(&level, last.center_m), Some(last.material), "{}", text);
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(CASES))]

    #[test]
    fn the_material_under_a_wheel_is_the_rules(c in case()) {
        check(&c)?;
    }
}

/// The case CI met (2026-11-27): every surface a strip too narrow once turned across the
/// terrain, so the level has none; the ground's own material is under every wheel.
#[test]
fn a_case_whose_every_surface_is_too_narrow_is_plain_terrain() {
    let c = Case {
        terrain_m: Vec2::new(1024.0, 32.0),
        chunk_m: 64.0,
        plateau_m: None,
        // 1 024 m by 5 cm, turned 90° across a 32 m wide terrain: scaled to fit, 1.6 mm wide.
        surfaces: vec![(0, 1.0, 0.0, 90.0, 0.0, 0.0)],
        points: vec![(0.0, 0.0), (0.3, -0.2), (-0.45, 0.4)],
    };
    let text = level_toml(&c);
    assert!(!text.contains("[[surfaces]]"), "{text}");
    check(&c).unwrap();
}

fn parse(text: &str) -> Result<Level, ContentError> {
    Level::parse("bad/level.toml", "bad", text.as_bytes(), &materials(), &Plateau)
}

#[test]
fn a_surface_outside_the_terrain_is_an_error_naming_it() {
    let e = parse(
        "description = \"x\"\n[terrain]\nsize_m = [100, 100]\nmaterial = \"asphalt\"\n\
         [[surfaces]]\nmaterial = \"ice\"\ncenter_m = [0, 0]\nsize_m = [10, 10]\n\
         [[surfaces]]\nmaterial = \"ice\"\ncenter_m = [48, 0]\nsize_m = [10, 10]\n\
         [[spawns]]\nname = \"a\"\nposition_m = [0, 1, 0]\n",
    )
    .unwrap_err();
    assert_eq!(
        (e.file.as_str(), e.field.as_str()),
        ("bad/level.toml", "surfaces[1]"),
        "{e}"
    );
    assert!(e.problem.contains("outside the terrain"), "{e}");
}

#[test]
fn a_zero_sized_surface_is_an_error_naming_it() {
    let e = parse(
        "description = \"x\"\n[terrain]\nsize_m = [100, 100]\nmaterial = \"asphalt\"\n\
         [[surfaces]]\nmaterial = \"ice\"\ncenter_m = [0, 0]\nsize_m = [0, 10]\n\
         [[spawns]]\nname = \"a\"\nposition_m = [0, 1, 0]\n",
    )
    .unwrap_err();
    assert!(e.field.starts_with("surfaces[0].size_m"), "{e}");
}

struct Slope;

impl LevelFiles for Slope {
    fn read(&self, _rel: &str) -> Result<Vec<u8>, ContentError> {
        // Rising along X from 0 to 1 (scaled by `height_m`).
        let heights_m = (0..81).map(|i| (i % 9) as f32 / 8.0).collect();
        Ok(Heightmap {
            rows: 9,
            cols: 9,
            heights_m,
        }
        .to_png(0.0, 1.0))
    }
    fn label(&self, rel: &str) -> String {
        rel.to_string()
    }
}

#[test]
fn a_surface_on_a_slope_is_an_error_naming_it() {
    let text = "description = \"x\"\n[terrain]\nsize_m = [100, 100]\nmaterial = \"asphalt\"\nheightmap = \"h.png\"\nheight_m = [0, 10]\n\
                [[surfaces]]\nmaterial = \"ice\"\ncenter_m = [0, 0]\nsize_m = [10, 10]\n\
                [[spawns]]\nname = \"a\"\nposition_m = [0, 12, 0]\n";
    let e = Level::parse("bad/level.toml", "bad", text.as_bytes(), &materials(), &Slope).unwrap_err();
    assert_eq!(e.field, "surfaces[0]", "{e}");
    assert!(e.problem.contains("not flush"), "{e}");
}

#[test]
fn a_surface_on_a_height_patch_is_an_error_naming_both() {
    let e = parse(
        "description = \"x\"\n[terrain]\nsize_m = [100, 100]\nmaterial = \"asphalt\"\n\
         [[heightfields]]\nfile = \"h.png\"\nmaterial = \"gravel\"\ncenter_m = [10, 0]\nsize_m = [10, 10]\nheight_m = [0, 0.2]\n\
         [[surfaces]]\nmaterial = \"ice\"\ncenter_m = [0, 0]\nsize_m = [12, 4]\n\
         [[spawns]]\nname = \"a\"\nposition_m = [0, 1, 0]\n",
    )
    .unwrap_err();
    assert_eq!(e.field, "surfaces[0]", "{e}");
    assert!(e.problem.contains("heightfields[0]"), "{e}");
}
