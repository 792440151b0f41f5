//! Car definitions (`content/cars/NAME.toml`), validated into [`CarDef`].
//!
//! Frame: metres, Y up, +Z forward, +X left; positions are in the chassis frame.
//!
//! A car names its model: `model = "arcade"` (the HARFANG raycast car, see
//! [`super::arcade_params`]) or `model = "sim"` (drivetrain and slipping tires with CARLA's
//! parameter names, see [`super::sim_params`]). A file is read one way: the keys every car
//! file has (`model`, `description`, `color`, `chassis`) here, then the model's own keys by
//! its parser, which gives back what every car has but each model spells its own way (mass,
//! wheels, steering range: [`super::chassis`]) beside its own parameters ([`VehicleModel`]).

use super::arcade_params::{self, RawArcadeCar};
use super::chassis::{parse_chassis, RawBox, SharedPhysics};
use super::sim_params::{self, RawSimCar, SimParams};
use super::slipstream::{self, RawWake, Wake};
use super::steering;
use crate::content::read_file;
use crate::content::toml_file::parse_bytes;
use crate::content::validate::Validator;
use crate::content::{embedded_baked_models, ContentError, ContentRoot};
use glam::Vec3;
use serde::Deserialize;
use skidpad_bake::model::{CarModel, CarShape};
use std::path::Path;
use std::sync::Arc;

pub use super::arcade_params::ArcadeParams;
pub use super::chassis::{ChassisBox, WheelDef};

/// The car `skidpad` drives when none is named.
pub const DEFAULT_CAR: &str = "coupe";

/// Just the model key, read first: it picks the schema for the rest (so a file for a model
/// that does not exist is told that, not what the rest lacks).
#[derive(Debug, Deserialize)]
struct RawModel {
    model: String,
}

/// The keys every car file has besides `model`, whichever its model. Unknown keys pass
/// here: the model's own schema, read next, refuses them.
#[derive(Debug, Deserialize)]
struct RawSharedKeys {
    description: String,
    color: [f64; 3],
    chassis: Vec<RawBox>,
    /// The car's model in `models/NAME.glb` (without it the car draws as its boxes).
    #[serde(default)]
    look_model: Option<String>,
    /// The wake it leaves ([`slipstream`]): absent, a saloon's.
    #[serde(default)]
    slipstream: Option<RawWake>,
}

/// A car file's model keys, read (types checked) before any value is validated, so a file
/// with a mistyped key is told so first.
enum RawModelKeys {
    Arcade(Box<RawArcadeCar>),
    Sim(Box<RawSimCar>),
}

/// A validated car definition.
#[derive(Debug, Clone, PartialEq)]
pub struct CarDef {
    /// Name (file stem).
    pub name: String,
    /// One line for listings.
    pub description: String,

    // What the car looks like: render reads these, physics never does. A look table
    // (mesh, colours) belongs here.
    /// Body colour.
    pub color: Vec3,
    /// The name of its model (`look_model` in the file: `models/NAME.glb`), if it has one.
    pub look_model: Option<String>,
    /// The model, baked and checked against this car's wheels and boxes by
    /// [`CarDef::load`] (none from [`CarDef::parse`] alone, or without `look_model`: the
    /// car draws as its boxes).
    pub model_mesh: Option<Arc<CarModel>>,

    // What every car has, whichever model drives it.
    /// Total mass, kg.
    pub mass_kg: f32,
    /// Collision boxes: the mass shared by volume (arcade), or the shape of the inertia
    /// around the given centre of mass (sim).
    pub chassis: Vec<ChassisBox>,
    /// Wheels; steered ones first is customary but not required.
    pub wheels: Vec<WheelDef>,
    /// Wheel radius, m (the largest wheel's, for drawing).
    pub wheel_radius_m: f32,
    /// Wheel width, m (the widest wheel's: drawing, and the racing line's car width).
    pub wheel_width_m: f32,
    /// Ray reach beyond the radius (the arcade suspension's droop; the sim model's
    /// compression plus droop travel), m.
    pub droop_m: f32,
    /// Full-lock steering angle, radians.
    pub max_steer_rad: f32,
    /// How fast the wheels turn toward the requested angle, rad/s.
    pub steer_rate_rad_per_s: f32,
    /// The wake it leaves, which takes drag off a car behind it (`[slipstream]`).
    pub slipstream: Wake,

    // What only this car's model reads.
    /// The model and its parameters.
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

impl CarDef {
    /// Loads a car by name from `root`'s `cars/`, or from a path (anything containing `/`
    /// or ending in `.toml`).
    pub fn load(root: &ContentRoot, name_or_path: &str) -> Result<CarDef, ContentError> {
        if name_or_path.contains('/') || name_or_path.ends_with(".toml") {
            let path = Path::new(name_or_path);
            let name = path
                .file_stem()
                .map_or(name_or_path.into(), |s| s.to_string_lossy().into_owned());
            return Self::parse(&path.display().to_string(), &name, &read_file(path)?)?.with_model(root);
        }
        if !Self::names(root).iter().any(|n| n == name_or_path) {
            return Err(ContentError::new(
                "--car",
                name_or_path,
                format!("no car of that name (known: {})", Self::names(root).join(", ")),
            ));
        }
        let rel = format!("cars/{name_or_path}.toml");
        Self::parse(&root.label(&rel), name_or_path, &root.read(&rel)?)?.with_model(root)
    }

    /// This car with its `look_model` read from `root`'s `models/`, baked and checked
    /// against its wheels and chassis boxes (an error names the model file and node).
    pub fn with_model(mut self, root: &ContentRoot) -> Result<CarDef, ContentError> {
        if let Some(name) = &self.look_model {
            let rel = format!("models/{name}.glb");
            let label = root.label(&rel);
            // A shipped model was baked by `build.rs`; one read from `--content DIR` (or
            // one the build could not bake, which then fails here with its message) is
            // baked now with the same code.
            let baked = match root {
                ContentRoot::Embedded => embedded_baked_models().iter().find(|(n, _)| n == name),
                _ => None,
            };
            let model = match baked {
                Some((_, bytes)) => CarModel::decode(&format!("embedded:baked/models/{name}.bin"), bytes)?,
                None => CarModel::bake(&label, &root.read(&rel)?)?,
            };
            model.check_against(&label, &self.shape())?;
            self.model_mesh = Some(Arc::new(model));
        }
        Ok(self)
    }

    /// The shape a model is checked against: wheel centres and radii, chassis boxes.
    pub fn shape(&self) -> CarShape {
        CarShape {
            wheels: self
                .wheels
                .iter()
                .map(|w| (w.origin_m.to_array(), w.radius_m))
                .collect(),
            boxes: self
                .chassis
                .iter()
                .map(|b| (b.size_m.to_array(), b.position_m.to_array()))
                .collect(),
        }
    }

    /// Names of the cars in `root`, sorted.
    pub fn names(root: &ContentRoot) -> Vec<String> {
        root.list("cars")
            .into_iter()
            .filter_map(|p| p.strip_prefix("cars/")?.strip_suffix(".toml").map(str::to_string))
            .filter(|n| !n.contains('/'))
            .collect()
    }

    /// Parses and validates a car's text; `file` names it in errors (with the field and
    /// the problem). The one way a car file becomes a `CarDef`, for either model.
    pub fn parse(file: &str, name: &str, bytes: &[u8]) -> Result<CarDef, ContentError> {
        let model: RawModel = parse_bytes(file, bytes)?;
        let v = Validator::new(file);
        if !matches!(model.model.as_str(), "arcade" | "sim") {
            let problem = format!("unknown vehicle model `{}` (known: arcade, sim)", model.model);
            return Err(v.fail("model", problem));
        }
        let shared: RawSharedKeys = parse_bytes(file, bytes)?;
        let raw_model = if model.model == "arcade" {
            RawModelKeys::Arcade(parse_bytes(file, bytes)?)
        } else {
            RawModelKeys::Sim(parse_bytes(file, bytes)?)
        };
        let chassis = parse_chassis(&v, &shared.chassis)?;
        let (physics, model) = match raw_model {
            RawModelKeys::Arcade(raw) => {
                let (physics, tuning) = arcade_params::validate(&v, &raw, &chassis)?;
                (physics, VehicleModel::Arcade(tuning))
            }
            RawModelKeys::Sim(raw) => {
                let (physics, sim) = sim_params::validate(&v, &raw, &chassis)?;
                (physics, VehicleModel::Sim(Box::new(sim)))
            }
        };
        let SharedPhysics {
            mass_kg,
            wheels,
            wheel_radius_m,
            wheel_width_m,
            droop_m,
            max_steer_rad,
            steer_rate_rad_per_s,
        } = physics;
        Ok(CarDef {
            name: name.to_string(),
            description: shared.description,
            color: v.color("color", shared.color)?,
            look_model: match shared.look_model {
                Some(m) if m.is_empty() || !m.chars().all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-') => {
                    return Err(v.fail(
                        "look_model",
                        format!("`{m}` is not a model name (letters, digits, _ and -)"),
                    ));
                }
                m => m,
            },
            model_mesh: None,
            mass_kg,
            chassis,
            wheels,
            wheel_radius_m,
            wheel_width_m,
            droop_m,
            max_steer_rad,
            steer_rate_rad_per_s,
            slipstream: slipstream::validate(&v, shared.slipstream.as_ref())?,
            model,
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

    /// Largest front road-wheel angle at `speed_mps`, radians (both models' steering
    /// curves narrow it with speed).
    pub fn max_steer_at_rad(&self, speed_mps: f32) -> f32 {
        match &self.model {
            VehicleModel::Arcade(a) => self.max_steer_rad * a.steering_curve.eval(speed_mps.abs()),
            VehicleModel::Sim(p) => steering::max_angle_rad(p, speed_mps),
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
    fn arcade_anti_lift_is_read_and_bounded() {
        let coupe = parse(&coupe_text()).unwrap();
        assert_eq!(coupe.arcade().unwrap().anti_lift, 0.4);
        for bad in ["1.5", "-0.1", "nan"] {
            let e = parse(&coupe_text().replace("anti_lift = 0.4", &format!("anti_lift = {bad}"))).unwrap_err();
            assert_eq!(e.field, "drive.anti_lift", "{bad}: {e}");
        }
        // Absent: the thrust at the contact patch.
        let without = coupe_text().replace("anti_lift = 0.4", "");
        assert_eq!(parse(&without).unwrap().arcade().unwrap().anti_lift, 0.0);
    }

    #[test]
    fn arcade_centre_of_mass_is_read_and_bounded_by_the_boxes_and_wheels() {
        // The shipped coupe has the key: start from the file without it.
        let without: String = coupe_text()
            .lines()
            .filter(|l| !l.starts_with("center_of_mass_m"))
            .map(|l| format!("{l}\n"))
            .collect();
        let key = "center_of_mass_m = [0.0, 0.48, 0.29]";
        let with = without.replace("mass_kg = 1200.0", &format!("mass_kg = 1200.0\n{key}"));
        let coupe = parse(&with).unwrap();
        assert_eq!(
            coupe.arcade().unwrap().center_of_mass_m,
            Some(Vec3::new(0.0, 0.48, 0.29))
        );
        // Above the cabin's roof (1.22 m) or below the body's floor (0.30 m), ahead of the
        // front wheels (1.35 m) or beside them (0.78 m), or not a number: refused, named.
        for (bad, field) in [
            ("[0.0, 1.5, 0.0]", "center_of_mass_m[1]"),
            ("[0.0, 0.1, 0.0]", "center_of_mass_m[1]"),
            ("[0.0, 0.5, 2.0]", "center_of_mass_m[2]"),
            ("[1.0, 0.5, 0.0]", "center_of_mass_m[0]"),
            ("[0.0, nan, 0.0]", "center_of_mass_m[1]"),
        ] {
            let e = parse(&with.replace(key, &format!("center_of_mass_m = {bad}"))).unwrap_err();
            assert_eq!(e.field, field, "{bad}: {e}");
        }
        // Absent: the boxes' centroid, as before the key existed.
        assert_eq!(parse(&without).unwrap().arcade().unwrap().center_of_mass_m, None);
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
    fn slipstream_defaults_when_absent_and_bad_values_are_named() {
        let without = coupe_text();
        let without = &without[..without.find("[slipstream]").unwrap()];
        assert_eq!(parse(without).unwrap().slipstream, slipstream::Wake::default());
        let shipped = parse(&coupe_text()).unwrap();
        assert_eq!(shipped.slipstream, slipstream::Wake::default());
        for (from, to, field) in [
            (
                "max_drag_reduction = 0.3",
                "max_drag_reduction = nan",
                "slipstream.max_drag_reduction",
            ),
            (
                "max_drag_reduction = 0.3",
                "max_drag_reduction = 1.5",
                "slipstream.max_drag_reduction",
            ),
            ("full_gap_m = 5.0", "full_gap_m = -1.0", "slipstream.full_gap_m"),
            ("full_gap_m = 5.0", "full_gap_m = 50.0", "slipstream.full_gap_m"),
            (
                "wake_length_m = 40.0",
                "wake_length_m = nan",
                "slipstream.wake_length_m",
            ),
            (
                "wake_half_width_m = 1.8",
                "wake_half_width_m = -1.8",
                "slipstream.wake_half_width_m",
            ),
        ] {
            let e = parse(&coupe_text().replace(from, to)).unwrap_err();
            assert_eq!((e.file.as_str(), e.field.as_str()), ("car.toml", field), "{to}: {e}");
        }
        let e = parse(&coupe_text().replace("wake_length_m = 40.0", "wake_length_m = 40.0\nwake_m = 3.0")).unwrap_err();
        assert!(e.problem.contains("unknown field `wake_m`"), "{e}");
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
