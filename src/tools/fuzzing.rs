//! Fuzzing harnesses: one function per parser a user can feed a file to, shared by the
//! cargo-fuzz targets in `fuzz/` and by `tests/sim/fuzz_regressions.rs`, which replays every
//! kept crasher and corpus file through the same code on stable Rust.
//!
//! Each harness takes arbitrary bytes and must never panic, hang or allocate without bound
//! (Architecture Invariant: nothing a user can break panics). Where the parser accepts the
//! input, the harness goes on to exercise, cheaply, what that file then drives (a car is
//! built and driven for a few ticks, a replay is re-encoded and decoded again, ...), since
//! values that pass validation but break what comes after are where panics hide.
//!
//! Every harness returns whether the parser accepted the input (and the follow-up ran), so
//! the regression test can check that the shipped content really goes all the way through
//! and a harness has not silently become a no-op. `scripts/fuzz` runs the targets.

use crate::content::chunk::{bake_level, chunk_of, BakedChunk};
use crate::content::track::Track;
use crate::content::{bake_now, LoadedLevel};
use crate::content::{ContentError, ContentRoot, Level, MaterialTable, PlatformProfile};
use crate::replay::Replay;
use crate::settings::Settings;
use crate::sim::{SimWorld, TickInput, VehicleControl};
use crate::vehicle::CarDef;
use glam::{Vec2, Vec3};
use skidpad_bake::heightmap::Heightmap;
use skidpad_bake::LevelFiles;
use std::sync::OnceLock;

/// A fuzz target: its name (the cargo-fuzz target and `tests/fuzz/<name>/`) and harness.
pub type Target = (&'static str, fn(&[u8]) -> bool);

/// Every target, in the order `scripts/fuzz all` runs them.
pub const TARGETS: &[Target] = &[
    ("car", car),
    ("level", level),
    ("materials", materials),
    ("heightmap", heightmap),
    ("chunk", chunk),
    ("profile", profile),
    ("settings", settings),
    ("replay", replay),
    ("track_csv", track_csv),
    ("raceline_csv", raceline_csv),
    ("carla_dump", carla_dump),
    ("content_values", content_values),
    ("model", model),
];

/// Ticks a parsed car is driven for: enough for the suspension to load, the gearbox to
/// engage and the tires to slip under full throttle and lock, yet cheap per input.
const CAR_TICKS: u32 = 40;

/// Levels whose chunk grid is larger than this are parsed and cut into pieces but not
/// baked: a bake costs milliseconds per chunk, and throughput is what finds bugs. (A level
/// may legally ask for 100 km of terrain in 8 m chunks; that costs time and memory, not a
/// panic.)
const MAX_BAKED_CHUNKS: f32 = 16.0;

/// Bakes a binary glTF 2.0 file as a prop model and as a car model (one reader serves
/// both); if the car model is accepted, checks it against the shipped coupe's wheels and
/// boxes (which it will mostly fail, with an error) and measures its meshes: the paths a
/// level placing a prop and a car loading a model take.
pub fn model(data: &[u8]) -> bool {
    let prop = skidpad_bake::model::PropModel::bake("fuzz.glb", data)
        .map(|p| p.body.bounds())
        .is_ok();
    let Ok(model) = skidpad_bake::model::CarModel::bake("fuzz.glb", data) else {
        return prop;
    };
    let _ = model.check_against("fuzz.glb", &shipped_car().shape());
    let _ = (model.body.bounds(), model.wheel.bounds());
    true
}

/// Parses a car file; if it is accepted, puts the car in a small flat world and drives it
/// (throttle, steer, then brake and handbrake) for [`CAR_TICKS`] ticks.
pub fn car(data: &[u8]) -> bool {
    let Ok(def) = CarDef::parse("fuzz.toml", "fuzz", data) else {
        return false;
    };
    let mut world = SimWorld::new(flat_level(), &def, &[], 60);
    for t in 0..CAR_TICKS {
        let late = t >= CAR_TICKS / 2;
        world.step(&TickInput {
            control: VehicleControl {
                throttle: if late { 0.0 } else { 1.0 },
                steer: if late { -1.0 } else { 0.7 },
                brake: if late { 1.0 } else { 0.0 },
                hand_brake: late,
                ..VehicleControl::default()
            },
            reset: false,
            ..Default::default()
        });
    }
    // Hashing reads every body's state: a NaN pose must not panic there either.
    let _ = world.state_hash();
    true
}

/// Parses a `level.toml` (and the scenario inside it) against the shipped materials, with
/// heightmaps served as a small PNG and track centre lines as the shipped circuit's; if it
/// is accepted, cuts its geometry into pieces, and bakes its chunks when there are few.
pub fn level(data: &[u8]) -> bool {
    let Ok(level) = Level::parse("fuzz/level.toml", "fuzz", data, shipped_materials(), &FuzzLevelFiles) else {
        return false;
    };
    let pieces = skidpad_bake::geometry::pieces(&level);
    let s = level.chunk_size_m;
    let half = level.terrain.size_m * 0.5;
    let (lo, hi) = (chunk_of(-half.x, -half.y, s), chunk_of(half.x, half.y, s));
    let grid = (hi.x - lo.x + 1) as f32 * (hi.y - lo.y + 1) as f32 + pieces.len() as f32;
    if grid <= MAX_BAKED_CHUNKS {
        for c in bake_level(&level) {
            c.resident_bytes();
        }
    }
    true
}

/// Parses a materials table.
pub fn materials(data: &[u8]) -> bool {
    MaterialTable::parse("fuzz/materials.toml", data).is_ok()
}

/// Decodes a heightmap PNG and checks the grid it claims is the grid it holds.
pub fn heightmap(data: &[u8]) -> bool {
    let Ok(map) = Heightmap::from_png("fuzz.png", data, -1.0, 2.0) else {
        return false;
    };
    assert_eq!(map.heights_m.len(), map.rows * map.cols);
    assert!(map.heights_m.iter().all(|h| (-1.0..=2.0).contains(h)));
    true
}

/// Decodes a baked chunk of a level with the shipped trees as its prop models (so placed
/// models are placed, whatever their numbers); if it decodes, sizes it and checks it
/// encodes back to bytes that decode. (Not to the same bytes: decoding checks the format,
/// not that every shape's internals agree, and parry's serde does not round-trip an
/// inconsistent shape exactly; fuzzing found one.)
pub fn chunk(data: &[u8]) -> bool {
    static MODELS: std::sync::OnceLock<Vec<std::sync::Arc<skidpad_bake::model::PropModel>>> =
        std::sync::OnceLock::new();
    let models = MODELS.get_or_init(|| {
        let root = crate::content::ContentRoot::Embedded;
        [
            skidpad_bake::model_props::TREE_BROADLEAF,
            skidpad_bake::model_props::TREE_PINE,
        ]
        .iter()
        .map(|name| std::sync::Arc::new(crate::content::prop_model(&root, name).expect("a shipped tree")))
        .collect()
    });
    let Ok(c) = BakedChunk::decode("fuzz.bin", data, models) else {
        return false;
    };
    c.resident_bytes();
    let again = BakedChunk::decode("fuzz.bin", &c.encode(), models).expect("a re-encoded chunk decodes");
    assert_eq!(again.colliders.len(), c.colliders.len());
    true
}

/// Parses a platform profile.
pub fn profile(data: &[u8]) -> bool {
    PlatformProfile::parse("fuzz.toml", data).is_ok()
}

/// Loads settings leniently (never an error); what it settles on must save and load back
/// to the same settings without a warning. Returns whether the text loaded warning-free.
pub fn settings(data: &[u8]) -> bool {
    let Ok(text) = std::str::from_utf8(data) else {
        return false;
    };
    let (s, warnings) = Settings::parse("fuzz.toml", text);
    let saved = s.to_toml();
    let (again, again_warnings) = Settings::parse("fuzz.toml", &saved);
    assert!(
        again_warnings.is_empty(),
        "saved settings warn on load: {again_warnings:?}\n{saved}"
    );
    assert_eq!(again, s, "settings change on a save and load:\n{saved}");
    warnings.is_empty()
}

/// Decodes a replay as given, and again with its checksum recomputed (so mutations get past
/// the checksum into the postcard body); whatever decodes must re-encode and decode to the
/// same replay.
pub fn replay(data: &[u8]) -> bool {
    let as_given = replay_round_trip(data);
    // The body is everything but the last 8 bytes (the checksum a real file ends with).
    let body = &data[..data.len().saturating_sub(8)];
    let mut resealed = body.to_vec();
    resealed.extend_from_slice(&xxhash_rust::xxh3::xxh3_64(body).to_le_bytes());
    replay_round_trip(&resealed) || as_given
}

fn replay_round_trip(bytes: &[u8]) -> bool {
    let Ok(r) = Replay::decode("fuzz.replay", bytes) else {
        return false;
    };
    let encoded = r.encode();
    let again = Replay::decode("fuzz.replay", &encoded).expect("an encoded replay decodes");
    // Compared as bytes: inputs may hold NaN, which is not equal to itself.
    assert_eq!(again.encode(), encoded, "a replay survives a round trip unchanged");
    assert_eq!(again.header, r.header);
    assert_eq!(again.inputs.len(), r.inputs.len());
    true
}

/// Parses a track centre-line CSV; if it is accepted, profiles its centre line for a
/// shipped car, which builds the racing line's laterals as `skidpad raceline` does. (The
/// level harness covers the road geometry a track drives.)
pub fn track_csv(data: &[u8]) -> bool {
    let Ok(text) = std::str::from_utf8(data) else {
        return false;
    };
    let Ok(track) = Track::parse_csv("fuzz.csv", text) else {
        return false;
    };
    // An error is fine (a track too tight for the laterals' spacing, say); a panic is not.
    let _ = crate::raceline::centre_line(&track, shipped_car(), 1.0);
    true
}

/// Parses a racing-line CSV; if it is accepted, profiles it for a shipped car (which must
/// then succeed: the parser's checks are all the loader makes).
pub fn raceline_csv(data: &[u8]) -> bool {
    let Ok(text) = std::str::from_utf8(data) else {
        return false;
    };
    let Ok(points) = crate::raceline::parse_line_csv("fuzz.csv", text) else {
        return false;
    };
    let line = crate::raceline::load_line_csv("fuzz.csv", text, shipped_car(), 1.0).expect("a line that parses loads");
    assert_eq!(line.points_m.len(), points.len());
    true
}

/// Converts a CARLA physics dump to a car file (the conversion parses its own output as a
/// car, so a conversion that yields an unloadable car is caught there as a warning).
pub fn carla_dump(data: &[u8]) -> bool {
    let Ok(text) = std::str::from_utf8(data) else {
        return false;
    };
    super::carla_import::convert_dump("fuzz.txt", text, "fuzz").is_ok()
}

/// Structure-aware: takes a shipped car or level (`data[0]` picks which), applies the edits
/// the rest of `data` encodes to its TOML tree, and runs the car or level harness on the
/// result. Byte-level mutation rarely turns a car file into one that is still valid TOML
/// with every field in range but several at extremes of those ranges at once; this reaches
/// exactly that (where the simulation, not the parser, is what breaks).
///
/// Each edit is three bytes `[op, index_lo, index_hi]`. With `op % 4` of 0 to 2 the index
/// picks a number or boolean of the tree (modulo their count): 0 and 1 set a number to an
/// edge value (`op / 4` indexes [`EDGE_FLOATS`] or [`EDGE_INTS`]), 2 scales it (`op / 4`
/// indexes [`EDGE_SCALES`]) or flips a boolean. With 3 it picks an array, which loses its
/// last element or, with `op & 4`, repeats it (one wheel fewer or more, say).
pub fn content_values(data: &[u8]) -> bool {
    let Some((&pick, edits)) = data.split_first() else {
        return false;
    };
    let bases = content_bases();
    let (is_car, base) = &bases[pick as usize % bases.len()];
    let mut tree = toml::Value::Table(base.clone());
    for e in edits.chunks_exact(3) {
        let (op, index) = (e[0], u16::from_le_bytes([e[1], e[2]]) as usize);
        let pick = (op / 4) as usize;
        let is: fn(&toml::Value) -> bool = if op % 4 == 3 { toml::Value::is_array } else { is_leaf };
        let count = count_nodes(&tree, is);
        if count == 0 {
            continue;
        }
        with_nth(&mut tree, &mut (index % count), is, &mut |node| {
            *node = match (&*node, op % 4) {
                (toml::Value::Array(a), _) if op & 4 != 0 => {
                    toml::Value::Array(a.iter().chain(a.last()).cloned().collect())
                }
                (toml::Value::Array(a), _) => toml::Value::Array(a[..a.len().saturating_sub(1)].to_vec()),
                (toml::Value::Float(_), 0 | 1) => toml::Value::Float(EDGE_FLOATS[pick % EDGE_FLOATS.len()]),
                (toml::Value::Integer(_), 0 | 1) => toml::Value::Integer(EDGE_INTS[pick % EDGE_INTS.len()]),
                (toml::Value::Float(x), _) => toml::Value::Float(x * EDGE_SCALES[pick % EDGE_SCALES.len()]),
                (toml::Value::Integer(i), _) => {
                    toml::Value::Integer((*i as f64 * EDGE_SCALES[pick % EDGE_SCALES.len()]) as i64)
                }
                (toml::Value::Boolean(b), _) => toml::Value::Boolean(!b),
                (other, _) => other.clone(),
            }
        });
    }
    let Ok(text) = toml::to_string(&tree) else {
        return false;
    };
    if *is_car {
        car(text.as_bytes())
    } else {
        level(text.as_bytes())
    }
}

/// Numbers [`content_values`] sets floats to: zero, validation bounds seen in the parsers,
/// the very small and very large, and what is not finite.
pub const EDGE_FLOATS: [f64; 24] = [
    0.0,
    -0.0,
    1e-9,
    1e-3,
    0.01,
    0.05,
    0.5,
    1.0,
    2.0,
    5.0,
    10.0,
    89.0,
    90.0,
    360.0,
    1e3,
    1e4,
    1e5,
    1e6,
    1e9,
    1e30,
    -1.0,
    -1e6,
    f64::INFINITY,
    f64::NAN,
];
/// Integers [`content_values`] sets integers to.
pub const EDGE_INTS: [i64; 12] = [0, 1, -1, 2, 3, 7, 8, 9, 255, 65_535, 1 << 31, i64::MAX];
/// Factors [`content_values`] scales numbers by.
pub const EDGE_SCALES: [f64; 10] = [0.0, -1.0, 1e-3, 0.1, 0.5, 0.99, 1.01, 2.0, 10.0, 1e3];

/// A number or boolean: what [`content_values`] sets.
fn is_leaf(v: &toml::Value) -> bool {
    matches!(
        v,
        toml::Value::Float(_) | toml::Value::Integer(_) | toml::Value::Boolean(_)
    )
}

/// The nodes of `v` for which `is` holds.
fn count_nodes(v: &toml::Value, is: fn(&toml::Value) -> bool) -> usize {
    let inner = match v {
        toml::Value::Table(t) => t.values().map(|v| count_nodes(v, is)).sum(),
        toml::Value::Array(a) => a.iter().map(|v| count_nodes(v, is)).sum(),
        _ => 0,
    };
    usize::from(is(v)) + inner
}

/// Applies `f` to the `n`-th node of `v` for which `is` holds (depth first, a node before
/// what it holds, so an array of wheels comes before each wheel's coordinates); false when
/// there are fewer.
fn with_nth(
    v: &mut toml::Value,
    n: &mut usize,
    is: fn(&toml::Value) -> bool,
    f: &mut dyn FnMut(&mut toml::Value),
) -> bool {
    if is(v) {
        if *n == 0 {
            f(v);
            return true;
        }
        *n -= 1;
    }
    match v {
        toml::Value::Table(t) => t.iter_mut().any(|(_, v)| with_nth(v, n, is, f)),
        toml::Value::Array(a) => a.iter_mut().any(|v| with_nth(v, n, is, f)),
        _ => false,
    }
}

/// The shipped cars (true) and levels (false) as TOML trees, parsed once, in name order.
fn content_bases() -> &'static [(bool, toml::Table)] {
    static BASES: OnceLock<Vec<(bool, toml::Table)>> = OnceLock::new();
    BASES.get_or_init(|| {
        let root = ContentRoot::Embedded;
        let cars = CarDef::names(&root)
            .into_iter()
            .map(|n| (true, format!("cars/{n}.toml")));
        let levels = crate::content::level_names(&root)
            .into_iter()
            .map(|n| (false, format!("levels/{n}/level.toml")));
        cars.chain(levels)
            .map(|(is_car, rel)| {
                let bytes = root.read(&rel).expect("shipped content");
                let text = std::str::from_utf8(&bytes).expect("shipped content is UTF-8");
                (is_car, toml::from_str(text).expect("shipped content is TOML"))
            })
            .collect()
    })
}

/// How many shipped files [`content_values`] starts from (`data[0]` modulo this).
pub fn content_base_count() -> usize {
    content_bases().len()
}

/// The shipped `materials.toml`, parsed once.
fn shipped_materials() -> &'static MaterialTable {
    static TABLE: OnceLock<MaterialTable> = OnceLock::new();
    TABLE.get_or_init(|| crate::content::materials(&ContentRoot::Embedded).expect("shipped materials"))
}

/// A shipped car, parsed once, for the harnesses that need one to profile a line.
fn shipped_car() -> &'static CarDef {
    static CAR: OnceLock<CarDef> = OnceLock::new();
    CAR.get_or_init(|| CarDef::load(&ContentRoot::Embedded, "sedan").expect("shipped sedan"))
}

/// A 64 m flat asphalt square, baked once, for driving fuzzed cars on.
fn flat_level() -> &'static LoadedLevel {
    static LEVEL: OnceLock<LoadedLevel> = OnceLock::new();
    LEVEL.get_or_init(|| {
        let materials = shipped_materials();
        bake_now(Level::flat(
            "fuzz",
            "flat square for fuzzed cars",
            64.0,
            Vec2::splat(64.0),
            materials.id("asphalt", "fuzz", "terrain").expect("shipped asphalt"),
            materials.clone(),
            Vec3::new(0.0, 0.5, 0.0),
        ))
    })
}

/// The files a fuzzed level refers to: any `.png` is a small 16-bit heightmap (so levels
/// with heightmaps parse and bake), any `.csv` the shipped circuit's centre line (so levels
/// with a track parse), prop models the shipped ones; anything else is missing.
struct FuzzLevelFiles;

impl LevelFiles for FuzzLevelFiles {
    fn read(&self, rel: &str) -> Result<Vec<u8>, ContentError> {
        static PNG: OnceLock<Vec<u8>> = OnceLock::new();
        if rel.ends_with(".png") {
            return Ok(PNG
                .get_or_init(|| {
                    let heights_m = (0..81).map(|i| ((i * 37) % 11) as f32 / 10.0).collect();
                    Heightmap {
                        rows: 9,
                        cols: 9,
                        heights_m,
                    }
                    .to_png(0.0, 1.0)
                })
                .clone());
        }
        if rel.ends_with(".csv") {
            return ContentRoot::Embedded
                .read("levels/circuit/track.csv")
                .map(|c| c.into_owned());
        }
        Err(ContentError::new(self.label(rel), "file", "not found"))
    }
    fn prop_model(&self, name: &str) -> Result<skidpad_bake::model::PropModel, ContentError> {
        crate::content::prop_model(&ContentRoot::Embedded, name)
    }

    fn label(&self, rel: &str) -> String {
        format!("fuzz/{rel}")
    }
}
