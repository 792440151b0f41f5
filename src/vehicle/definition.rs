//! Car definitions (`content/cars/NAME.toml`), validated into [`CarDef`].
//!
//! Frame: metres, Y up, +Z forward, +X left; positions are in the chassis frame.
//!
//! A car names its model: `model = "arcade"` (the HARFANG raycast car, tuned by the keys
//! below) or `model = "sim"` (drivetrain and slipping tires with CARLA's parameter names,
//! see [`super::sim_params`]). Both share what every car has: a name, a body of collision
//! boxes, wheels on raycast suspension and a steering range ([`CarDef`]); what only one
//! model reads lives in [`VehicleModel`].
//!
//! ## How the HARFANG constants map to ours (arcade)
//! The seed applies, per wheel and per rendered frame, an impulse `n(n·v)·Sf` (bounce), a
//! force `n·sqrt(reach − hit)·Tr·m/4` (tire reaction) and an impulse `x(x·v)·Ta` (lateral
//! adhesion). Impulses per frame depend on the frame rate and, with fixed Sf/Ta, on the
//! mass. We keep the reaction as it is (`tire_reaction` = Tr: a force ∝ m, so mass-free and
//! rate-free) and turn the two impulses into decay rates of a wheel's velocity component
//! acting on a quarter of the mass:
//! `J = −(m/4)·(1 − e^(−rate·dt))·component`. So `Sf ≈ (m/4)(1 − e^(−spring_bounce_per_s·dt))`
//! and `Ta ≈ (m/4)(1 − e^(−lateral_adhesion_per_s·dt))` at the seed's dt, and a car behaves
//! the same at any tick rate and any mass. Thrust and brake are accelerations (the seed's
//! force is `mass × value`), so they too are mass-free.

use super::sim_params::{self, SimParams};
use crate::content::root::read_file;
use crate::content::toml_file::parse_bytes;
use crate::content::validate::Validator;
use crate::content::{ContentError, ContentRoot};
use glam::Vec3;
use serde::Deserialize;
use std::path::Path;

/// The car `skidpad` drives when none is named.
pub const DEFAULT_CAR: &str = "coupe";
/// Most wheels a car may have (fixed-size wheel arrays keep ticks allocation-free).
pub const MAX_WHEELS: usize = 8;

/// Just the model key, read first to pick the schema for the rest.
#[derive(Debug, Deserialize)]
struct RawModel {
    model: String,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawCar {
    description: String,
    // Read through `RawModel`; kept so `deny_unknown_fields` accepts the key.
    #[allow(dead_code)]
    model: String,
    mass_kg: f64,
    color: [f64; 3],
    chassis: Vec<RawBox>,
    wheels: RawWheels,
    steering: RawSteering,
    drive: RawDrive,
    tires: RawTires,
    damping: RawDamping,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawBox {
    pub(super) size_m: [f64; 3],
    pub(super) position_m: [f64; 3],
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawWheels {
    radius_m: f64,
    width_m: f64,
    droop_m: f64,
    positions_m: Vec<[f64; 3]>,
    steered: Vec<bool>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawSteering {
    max_angle_deg: f64,
    rate_deg_per_s: f64,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawDrive {
    thrust_mps2: f64,
    reverse_fraction: f64,
    brake_mps2: f64,
    brake_ramp_speed_mps: f64,
    handbrake_mps2: f64,
    handbrake_rear_adhesion: f64,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawTires {
    tire_reaction: f64,
    spring_bounce_per_s: f64,
    lateral_adhesion_per_s: f64,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawDamping {
    linear: f64,
    angular: f64,
}

/// A chassis collision box.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ChassisBox {
    /// Full size, metres.
    pub size_m: Vec3,
    /// Centre in the chassis frame.
    pub position_m: Vec3,
}

impl ChassisBox {
    /// Volume in m³.
    pub fn volume_m3(&self) -> f32 {
        self.size_m.x * self.size_m.y * self.size_m.z
    }
}

/// One wheel: where its ray starts and whether it steers (in the arcade model steered
/// wheels also drive; the sim model names its driven wheels in its differential).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct WheelDef {
    /// Ray origin in the chassis frame: the mean wheel centre (arcade) or the wheel centre
    /// at full compression (sim).
    pub origin_m: Vec3,
    /// Steers (the seed's front axle).
    pub steered: bool,
    /// Wheel radius, m.
    pub radius_m: f32,
    /// How far the ray reaches below the origin, m: radius plus suspension travel.
    pub reach_m: f32,
}

/// A validated car definition.
#[derive(Debug, Clone, PartialEq)]
pub struct CarDef {
    /// Name (file stem).
    pub name: String,
    /// One line for listings.
    pub description: String,
    /// Total mass, kg.
    pub mass_kg: f32,
    /// Body colour.
    pub color: Vec3,
    /// Collision boxes: the mass shared by volume (arcade), or the shape of the inertia
    /// around the given centre of mass (sim).
    pub chassis: Vec<ChassisBox>,
    /// Wheels; steered ones first is customary but not required.
    pub wheels: Vec<WheelDef>,
    /// Wheel radius, m (the largest wheel's, for drawing).
    pub wheel_radius_m: f32,
    /// Wheel width (for drawing), m.
    pub wheel_width_m: f32,
    /// Ray reach beyond the radius (the arcade suspension's droop; the sim model's
    /// compression plus droop travel), m.
    pub droop_m: f32,
    /// Full-lock steering angle, radians.
    pub max_steer_rad: f32,
    /// How fast the wheels turn toward the requested angle, rad/s.
    pub steer_rate_rad_per_s: f32,
    /// What only this car's model reads.
    pub model: VehicleModel,
}

/// The model a car is driven by, with that model's parameters.
#[derive(Debug, Clone, PartialEq)]
pub enum VehicleModel {
    /// The HARFANG raycast car.
    Arcade(ArcadeParams),
    /// Drivetrain, wheel spin and slipping tires (CARLA/PhysX parameter set).
    Sim(Box<SimParams>),
}

/// The arcade model's tuning (HARFANG raycast car; mapping of Sf/Tr/Ta in the module doc).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ArcadeParams {
    /// Full-throttle thrust per unit mass, m/s².
    pub thrust_mps2: f32,
    /// Reverse thrust as a fraction of forward thrust.
    pub reverse_fraction: f32,
    /// Full-pedal brake deceleration with every wheel down, m/s².
    pub brake_mps2: f32,
    /// Below this speed the brake ramps down linearly (the seed's `min(|v|, 1)` uses 1 m/s).
    pub brake_ramp_speed_mps: f32,
    /// Handbrake deceleration with both rear wheels down, m/s².
    pub handbrake_mps2: f32,
    /// Rear lateral adhesion multiplier while the handbrake is held (lower slides more).
    pub handbrake_rear_adhesion: f32,
    /// Tr: tire reaction constant, √m/s² (rest compression = (g/Tr)²).
    pub tire_reaction: f32,
    /// Spring-bounce decay rate of a wheel's closing speed, 1/s.
    pub spring_bounce_per_s: f32,
    /// Lateral-adhesion decay rate of a wheel's sideways speed, 1/s.
    pub lateral_adhesion_per_s: f32,
    /// Linear damping of the chassis (rapier), 1/s.
    pub linear_damping: f32,
    /// Angular damping of the chassis (rapier), 1/s.
    pub angular_damping: f32,
}

impl CarDef {
    /// Loads a car by name from `root`'s `cars/`, or from a path (anything containing `/`
    /// or ending in `.toml`).
    pub fn load(root: &ContentRoot, name_or_path: &str) -> Result<CarDef, ContentError> {
        if name_or_path.contains('/') || name_or_path.ends_with(".toml") {
            let path = Path::new(name_or_path);
            let name = path
                .file_stem()
                .map_or(name_or_path.into(), |s| s.to_string_lossy().into_owned());
            return Self::parse(&path.display().to_string(), &name, &read_file(path)?);
        }
        if !Self::names(root).iter().any(|n| n == name_or_path) {
            return Err(ContentError::new(
                "--car",
                name_or_path,
                format!("no car of that name (known: {})", Self::names(root).join(", ")),
            ));
        }
        let rel = format!("cars/{name_or_path}.toml");
        Self::parse(&root.label(&rel), name_or_path, &root.read(&rel)?)
    }

    /// Names of the cars in `root`, sorted.
    pub fn names(root: &ContentRoot) -> Vec<String> {
        root.list("cars")
            .into_iter()
            .filter_map(|p| p.strip_prefix("cars/")?.strip_suffix(".toml").map(str::to_string))
            .filter(|n| !n.contains('/'))
            .collect()
    }

    /// Parses and validates a car's text; `file` names it in errors.
    pub fn parse(file: &str, name: &str, bytes: &[u8]) -> Result<CarDef, ContentError> {
        let model: RawModel = parse_bytes(file, bytes)?;
        match model.model.as_str() {
            "arcade" => Self::parse_arcade(file, name, bytes),
            "sim" => sim_params::parse(file, name, bytes),
            other => {
                Err(Validator::new(file).fail("model", format!("unknown vehicle model `{other}` (known: arcade, sim)")))
            }
        }
    }

    fn parse_arcade(file: &str, name: &str, bytes: &[u8]) -> Result<CarDef, ContentError> {
        let raw: RawCar = parse_bytes(file, bytes)?;
        let v = Validator::new(file);
        let chassis = parse_chassis(&v, &raw.chassis)?;
        let w = &raw.wheels;
        check_wheel_count(&v, "wheels.positions_m", w.positions_m.len())?;
        if w.steered.len() != w.positions_m.len() {
            return Err(v.fail(
                "wheels.steered",
                format!(
                    "needs one entry per wheel ({}), got {}",
                    w.positions_m.len(),
                    w.steered.len()
                ),
            ));
        }
        if !w.steered.iter().any(|s| *s) {
            return Err(v.fail("wheels.steered", "at least one wheel must steer (steered wheels drive)"));
        }
        let f = |field: &str, x: f64, lo: f64, hi: f64| v.range(field, x, lo, hi).map(|x| x as f32);
        let radius_m = f("wheels.radius_m", w.radius_m, 0.05, 5.0)?;
        let droop_m = f("wheels.droop_m", w.droop_m, 0.0, 5.0)?;
        let wheels = w
            .positions_m
            .iter()
            .zip(&w.steered)
            .enumerate()
            .map(|(i, (p, s))| {
                Ok(WheelDef {
                    origin_m: v.finite3(&format!("wheels.positions_m[{i}]"), *p)?,
                    steered: *s,
                    radius_m,
                    reach_m: radius_m + droop_m,
                })
            })
            .collect::<Result<Vec<_>, ContentError>>()?;
        Ok(CarDef {
            name: name.to_string(),
            description: raw.description,
            mass_kg: f("mass_kg", raw.mass_kg, 1.0, 1.0e6)?,
            color: v.color("color", raw.color)?,
            chassis,
            wheels,
            wheel_radius_m: radius_m,
            wheel_width_m: f("wheels.width_m", w.width_m, 0.01, 5.0)?,
            droop_m,
            max_steer_rad: f("steering.max_angle_deg", raw.steering.max_angle_deg, 0.0, 89.0)?.to_radians(),
            steer_rate_rad_per_s: f("steering.rate_deg_per_s", raw.steering.rate_deg_per_s, 1.0, 10_000.0)?
                .to_radians(),
            model: VehicleModel::Arcade(ArcadeParams {
                thrust_mps2: f("drive.thrust_mps2", raw.drive.thrust_mps2, 0.0, 1000.0)?,
                reverse_fraction: f("drive.reverse_fraction", raw.drive.reverse_fraction, 0.0, 1.0)?,
                brake_mps2: f("drive.brake_mps2", raw.drive.brake_mps2, 0.0, 1000.0)?,
                brake_ramp_speed_mps: f("drive.brake_ramp_speed_mps", raw.drive.brake_ramp_speed_mps, 1e-4, 10.0)?,
                handbrake_mps2: f("drive.handbrake_mps2", raw.drive.handbrake_mps2, 0.0, 1000.0)?,
                handbrake_rear_adhesion: f(
                    "drive.handbrake_rear_adhesion",
                    raw.drive.handbrake_rear_adhesion,
                    0.0,
                    1.0,
                )?,
                tire_reaction: f("tires.tire_reaction", raw.tires.tire_reaction, 0.1, 1000.0)?,
                spring_bounce_per_s: f(
                    "tires.spring_bounce_per_s",
                    raw.tires.spring_bounce_per_s,
                    0.0,
                    10_000.0,
                )?,
                lateral_adhesion_per_s: f(
                    "tires.lateral_adhesion_per_s",
                    raw.tires.lateral_adhesion_per_s,
                    0.0,
                    10_000.0,
                )?,
                linear_damping: f("damping.linear", raw.damping.linear, 0.0, 100.0)?,
                angular_damping: f("damping.angular", raw.damping.angular, 0.0, 100.0)?,
            }),
        })
    }

    /// Ray reach below the origin: radius + suspension travel (the longest of the wheels).
    pub fn reach_m(&self) -> f32 {
        self.wheels.iter().map(|w| w.reach_m).fold(0.0, f32::max)
    }

    /// The arcade tuning, when this is an arcade car.
    pub fn arcade(&self) -> Option<&ArcadeParams> {
        match &self.model {
            VehicleModel::Arcade(a) => Some(a),
            VehicleModel::Sim(_) => None,
        }
    }

    /// The sim-model parameters, when this is a sim car.
    pub fn sim(&self) -> Option<&SimParams> {
        match &self.model {
            VehicleModel::Sim(s) => Some(s),
            VehicleModel::Arcade(_) => None,
        }
    }

    /// Largest front road-wheel angle at `speed_mps`, radians (the sim model's steering
    /// curve narrows it with speed).
    pub fn max_steer_at_rad(&self, speed_mps: f32) -> f32 {
        match &self.model {
            VehicleModel::Arcade(_) => self.max_steer_rad,
            VehicleModel::Sim(p) => super::steering::max_angle_rad(p, speed_mps),
        }
    }

    /// Distance between the mean line of the steered wheels and that of the others, m
    /// (at least 0.5; 2.5 when every wheel steers or none does).
    pub fn wheelbase_m(&self) -> f32 {
        let mean = |steered: bool| {
            let (s, n) = self
                .wheels
                .iter()
                .filter(|w| w.steered == steered)
                .fold((0.0, 0.0), |(s, n), w| (s + w.origin_m.z, n + 1.0));
            (n > 0.0).then(|| s / n)
        };
        match (mean(true), mean(false)) {
            (Some(f), Some(r)) => (f - r).abs().max(0.5),
            _ => 2.5,
        }
    }

    /// The model's name as the car file spells it.
    pub fn model_name(&self) -> &'static str {
        match self.model {
            VehicleModel::Arcade(_) => "arcade",
            VehicleModel::Sim(_) => "sim",
        }
    }

    /// Where the arcade thrust acts, in the chassis frame: the midpoint of the steered wheels.
    pub fn thrust_point_m(&self) -> Vec3 {
        let (sum, n) = self
            .wheels
            .iter()
            .filter(|w| w.steered)
            .fold((Vec3::ZERO, 0.0), |(s, n), w| (s + w.origin_m, n + 1.0));
        sum / n
    }
}

impl ArcadeParams {
    /// Compression at which `wheel_count` tire reactions carry the car on flat ground:
    /// Σ sqrt(c)·Tr·m/4 = m·g with every wheel equal → c = (4g / (N·Tr))².
    pub fn rest_compression_m(&self, wheel_count: usize, gravity_mps2: f32) -> f32 {
        let per_wheel = 4.0 * gravity_mps2 / (wheel_count as f32 * self.tire_reaction);
        per_wheel * per_wheel
    }
}

/// Validates the collision boxes shared by both models.
pub(super) fn parse_chassis(v: &Validator, boxes: &[RawBox]) -> Result<Vec<ChassisBox>, ContentError> {
    if boxes.is_empty() {
        return Err(v.fail("chassis", "a car needs at least one collision box"));
    }
    boxes
        .iter()
        .enumerate()
        .map(|(i, b)| {
            Ok(ChassisBox {
                size_m: v.positive3(&format!("chassis[{i}].size_m"), b.size_m)?,
                position_m: v.finite3(&format!("chassis[{i}].position_m"), b.position_m)?,
            })
        })
        .collect()
}

/// A car has 1..=[`MAX_WHEELS`] wheels.
pub(super) fn check_wheel_count(v: &Validator, field: &str, n: usize) -> Result<(), ContentError> {
    if n == 0 {
        return Err(v.fail(field, "a car needs at least one wheel"));
    }
    if n > MAX_WHEELS {
        return Err(v.fail(field, format!("at most {MAX_WHEELS} wheels, got {n}")));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn coupe_text() -> String {
        String::from_utf8(ContentRoot::Embedded.read("cars/coupe.toml").unwrap().into_owned()).unwrap()
    }

    fn parse(text: &str) -> Result<CarDef, ContentError> {
        CarDef::parse("car.toml", "car", text.as_bytes())
    }

    #[test]
    fn shipped_cars_load() {
        for name in CarDef::names(&ContentRoot::Embedded) {
            CarDef::load(&ContentRoot::Embedded, &name).unwrap();
        }
        assert!(CarDef::names(&ContentRoot::Embedded).contains(&DEFAULT_CAR.to_string()));
    }

    #[test]
    fn negative_mass_is_named() {
        let e = parse(&coupe_text().replace("mass_kg = 1200.0", "mass_kg = -1200.0")).unwrap_err();
        assert_eq!((e.file.as_str(), e.field.as_str()), ("car.toml", "mass_kg"));
    }

    #[test]
    fn no_wheels_is_named() {
        let text = coupe_text()
            .lines()
            .map(|l| {
                if l.starts_with("positions_m") {
                    "positions_m = []"
                } else if l.starts_with("steered") {
                    "steered = []"
                } else {
                    l
                }
            })
            .collect::<Vec<_>>()
            .join("\n");
        let e = parse(&text).unwrap_err();
        assert_eq!(e.field, "wheels.positions_m");
        assert!(e.problem.contains("at least one wheel"), "{e}");
    }

    #[test]
    fn nan_is_named() {
        let e = parse(&coupe_text().replace("tire_reaction = 26.0", "tire_reaction = nan")).unwrap_err();
        assert_eq!(e.field, "tires.tire_reaction");
    }

    #[test]
    fn unknown_key_is_named() {
        let e = parse(&coupe_text().replace("[tires]", "[tires]\ngrip = 3.0")).unwrap_err();
        assert!(e.problem.contains("unknown field `grip`"), "{e}");
        assert!(e.field.contains("`grip`"), "{e}");
    }

    #[test]
    fn unknown_car_lists_the_known_ones() {
        let e = CarDef::load(&ContentRoot::Embedded, "lorry").unwrap_err();
        assert!(e.problem.contains(DEFAULT_CAR), "{e}");
    }
}
