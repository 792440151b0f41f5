//! Converts a CARLA vehicle physics dump into a `model = "sim"` car file.
//!
//! A CARLA user gets a car's parameters with `print(vehicle.get_physics_control())` in
//! Python, which prints a Python repr (`VehiclePhysicsControl(torque_curve=[Vector2D(x=..,
//! y=..), ...], ..., wheels=[WheelPhysicsControl(...), ...])`). [`convert_dump`] reads that
//! text, or the same data as JSON (an object with the same keys; vectors as
//! `{"x": .., "y": .., "z": ..}` or `[x, y, z]`, curve points as `{"x": .., "y": ..}` or
//! `[x, y]`), and writes a car file in the layout of `content/cars/sedan.toml`, plus a list
//! of warnings: every value it had to make up or approximate, and every key it ignored.
//! A dump whose first non-blank character is `{` is read as JSON, anything else as a repr.
//!
//! Keys are CARLA's 0.9.x names; the order does not matter; unknown keys (newer CARLA
//! versions) are ignored with a warning; a missing key is an error naming it
//! (`wheels[2].radius`). Three wheel keys older CARLA versions lack (`long_stiff_value`,
//! `lat_stiff_max_load`, `lat_stiff_value`) fall back to PhysX's defaults (1000, 2, 17) with
//! a warning, and a missing `use_sweep_wheel_collision` means `False`.
//!
//! ## Frames and units
//!
//! CARLA (Unreal) is x forward, y right, z up, in centimetres; ours is metres, +Z forward,
//! +X left, Y up, origin on the ground below the middle of the wheels. A CARLA vector
//! `(x, y, z)` is ours `(−y, z, x)`, divided by 100 when CARLA gives centimetres.
//!
//! | CARLA key                   | CARLA unit                 | ours                                         |
//! |-----------------------------|----------------------------|----------------------------------------------|
//! | `wheels[i].radius`          | cm                         | `radius`, m (÷ 100)                          |
//! | `wheels[i].position`        | world position, cm         | `position`, chassis frame, m (see below)     |
//! | `center_of_mass`            | m, from the actor's origin | `center_of_mass`, chassis frame, m (below)   |
//! | `wheels[i].max_steer_angle` | degrees                    | degrees; > 0 means the wheel steers          |
//! | `steering_curve`            | [km/h, factor]             | [m/s, factor]: x ÷ 3.6                       |
//! | `torque_curve`              | [rpm, N·m]                 | copied                                       |
//! | `use_sweep_wheel_collision` | bool                       | `false` (warning if `True`: raycast only)    |
//! | every other key             | SI                         | copied                                       |
//!
//! Copied as they are: `max_rpm`, `moi`, the three `damping_rate_*`, `use_gear_autobox`,
//! `gear_switch_time`, `clutch_strength`, `final_ratio`, `forward_gears` (`ratio`,
//! `down_ratio`, `up_ratio`), `mass`, `drag_coefficient`, and per wheel `tire_friction`,
//! `damping_rate`, `max_brake_torque`, `max_handbrake_torque`, `long_stiff_value`,
//! `lat_stiff_max_load`, `lat_stiff_value`.
//!
//! Wheel positions are world positions, so the car's place in the world is taken out: the
//! wheels' centroid (CARLA x/y) becomes the origin, each wheel centre sits at a height of
//! its own radius (the ground is at y = 0 below the car at rest; CARLA's z is not used), and
//! its fore-aft and sideways offsets are kept. If the car was yawed when it was dumped (the
//! steered wheels' centroid is not straight ahead of the others'), the offsets are turned
//! back by that yaw, with a warning.
//!
//! `center_of_mass` is an offset from the actor's origin, which the dump does not give. The
//! converter takes the origin to be the wheels' centroid at wheel-centre height + 0.2 m:
//! an approximation (always warned about); the resulting height is at least 0.25 m.
//!
//! ## Defaults for what CARLA does not have
//!
//! Each is written with a `# default:` comment in the file and listed in the warnings.
//!
//! | key                                            | default                                          |
//! |------------------------------------------------|--------------------------------------------------|
//! | `color`                                        | `[0.6, 0.6, 0.62]`                               |
//! | `[[chassis]]` body box, bottom at the radius   | wheelbase + 2·radius + 0.8 m × track + 0.15 m × 0.55 m high |
//! | `[[chassis]]` cabin box, on the body           | 0.5 × its length × 0.85 × its width × 0.45 m high |
//! | `frontal_area_m2`                              | track × 1.45 m × 0.85                            |
//! | `air_density_kg_per_m3`                        | 1.225                                            |
//! | `angular_damping`                              | 0.05 /s                                          |
//! | `idle_rpm`                                     | 0.1 × `max_rpm`, rounded                         |
//! | `autobox_latency`                              | 1.0 s                                            |
//! | `reverse_gear_ratio`                           | the first forward gear's ratio                   |
//! | `steering_rate_deg_per_s`                      | 120                                              |
//! | `ackermann_accuracy`                           | 1.0                                              |
//! | `min_long_slip_denominator`                    | 4.0 m/s                                          |
//! | `min_lat_slip_denominator`                     | 1.0 m/s                                          |
//! | `low_speed_hold_below_mps`                     | 0.3                                              |
//! | `[differential] drive`                         | `"rear"` (PhysX 4W drive, as CARLA's cars mostly) |
//! | `[differential] front_share`                   | 0.4                                              |
//! | `[differential] limited_slip_coupling`         | 0.0 (open)                                       |
//! | `wheels[i].width_m`                            | 0.25 m × radius / 0.35 m, to the cm              |
//! | `wheels[i].inertia`                            | ½ · 20 kg · radius²                              |
//! | `wheels[i].suspension_spring_rate`             | k = m_s·(2π·1.5 Hz)², m_s its sprung mass; to 1 N/m |
//! | `wheels[i].suspension_damper`                  | c = 2 · 0.35 · √(k·m_s); to 1 N·s/m              |
//! | `wheels[i].suspension_max_compression`         | 0.10 m                                           |
//! | `wheels[i].suspension_max_droop`               | 0.12 m                                           |
//!
//! The sprung mass of a wheel is its share of `mass` from the lever rule
//! M·Z_cm = M_f·Z_f + M_r·Z_r between the front and rear wheels' mean positions, split
//! equally among the wheels of each end. Wheelbase and track are the fore-aft and sideways
//! spans of the wheel centres.
//!
//! ## What to check after converting
//!
//! - `center_of_mass`, above all its height (approximated; see above). It sets the axle
//!   loads, the weight transfer and the rollover threshold.
//! - `tire_friction`: CARLA cars often carry 2–3.5, tuned against CARLA's own road friction.
//!   Ours multiplies the surface's μ, so such values give far more grip than a road car has.
//! - `max_steer_angle` (CARLA often uses 70°, road cars steer ~35°) and `steering_curve`.
//! - `[differential] drive`: CARLA's dump does not say which wheels are driven.
//! - The suspension rates and travel, the chassis boxes (they set the shape of the
//!   inertia) and `frontal_area_m2`.
//! - Then run `skidpad validate --car NAME` and `skidpad analyze --car NAME`.

use super::carla_dump::{parse_dump, Value};
use crate::content::ContentError;
use std::collections::HashSet;
use std::f64::consts::PI;

/// The result of a conversion: the car file's text and what the user should check.
#[derive(Debug, Clone, PartialEq)]
pub struct Converted {
    /// The car file: `model = "sim"`, in the layout of `content/cars/sedan.toml`.
    pub toml: String,
    /// What the user should check: defaults, approximations and ignored keys, one per entry.
    pub warnings: Vec<String>,
}

/// Converts a dump (`source` names it in errors, e.g. the file path).
///
/// `text` is a CARLA `VehiclePhysicsControl` repr or the same data as JSON; `description`
/// goes into the car file. Errors name `source`, then the CARLA key path (`wheels[2].radius`)
/// or, when the text does not parse, the position (`line L col C`).
pub fn convert_dump(source: &str, text: &str, description: &str) -> Result<Converted, ContentError> {
    let value = parse_dump(source, text)?;
    let mut warnings = Vec::new();
    let dump = Dump::read(source, &value, &mut warnings)?;
    let car = derive(source, &dump, &mut warnings)?;
    let toml = emit(source, description, &dump, &car, &mut warnings);
    if let Err(e) = crate::vehicle::CarDef::parse(source, "converted", toml.as_bytes()) {
        warnings.push(format!(
            "the converted car does not load as it is ({}: {}): fix that value in the car file",
            e.field, e.problem
        ));
    }
    Ok(Converted { toml, warnings })
}

// ---------------------------------------------------------------------------------------
// The tree read into CARLA's fields, checked.

/// A `Name(key=value, ...)` or JSON object being read: tracks which keys were used so the
/// rest can be warned about.
struct Fields<'v> {
    path: String,
    fields: &'v [(String, Value)],
    used: Vec<bool>,
}

impl<'v> Fields<'v> {
    fn new(file: &str, path: &str, value: &'v Value, what: &str) -> Result<Self, ContentError> {
        let Value::Call(_, fields) = value else {
            return Err(ContentError::new(
                file,
                if path.is_empty() { "(whole dump)" } else { path },
                format!("expected {what}, found {}", value.describe()),
            ));
        };
        let mut seen = HashSet::new();
        for (key, _) in fields {
            if !seen.insert(key.as_str()) {
                return Err(ContentError::new(file, join(path, key), "appears twice"));
            }
        }
        Ok(Fields {
            path: path.to_string(),
            fields,
            used: vec![false; fields.len()],
        })
    }

    fn path_of(&self, key: &str) -> String {
        join(&self.path, key)
    }

    fn get(&mut self, key: &str) -> Option<&'v Value> {
        let i = self.fields.iter().position(|(k, _)| k == key)?;
        if let Some(used) = self.used.get_mut(i) {
            *used = true;
        }
        self.fields.get(i).map(|(_, v)| v)
    }

    fn required(&mut self, file: &str, key: &str) -> Result<&'v Value, ContentError> {
        self.get(key)
            .ok_or_else(|| ContentError::new(file, self.path_of(key), "missing: the converter needs it"))
    }

    fn number(&mut self, file: &str, key: &str) -> Result<f64, ContentError> {
        let v = self.required(file, key)?;
        number(file, &self.path_of(key), v)
    }

    fn non_negative(&mut self, file: &str, key: &str) -> Result<f64, ContentError> {
        let x = self.number(file, key)?;
        check_non_negative(file, &self.path_of(key), x)
    }

    fn positive(&mut self, file: &str, key: &str) -> Result<f64, ContentError> {
        let x = self.number(file, key)?;
        check_positive(file, &self.path_of(key), x)
    }

    /// An optional non-negative number; `default` (with a warning) when absent.
    fn non_negative_or(
        &mut self,
        file: &str,
        key: &str,
        default: f64,
        warnings: &mut Vec<String>,
    ) -> Result<f64, ContentError> {
        match self.get(key) {
            Some(v) => check_non_negative(file, &self.path_of(key), number(file, &self.path_of(key), v)?),
            None => {
                warnings.push(format!(
                    "`{}` is not in the dump (older CARLA?): used PhysX's default {default}",
                    self.path_of(key)
                ));
                Ok(default)
            }
        }
    }

    fn boolean(&mut self, file: &str, key: &str) -> Result<bool, ContentError> {
        match self.required(file, key)? {
            Value::Bool(b) => Ok(*b),
            other => Err(ContentError::new(
                file,
                self.path_of(key),
                format!("expected True or False, found {}", other.describe()),
            )),
        }
    }

    fn list(&mut self, file: &str, key: &str) -> Result<&'v [Value], ContentError> {
        match self.required(file, key)? {
            Value::List(items) => Ok(items),
            other => Err(ContentError::new(
                file,
                self.path_of(key),
                format!("expected a list `[...]`, found {}", other.describe()),
            )),
        }
    }

    /// Warns about every key that was not read.
    fn finish(self, warnings: &mut Vec<String>) {
        for ((key, _), used) in self.fields.iter().zip(&self.used) {
            if !used {
                warnings.push(format!(
                    "ignored `{}`: not a key this converter knows (a newer CARLA version?)",
                    join(&self.path, key)
                ));
            }
        }
    }
}

fn join(path: &str, key: &str) -> String {
    if path.is_empty() {
        key.to_string()
    } else {
        format!("{path}.{key}")
    }
}

fn number(file: &str, path: &str, v: &Value) -> Result<f64, ContentError> {
    match v {
        Value::Num(x) if x.is_finite() => Ok(*x),
        Value::Num(x) => Err(ContentError::new(file, path, format!("`{x}` is not a finite number"))),
        other => Err(ContentError::new(
            file,
            path,
            format!("expected a number, found {}", other.describe()),
        )),
    }
}

fn check_non_negative(file: &str, path: &str, x: f64) -> Result<f64, ContentError> {
    if x < 0.0 {
        return Err(ContentError::new(file, path, format!("must not be negative, got {x}")));
    }
    Ok(x)
}

fn check_positive(file: &str, path: &str, x: f64) -> Result<f64, ContentError> {
    if x <= 0.0 {
        return Err(ContentError::new(
            file,
            path,
            format!("must be greater than 0, got {x}"),
        ));
    }
    Ok(x)
}

/// A vector: `Name(x=.., y=.., z=..)`, `{"x": .., ...}` or `[x, y, z]`.
fn vector<const N: usize>(
    file: &str,
    path: &str,
    v: &Value,
    warnings: &mut Vec<String>,
) -> Result<[f64; N], ContentError> {
    const AXES: [&str; 3] = ["x", "y", "z"];
    let mut out = [0.0; N];
    match v {
        Value::List(items) if items.len() == N => {
            for (i, (o, item)) in out.iter_mut().zip(items).enumerate() {
                *o = number(file, &format!("{path}[{i}]"), item)?;
            }
        }
        Value::Call(..) => {
            let mut f = Fields::new(file, path, v, "a vector")?;
            for (o, axis) in out.iter_mut().zip(AXES) {
                *o = f.number(file, axis)?;
            }
            f.finish(warnings);
        }
        other => {
            let axes = AXES.get(..N).unwrap_or(&AXES);
            return Err(ContentError::new(
                file,
                path,
                format!(
                    "expected a vector `Vector{N}D({})` or [{}], found {}",
                    axes.iter().map(|a| format!("{a}=..")).collect::<Vec<_>>().join(", "),
                    axes.join(", "),
                    other.describe()
                ),
            ));
        }
    }
    Ok(out)
}

/// A curve: points `Vector2D(x=.., y=..)`, `{"x": .., "y": ..}` or `[x, y]`, with x
/// strictly increasing and both coordinates non-negative.
fn curve(file: &str, f: &mut Fields, key: &str, warnings: &mut Vec<String>) -> Result<Vec<[f64; 2]>, ContentError> {
    let path = f.path_of(key);
    let items = f.list(file, key)?;
    if items.is_empty() {
        return Err(ContentError::new(file, path, "needs at least one point"));
    }
    let mut points: Vec<[f64; 2]> = Vec::with_capacity(items.len());
    for (i, item) in items.iter().enumerate() {
        let p = vector::<2>(file, &format!("{path}[{i}]"), item, warnings)?;
        check_non_negative(file, &format!("{path}[{i}].x"), p[0])?;
        check_non_negative(file, &format!("{path}[{i}].y"), p[1])?;
        if let Some(last) = points.last() {
            if p[0] <= last[0] {
                return Err(ContentError::new(
                    file,
                    format!("{path}[{i}].x"),
                    format!("x must increase from point to point ({} follows {})", p[0], last[0]),
                ));
            }
        }
        points.push(p);
    }
    Ok(points)
}

struct Gear {
    ratio: f64,
    down_ratio: f64,
    up_ratio: f64,
}

struct Wheel {
    tire_friction: f64,
    damping_rate: f64,
    max_steer_angle: f64,
    /// cm.
    radius: f64,
    max_brake_torque: f64,
    max_handbrake_torque: f64,
    lat_stiff_max_load: f64,
    lat_stiff_value: f64,
    long_stiff_value: f64,
    /// World position, cm.
    position: [f64; 3],
}

/// CARLA's `VehiclePhysicsControl`, in CARLA's units, checked.
struct Dump {
    torque_curve: Vec<[f64; 2]>,
    max_rpm: f64,
    moi: f64,
    damping_rate_full_throttle: f64,
    damping_rate_zero_throttle_clutch_engaged: f64,
    damping_rate_zero_throttle_clutch_disengaged: f64,
    use_gear_autobox: bool,
    gear_switch_time: f64,
    clutch_strength: f64,
    final_ratio: f64,
    forward_gears: Vec<Gear>,
    mass: f64,
    drag_coefficient: f64,
    /// m, from the actor's origin.
    center_of_mass: [f64; 3],
    /// km/h against factor.
    steering_curve: Vec<[f64; 2]>,
    use_sweep_wheel_collision: bool,
    wheels: Vec<Wheel>,
}

/// Fewest wheels the converter takes (CARLA's cars and bikes all have four).
const MIN_WHEELS: usize = 4;

impl Dump {
    fn read(file: &str, root: &Value, warnings: &mut Vec<String>) -> Result<Dump, ContentError> {
        if let Value::Call(name, _) = root {
            if !name.is_empty() && name.rsplit('.').next() != Some("VehiclePhysicsControl") {
                warnings.push(format!(
                    "the dump is a `{name}(...)`, not a `VehiclePhysicsControl(...)`: read it anyway"
                ));
            }
        }
        let mut f = Fields::new(file, "", root, "`VehiclePhysicsControl(...)` or a JSON object")?;
        let torque_curve = curve(file, &mut f, "torque_curve", warnings)?;
        let steering_curve = curve(file, &mut f, "steering_curve", warnings)?;

        let gear_items = f.list(file, "forward_gears")?;
        if gear_items.is_empty() {
            return Err(ContentError::new(
                file,
                "forward_gears",
                "needs at least one forward gear",
            ));
        }
        let mut forward_gears = Vec::with_capacity(gear_items.len());
        for (i, item) in gear_items.iter().enumerate() {
            let mut g = Fields::new(file, &format!("forward_gears[{i}]"), item, "`GearPhysicsControl(...)`")?;
            forward_gears.push(Gear {
                ratio: g.positive(file, "ratio")?,
                down_ratio: g.non_negative(file, "down_ratio")?,
                up_ratio: g.non_negative(file, "up_ratio")?,
            });
            g.finish(warnings);
        }

        let wheel_items = f.list(file, "wheels")?;
        let max_wheels = crate::vehicle::MAX_WHEELS;
        if wheel_items.len() < MIN_WHEELS {
            return Err(ContentError::new(
                file,
                "wheels",
                format!("needs at least {MIN_WHEELS} wheels, got {}", wheel_items.len()),
            ));
        }
        if wheel_items.len() > max_wheels {
            return Err(ContentError::new(
                file,
                "wheels",
                format!("at most {max_wheels} wheels, got {}", wheel_items.len()),
            ));
        }
        let mut wheels = Vec::with_capacity(wheel_items.len());
        for (i, item) in wheel_items.iter().enumerate() {
            let path = format!("wheels[{i}]");
            let mut w = Fields::new(file, &path, item, "`WheelPhysicsControl(...)`")?;
            let radius = w.positive(file, "radius")?;
            if radius < 5.0 {
                return Err(ContentError::new(
                    file,
                    w.path_of("radius"),
                    format!("{radius} cm is not a wheel: CARLA gives radii in centimetres"),
                ));
            }
            let position_value = w.required(file, "position")?;
            wheels.push(Wheel {
                tire_friction: w.non_negative(file, "tire_friction")?,
                damping_rate: w.non_negative(file, "damping_rate")?,
                max_steer_angle: w.non_negative(file, "max_steer_angle")?,
                radius,
                max_brake_torque: w.non_negative(file, "max_brake_torque")?,
                max_handbrake_torque: w.non_negative(file, "max_handbrake_torque")?,
                lat_stiff_max_load: w.non_negative_or(file, "lat_stiff_max_load", 2.0, warnings)?,
                lat_stiff_value: w.non_negative_or(file, "lat_stiff_value", 17.0, warnings)?,
                long_stiff_value: w.non_negative_or(file, "long_stiff_value", 1000.0, warnings)?,
                position: vector::<3>(file, &w.path_of("position"), position_value, warnings)?,
            });
            w.finish(warnings);
        }

        let center_of_mass_value = f.required(file, "center_of_mass")?;
        let use_sweep_wheel_collision = match f.get("use_sweep_wheel_collision") {
            None => false,
            Some(Value::Bool(b)) => *b,
            Some(other) => {
                return Err(ContentError::new(
                    file,
                    "use_sweep_wheel_collision",
                    format!("expected True or False, found {}", other.describe()),
                ))
            }
        };
        let dump = Dump {
            torque_curve,
            max_rpm: f.positive(file, "max_rpm")?,
            moi: f.positive(file, "moi")?,
            damping_rate_full_throttle: f.non_negative(file, "damping_rate_full_throttle")?,
            damping_rate_zero_throttle_clutch_engaged: f
                .non_negative(file, "damping_rate_zero_throttle_clutch_engaged")?,
            damping_rate_zero_throttle_clutch_disengaged: f
                .non_negative(file, "damping_rate_zero_throttle_clutch_disengaged")?,
            use_gear_autobox: f.boolean(file, "use_gear_autobox")?,
            gear_switch_time: f.non_negative(file, "gear_switch_time")?,
            clutch_strength: f.positive(file, "clutch_strength")?,
            final_ratio: f.positive(file, "final_ratio")?,
            forward_gears,
            mass: f.positive(file, "mass")?,
            drag_coefficient: f.non_negative(file, "drag_coefficient")?,
            center_of_mass: vector::<3>(file, "center_of_mass", center_of_mass_value, warnings)?,
            steering_curve,
            use_sweep_wheel_collision,
            wheels,
        };
        f.finish(warnings);
        Ok(dump)
    }
}

// ---------------------------------------------------------------------------------------
// Derived values in our frame.

/// Where the actor's origin is taken to be above the wheel centres, m (an approximation).
const ORIGIN_ABOVE_WHEEL_CENTRES_M: f64 = 0.2;
/// Lowest centre of mass the converter writes, m.
const MIN_COM_HEIGHT_M: f64 = 0.25;
const BODY_HEIGHT_M: f64 = 0.55;
const CABIN_HEIGHT_M: f64 = 0.45;
const FRONTAL_HEIGHT_M: f64 = 1.45;
const FRONTAL_FILL: f64 = 0.85;
const WHEEL_MASS_KG: f64 = 20.0;
const SUSPENSION_HZ: f64 = 1.5;
const DAMPING_RATIO: f64 = 0.35;

/// A wheel in our frame with the values the converter derives for it.
struct OurWheel {
    /// Chassis frame, m.
    position: [f64; 3],
    radius_m: f64,
    width_m: f64,
    inertia: f64,
    spring_rate: f64,
    damper: f64,
    front: bool,
}

/// What the converter derives from the dump.
struct Car {
    wheels: Vec<OurWheel>,
    center_of_mass: [f64; 3],
    /// (size, position) of the body and cabin boxes.
    chassis: [([f64; 3], [f64; 3]); 2],
    frontal_area_m2: f64,
    track_m: f64,
}

fn mean(xs: impl Iterator<Item = f64>) -> f64 {
    let (sum, n) = xs.fold((0.0, 0usize), |(s, n), x| (s + x, n + 1));
    if n == 0 {
        0.0
    } else {
        sum / n as f64
    }
}

fn derive(file: &str, dump: &Dump, warnings: &mut Vec<String>) -> Result<Car, ContentError> {
    let wheels = &dump.wheels;
    for (i, a) in wheels.iter().enumerate() {
        for (j, b) in wheels.iter().enumerate().skip(i + 1) {
            if (a.position[0] - b.position[0]).hypot(a.position[1] - b.position[1]) < 1.0 {
                return Err(ContentError::new(
                    file,
                    format!("wheels[{j}].position"),
                    format!(
                        "is where wheels[{i}] is: dump the physics control after the car has been spawned \
                         and the world has ticked once"
                    ),
                ));
            }
        }
    }
    let steers = |w: &&Wheel| w.max_steer_angle > 0.0;
    let n_steered = wheels.iter().filter(steers).count();
    if n_steered == 0 {
        return Err(ContentError::new(
            file,
            "wheels",
            "no wheel steers: give the front wheels a max_steer_angle above 0",
        ));
    }

    // The car's yaw in the world, from the steered wheels' centroid ahead of the others'.
    let centroid = |pick: &dyn Fn(&&Wheel) -> bool, axis: usize| {
        mean(wheels.iter().filter(pick).filter_map(|w| w.position.get(axis).copied()))
    };
    let ahead = [
        centroid(&steers, 0) - centroid(&|w| !steers(w), 0),
        centroid(&steers, 1) - centroid(&|w| !steers(w), 1),
    ];
    let yaw = if n_steered == wheels.len() || ahead[0].hypot(ahead[1]) < 1.0 {
        warnings.push(
            "could not tell the car's heading from its wheels (the steered ones are not ahead of the others): \
             took it to face CARLA's +x when it was dumped (yaw 0)"
                .to_string(),
        );
        0.0
    } else {
        ahead[1].atan2(ahead[0])
    };
    if yaw.to_degrees().abs() > 0.5 {
        warnings.push(format!(
            "the wheel positions show the car yawed by {:.1}° in the world when it was dumped (the steered \
             wheels taken as the front): turned them back; dump it at yaw 0 to be sure",
            yaw.to_degrees()
        ));
    }
    let (sin, cos) = yaw.sin_cos();
    let cx = mean(wheels.iter().map(|w| w.position[0]));
    let cy = mean(wheels.iter().map(|w| w.position[1]));
    let mut ours: Vec<OurWheel> = wheels
        .iter()
        .map(|w| {
            let (dx, dy) = (w.position[0] - cx, w.position[1] - cy);
            let (forward, right) = (dx * cos + dy * sin, -dx * sin + dy * cos);
            let radius_m = w.radius / 100.0;
            OurWheel {
                position: [-right / 100.0, radius_m, forward / 100.0],
                radius_m,
                width_m: (0.25 * radius_m / 0.35 * 100.0).round() / 100.0,
                inertia: 0.5 * WHEEL_MASS_KG * radius_m * radius_m,
                spring_rate: 0.0,
                damper: 0.0,
                front: false,
            }
        })
        .collect();

    let span = |axis: usize| {
        let values = ours.iter().filter_map(|w| w.position.get(axis).copied());
        let lo = values.clone().fold(f64::INFINITY, f64::min);
        let hi = values.fold(f64::NEG_INFINITY, f64::max);
        (lo, hi)
    };
    let (z_lo, z_hi) = span(2);
    let (x_lo, x_hi) = span(0);
    let wheelbase = z_hi - z_lo;
    let track = x_hi - x_lo;
    if wheelbase < 0.1 || track < 0.1 {
        return Err(ContentError::new(
            file,
            "wheels",
            format!(
                "the wheel positions span {wheelbase:.2} m fore and aft and {track:.2} m across: the converter \
                 needs the wheels at the corners of the car"
            ),
        ));
    }

    let radius = mean(ours.iter().map(|w| w.radius_m));
    let com = dump.center_of_mass;
    let mut center_of_mass = [-com[1], radius + ORIGIN_ABOVE_WHEEL_CENTRES_M + com[2], com[0]];
    warnings.push(format!(
        "center_of_mass is approximate: CARLA gives it from the actor's origin, taken here as {:.2} m above the \
         ground (wheel centres + {ORIGIN_ABOVE_WHEEL_CENTRES_M} m); check center_of_mass, above all its height",
        radius + ORIGIN_ABOVE_WHEEL_CENTRES_M
    ));
    if center_of_mass[1] < MIN_COM_HEIGHT_M {
        warnings.push(format!(
            "center_of_mass came out {:.2} m above the ground: raised to {MIN_COM_HEIGHT_M} m",
            center_of_mass[1]
        ));
        center_of_mass[1] = MIN_COM_HEIGHT_M;
    }

    // Sprung masses: the lever rule between the front and rear wheels' mean positions.
    let middle = 0.5 * (z_lo + z_hi);
    for w in &mut ours {
        w.front = w.position[2] > middle;
    }
    let n_front = ours.iter().filter(|w| w.front).count();
    let n_rear = ours.len() - n_front;
    let z_front = mean(ours.iter().filter(|w| w.front).map(|w| w.position[2]));
    let z_rear = mean(ours.iter().filter(|w| !w.front).map(|w| w.position[2]));
    let mut front_share = (center_of_mass[2] - z_rear) / (z_front - z_rear);
    if !(0.05..=0.95).contains(&front_share) {
        warnings.push(format!(
            "center_of_mass is {} the wheels (front axle share {:.0} %): the suspension was sized for a share \
             clamped to 5–95 %, and the car file will be refused until center_of_mass lies between the axles",
            if front_share > 0.5 { "ahead of" } else { "behind" },
            front_share * 100.0
        ));
        front_share = front_share.clamp(0.05, 0.95);
    }
    let omega = 2.0 * PI * SUSPENSION_HZ;
    for w in &mut ours {
        let share = if w.front {
            front_share / n_front.max(1) as f64
        } else {
            (1.0 - front_share) / n_rear.max(1) as f64
        };
        let sprung = dump.mass * share;
        w.spring_rate = sprung * omega * omega;
        w.damper = 2.0 * DAMPING_RATIO * (w.spring_rate * sprung).sqrt();
    }

    let length = wheelbase + 2.0 * radius + 0.8;
    let width = track + 0.15;
    let z_mid = 0.5 * (z_lo + z_hi);
    let chassis = [
        (
            [width, BODY_HEIGHT_M, length],
            [0.0, radius + 0.5 * BODY_HEIGHT_M, z_mid],
        ),
        (
            [0.85 * width, CABIN_HEIGHT_M, 0.5 * length],
            [0.0, radius + BODY_HEIGHT_M + 0.5 * CABIN_HEIGHT_M, z_mid],
        ),
    ];

    if dump.use_sweep_wheel_collision {
        warnings.push(
            "use_sweep_wheel_collision = True: only the raycast suspension exists here, so the file says false"
                .to_string(),
        );
    }
    let grippy: Vec<String> = wheels
        .iter()
        .enumerate()
        .filter(|(_, w)| w.tire_friction > 1.5)
        .map(|(i, w)| format!("wheels[{i}] {}", w.tire_friction))
        .collect();
    if !grippy.is_empty() {
        warnings.push(format!(
            "tire_friction above 1.5 ({}) is tuned for CARLA's road friction; ours multiplies the surface's μ, \
             so such a tire grips that many times a road tire: check it (road cars ≈ 1.0)",
            grippy.join(", ")
        ));
    }
    let max_steer = wheels.iter().map(|w| w.max_steer_angle).fold(0.0, f64::max);
    if max_steer > 45.0 {
        warnings.push(format!(
            "max_steer_angle up to {max_steer}°: road cars steer about 35° (CARLA's often 70°, narrowed by the \
             steering_curve): check it and steering_curve"
        ));
    }
    Ok(Car {
        wheels: ours,
        center_of_mass,
        chassis,
        frontal_area_m2: track * FRONTAL_HEIGHT_M * FRONTAL_FILL,
        track_m: track,
    })
}

// ---------------------------------------------------------------------------------------
// The car file.

/// A TOML float: six decimals (nine below 1) with trailing zeros trimmed, exponent
/// notation for the very small and very large.
fn num(x: f64) -> String {
    if x == 0.0 || !x.is_finite() {
        return "0.0".to_string();
    }
    let a = x.abs();
    if !(1e-6..1e15).contains(&a) {
        return format!("{x:e}");
    }
    let mut s = if a >= 1.0 { format!("{x:.6}") } else { format!("{x:.9}") };
    while s.ends_with('0') && !s.ends_with(".0") {
        s.pop();
    }
    s
}

fn nums(xs: &[f64]) -> String {
    format!("[{}]", xs.iter().map(|x| num(*x)).collect::<Vec<_>>().join(", "))
}

fn points(ps: &[[f64; 2]]) -> String {
    format!("[{}]", ps.iter().map(|p| nums(p)).collect::<Vec<_>>().join(", "))
}

/// A TOML basic string.
fn toml_string(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            c if c.is_control() => out.push_str(&format!("\\u{:04X}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// Text safe inside a TOML comment (no line breaks or other control characters).
fn comment_safe(s: &str) -> String {
    s.chars().map(|c| if c.is_control() { '?' } else { c }).collect()
}

/// The car file being written; defaults carry a comment and (once per key) a warning.
struct Out<'w> {
    text: String,
    warnings: &'w mut Vec<String>,
}

impl Out<'_> {
    fn line(&mut self, s: &str) {
        self.text.push_str(s);
        self.text.push('\n');
    }

    fn key(&mut self, key: &str, value: &str) {
        self.line(&format!("{key} = {value}"));
    }

    /// `key = value  # default: why`, and a warning `name = value: ...` when `name` is given.
    fn default(&mut self, key: &str, value: &str, why: &str, warn_as: Option<&str>) {
        self.line(&format!("{key} = {value}  # default: {why}"));
        if let Some(name) = warn_as {
            self.warnings
                .push(format!("{name} = {value}: not in CARLA, a default ({why})"));
        }
    }
}

/// A per-wheel default: key, why, value.
type WheelDefault = (&'static str, &'static str, fn(&OurWheel) -> f64);

/// The per-wheel defaults, in the order of the file.
const WHEEL_DEFAULTS: [WheelDefault; 6] = [
    ("width_m", "0.25 m × radius / 0.35 m", |w| w.width_m),
    ("inertia", "½ × 20 kg × radius², kg·m²", |w| w.inertia),
    (
        "suspension_spring_rate",
        "N/m, 1.5 Hz on this wheel's sprung mass",
        |w| w.spring_rate.round(),
    ),
    ("suspension_damper", "N·s/m, 0.35 of critical damping", |w| {
        w.damper.round()
    }),
    ("suspension_max_compression", "m", |_| 0.1),
    ("suspension_max_droop", "m", |_| 0.12),
];

fn emit(source: &str, description: &str, dump: &Dump, car: &Car, warnings: &mut Vec<String>) -> String {
    let mut o = Out {
        text: String::new(),
        warnings,
    };
    let source_comment = comment_safe(source);
    o.line(&format!("# Converted from CARLA dump: {source_comment}"));
    o.line("# (skidpad's CARLA importer, src/vehicle/carla_import.rs: its doc lists the conversions).");
    o.line("# Values marked `default` are not in CARLA's physics control: check them, and center_of_mass.");
    o.line("# Frame: metres, Y up, +Z forward, +X left, origin on the ground below the middle of the wheels.");
    o.line("# Names in [physics] and [[wheels]] are CARLA's in SI units: metres where CARLA uses cm;");
    o.line("# angles stay in degrees; steering_curve speeds are m/s (CARLA: km/h).");
    let description = if description.trim().is_empty() {
        format!("Converted from CARLA ({source_comment})")
    } else {
        description.to_string()
    };
    o.key("description", &toml_string(&description));
    o.key("model", "\"sim\"");
    o.default("color", &nums(&[0.6, 0.6, 0.62]), "grey", Some("color"));

    o.line("");
    o.line("# Collision boxes (default: sized from the wheels; they shape the yaw/pitch/roll inertia).");
    let [(body_size, body_pos), (cabin_size, cabin_pos)] = car.chassis;
    o.line("# Body: wheelbase + 2 × radius + 0.8 m long, track + 0.15 m wide, 0.55 m high, bottom at the radius.");
    o.line("[[chassis]]");
    o.key("size_m", &nums(&body_size));
    o.key("position_m", &nums(&body_pos));
    o.line("");
    o.line("# Cabin on top: 0.85 × the body's width, 0.45 m high, half its length.");
    o.line("[[chassis]]");
    o.key("size_m", &nums(&cabin_size));
    o.key("position_m", &nums(&cabin_pos));
    o.warnings.push(format!(
        "chassis: not in CARLA, defaults sized from the wheels (they shape the inertia and the collisions): \
         a body {} m at {}, a cabin {} m at {}",
        nums(&body_size),
        nums(&body_pos),
        nums(&cabin_size),
        nums(&cabin_pos)
    ));

    o.line("");
    o.line("[physics]");
    o.key("mass", &num(dump.mass));
    o.line("# Chassis frame, m. APPROXIMATE: CARLA's offset from the actor origin, taken as the wheels'");
    o.line(&format!(
        "# centroid {ORIGIN_ABOVE_WHEEL_CENTRES_M} m above the wheel centres; height at least {MIN_COM_HEIGHT_M} m."
    ));
    o.key("center_of_mass", &nums(&car.center_of_mass));
    o.key("drag_coefficient", &num(dump.drag_coefficient));
    o.default(
        "frontal_area_m2",
        &num(car.frontal_area_m2),
        &format!("track {} m × {FRONTAL_HEIGHT_M} m × {FRONTAL_FILL}", num(car.track_m)),
        Some("physics.frontal_area_m2"),
    );
    o.default(
        "air_density_kg_per_m3",
        "1.225",
        "sea level, 15 °C",
        Some("physics.air_density_kg_per_m3"),
    );
    o.default(
        "angular_damping",
        "0.05",
        "1/s, calms tumbling in the air",
        Some("physics.angular_damping"),
    );
    o.line("# Engine: torque (N·m) against rpm.");
    o.key("torque_curve", &points(&dump.torque_curve));
    o.key("max_rpm", &num(dump.max_rpm));
    o.default(
        "idle_rpm",
        &num((0.1 * dump.max_rpm).round()),
        "0.1 × max_rpm",
        Some("physics.idle_rpm"),
    );
    o.key("moi", &num(dump.moi));
    o.key("damping_rate_full_throttle", &num(dump.damping_rate_full_throttle));
    o.key(
        "damping_rate_zero_throttle_clutch_engaged",
        &num(dump.damping_rate_zero_throttle_clutch_engaged),
    );
    o.key(
        "damping_rate_zero_throttle_clutch_disengaged",
        &num(dump.damping_rate_zero_throttle_clutch_disengaged),
    );
    o.key("use_gear_autobox", if dump.use_gear_autobox { "true" } else { "false" });
    o.key("gear_switch_time", &num(dump.gear_switch_time));
    o.default(
        "autobox_latency",
        "1.0",
        "s between automatic shifts",
        Some("physics.autobox_latency"),
    );
    o.key("clutch_strength", &num(dump.clutch_strength));
    o.key("final_ratio", &num(dump.final_ratio));
    let first_ratio = dump.forward_gears.first().map_or(1.0, |g| g.ratio);
    o.default(
        "reverse_gear_ratio",
        &num(first_ratio),
        "the first gear's ratio",
        Some("physics.reverse_gear_ratio"),
    );
    o.line("forward_gears = [");
    for g in &dump.forward_gears {
        o.line(&format!(
            "    {{ ratio = {}, down_ratio = {}, up_ratio = {} }},",
            num(g.ratio),
            num(g.down_ratio),
            num(g.up_ratio)
        ));
    }
    o.line("]");
    o.line("# [speed m/s, fraction of each wheel's max_steer_angle] (CARLA's km/h ÷ 3.6).");
    let steering: Vec<[f64; 2]> = dump.steering_curve.iter().map(|p| [p[0] / 3.6, p[1]]).collect();
    o.key("steering_curve", &points(&steering));
    o.default(
        "steering_rate_deg_per_s",
        "120.0",
        "degrees per second at the road wheels",
        Some("physics.steering_rate_deg_per_s"),
    );
    o.default(
        "ackermann_accuracy",
        "1.0",
        "true Ackermann geometry",
        Some("physics.ackermann_accuracy"),
    );
    o.line("# Only the raycast suspension exists here.");
    o.key("use_sweep_wheel_collision", "false");
    o.default(
        "min_long_slip_denominator",
        "4.0",
        "m/s, PhysX's",
        Some("physics.min_long_slip_denominator"),
    );
    o.default(
        "min_lat_slip_denominator",
        "1.0",
        "m/s",
        Some("physics.min_lat_slip_denominator"),
    );
    o.default(
        "low_speed_hold_below_mps",
        "0.3",
        "tires hold the car still below this speed",
        Some("physics.low_speed_hold_below_mps"),
    );

    o.line("");
    o.line("[differential]");
    o.default(
        "drive",
        "\"rear\"",
        "CARLA's dump does not say which wheels drive",
        Some("differential.drive"),
    );
    o.default(
        "front_share",
        "0.4",
        "used when drive = \"all\"",
        Some("differential.front_share"),
    );
    o.default(
        "limited_slip_coupling",
        "0.0",
        "open differential",
        Some("differential.limited_slip_coupling"),
    );

    o.line("");
    o.line("# Wheels in the dump's order; position = wheel centre at rest in the chassis frame, m.");
    o.line("# CARLA's world position less the wheels' centroid, at a height of the wheel's radius.");
    for (i, (w, carla)) in car.wheels.iter().zip(&dump.wheels).enumerate() {
        o.line(&format!(
            "# wheels[{i}] of the dump: {} {}{}",
            if w.front { "front" } else { "rear" },
            if w.position[0] > 0.0 { "left" } else { "right" },
            if carla.max_steer_angle > 0.0 { ", steered" } else { "" }
        ));
        o.line("[[wheels]]");
        o.key("position", &nums(&w.position));
        o.key("radius", &num(w.radius_m));
        // Width and inertia here, the suspension after CARLA's keys (sedan.toml's order).
        for (key, why, value) in WHEEL_DEFAULTS.iter().take(2) {
            o.default(key, &num(value(w)), why, None);
        }
        o.key("tire_friction", &num(carla.tire_friction));
        o.key("damping_rate", &num(carla.damping_rate));
        o.key("max_steer_angle", &num(carla.max_steer_angle));
        o.key("max_brake_torque", &num(carla.max_brake_torque));
        o.key("max_handbrake_torque", &num(carla.max_handbrake_torque));
        o.key("long_stiff_value", &num(carla.long_stiff_value));
        o.key("lat_stiff_max_load", &num(carla.lat_stiff_max_load));
        o.key("lat_stiff_value", &num(carla.lat_stiff_value));
        for (key, why, value) in WHEEL_DEFAULTS.iter().skip(2) {
            o.default(key, &num(value(w)), why, None);
        }
        if i + 1 < car.wheels.len() {
            o.line("");
        }
    }
    for (key, why, value) in WHEEL_DEFAULTS {
        let values: Vec<String> = car.wheels.iter().map(|w| num(value(w))).collect();
        let shown = match values.first() {
            Some(first) if values.iter().all(|v| v == first) => first.clone(),
            _ => format!("[{}]", values.join(", ")),
        };
        o.warnings
            .push(format!("wheels[*].{key} = {shown}: not in CARLA, a default ({why})"));
    }
    o.text
}

#[cfg(test)]
mod tests;
