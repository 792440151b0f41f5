//! The parsed dump read into CARLA's fields, checked: every key used or warned about.

use super::dump_text::Value;
use crate::content::ContentError;
use std::collections::HashSet;

/// A `Name(key=value, ...)` or JSON object being read: tracks which keys were used so the
/// rest can be warned about.
pub(super) struct Fields<'v> {
    pub(super) path: String,
    pub(super) fields: &'v [(String, Value)],
    pub(super) used: Vec<bool>,
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

pub(super) fn join(path: &str, key: &str) -> String {
    if path.is_empty() {
        key.to_string()
    } else {
        format!("{path}.{key}")
    }
}

pub(super) fn number(file: &str, path: &str, v: &Value) -> Result<f64, ContentError> {
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

pub(super) fn check_non_negative(file: &str, path: &str, x: f64) -> Result<f64, ContentError> {
    if x < 0.0 {
        return Err(ContentError::new(file, path, format!("must not be negative, got {x}")));
    }
    Ok(x)
}

pub(super) fn check_positive(file: &str, path: &str, x: f64) -> Result<f64, ContentError> {
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
pub(super) fn vector<const N: usize>(
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
pub(super) fn curve(
    file: &str,
    f: &mut Fields,
    key: &str,
    warnings: &mut Vec<String>,
) -> Result<Vec<[f64; 2]>, ContentError> {
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

pub(super) struct Gear {
    pub(super) ratio: f64,
    pub(super) down_ratio: f64,
    pub(super) up_ratio: f64,
}

pub(super) struct Wheel {
    pub(super) tire_friction: f64,
    pub(super) damping_rate: f64,
    pub(super) max_steer_angle: f64,
    /// cm.
    pub(super) radius: f64,
    pub(super) max_brake_torque: f64,
    pub(super) max_handbrake_torque: f64,
    pub(super) lat_stiff_max_load: f64,
    pub(super) lat_stiff_value: f64,
    pub(super) long_stiff_value: f64,
    /// World position, cm.
    pub(super) position: [f64; 3],
}

/// CARLA's `VehiclePhysicsControl`, in CARLA's units, checked.
pub(super) struct Dump {
    pub(super) torque_curve: Vec<[f64; 2]>,
    pub(super) max_rpm: f64,
    pub(super) moi: f64,
    pub(super) damping_rate_full_throttle: f64,
    pub(super) damping_rate_zero_throttle_clutch_engaged: f64,
    pub(super) damping_rate_zero_throttle_clutch_disengaged: f64,
    pub(super) use_gear_autobox: bool,
    pub(super) gear_switch_time: f64,
    pub(super) clutch_strength: f64,
    pub(super) final_ratio: f64,
    pub(super) forward_gears: Vec<Gear>,
    pub(super) mass: f64,
    pub(super) drag_coefficient: f64,
    /// m, from the actor's origin.
    pub(super) center_of_mass: [f64; 3],
    /// km/h against factor.
    pub(super) steering_curve: Vec<[f64; 2]>,
    pub(super) use_sweep_wheel_collision: bool,
    pub(super) wheels: Vec<Wheel>,
}

/// Fewest wheels the converter takes (CARLA's cars and bikes all have four).
pub(super) const MIN_WHEELS: usize = 4;

impl Dump {
    pub(super) fn read(file: &str, root: &Value, warnings: &mut Vec<String>) -> Result<Dump, ContentError> {
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
