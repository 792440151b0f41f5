//! The `sim` model's parameters, read from a car file with `model = "sim"`.
//!
//! Names are those of the CARLA vehicle model (PhysX) (`carla.VehiclePhysicsControl`,
//! `carla.WheelPhysicsControl`) so a CARLA user can port a car; units are SI (metres where
//! CARLA uses cm; angles stay in degrees as in CARLA). What CARLA does not expose
//! (suspension spring and damper, wheel inertia, the differential, frontal area, the
//! low-speed treatment) has names of its own with the unit in the name.
//! `content/cars/sedan.toml` documents every key.
//!
//! Derived here, once (the mass sums in `mass_distribution`): the sprung mass and rest load of each wheel (from the centre of
//! mass), which wheels are front/driven, and the chassis inertia (the collision boxes'
//! shape around the given centre of mass).

use super::anti_roll::AntiRollBars;
use super::chassis::{check_wheel_count, ChassisBox, SharedPhysics, WheelDef};
use super::curve::Curve;
use super::mass_distribution::{box_inertia, sprung_masses};
use crate::content::validate::Validator;
use crate::content::ContentError;
use glam::Vec3;
use serde::de::IgnoredAny;
use serde::Deserialize;

/// Standard gravity used to derive rest loads and the PhysX "per unit gravity" stiffness.
pub const STANDARD_GRAVITY_MPS2: f32 = 9.81;

/// A sim car file's keys. The shared ones (`description`, `model`, `color`, `chassis`,
/// `slipstream`) are
/// read by the definition; they are named here so `deny_unknown_fields` accepts them.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawSimCar {
    #[serde(rename = "description")]
    _description: IgnoredAny,
    #[serde(rename = "model")]
    _model: IgnoredAny,
    #[serde(rename = "color")]
    _color: IgnoredAny,
    #[serde(rename = "look_model", default)]
    _look_model: Option<IgnoredAny>,
    #[serde(rename = "slipstream", default)]
    _slipstream: Option<IgnoredAny>,
    #[serde(rename = "chassis")]
    _chassis: IgnoredAny,
    physics: RawPhysics,
    differential: RawDifferential,
    wheels: Vec<RawWheel>,
    #[serde(default)]
    anti_roll: Option<RawAntiRoll>,
}

/// Anti-roll bar stiffness per axle, N per metre of compression difference (absent: no
/// bars, as in CARLA, whose cars have none).
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawAntiRoll {
    front_n_per_m: f64,
    rear_n_per_m: f64,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawPhysics {
    mass: f64,
    center_of_mass: [f64; 3],
    drag_coefficient: f64,
    frontal_area_m2: f64,
    air_density_kg_per_m3: f64,
    angular_damping: f64,
    torque_curve: Vec<[f64; 2]>,
    max_rpm: f64,
    idle_rpm: f64,
    moi: f64,
    damping_rate_full_throttle: f64,
    damping_rate_zero_throttle_clutch_engaged: f64,
    damping_rate_zero_throttle_clutch_disengaged: f64,
    use_gear_autobox: bool,
    gear_switch_time: f64,
    autobox_latency: f64,
    clutch_strength: f64,
    final_ratio: f64,
    reverse_gear_ratio: f64,
    forward_gears: Vec<RawGear>,
    steering_curve: Vec<[f64; 2]>,
    steering_rate_deg_per_s: f64,
    ackermann_accuracy: f64,
    use_sweep_wheel_collision: bool,
    min_long_slip_denominator: f64,
    min_lat_slip_denominator: f64,
    low_speed_hold_below_mps: f64,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawGear {
    ratio: f64,
    down_ratio: f64,
    up_ratio: f64,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawDifferential {
    drive: String,
    front_share: f64,
    limited_slip_coupling: f64,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawWheel {
    position: [f64; 3],
    radius: f64,
    width_m: f64,
    inertia: f64,
    tire_friction: f64,
    damping_rate: f64,
    max_steer_angle: f64,
    max_brake_torque: f64,
    max_handbrake_torque: f64,
    long_stiff_value: f64,
    lat_stiff_max_load: f64,
    lat_stiff_value: f64,
    suspension_spring_rate: f64,
    suspension_damper: f64,
    suspension_max_compression: f64,
    suspension_max_droop: f64,
}

/// Engine: torque curve, rev limit, inertia and damping (CARLA/PhysX engine).
#[derive(Debug, Clone, PartialEq)]
pub struct EngineParams {
    /// Full-throttle torque, N·m, against rpm.
    pub torque_curve: Curve,
    /// Rev limit: no torque above it.
    pub max_rpm: f32,
    /// Speed the idle governor holds with the clutch open; 0 = no governor (electric).
    pub idle_rpm: f32,
    /// Rotational inertia, kg·m² (`moi`).
    pub moi_kg_m2: f32,
    /// Damping rate at full throttle, kg·m²/s.
    pub damping_full_throttle: f32,
    /// Damping rate at zero throttle with the clutch engaged (engine braking), kg·m²/s.
    pub damping_zero_throttle_clutch_engaged: f32,
    /// Damping rate at zero throttle with the clutch open, kg·m²/s.
    pub damping_zero_throttle_clutch_disengaged: f32,
}

/// One forward gear (`carla.GearPhysicsControl`).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct GearRatio {
    /// Gear ratio (engine turns per gearbox output turn).
    pub ratio: f32,
    /// The autobox shifts down below this fraction of max rpm.
    pub down_ratio: f32,
    /// The autobox shifts up above this fraction of max rpm.
    pub up_ratio: f32,
}

/// Gearbox and clutch.
#[derive(Debug, Clone, PartialEq)]
pub struct GearboxParams {
    /// Shift automatically (otherwise the driver shifts; see `VehicleControl::gear`).
    pub use_autobox: bool,
    /// Time in neutral during a shift, s.
    pub switch_time_s: f32,
    /// Least time between automatic shifts, s.
    pub autobox_latency_s: f32,
    /// Clutch torque per rad/s of slip, kg·m²/s.
    pub clutch_strength: f32,
    /// Final drive ratio.
    pub final_ratio: f32,
    /// Forward gears, first first.
    pub forward: Vec<GearRatio>,
    /// Reverse gear ratio (positive; the gearbox turns it backwards).
    pub reverse_ratio: f32,
}

/// Which wheels the engine drives.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DriveLayout {
    /// Wheels ahead of the centre of mass.
    Front,
    /// Wheels behind the centre of mass.
    Rear,
    /// All wheels, through a centre differential.
    All,
}

/// The differential between the gearbox and the driven wheels.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct DifferentialParams {
    /// Driven wheels.
    pub drive: DriveLayout,
    /// Share of the torque to the front axle when all wheels drive.
    pub front_share: f32,
    /// Limited-slip coupling between driven wheels, N·m per rad/s; 0 = open.
    pub limited_slip_coupling: f32,
}

/// Steering: speed-sensitive range, rate and geometry.
#[derive(Debug, Clone, PartialEq)]
pub struct SteeringParams {
    /// Factor of each wheel's max steer angle against forward speed (m/s).
    pub curve: Curve,
    /// How fast the road wheels follow the driver, rad/s.
    pub rate_rad_per_s: f32,
    /// 1 = Ackermann geometry, 0 = parallel steer (PhysX `ackermannAccuracy`).
    pub ackermann_accuracy: f32,
}

/// How the tires behave near rest (see `vehicle::tire`).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct LowSpeedParams {
    /// Floor of the longitudinal slip denominator, m/s.
    pub min_long_slip_denominator_mps: f32,
    /// Floor of the lateral slip denominator, m/s.
    pub min_lat_slip_denominator_mps: f32,
    /// Below this ground speed tires hold their share of gravity along the ground, m/s.
    pub hold_below_mps: f32,
}

/// One wheel of a sim car (`carla.WheelPhysicsControl` plus suspension and inertia).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SimWheel {
    /// Wheel centre at rest, chassis frame, m.
    pub position_m: Vec3,
    /// Radius, m.
    pub radius_m: f32,
    /// Width (for drawing), m.
    pub width_m: f32,
    /// Spin inertia, kg·m².
    pub inertia_kg_m2: f32,
    /// Multiplies the surface's friction coefficient.
    pub tire_friction: f32,
    /// Spin damping, kg·m²/s (rolling loss).
    pub damping_rate: f32,
    /// Largest steer angle, radians (0 = does not steer).
    pub max_steer_rad: f32,
    /// Brake torque at full pedal, N·m.
    pub max_brake_torque_nm: f32,
    /// Handbrake torque, N·m.
    pub max_handbrake_torque_nm: f32,
    /// Longitudinal stiffness per unit gravity: F_X = long_stiff_value·g·s_X (N per unit slip).
    pub long_stiff_value: f32,
    /// Normalised load at which the lateral stiffness stops growing.
    pub lat_stiff_max_load: f32,
    /// Lateral stiffness per radian per unit rest load.
    pub lat_stiff_value: f32,
    /// Suspension spring rate, N/m.
    pub spring_n_per_m: f32,
    /// Suspension damper, N·s/m.
    pub damper_n_s_per_m: f32,
    /// Travel above the rest position, m.
    pub max_compression_m: f32,
    /// Travel below the rest position, m.
    pub max_droop_m: f32,
    /// Ahead of the centre of mass.
    pub front: bool,
    /// Share of the driveshaft torque this wheel receives (0 = not driven).
    pub drive_share: f32,
    /// Mass this wheel's spring carries at rest, kg.
    pub sprung_mass_kg: f32,
    /// Static tire load on flat ground, N (F_N of the CARLA/PhysX tire formulas).
    pub rest_load_n: f32,
}

impl SimWheel {
    /// Lateral (cornering) stiffness at `load_n`, N/rad: PhysX tire model, rest load ×
    /// lat_stiff_value × a smoothing of the normalised load that saturates at
    /// lat_stiff_max_load (CarSimEd's smoothing, [`smooth_saturation`] of 3·load/max).
    pub fn lateral_stiffness_n_per_rad(&self, load_n: f32) -> f32 {
        let normalised = load_n / self.rest_load_n;
        self.rest_load_n * self.lat_stiff_value * smooth_saturation(3.0 * normalised / self.lat_stiff_max_load)
    }

    /// Longitudinal stiffness, N per unit slip ratio (PhysX: per unit gravity × g).
    pub fn longitudinal_stiffness_n(&self) -> f32 {
        self.long_stiff_value * STANDARD_GRAVITY_MPS2
    }

    /// Whether it steers.
    pub fn steers(&self) -> bool {
        self.max_steer_rad > 0.0
    }
}

/// CarSimEd smoothing used by the PhysX tire model: `k − k²/3 + k³/27`, which rises like
/// `k` near 0 and reaches 1 with zero slope at `k = 3`; 1 beyond.
pub fn smooth_saturation(k: f32) -> f32 {
    let k = k.clamp(0.0, 3.0);
    k - k * k / 3.0 + k * k * k / 27.0
}

/// Everything the sim model reads.
#[derive(Debug, Clone, PartialEq)]
pub struct SimParams {
    /// Centre of mass, chassis frame, m.
    pub center_of_mass_m: Vec3,
    /// Principal moments of inertia about the centre of mass (x roll, y yaw, z pitch), kg·m².
    pub inertia_kg_m2: Vec3,
    /// Aerodynamic drag coefficient C_d.
    pub drag_coefficient: f32,
    /// Frontal area A, m².
    pub frontal_area_m2: f32,
    /// Air density ρ, kg/m³.
    pub air_density_kg_per_m3: f32,
    /// Chassis angular damping, 1/s.
    pub angular_damping: f32,
    /// Engine.
    pub engine: EngineParams,
    /// Gearbox and clutch.
    pub gearbox: GearboxParams,
    /// Differential.
    pub differential: DifferentialParams,
    /// Steering.
    pub steering: SteeringParams,
    /// Low-speed tire treatment.
    pub low_speed: LowSpeedParams,
    /// Anti-roll bars per axle ([`super::anti_roll`]), N/m; added to the springs' force.
    pub anti_roll: AntiRollBars,
    /// Wheels, in file order.
    pub wheels: Vec<SimWheel>,
}

impl SimParams {
    /// Drag force magnitude at `speed_mps`: ½ρC_dAv².
    pub fn drag_n(&self, speed_mps: f32) -> f32 {
        0.5 * self.air_density_kg_per_m3 * self.drag_coefficient * self.frontal_area_m2 * speed_mps * speed_mps
    }

    /// Overall ratio of forward gear `gear` (1-based) with the final drive.
    pub fn overall_ratio(&self, gear: usize) -> f32 {
        self.gearbox.forward[gear - 1].ratio * self.gearbox.final_ratio
    }
}

/// Validates a sim car's own keys: its mass, wheels and steering range, and everything only
/// the sim model reads (derived values included). `chassis` is the car's validated body: its
/// boxes give the shape of the inertia.
pub(super) fn validate(
    v: &Validator,
    raw: &RawSimCar,
    chassis: &[ChassisBox],
) -> Result<(SharedPhysics, SimParams), ContentError> {
    let p = &raw.physics;
    let f = |field: &str, x: f64, lo: f64, hi: f64| v.range(field, x, lo, hi).map(|x| x as f32);
    let mass_kg = f("physics.mass", p.mass, 1.0, 1.0e6)?;
    let com = v.finite3("physics.center_of_mass", p.center_of_mass)?;
    if p.use_sweep_wheel_collision {
        return Err(v.fail(
            "physics.use_sweep_wheel_collision",
            "only the raycast suspension exists here: set it to false",
        ));
    }
    let engine = validate_engine(v, p)?;
    let gearbox = validate_gearbox(v, p)?;
    let steering = validate_steering(v, p)?;
    let low_speed = validate_low_speed(v, p)?;
    let differential = validate_differential(v, &raw.differential)?;
    let mut wheels = validate_wheels(v, &raw.wheels, com)?;

    let positions_m: Vec<Vec3> = wheels.iter().map(|w| w.position_m).collect();
    let sprung =
        sprung_masses(mass_kg, com, &positions_m).map_err(|problem| v.fail("physics.center_of_mass", problem))?;
    for (w, m) in wheels.iter_mut().zip(sprung) {
        w.sprung_mass_kg = m;
        w.rest_load_n = m * STANDARD_GRAVITY_MPS2;
    }
    assign_drive(&mut wheels, &differential).map_err(|problem| v.fail("differential.drive", problem))?;

    let wheel_defs = wheels
        .iter()
        .map(|w| WheelDef {
            origin_m: w.position_m + Vec3::Y * w.max_compression_m,
            steered: w.steers(),
            radius_m: w.radius_m,
            reach_m: w.max_compression_m + w.max_droop_m + w.radius_m,
        })
        .collect::<Vec<_>>();
    let max_radius = wheels.iter().map(|w| w.radius_m).fold(0.0, f32::max);
    let anti_roll = match &raw.anti_roll {
        Some(a) => AntiRollBars::parse(
            v,
            [
                ("anti_roll.front_n_per_m", a.front_n_per_m),
                ("anti_roll.rear_n_per_m", a.rear_n_per_m),
            ],
            &wheel_defs,
        )?,
        None => AntiRollBars::default(),
    };
    let sim = SimParams {
        center_of_mass_m: com,
        inertia_kg_m2: box_inertia(mass_kg, chassis),
        drag_coefficient: f("physics.drag_coefficient", p.drag_coefficient, 0.0, 10.0)?,
        frontal_area_m2: f("physics.frontal_area_m2", p.frontal_area_m2, 0.0, 100.0)?,
        air_density_kg_per_m3: f("physics.air_density_kg_per_m3", p.air_density_kg_per_m3, 0.0, 100.0)?,
        angular_damping: f("physics.angular_damping", p.angular_damping, 0.0, 100.0)?,
        engine,
        gearbox,
        differential,
        steering,
        low_speed,
        anti_roll,
        wheels,
    };
    let shared = SharedPhysics {
        mass_kg,
        wheel_radius_m: max_radius,
        wheel_width_m: sim.wheels.iter().map(|w| w.width_m).fold(0.0, f32::max),
        droop_m: wheel_defs.iter().map(|w| w.reach_m - w.radius_m).fold(0.0, f32::max),
        max_steer_rad: sim.wheels.iter().map(|w| w.max_steer_rad).fold(0.0, f32::max),
        steer_rate_rad_per_s: sim.steering.rate_rad_per_s,
        wheels: wheel_defs,
    };
    Ok((shared, sim))
}

/// `physics`' engine keys (CARLA/PhysX engine).
fn validate_engine(v: &Validator, p: &RawPhysics) -> Result<EngineParams, ContentError> {
    let f = |field: &str, x: f64, lo: f64, hi: f64| v.range(field, x, lo, hi).map(|x| x as f32);
    let max_rpm = f("physics.max_rpm", p.max_rpm, 100.0, 100_000.0)?;
    Ok(EngineParams {
        torque_curve: Curve::parse(v, "physics.torque_curve", &p.torque_curve, 0.0, 1.0e5)?,
        max_rpm,
        idle_rpm: f("physics.idle_rpm", p.idle_rpm, 0.0, max_rpm as f64 * 0.5)?,
        moi_kg_m2: f("physics.moi", p.moi, 1e-3, 100.0)?,
        damping_full_throttle: f(
            "physics.damping_rate_full_throttle",
            p.damping_rate_full_throttle,
            0.0,
            100.0,
        )?,
        damping_zero_throttle_clutch_engaged: f(
            "physics.damping_rate_zero_throttle_clutch_engaged",
            p.damping_rate_zero_throttle_clutch_engaged,
            0.0,
            100.0,
        )?,
        damping_zero_throttle_clutch_disengaged: f(
            "physics.damping_rate_zero_throttle_clutch_disengaged",
            p.damping_rate_zero_throttle_clutch_disengaged,
            0.0,
            100.0,
        )?,
    })
}

/// `physics`' gearbox and clutch keys; a gear's down-shift point must sit below its up-shift.
fn validate_gearbox(v: &Validator, p: &RawPhysics) -> Result<GearboxParams, ContentError> {
    let f = |field: &str, x: f64, lo: f64, hi: f64| v.range(field, x, lo, hi).map(|x| x as f32);
    if p.forward_gears.is_empty() {
        return Err(v.fail("physics.forward_gears", "needs at least one forward gear"));
    }
    let forward = p
        .forward_gears
        .iter()
        .enumerate()
        .map(|(i, g)| {
            let field = |k: &str| format!("physics.forward_gears[{i}].{k}");
            let gear = GearRatio {
                ratio: f(&field("ratio"), g.ratio, 0.05, 50.0)?,
                down_ratio: f(&field("down_ratio"), g.down_ratio, 0.0, 1.0)?,
                up_ratio: f(&field("up_ratio"), g.up_ratio, 0.0, 1.0)?,
            };
            if gear.down_ratio >= gear.up_ratio {
                return Err(v.fail(&field("down_ratio"), "must be below up_ratio (or the autobox hunts)"));
            }
            Ok(gear)
        })
        .collect::<Result<Vec<_>, ContentError>>()?;
    Ok(GearboxParams {
        use_autobox: p.use_gear_autobox,
        switch_time_s: f("physics.gear_switch_time", p.gear_switch_time, 0.0, 5.0)?,
        autobox_latency_s: f("physics.autobox_latency", p.autobox_latency, 0.0, 10.0)?,
        clutch_strength: f("physics.clutch_strength", p.clutch_strength, 1e-3, 1.0e4)?,
        final_ratio: f("physics.final_ratio", p.final_ratio, 0.1, 50.0)?,
        forward,
        reverse_ratio: f("physics.reverse_gear_ratio", p.reverse_gear_ratio, 0.05, 50.0)?,
    })
}

/// `physics`' steering keys: the speed curve, the rate, the Ackermann accuracy.
fn validate_steering(v: &Validator, p: &RawPhysics) -> Result<SteeringParams, ContentError> {
    let f = |field: &str, x: f64, lo: f64, hi: f64| v.range(field, x, lo, hi).map(|x| x as f32);
    Ok(SteeringParams {
        curve: Curve::parse(v, "physics.steering_curve", &p.steering_curve, 0.0, 1.0)?,
        rate_rad_per_s: f(
            "physics.steering_rate_deg_per_s",
            p.steering_rate_deg_per_s,
            1.0,
            10_000.0,
        )?
        .to_radians(),
        ackermann_accuracy: f("physics.ackermann_accuracy", p.ackermann_accuracy, 0.0, 1.0)?,
    })
}

/// `physics`' low-speed tire keys.
fn validate_low_speed(v: &Validator, p: &RawPhysics) -> Result<LowSpeedParams, ContentError> {
    let f = |field: &str, x: f64, lo: f64, hi: f64| v.range(field, x, lo, hi).map(|x| x as f32);
    Ok(LowSpeedParams {
        min_long_slip_denominator_mps: f(
            "physics.min_long_slip_denominator",
            p.min_long_slip_denominator,
            0.1,
            50.0,
        )?,
        min_lat_slip_denominator_mps: f(
            "physics.min_lat_slip_denominator",
            p.min_lat_slip_denominator,
            0.1,
            50.0,
        )?,
        hold_below_mps: f("physics.low_speed_hold_below_mps", p.low_speed_hold_below_mps, 0.0, 5.0)?,
    })
}

/// `[differential]`: which wheels drive and how the torque is shared.
fn validate_differential(v: &Validator, d: &RawDifferential) -> Result<DifferentialParams, ContentError> {
    let f = |field: &str, x: f64, lo: f64, hi: f64| v.range(field, x, lo, hi).map(|x| x as f32);
    let drive = match d.drive.as_str() {
        "front" => DriveLayout::Front,
        "rear" => DriveLayout::Rear,
        "all" => DriveLayout::All,
        other => {
            return Err(v.fail(
                "differential.drive",
                format!("unknown drive `{other}` (known: front, rear, all)"),
            ))
        }
    };
    Ok(DifferentialParams {
        drive,
        front_share: f("differential.front_share", d.front_share, 0.0, 1.0)?,
        limited_slip_coupling: f(
            "differential.limited_slip_coupling",
            d.limited_slip_coupling,
            0.0,
            1.0e5,
        )?,
    })
}

/// `[[wheels]]`: 1..=`MAX_WHEELS` of them, at least one steering; `front` from the centre
/// of mass `com`. Sprung masses and drive shares are derived afterwards, from them all.
fn validate_wheels(v: &Validator, raw_wheels: &[RawWheel], com: Vec3) -> Result<Vec<SimWheel>, ContentError> {
    let f = |field: &str, x: f64, lo: f64, hi: f64| v.range(field, x, lo, hi).map(|x| x as f32);
    check_wheel_count(v, "wheels", raw_wheels.len())?;
    let wheels = raw_wheels
        .iter()
        .enumerate()
        .map(|(i, w)| {
            let field = |k: &str| format!("wheels[{i}].{k}");
            let position_m = v.finite3(&field("position"), w.position)?;
            Ok(SimWheel {
                position_m,
                radius_m: f(&field("radius"), w.radius, 0.05, 5.0)?,
                width_m: f(&field("width_m"), w.width_m, 0.01, 5.0)?,
                inertia_kg_m2: f(&field("inertia"), w.inertia, 1e-3, 1000.0)?,
                tire_friction: f(&field("tire_friction"), w.tire_friction, 0.0, 10.0)?,
                damping_rate: f(&field("damping_rate"), w.damping_rate, 0.0, 100.0)?,
                max_steer_rad: f(&field("max_steer_angle"), w.max_steer_angle, 0.0, 80.0)?.to_radians(),
                max_brake_torque_nm: f(&field("max_brake_torque"), w.max_brake_torque, 0.0, 1.0e6)?,
                max_handbrake_torque_nm: f(&field("max_handbrake_torque"), w.max_handbrake_torque, 0.0, 1.0e6)?,
                long_stiff_value: f(&field("long_stiff_value"), w.long_stiff_value, 1.0, 1.0e7)?,
                lat_stiff_max_load: f(&field("lat_stiff_max_load"), w.lat_stiff_max_load, 0.01, 100.0)?,
                lat_stiff_value: f(&field("lat_stiff_value"), w.lat_stiff_value, 0.01, 1000.0)?,
                spring_n_per_m: f(&field("suspension_spring_rate"), w.suspension_spring_rate, 1.0, 1.0e8)?,
                damper_n_s_per_m: f(&field("suspension_damper"), w.suspension_damper, 0.0, 1.0e7)?,
                max_compression_m: f(
                    &field("suspension_max_compression"),
                    w.suspension_max_compression,
                    0.0,
                    2.0,
                )?,
                max_droop_m: f(&field("suspension_max_droop"), w.suspension_max_droop, 0.0, 2.0)?,
                front: position_m.z > com.z,
                drive_share: 0.0,
                sprung_mass_kg: 0.0,
                rest_load_n: 0.0,
            })
        })
        .collect::<Result<Vec<_>, ContentError>>()?;
    if !wheels.iter().any(SimWheel::steers) {
        return Err(v.fail("wheels", "at least one wheel needs max_steer_angle > 0"));
    }
    Ok(wheels)
}

fn assign_drive(wheels: &mut [SimWheel], d: &DifferentialParams) -> Result<(), String> {
    let n_front = wheels.iter().filter(|w| w.front).count() as f32;
    let n_rear = wheels.len() as f32 - n_front;
    let (front_share, rear_share) = match d.drive {
        DriveLayout::Front => (1.0, 0.0),
        DriveLayout::Rear => (0.0, 1.0),
        DriveLayout::All => (d.front_share, 1.0 - d.front_share),
    };
    if (front_share > 0.0 && n_front == 0.0) || (rear_share > 0.0 && n_rear == 0.0) {
        return Err(format!(
            "no wheel to drive: {} wheels ahead of the centre of mass, {} behind",
            n_front, n_rear
        ));
    }
    for w in wheels {
        w.drive_share = if w.front {
            front_share / n_front.max(1.0)
        } else {
            rear_share / n_rear.max(1.0)
        };
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::content::toml_file::parse_bytes;
    use crate::content::ContentRoot;

    fn sedan_text() -> String {
        String::from_utf8(ContentRoot::Embedded.read("cars/sedan.toml").unwrap().into_owned()).unwrap()
    }

    /// The sim keys of a car file, validated against a one-box chassis (the file's own
    /// boxes only shape the inertia, which these tests do not read).
    fn parse_sim(text: &str) -> Result<SimParams, ContentError> {
        let raw: RawSimCar = parse_bytes("sedan.toml", text.as_bytes())?;
        let chassis = [ChassisBox {
            size_m: Vec3::ONE,
            position_m: Vec3::ZERO,
        }];
        validate(&Validator::new("sedan.toml"), &raw, &chassis).map(|(_, sim)| sim)
    }

    #[test]
    fn axle_loads_follow_the_centre_of_mass() {
        let sim = parse_sim(&sedan_text()).unwrap();
        // Axles at z = 1.40 and −1.30, centre of mass at z = 0.15: the front axle carries
        // (0.15 + 1.30) / 2.70 of 1500 kg = 805.6 kg, 402.8 kg per wheel (lever rule).
        let front = 1500.0 * (0.15 + 1.30) / 2.70 / 2.0;
        for w in &sim.wheels {
            let expected = if w.front { front } else { 750.0 - front };
            assert!(
                (w.sprung_mass_kg - expected).abs() < 0.05,
                "{} vs {expected}",
                w.sprung_mass_kg
            );
        }
        let total: f32 = sim.wheels.iter().map(|w| w.sprung_mass_kg).sum();
        assert!((total - 1500.0).abs() < 0.01);
        assert_eq!(
            sim.wheels.iter().filter(|w| w.drive_share > 0.0).count(),
            2,
            "rear drive"
        );
    }

    #[test]
    fn centre_of_mass_outside_the_wheels_is_named() {
        let e =
            parse_sim(&sedan_text().replace("center_of_mass = [0.0, 0.50, 0.15]", "center_of_mass = [0.0, 0.5, 3.0]"))
                .unwrap_err();
        assert_eq!(e.field, "physics.center_of_mass");
        assert!(e.problem.contains("footprint"), "{e}");
    }

    #[test]
    fn sweep_collision_is_refused() {
        let e =
            parse_sim(&sedan_text().replace("use_sweep_wheel_collision = false", "use_sweep_wheel_collision = true"))
                .unwrap_err();
        assert_eq!(e.field, "physics.use_sweep_wheel_collision");
    }

    #[test]
    fn nan_in_a_wheel_is_named() {
        let e = parse_sim(&sedan_text().replacen("lat_stiff_value = 20.0", "lat_stiff_value = nan", 1)).unwrap_err();
        assert_eq!(e.field, "wheels[0].lat_stiff_value");
    }

    #[test]
    fn smoothing_reaches_one_at_three() {
        assert_eq!(smooth_saturation(3.0), 1.0);
        assert_eq!(smooth_saturation(7.0), 1.0);
        assert!((smooth_saturation(1.5) - 0.875).abs() < 1e-6);
        assert!((smooth_saturation(0.01) - 0.01).abs() < 1e-4);
    }
}
