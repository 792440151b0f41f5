//! The car file written from the derived values, with a comment on every default.

use super::derive::{Car, OurWheel, FRONTAL_FILL, FRONTAL_HEIGHT_M, MIN_COM_HEIGHT_M, ORIGIN_ABOVE_WHEEL_CENTRES_M};
use super::dump::Dump;

/// A TOML float: six decimals (nine below 1) with trailing zeros trimmed, exponent
/// notation for the very small and very large.
pub(super) fn num(x: f64) -> String {
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

pub(super) fn nums(xs: &[f64]) -> String {
    format!("[{}]", xs.iter().map(|x| num(*x)).collect::<Vec<_>>().join(", "))
}

pub(super) fn points(ps: &[[f64; 2]]) -> String {
    format!("[{}]", ps.iter().map(|p| nums(p)).collect::<Vec<_>>().join(", "))
}

/// A TOML basic string.
pub(super) fn toml_string(s: &str) -> String {
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
pub(super) fn comment_safe(s: &str) -> String {
    s.chars().map(|c| if c.is_control() { '?' } else { c }).collect()
}

/// The car file being written; defaults carry a comment and (once per key) a warning.
pub(super) struct Out<'w> {
    pub(super) text: String,
    pub(super) warnings: &'w mut Vec<String>,
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
pub(super) type WheelDefault = (&'static str, &'static str, fn(&OurWheel) -> f64);

/// The per-wheel defaults, in the order of the file.
pub(super) const WHEEL_DEFAULTS: [WheelDefault; 6] = [
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

pub(super) fn emit(source: &str, description: &str, dump: &Dump, car: &Car, warnings: &mut Vec<String>) -> String {
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
    o.line("[anti_roll]");
    o.default(
        "front_n_per_m",
        "0.0",
        "CARLA's cars have no anti-roll bars; 0 = none",
        Some("anti_roll.front_n_per_m"),
    );
    o.default(
        "rear_n_per_m",
        "0.0",
        "CARLA's cars have no anti-roll bars; 0 = none",
        Some("anti_roll.rear_n_per_m"),
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
