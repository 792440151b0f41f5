//! Levels (`content/levels/NAME/level.toml` plus heightmaps): terrain, surface patches,
//! static props, dynamic props, parked cars, spawn points and the scenario script, parsed
//! into a validated [`Level`].
//!
//! Coordinates: metres, Y up; heading 0 faces +Z and positive headings turn left (about +Y).
//! Ground positions are given as `[x, z]`.

use crate::heightmap::Heightmap;
use crate::material::{MaterialId, MaterialTable};
use crate::scenario::{RawScenario, Scenario};
use crate::toml_file::parse_bytes;
use crate::track::Track;
use crate::validate::Validator;
use crate::{ContentError, LevelFiles};
use glam::{EulerRot, Quat, Vec2, Vec3};
use serde::Deserialize;

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
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
enum RawProp {
    Box {
        size_m: [f64; 3],
        position_m: [f64; 3],
        #[serde(default)]
        yaw_deg: f64,
        #[serde(default)]
        pitch_deg: f64,
        #[serde(default)]
        roll_deg: f64,
        material: String,
        #[serde(default)]
        color: Option<[f64; 3]>,
    },
    Wall {
        from_m: [f64; 2],
        to_m: [f64; 2],
        height_m: f64,
        thickness_m: f64,
        #[serde(default = "concrete")]
        material: String,
        #[serde(default)]
        color: Option<[f64; 3]>,
    },
    Barrier {
        from_m: [f64; 2],
        to_m: [f64; 2],
        #[serde(default = "barrier_height")]
        height_m: f64,
        #[serde(default = "barrier_thickness")]
        thickness_m: f64,
        #[serde(default = "barrier_segment")]
        segment_m: f64,
        #[serde(default = "concrete")]
        material: String,
        #[serde(default)]
        color: Option<[f64; 3]>,
    },
    Ramp {
        position_m: [f64; 2],
        #[serde(default)]
        heading_deg: f64,
        angle_deg: f64,
        length_m: f64,
        width_m: f64,
        #[serde(default = "concrete")]
        material: String,
        #[serde(default)]
        color: Option<[f64; 3]>,
    },
    Kerb {
        from_m: [f64; 2],
        to_m: [f64; 2],
        #[serde(default = "kerb_width")]
        width_m: f64,
        #[serde(default = "kerb_height")]
        height_m: f64,
        #[serde(default = "kerb")]
        material: String,
        #[serde(default)]
        color: Option<[f64; 3]>,
    },
}

fn concrete() -> String {
    "concrete".into()
}
fn kerb() -> String {
    "kerb".into()
}
fn barrier_height() -> f64 {
    0.8
}
fn barrier_thickness() -> f64 {
    0.6
}
fn barrier_segment() -> f64 {
    2.0
}
fn kerb_width() -> f64 {
    0.9
}
fn kerb_height() -> f64 {
    0.06
}

#[derive(Debug, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
enum RawDynamic {
    Box {
        size_m: [f64; 3],
        position_m: [f64; 3],
        #[serde(default)]
        yaw_deg: f64,
        mass_kg: f64,
        color: [f64; 3],
    },
    Stack {
        position_m: [f64; 2],
        #[serde(default)]
        heading_deg: f64,
        columns: u32,
        rows: u32,
        box_size_m: [f64; 3],
        mass_kg: f64,
        color: [f64; 3],
    },
    Cone {
        position_m: [f64; 2],
        #[serde(default = "cone_height")]
        height_m: f64,
        #[serde(default = "cone_radius")]
        radius_m: f64,
        #[serde(default = "cone_mass")]
        mass_kg: f64,
    },
}

fn cone_height() -> f64 {
    0.7
}
fn cone_radius() -> f64 {
    0.18
}
fn cone_mass() -> f64 {
    3.0
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawParked {
    car: String,
    position_m: [f64; 3],
    #[serde(default)]
    heading_deg: f64,
}

/// The ground everything stands on: flat at y = 0, or a heightmap.
#[derive(Debug, Clone, PartialEq)]
pub struct Terrain {
    /// Extent along X and Z, centred on the origin, metres.
    pub size_m: Vec2,
    /// Its surface.
    pub material: MaterialId,
    /// Heights, when not flat.
    pub heights: Option<Heightmap>,
}

/// A flush rectangle of another material on the terrain (an ice patch, a wet lane).
#[derive(Debug, Clone, PartialEq)]
pub struct SurfacePatch {
    /// Its surface.
    pub material: MaterialId,
    /// Centre, `[x, z]`.
    pub center_m: Vec2,
    /// Extent along its own X and Z.
    pub size_m: Vec2,
    /// Rotation about +Y, radians.
    pub yaw_rad: f32,
}

/// A rectangle of uneven ground (washboard, potholes, rough ground) from a heightmap,
/// placed on the terrain.
#[derive(Debug, Clone, PartialEq)]
pub struct HeightPatch {
    /// Its surface.
    pub material: MaterialId,
    /// Centre, `[x, z]`.
    pub center_m: Vec2,
    /// Extent along X and Z.
    pub size_m: Vec2,
    /// Heights in metres (already scaled).
    pub heights: Heightmap,
}

/// The shape of a static prop, in its own frame.
#[derive(Debug, Clone, PartialEq)]
pub enum PropShape {
    /// A box of this full size, centred on the prop's position.
    Box {
        /// Full size, m.
        size_m: Vec3,
    },
    /// A jump ramp starting flush with the ground at the prop's position and rising along
    /// its +Z over `length_m`, its slope growing steadily to `angle_rad` at the lip (a
    /// transition curve, as real kickers have: a straight 30° wedge hit at speed throws a
    /// car's suspension to its stops).
    Ramp {
        /// Along +Z, m.
        length_m: f32,
        /// Across, m.
        width_m: f32,
        /// Slope at the lip, radians.
        angle_rad: f32,
    },
}

/// A fixed prop: walls, barrier blocks, ramps, kerbs, boxes.
#[derive(Debug, Clone, PartialEq)]
pub struct StaticProp {
    /// Its shape.
    pub shape: PropShape,
    /// Position of its origin.
    pub position_m: Vec3,
    /// Orientation.
    pub rotation: Quat,
    /// Its surface.
    pub material: MaterialId,
    /// Albedo.
    pub color: Vec3,
}

/// The shape of a dynamic prop.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum DynamicShape {
    /// A box of this full size.
    Box(Vec3),
    /// A traffic cone: height and base radius.
    Cone {
        /// Height, m.
        height_m: f32,
        /// Base radius, m.
        radius_m: f32,
    },
}

/// A prop that moves when hit.
#[derive(Debug, Clone, PartialEq)]
pub struct DynamicProp {
    /// Its shape.
    pub shape: DynamicShape,
    /// Centre at spawn.
    pub position_m: Vec3,
    /// Rotation about +Y, radians.
    pub yaw_rad: f32,
    /// Mass, kg.
    pub mass_kg: f32,
    /// Albedo.
    pub color: Vec3,
}

/// A named start position.
#[derive(Debug, Clone, PartialEq)]
pub struct Spawn {
    /// Name the scenario script refers to.
    pub name: String,
    /// Where the car's chassis origin starts (a little above its rest height).
    pub position_m: Vec3,
    /// Facing, radians about +Y (0 faces +Z).
    pub heading_rad: f32,
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
}

/// A validated level.
#[derive(Debug, Clone, PartialEq)]
pub struct Level {
    /// Name (its directory).
    pub name: String,
    /// One line for `skidpad levels`.
    pub description: String,
    /// Edge of a streaming chunk, m.
    pub chunk_size_m: f32,
    /// The materials in force (ids in this level refer to it).
    pub materials: MaterialTable,
    /// The ground.
    pub terrain: Terrain,
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
}

impl Level {
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
        let v = Validator::new(file);
        let mat = |n: &str, field: &str| materials.id(n, file, field);
        let color_of = |field: &str, c: &Option<[f64; 3]>, m: MaterialId| match c {
            Some(c) => v.color(field, *c),
            None => Ok(Vec3::from_array(materials.get(m).color)),
        };
        let vec2 = |field: &str, p: [f64; 2]| -> Result<Vec2, ContentError> {
            Ok(Vec2::new(
                v.finite(&format!("{field}[0]"), p[0])? as f32,
                v.finite(&format!("{field}[1]"), p[1])? as f32,
            ))
        };
        let size2 = |field: &str, p: [f64; 2]| -> Result<Vec2, ContentError> {
            Ok(Vec2::new(
                v.range(&format!("{field}[0]"), p[0], 0.01, 100_000.0)? as f32,
                v.range(&format!("{field}[1]"), p[1], 0.01, 100_000.0)? as f32,
            ))
        };
        let angle = |field: &str, d: f64| v.range(field, d, -360.0, 360.0).map(|d| (d as f32).to_radians());

        let chunk_size_m = v.range("chunk_size_m", raw.chunk_size_m, 8.0, 4096.0)? as f32;
        let t = &raw.terrain;
        let terrain_material = mat(&t.material, "terrain.material")?;
        let terrain_size = size2("terrain.size_m", t.size_m)?;
        let heights = match (&t.heightmap, t.height_m) {
            (None, None) => None,
            (Some(f), Some(range)) => Some(load_heights(files, f, range, &v, "terrain.height_m")?),
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
                    heights: load_heights(files, &h.file, h.height_m, &v, &f("height_m"))?,
                })
            })
            .collect::<Result<Vec<_>, ContentError>>()?;

        let mut props = Vec::new();
        for (i, p) in raw.props.iter().enumerate() {
            let f = |field: &str| format!("props[{i}].{field}");
            match p {
                RawProp::Box {
                    size_m,
                    position_m,
                    yaw_deg,
                    pitch_deg,
                    roll_deg,
                    material,
                    color,
                } => {
                    let m = mat(material, &f("material"))?;
                    props.push(StaticProp {
                        shape: PropShape::Box {
                            size_m: v.positive3(&f("size_m"), *size_m)?,
                        },
                        position_m: v.finite3(&f("position_m"), *position_m)?,
                        rotation: Quat::from_euler(
                            EulerRot::YXZ,
                            angle(&f("yaw_deg"), *yaw_deg)?,
                            angle(&f("pitch_deg"), *pitch_deg)?,
                            angle(&f("roll_deg"), *roll_deg)?,
                        ),
                        material: m,
                        color: color_of(&f("color"), color, m)?,
                    });
                }
                RawProp::Wall {
                    from_m,
                    to_m,
                    height_m,
                    thickness_m,
                    material,
                    color,
                } => {
                    let m = mat(material, &f("material"))?;
                    let (a, b) = (vec2(&f("from_m"), *from_m)?, vec2(&f("to_m"), *to_m)?);
                    let h = v.range(&f("height_m"), *height_m, 0.01, 1000.0)? as f32;
                    let t = v.range(&f("thickness_m"), *thickness_m, 0.01, 1000.0)? as f32;
                    let c = color_of(&f("color"), color, m)?;
                    props
                        .push(line_box(a, b, 0.0, h, t, m, c).ok_or_else(|| v.fail(&f("to_m"), "wall has no length"))?);
                }
                RawProp::Barrier {
                    from_m,
                    to_m,
                    height_m,
                    thickness_m,
                    segment_m,
                    material,
                    color,
                } => {
                    let m = mat(material, &f("material"))?;
                    let (a, b) = (vec2(&f("from_m"), *from_m)?, vec2(&f("to_m"), *to_m)?);
                    let h = v.range(&f("height_m"), *height_m, 0.01, 100.0)? as f32;
                    let t = v.range(&f("thickness_m"), *thickness_m, 0.01, 100.0)? as f32;
                    let seg = v.range(&f("segment_m"), *segment_m, 0.1, 100.0)? as f32;
                    let c = color_of(&f("color"), color, m)?;
                    let len = a.distance(b);
                    let n = (len / seg).ceil().max(1.0) as usize;
                    if n > 10_000 {
                        return Err(v.fail(&f("segment_m"), format!("makes {n} blocks; at most 10000")));
                    }
                    // Blocks with a 5 % gap between them, as a line of concrete barriers.
                    for k in 0..n {
                        let (s0, s1) = (k as f32 / n as f32, (k as f32 + 0.95) / n as f32);
                        props.extend(line_box(a.lerp(b, s0), a.lerp(b, s1), 0.0, h, t, m, c));
                    }
                }
                RawProp::Ramp {
                    position_m,
                    heading_deg,
                    angle_deg,
                    length_m,
                    width_m,
                    material,
                    color,
                } => {
                    let m = mat(material, &f("material"))?;
                    let p = vec2(&f("position_m"), *position_m)?;
                    let a = v.range(&f("angle_deg"), *angle_deg, 1.0, 60.0)? as f32;
                    let len = v.range(&f("length_m"), *length_m, 0.1, 1000.0)? as f32;
                    props.push(StaticProp {
                        shape: PropShape::Ramp {
                            length_m: len,
                            width_m: v.range(&f("width_m"), *width_m, 0.1, 1000.0)? as f32,
                            angle_rad: a.to_radians(),
                        },
                        position_m: Vec3::new(p.x, 0.0, p.y),
                        rotation: Quat::from_rotation_y(angle(&f("heading_deg"), *heading_deg)?),
                        material: m,
                        color: color_of(&f("color"), color, m)?,
                    });
                }
                RawProp::Kerb {
                    from_m,
                    to_m,
                    width_m,
                    height_m,
                    material,
                    color,
                } => {
                    let m = mat(material, &f("material"))?;
                    let (a, b) = (vec2(&f("from_m"), *from_m)?, vec2(&f("to_m"), *to_m)?);
                    let w = v.range(&f("width_m"), *width_m, 0.05, 10.0)? as f32;
                    let h = v.range(&f("height_m"), *height_m, 0.005, 1.0)? as f32;
                    let c = color_of(&f("color"), color, m)?;
                    props
                        .push(line_box(a, b, 0.0, h, w, m, c).ok_or_else(|| v.fail(&f("to_m"), "kerb has no length"))?);
                }
            }
        }

        let mut dynamic = Vec::new();
        for (i, d) in raw.dynamic.iter().enumerate() {
            let f = |field: &str| format!("dynamic[{i}].{field}");
            match d {
                RawDynamic::Box {
                    size_m,
                    position_m,
                    yaw_deg,
                    mass_kg,
                    color,
                } => dynamic.push(DynamicProp {
                    shape: DynamicShape::Box(v.positive3(&f("size_m"), *size_m)?),
                    position_m: v.finite3(&f("position_m"), *position_m)?,
                    yaw_rad: angle(&f("yaw_deg"), *yaw_deg)?,
                    mass_kg: v.range(&f("mass_kg"), *mass_kg, 0.01, 1.0e6)? as f32,
                    color: v.color(&f("color"), *color)?,
                }),
                RawDynamic::Stack {
                    position_m,
                    heading_deg,
                    columns,
                    rows,
                    box_size_m,
                    mass_kg,
                    color,
                } => {
                    let p = vec2(&f("position_m"), *position_m)?;
                    let heading = angle(&f("heading_deg"), *heading_deg)?;
                    let size = v.positive3(&f("box_size_m"), *box_size_m)?;
                    let mass = v.range(&f("mass_kg"), *mass_kg, 0.01, 1.0e6)? as f32;
                    let c = v.color(&f("color"), *color)?;
                    if *columns == 0 || *rows == 0 || columns * rows > 400 {
                        return Err(v.fail(&f("columns"), "a stack needs 1 to 400 boxes"));
                    }
                    let across = Quat::from_rotation_y(heading) * Vec3::X;
                    for r in 0..*rows {
                        for col in 0..*columns {
                            // Rows alternate half a box sideways, like a brick wall.
                            let offset =
                                (col as f32 - (*columns as f32 - 1.0) * 0.5 + (r % 2) as f32 * 0.25) * size.x * 1.02;
                            let centre = Vec3::new(p.x, (r as f32 + 0.5) * size.y * 1.001, p.y) + across * offset;
                            dynamic.push(DynamicProp {
                                shape: DynamicShape::Box(size),
                                position_m: centre,
                                yaw_rad: heading,
                                mass_kg: mass,
                                color: c,
                            });
                        }
                    }
                }
                RawDynamic::Cone {
                    position_m,
                    height_m,
                    radius_m,
                    mass_kg,
                } => {
                    let p = vec2(&f("position_m"), *position_m)?;
                    let h = v.range(&f("height_m"), *height_m, 0.05, 10.0)? as f32;
                    dynamic.push(DynamicProp {
                        shape: DynamicShape::Cone {
                            height_m: h,
                            radius_m: v.range(&f("radius_m"), *radius_m, 0.01, 5.0)? as f32,
                        },
                        position_m: Vec3::new(p.x, h * 0.5, p.y),
                        yaw_rad: 0.0,
                        mass_kg: v.range(&f("mass_kg"), *mass_kg, 0.01, 1000.0)? as f32,
                        color: Vec3::new(0.95, 0.45, 0.05),
                    });
                }
            }
        }

        let parked_cars = raw
            .parked_cars
            .iter()
            .enumerate()
            .map(|(i, p)| {
                Ok(ParkedCar {
                    car: p.car.clone(),
                    position_m: v.finite3(&format!("parked_cars[{i}].position_m"), p.position_m)?,
                    heading_rad: angle(&format!("parked_cars[{i}].heading_deg"), p.heading_deg)?,
                })
            })
            .collect::<Result<Vec<_>, ContentError>>()?;

        let track = match &raw.track {
            None => None,
            Some(t) => {
                let bytes = files.read(&t.centerline)?;
                let text = String::from_utf8(bytes)
                    .map_err(|_| ContentError::new(files.label(&t.centerline), "file", "not UTF-8 text"))?;
                Some(TrackDef {
                    track: Track::parse_csv(&files.label(&t.centerline), &text)?,
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
                })
            }
        };

        let scenario = match &raw.scenario {
            Some(s) => Some(Scenario::validate(s, &v, &spawns)?),
            None => None,
        };

        Ok(Level {
            name: name.to_string(),
            description: raw.description,
            chunk_size_m,
            materials: materials.clone(),
            terrain: Terrain {
                size_m: terrain_size,
                material: terrain_material,
                heights,
            },
            surfaces,
            height_patches,
            props,
            dynamic,
            parked_cars,
            spawns,
            scenario,
            track,
        })
    }
}

/// A box standing on the ground along the segment a→b (walls, barrier blocks, kerbs).
fn line_box(
    a: Vec2,
    b: Vec2,
    base_y: f32,
    height: f32,
    thickness: f32,
    material: MaterialId,
    color: Vec3,
) -> Option<StaticProp> {
    let d = b - a;
    let len = d.length();
    if len < 1e-3 {
        return None;
    }
    let mid = (a + b) * 0.5;
    // Heading that points the box's +Z along a→b: +Z rotated by θ about +Y is (sin θ, cos θ).
    let heading = d.x.atan2(d.y);
    Some(StaticProp {
        shape: PropShape::Box {
            size_m: Vec3::new(thickness, height, len),
        },
        position_m: Vec3::new(mid.x, base_y + height * 0.5, mid.y),
        rotation: Quat::from_rotation_y(heading),
        material,
        color,
    })
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
