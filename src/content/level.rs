//! Levels (`content/levels/NAME/level.toml`): ground, props and spawn point.
//!
//! Coordinates: metres, Y up; heading 0 faces +Z and positive headings turn left (about +Y).

use super::root::read_file;
use super::toml_file::parse_bytes;
use super::validate::Validator;
use super::{ContentError, ContentRoot};
use glam::Vec3;
use serde::Deserialize;
use std::path::Path;

/// The level `skidpad` plays when none is named.
pub const DEFAULT_LEVEL: &str = "proving_ground";

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawLevel {
    description: String,
    ground: RawGround,
    spawn: RawSpawn,
    #[serde(default)]
    static_boxes: Vec<RawStaticBox>,
    #[serde(default)]
    boxes: Vec<RawBox>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawGround {
    size_m: [f64; 2],
    friction: f64,
    color: [f64; 3],
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawSpawn {
    position_m: [f64; 3],
    heading_deg: f64,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawStaticBox {
    size_m: [f64; 3],
    position_m: [f64; 3],
    #[serde(default)]
    yaw_deg: f64,
    #[serde(default)]
    pitch_deg: f64,
    #[serde(default)]
    roll_deg: f64,
    #[serde(default = "default_friction")]
    friction: f64,
    color: [f64; 3],
}

fn default_friction() -> f64 {
    1.0
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawBox {
    size_m: [f64; 3],
    position_m: [f64; 3],
    mass_kg: f64,
    #[serde(default)]
    yaw_deg: f64,
    color: [f64; 3],
}

/// Flat ground: a slab whose top is at y = 0.
#[derive(Debug, Clone, PartialEq)]
pub struct Ground {
    /// Extent along X and Z in metres.
    pub size_m: [f32; 2],
    /// Coulomb friction coefficient.
    pub friction: f32,
    /// Albedo.
    pub color: Vec3,
}

/// Where the player starts.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Spawn {
    /// Centre of the player's body.
    pub position_m: Vec3,
    /// Facing, radians about +Y (0 faces +Z).
    pub heading_rad: f32,
}

/// A fixed box: a wall, a ramp (pitched), a slope, a kerb.
#[derive(Debug, Clone, PartialEq)]
pub struct StaticBox {
    /// Full size in metres.
    pub size_m: Vec3,
    /// Centre.
    pub position_m: Vec3,
    /// Orientation: yaw about +Y, then pitch about the box's own +X (positive pitch tips its
    /// +Z end down), then roll about its own +Z (degrees in the file).
    pub rotation: glam::Quat,
    /// Coulomb friction coefficient.
    pub friction: f32,
    /// Albedo.
    pub color: Vec3,
}

/// A dynamic box prop.
#[derive(Debug, Clone, PartialEq)]
pub struct BoxProp {
    /// Full size in metres.
    pub size_m: Vec3,
    /// Centre at spawn.
    pub position_m: Vec3,
    /// Mass in kilograms.
    pub mass_kg: f32,
    /// Rotation about +Y, radians.
    pub yaw_rad: f32,
    /// Albedo.
    pub color: Vec3,
}

/// A validated level.
#[derive(Debug, Clone, PartialEq)]
pub struct Level {
    /// Name (its directory) or the file it came from.
    pub name: String,
    /// One line for `skidpad levels`.
    pub description: String,
    /// The ground slab.
    pub ground: Ground,
    /// Player start.
    pub spawn: Spawn,
    /// Fixed boxes (walls, ramps, slopes), in file order.
    pub static_boxes: Vec<StaticBox>,
    /// Dynamic boxes, in file order (which is also their insertion order in the world).
    pub boxes: Vec<BoxProp>,
}

impl Level {
    /// Loads a level by name from `root`, or from a path (anything containing `/` or ending
    /// in `.toml`; a directory means its `level.toml`).
    pub fn load(root: &ContentRoot, name_or_path: &str) -> Result<Level, ContentError> {
        if name_or_path.contains('/') || name_or_path.ends_with(".toml") {
            let mut path = Path::new(name_or_path).to_path_buf();
            if path.is_dir() {
                path = path.join("level.toml");
            }
            let bytes = read_file(&path)?;
            return Self::parse(&path.display().to_string(), name_or_path, &bytes);
        }
        let rel = format!("levels/{name_or_path}/level.toml");
        if !Self::names(root).iter().any(|n| n == name_or_path) {
            return Err(ContentError::new(
                "--level",
                name_or_path,
                format!("no level of that name (known: {})", Self::names(root).join(", ")),
            ));
        }
        let bytes = root.read(&rel)?;
        Self::parse(&root.label(&rel), name_or_path, &bytes)
    }

    /// Names of the levels in `root`, sorted.
    pub fn names(root: &ContentRoot) -> Vec<String> {
        root.list("levels")
            .into_iter()
            .filter_map(|p| {
                let rest = p.strip_prefix("levels/")?.strip_suffix("/level.toml")?;
                (!rest.contains('/')).then(|| rest.to_string())
            })
            .collect()
    }

    /// Parses and validates a level's text; `file` names it in errors.
    pub fn parse(file: &str, name: &str, bytes: &[u8]) -> Result<Level, ContentError> {
        let raw: RawLevel = parse_bytes(file, bytes)?;
        let v = Validator::new(file);
        let ground = Ground {
            size_m: [
                v.positive("ground.size_m[0]", raw.ground.size_m[0])? as f32,
                v.positive("ground.size_m[1]", raw.ground.size_m[1])? as f32,
            ],
            friction: v.range("ground.friction", raw.ground.friction, 0.0, 10.0)? as f32,
            color: v.color("ground.color", raw.ground.color)?,
        };
        let spawn = Spawn {
            position_m: v.finite3("spawn.position_m", raw.spawn.position_m)?,
            heading_rad: (v.finite("spawn.heading_deg", raw.spawn.heading_deg)? as f32).to_radians(),
        };
        let static_boxes = raw
            .static_boxes
            .iter()
            .enumerate()
            .map(|(i, b)| {
                let f = |field: &str| format!("static_boxes[{i}].{field}");
                let deg = |field: &str, x: f64| v.range(&f(field), x, -360.0, 360.0).map(|d| (d as f32).to_radians());
                Ok(StaticBox {
                    size_m: v.positive3(&f("size_m"), b.size_m)?,
                    position_m: v.finite3(&f("position_m"), b.position_m)?,
                    rotation: glam::Quat::from_euler(
                        glam::EulerRot::YXZ,
                        deg("yaw_deg", b.yaw_deg)?,
                        deg("pitch_deg", b.pitch_deg)?,
                        deg("roll_deg", b.roll_deg)?,
                    ),
                    friction: v.range(&f("friction"), b.friction, 0.0, 10.0)? as f32,
                    color: v.color(&f("color"), b.color)?,
                })
            })
            .collect::<Result<Vec<_>, ContentError>>()?;
        let boxes = raw
            .boxes
            .iter()
            .enumerate()
            .map(|(i, b)| {
                let f = |field: &str| format!("boxes[{i}].{field}");
                Ok(BoxProp {
                    size_m: v.positive3(&f("size_m"), b.size_m)?,
                    position_m: v.finite3(&f("position_m"), b.position_m)?,
                    mass_kg: v.positive(&f("mass_kg"), b.mass_kg)? as f32,
                    yaw_rad: (v.finite(&f("yaw_deg"), b.yaw_deg)? as f32).to_radians(),
                    color: v.color(&f("color"), b.color)?,
                })
            })
            .collect::<Result<Vec<_>, ContentError>>()?;
        Ok(Level {
            name: name.to_string(),
            description: raw.description,
            ground,
            spawn,
            static_boxes,
            boxes,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn default_text() -> String {
        String::from_utf8(
            ContentRoot::Embedded
                .read("levels/proving_ground/level.toml")
                .unwrap()
                .into_owned(),
        )
        .unwrap()
    }

    #[test]
    fn default_level_loads() {
        let l = Level::load(&ContentRoot::Embedded, DEFAULT_LEVEL).unwrap();
        assert!(!l.boxes.is_empty());
        assert!(Level::names(&ContentRoot::Embedded).contains(&DEFAULT_LEVEL.to_string()));
    }

    #[test]
    fn negative_box_mass_names_the_box() {
        let text = default_text().replacen("mass_kg = 40.0", "mass_kg = -40.0", 1);
        let e = Level::parse("l.toml", "l", text.as_bytes()).unwrap_err();
        assert_eq!(e.field, "boxes[0].mass_kg");
    }

    #[test]
    fn nan_position_is_rejected() {
        let text = default_text().replace("position_m = [0.0, 0.5, 0.0]", "position_m = [0.0, nan, 0.0]");
        let e = Level::parse("l.toml", "l", text.as_bytes()).unwrap_err();
        assert_eq!(e.field, "spawn.position_m[1]");
    }

    #[test]
    fn unknown_level_lists_the_known_ones() {
        let e = Level::load(&ContentRoot::Embedded, "moon").unwrap_err();
        assert!(e.problem.contains(DEFAULT_LEVEL), "{e}");
    }
}
