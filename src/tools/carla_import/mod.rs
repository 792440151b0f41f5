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

mod derive;
mod dump;
mod dump_text;
mod emit;

use crate::content::ContentError;
use derive::derive;
use dump::Dump;
use dump_text::parse_dump;
use emit::emit;

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

#[cfg(test)]
mod tests;
