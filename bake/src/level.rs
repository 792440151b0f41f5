//! Levels (`content/levels/NAME/level.toml` plus heightmaps): terrain, surface patches,
//! static props, dynamic props, parked cars, spawn points and the scenario script, parsed
//! into a validated [`Level`].
//!
//! Coordinates: metres, Y up; heading 0 faces +Z and positive headings turn left (about +Y).
//! Ground positions are given as `[x, z]`.

use crate::challenge::{Challenge, RawChallenge};
pub use crate::dressing::Dressing;
use crate::fields::Fields;
pub use crate::ground::{HeightPatch, SurfacePatch, Terrain};
use crate::heightmap::Heightmap;
use crate::level_info::{Holds, RawInfo};
pub use crate::level_info::{LevelInfo, LevelKind};
use crate::material::{MaterialId, MaterialTable};
use crate::model::PropModel;
use crate::model_props::{PropModels, BUSH, CONE, TREE_BROADLEAF, TREE_PINE, TYRE};
pub use crate::props::{DynamicProp, DynamicShape, PropShape, StaticProp};
use crate::props::{RawDynamic, RawProp};
use crate::scenario::{RawScenario, Scenario};
pub use crate::spawn::Spawn;
use crate::toml_file::parse_bytes;
use crate::track::Track;
use crate::validate::Validator;
use crate::worn_line::{parse_worn_line, WORN_LINE_FILE};
use crate::{ContentError, LevelFiles};
use glam::{Vec2, Vec3};
use serde::Deserialize;
use std::sync::Arc;

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawLevel {
    description: String,
    #[serde(default = "default_chunk")]
    chunk_size_m: f64,
    terrain: RawTerrain,
    spawns: Vec<RawSpawn>,
    #[serde(default)]
    surfaces: Vec<RawSurface>,
    #[serde(default)]
    heightfields: Vec<RawHeightPatch>,
    #[serde(default)]
    props: Vec<RawProp>,
    #[serde(default)]
    dynamic: Vec<RawDynamic>,
    #[serde(default)]
    parked_cars: Vec<RawParked>,
    #[serde(default)]
    scenario: Option<RawScenario>,
    #[serde(default)]
    track: Option<RawTrack>,
    #[serde(default)]
    ai_line: Option<RawAiLine>,
    #[serde(default)]
    challenge: Option<RawChallenge>,
    #[serde(default)]
    info: RawInfo,
    #[serde(default)]
    sky: RawSky,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawSky {
    #[serde(default = "cloud_cover")]
    cloud_cover: f64,
}

impl Default for RawSky {
    fn default() -> Self {
        RawSky {
            cloud_cover: cloud_cover(),
        }
    }
}

fn cloud_cover() -> f64 {
    0.35
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawAiLine {
    points_m: Vec<[f64; 2]>,
    speed_mps: f64,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawTrack {
    centerline: String,
    #[serde(default = "track_material")]
    material: String,
    #[serde(default = "kerb_curvature")]
    kerb_min_curvature_per_m: f64,
    #[serde(default = "kerb_track_width")]
    kerb_width_m: f64,
    #[serde(default = "runoff")]
    runoff_width_m: f64,
    #[serde(default = "scenery")]
    scenery_spacing_m: f64,
    #[serde(default)]
    sectors: Vec<f64>,
    #[serde(default)]
    barrier_height_m: f64,
    #[serde(default)]
    dressed_corners: u32,
    #[serde(default)]
    dressed_runoff_material: Option<String>,
    #[serde(default = "distance_boards")]
    distance_boards_m: Vec<f64>,
    #[serde(default)]
    start_line: bool,
    #[serde(default = "fast_corner_radius")]
    fast_corner_radius_m: f64,
    #[serde(default)]
    corner_stands: u32,
}

fn fast_corner_radius() -> f64 {
    60.0
}

fn distance_boards() -> Vec<f64> {
    vec![300.0, 200.0, 100.0]
}

fn track_material() -> String {
    "asphalt".into()
}
fn kerb_curvature() -> f64 {
    1.0 / 120.0
}
fn kerb_track_width() -> f64 {
    1.2
}
fn runoff() -> f64 {
    14.0
}
fn scenery() -> f64 {
    45.0
}

fn default_chunk() -> f64 {
    128.0
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawTerrain {
    size_m: [f64; 2],
    material: String,
    #[serde(default)]
    heightmap: Option<String>,
    #[serde(default)]
    height_m: Option<[f64; 2]>,
    #[serde(default = "horizon_hills")]
    horizon_hills_deg: f64,
    #[serde(default)]
    relief_m: f64,
}

fn horizon_hills() -> f64 {
    2.6
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawSpawn {
    name: String,
    position_m: [f64; 3],
    #[serde(default)]
    heading_deg: f64,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawSurface {
    material: String,
    center_m: [f64; 2],
    size_m: [f64; 2],
    #[serde(default)]
    yaw_deg: f64,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawHeightPatch {
    file: String,
    material: String,
    center_m: [f64; 2],
    size_m: [f64; 2],
    height_m: [f64; 2],
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawParked {
    car: String,
    position_m: [f64; 3],
    #[serde(default)]
    heading_deg: f64,
}

/// A car standing in the level with its brake on.
#[derive(Debug, Clone, PartialEq)]
pub struct ParkedCar {
    /// Car definition name.
    pub car: String,
    /// Chassis origin.
    pub position_m: Vec3,
    /// Facing, radians about +Y.
    pub heading_rad: f32,
}

/// A race track through the level, with kerbs, run-offs and scenery made from it.
#[derive(Debug, Clone, PartialEq)]
pub struct TrackDef {
    /// Centre line and widths.
    pub track: Track,
    /// What the centre line's parse repaired (a repeated closing point, duplicate points),
    /// each naming the file and lines, for the loader to log; empty for a clean line.
    pub repairs: Vec<String>,
    /// The road's surface.
    pub material: MaterialId,
    /// Kerbs line both borders where |curvature| exceeds this, 1/m.
    pub kerb_min_curvature_per_m: f32,
    /// Kerb width, m.
    pub kerb_width_m: f32,
    /// Gravel run-off outside those corners, m (0: none).
    pub runoff_width_m: f32,
    /// Trees every this many metres along the track (0: none).
    pub scenery_spacing_m: f32,
    /// Where sectors 2.. of a lap start, as fractions of the lap along the centre line,
    /// rising in (0, 1); empty: thirds.
    pub sector_fractions: Vec<f32>,
    /// A barrier line this high along the outer edge of every run-off, m (0: none).
    pub barrier_height_m: f32,
    /// The tightest corners that get a tyre wall and distance boards.
    pub dressed_corners: u32,
    /// The run-off surface outside those dressed corners (a sand trap); `None`: gravel like
    /// every other corner's.
    pub dressed_runoff_material: Option<MaterialId>,
    /// Distances of those boards before each dressed corner's braking point, m.
    pub distance_boards_m: Vec<f32>,
    /// A chequered start/finish line across the road at the first point, and a grid slot
    /// painted under every spawn on the road.
    pub start_line: bool,
    /// Where the worn band lies: the racing line's offset from the centre line at each
    /// point, m, positive left (the level's [`road_marking::WORN_LINE_FILE`], written
    /// from the AI's shipped line); `None`: the track's minimum-curvature line.
    pub worn_line_m: Option<Vec<f32>>,
    /// The tree models lining the track (broad-leaved, conifer), when it has trees.
    pub tree_models: Vec<Arc<PropModel>>,
    /// The bush planted between the trees (`bush`), read with them.
    pub bush_model: Option<Arc<PropModel>>,
    /// A corner at least this wide (radius at its middle, m) is a fast one: gravel outside
    /// it and armco at the gravel's edge; a tighter one has grass and concrete.
    pub fast_corner_radius_m: f32,
    /// The tightest this many corners get a grandstand outside, where it stands clear of
    /// every part of the road.
    pub corner_stands: u32,
}

/// How a level's sky looks: drawn over the horizon, never reached and never simulated
/// (`[sky]` in `level.toml`).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SkyLook {
    /// Share of the sky's cloud layer clouded, 0 (clear) to 1 (overcast).
    pub cloud_cover: f32,
}

/// A validated level.
#[derive(Debug, Clone, PartialEq)]
pub struct Level {
    /// Name (its directory).
    pub name: String,
    /// One line for `skidpad levels`.
    pub description: String,
    /// Its name, place, kind and corners as the level select shows them.
    pub info: LevelInfo,
    /// Edge of a streaming chunk, m.
    pub chunk_size_m: f32,
    /// The materials in force (ids in this level refer to it).
    pub materials: MaterialTable,
    /// The ground.
    pub terrain: Terrain,
    /// The sky over it.
    pub sky: SkyLook,
    /// Flush material patches.
    pub surfaces: Vec<SurfacePatch>,
    /// Uneven ground patches.
    pub height_patches: Vec<HeightPatch>,
    /// Fixed props, in file order.
    pub props: Vec<StaticProp>,
    /// Moving props, in file order (stacks expanded bottom row first).
    pub dynamic: Vec<DynamicProp>,
    /// Parked cars.
    pub parked_cars: Vec<ParkedCar>,
    /// Start positions; the first is the player's.
    pub spawns: Vec<Spawn>,
    /// The scripted runs and checks, if the level has them.
    pub scenario: Option<Scenario>,
    /// The race track, if the level has one.
    pub track: Option<TrackDef>,
    /// A loop for AI cars on a level without a track, if it has one.
    pub ai_line: Option<AiLine>,
    /// The challenge on the scenario's figures, if the level has one.
    pub challenge: Option<Challenge>,
    /// Scenery (boards, gantries, grandstands, tyre walls, painted lines and text), in
    /// file order.
    pub dressing: Vec<Dressing>,
    /// The `tyre` prop model the level's tyre walls are stacked from, when it has any
    /// (None: a level built in code draws them as plain prisms).
    pub tyre_model: Option<Arc<PropModel>>,
    /// The `cone` prop model the level's dynamic cones are drawn with, when it has any
    /// (None: a level built in code draws them as plain cones). Only the look: a cone
    /// collides as the cone its `height_m` and `radius_m` give.
    pub cone_model: Option<Arc<PropModel>>,
    /// Every prop model the level places, sorted by name: a chunk that places one whole
    /// names it by its index here, and reading the chunk back draws it from this list.
    pub prop_models: Vec<Arc<PropModel>>,
}

/// A closed loop AI cars drive at a set speed (levels without a track: `--ai N` on the
/// crash level drives them through its obstacles).
#[derive(Debug, Clone, PartialEq)]
pub struct AiLine {
    /// Points in world (x, z), metres, in driving order; the last joins the first.
    pub points_m: Vec<Vec2>,
    /// Target speed all round, m/s.
    pub speed_mps: f32,
}

impl Level {
    /// A level built in code rather than read: flat `ground` terrain `size_m` across,
    /// nothing on it, one spawn `start` at `spawn_m` facing +Z. Tools and tests add what
    /// they need (props, a scenario) to the fields.
    pub fn flat(
        name: &str,
        description: &str,
        chunk_size_m: f32,
        size_m: Vec2,
        ground: MaterialId,
        materials: MaterialTable,
        spawn_m: Vec3,
    ) -> Level {
        Level {
            name: name.into(),
            description: description.into(),
            info: LevelInfo::named(name, LevelKind::TestGround),
            chunk_size_m,
            terrain: Terrain {
                size_m,
                material: ground,
                heights: None,
                horizon_hills_deg: 0.0,
            },
            sky: SkyLook { cloud_cover: 0.0 },
            materials,
            surfaces: vec![],
            height_patches: vec![],
            props: vec![],
            dynamic: vec![],
            parked_cars: vec![],
            spawns: vec![Spawn {
                name: "start".into(),
                position_m: spawn_m,
                heading_rad: 0.0,
            }],
            scenario: None,
            track: None,
            ai_line: None,
            challenge: None,
            dressing: vec![],
            tyre_model: None,
            cone_model: None,
            prop_models: vec![],
        }
    }

    /// The player's start.
    pub fn player_spawn(&self) -> &Spawn {
        &self.spawns[0]
    }

    /// The spawn called `name`.
    pub fn spawn(&self, name: &str) -> Option<&Spawn> {
        self.spawns.iter().find(|s| s.name == name)
    }

    /// Parses and validates `level.toml` (`file` names it in errors), reading heightmaps
    /// through `files`.
    pub fn parse(
        file: &str,
        name: &str,
        bytes: &[u8],
        materials: &MaterialTable,
        files: &dyn LevelFiles,
    ) -> Result<Level, ContentError> {
        let raw: RawLevel = parse_bytes(file, bytes)?;
        let fx = Fields::new(file, materials);
        let v = &fx.v;
        let mat = |n: &str, field: &str| fx.mat(n, field);
        let vec2 = |field: &str, p: [f64; 2]| fx.vec2(field, p);
        let size2 = |field: &str, p: [f64; 2]| fx.size2(field, p);
        let angle = |field: &str, d: f64| fx.angle(field, d);

        let chunk_size_m = v.range("chunk_size_m", raw.chunk_size_m, 8.0, 4096.0)? as f32;
        let t = &raw.terrain;
        let terrain_material = mat(&t.material, "terrain.material")?;
        let terrain_size = size2("terrain.size_m", t.size_m)?;
        let heights = match (&t.heightmap, t.height_m) {
            (None, None) => None,
            (Some(f), Some(range)) => {
                let f = v.file_in_dir("terrain.heightmap", f)?;
                Some(load_heights(files, f, range, v, "terrain.height_m")?)
            }
            _ => return Err(v.fail("terrain", "`heightmap` and `height_m` go together")),
        };

        if raw.spawns.is_empty() {
            return Err(v.fail("spawns", "a level needs at least one spawn point"));
        }
        let spawns = raw
            .spawns
            .iter()
            .enumerate()
            .map(|(i, s)| {
                Ok(Spawn {
                    name: s.name.clone(),
                    position_m: v.finite3(&format!("spawns[{i}].position_m"), s.position_m)?,
                    heading_rad: angle(&format!("spawns[{i}].heading_deg"), s.heading_deg)?,
                })
            })
            .collect::<Result<Vec<_>, ContentError>>()?;

        let surfaces = raw
            .surfaces
            .iter()
            .enumerate()
            .map(|(i, s)| {
                let f = |field: &str| format!("surfaces[{i}].{field}");
                Ok(SurfacePatch {
                    material: mat(&s.material, &f("material"))?,
                    center_m: vec2(&f("center_m"), s.center_m)?,
                    size_m: size2(&f("size_m"), s.size_m)?,
                    yaw_rad: angle(&f("yaw_deg"), s.yaw_deg)?,
                })
            })
            .collect::<Result<Vec<_>, ContentError>>()?;

        let height_patches = raw
            .heightfields
            .iter()
            .enumerate()
            .map(|(i, h)| {
                let f = |field: &str| format!("heightfields[{i}].{field}");
                Ok(HeightPatch {
                    material: mat(&h.material, &f("material"))?,
                    center_m: vec2(&f("center_m"), h.center_m)?,
                    size_m: size2(&f("size_m"), h.size_m)?,
                    heights: load_heights(
                        files,
                        v.file_in_dir(&f("file"), &h.file)?,
                        h.height_m,
                        v,
                        &f("height_m"),
                    )?,
                })
            })
            .collect::<Result<Vec<_>, ContentError>>()?;

        let mut terrain = Terrain {
            size_m: terrain_size,
            material: terrain_material,
            heights,
            horizon_hills_deg: v.range("terrain.horizon_hills_deg", t.horizon_hills_deg, 0.0, 10.0)? as f32,
        };
        let sky = SkyLook {
            cloud_cover: v.range("sky.cloud_cover", raw.sky.cloud_cover, 0.0, 1.0)? as f32,
        };

        let mut models = PropModels::new(files);
        let (props, dressing) = crate::props::parse_props(&raw.props, &fx, &mut models)?;
        let dynamic = crate::props::parse_dynamic(&raw.dynamic, &fx)?;

        let parked_cars = raw
            .parked_cars
            .iter()
            .enumerate()
            .map(|(i, p)| {
                Ok(ParkedCar {
                    car: v
                        .content_name(&format!("parked_cars[{i}].car"), &p.car, "car")?
                        .to_string(),
                    position_m: v.finite3(&format!("parked_cars[{i}].position_m"), p.position_m)?,
                    heading_rad: angle(&format!("parked_cars[{i}].heading_deg"), p.heading_deg)?,
                })
            })
            .collect::<Result<Vec<_>, ContentError>>()?;

        let track = match &raw.track {
            None => None,
            Some(t) => {
                let centerline = v.file_in_dir("track.centerline", &t.centerline)?;
                let bytes = files.read(centerline)?;
                let text = String::from_utf8(bytes)
                    .map_err(|_| ContentError::new(files.label(&t.centerline), "file", "not UTF-8 text"))?;
                let label = files.label(&t.centerline);
                let (track, repairs) = Track::parse_csv_repairing(&label, &text)?;
                let worn_line_m = if files.has(WORN_LINE_FILE) {
                    let bytes = files.read(WORN_LINE_FILE)?;
                    Some(parse_worn_line(&files.label(WORN_LINE_FILE), &bytes, &track)?)
                } else {
                    None
                };
                Some(TrackDef {
                    track,
                    repairs: repairs.into_iter().map(|r| format!("{label}: {r}")).collect(),
                    material: mat(&t.material, "track.material")?,
                    kerb_min_curvature_per_m: v.range(
                        "track.kerb_min_curvature_per_m",
                        t.kerb_min_curvature_per_m,
                        0.0,
                        10.0,
                    )? as f32,
                    kerb_width_m: v.range("track.kerb_width_m", t.kerb_width_m, 0.0, 20.0)? as f32,
                    runoff_width_m: v.range("track.runoff_width_m", t.runoff_width_m, 0.0, 200.0)? as f32,
                    scenery_spacing_m: v.range("track.scenery_spacing_m", t.scenery_spacing_m, 0.0, 10_000.0)? as f32,
                    sector_fractions: sector_fractions(&t.sectors, v)?,
                    barrier_height_m: v.range("track.barrier_height_m", t.barrier_height_m, 0.0, 10.0)? as f32,
                    dressed_corners: if t.dressed_corners > 20 {
                        return Err(v.fail(
                            "track.dressed_corners",
                            format!("{}: at most 20 corners", t.dressed_corners),
                        ));
                    } else {
                        t.dressed_corners
                    },
                    dressed_runoff_material: match &t.dressed_runoff_material {
                        None => None,
                        Some(name) => Some(mat(name, "track.dressed_runoff_material")?),
                    },
                    distance_boards_m: distance_boards_m(&t.distance_boards_m, v)?,
                    start_line: t.start_line,
                    worn_line_m,
                    // Read only when the track has trees: a level without them needs no
                    // prop models.
                    tree_models: if t.scenery_spacing_m > 0.0 {
                        vec![models.get(TREE_BROADLEAF)?, models.get(TREE_PINE)?]
                    } else {
                        vec![]
                    },
                    bush_model: if t.scenery_spacing_m > 0.0 {
                        Some(models.get(BUSH)?)
                    } else {
                        None
                    },
                    fast_corner_radius_m: v.range(
                        "track.fast_corner_radius_m",
                        t.fast_corner_radius_m,
                        1.0,
                        10_000.0,
                    )? as f32,
                    corner_stands: if t.corner_stands > 20 {
                        return Err(v.fail("track.corner_stands", format!("{}: at most 20", t.corner_stands)));
                    } else {
                        t.corner_stands
                    },
                })
            }
        };

        let relief_m = v.range("terrain.relief_m", t.relief_m, 0.0, 200.0)? as f32;
        if relief_m > 0.0 {
            let Some(def) = &track else {
                return Err(v.fail(
                    "terrain.relief_m",
                    "hills are laid round a [track]: this level has none",
                ));
            };
            if terrain.heights.is_some() {
                return Err(v.fail("terrain.relief_m", "`relief_m` and `heightmap` are one or the other"));
            }
            // Clear of the road by its kerbs and run-offs and 60 m more: barriers, stands
            // (the main one up to 59 m out) and trees all stand on the flat.
            let clear_m = def.kerb_width_m + def.runoff_width_m + 60.0;
            let seed = name
                .bytes()
                .fold(0x811c_9dc5u32, |h, b| (h ^ u32::from(b)).wrapping_mul(0x0100_0193));
            terrain.heights = Some(crate::relief::relief(
                &def.track,
                terrain.size_m,
                clear_m,
                relief_m,
                seed,
            ));
        }
        crate::surface_check::check(file, &terrain, &surfaces, &height_patches)?;

        let scenario = match &raw.scenario {
            Some(s) => Some(Scenario::validate(s, v, &spawns)?),
            None => None,
        };
        let ai_line = match &raw.ai_line {
            None => None,
            Some(a) => {
                if a.points_m.len() < 3 {
                    return Err(v.fail("ai_line.points_m", "a loop needs at least 3 points"));
                }
                let points_m = a
                    .points_m
                    .iter()
                    .enumerate()
                    .map(|(i, p)| vec2(&format!("ai_line.points_m[{i}]"), *p))
                    .collect::<Result<Vec<_>, ContentError>>()?;
                Some(AiLine {
                    points_m,
                    speed_mps: v.range("ai_line.speed_mps", a.speed_mps, 0.5, 100.0)? as f32,
                })
            }
        };

        let challenge = match &raw.challenge {
            Some(c) => Some(Challenge::validate(c, v, scenario.as_ref())?),
            None => None,
        };

        // Read only when a tyre wall stands in the level: one of the file's, or the track's
        // dressed corners'.
        let walls = dressing.iter().any(|d| matches!(d, Dressing::TyreWall(_)))
            || track.as_ref().is_some_and(|t| t.dressed_corners > 0);
        let tyre_model = if walls { Some(models.get(TYRE)?) } else { None };
        let cones = dynamic.iter().any(|d| matches!(d.shape, DynamicShape::Cone { .. }));
        let cone_model = if cones { Some(models.get(CONE)?) } else { None };
        let info = LevelInfo::validate(
            &raw.info,
            v,
            name,
            Holds {
                has_challenge: challenge.is_some(),
                has_track: track.is_some(),
                counted_corners: track
                    .as_ref()
                    .map(|t| t.track.corners_tightest_first(t.kerb_min_curvature_per_m).len() as u32),
            },
        )?;
        Ok(Level {
            info,
            tyre_model,
            cone_model,
            prop_models: models.into_sorted(),
            name: name.to_string(),
            description: raw.description,
            chunk_size_m,
            materials: materials.clone(),
            terrain,
            sky,
            surfaces,
            height_patches,
            props,
            dynamic,
            parked_cars,
            spawns,
            scenario,
            track,
            ai_line,
            challenge,
            dressing,
        })
    }
}

/// Most sector lines a track may name (sectors in a lap: one more).
pub const MAX_SECTOR_LINES: usize = 7;

/// `[track] sectors`: fractions of the lap, rising strictly inside (0, 1).
fn sector_fractions(raw: &[f64], v: &Validator) -> Result<Vec<f32>, ContentError> {
    if raw.len() > MAX_SECTOR_LINES {
        return Err(v.fail(
            "track.sectors",
            format!("{} sector lines; at most {MAX_SECTOR_LINES}", raw.len()),
        ));
    }
    let mut last = 0.0;
    raw.iter()
        .enumerate()
        .map(|(i, f)| {
            let f = v.finite(&format!("track.sectors[{i}]"), *f)?;
            if f <= last || f >= 1.0 {
                return Err(v.fail(
                    &format!("track.sectors[{i}]"),
                    format!("{f}: sector lines are fractions of the lap, rising, between 0 and 1"),
                ));
            }
            last = f;
            Ok(f as f32)
        })
        .collect()
}

/// `[track] distance_boards_m`: at most 6, each 10 to 1000 m.
fn distance_boards_m(raw: &[f64], v: &Validator) -> Result<Vec<f32>, ContentError> {
    if raw.len() > 6 {
        return Err(v.fail("track.distance_boards_m", format!("{} boards; at most 6", raw.len())));
    }
    raw.iter()
        .enumerate()
        .map(|(i, d)| Ok(v.range(&format!("track.distance_boards_m[{i}]"), *d, 10.0, 1000.0)? as f32))
        .collect()
}

fn load_heights(
    files: &dyn LevelFiles,
    rel: &str,
    range: [f64; 2],
    v: &Validator,
    field: &str,
) -> Result<Heightmap, ContentError> {
    let lo = v.range(&format!("{field}[0]"), range[0], -10_000.0, 10_000.0)? as f32;
    let hi = v.range(&format!("{field}[1]"), range[1], -10_000.0, 10_000.0)? as f32;
    if hi < lo {
        return Err(v.fail(field, "the high end is below the low end"));
    }
    let bytes = files.read(rel)?;
    Heightmap::from_png(&files.label(rel), &bytes, lo, hi)
}
