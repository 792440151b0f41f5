//! The `arcade` model's parameters, read from a car file with `model = "arcade"`: its
//! mass, wheels and steering range ([`SharedPhysics`]) and its HARFANG tuning
//! ([`ArcadeParams`]).
//!
//! ## How the HARFANG constants map to ours
//! HARFANG's car applies, per wheel and per rendered frame, an impulse `n(n·v)·Sf` (bounce), a
//! force `n·sqrt(reach − hit)·Tr·m/4` (tire reaction) and an impulse `x(x·v)·Ta` (lateral
//! adhesion). Impulses per frame depend on the frame rate and, with fixed Sf/Ta, on the
//! mass. We keep the reaction as it is (`tire_reaction` = Tr: a force ∝ m, so mass-free and
//! rate-free) and turn the two impulses into decay rates of a wheel's velocity component
//! acting on a quarter of the mass:
//! `J = −(m/4)·(1 − e^(−rate·dt))·component`. So `Sf ≈ (m/4)(1 − e^(−spring_bounce_per_s·dt))`
//! and `Ta ≈ (m/4)(1 − e^(−lateral_adhesion_per_s·dt))` at HARFANG's dt, and a car behaves
//! the same at any tick rate and any mass. Thrust and brake are accelerations (HARFANG's
//! force is `mass × value`), so they too are mass-free.

use super::anti_roll::AntiRollBars;
use super::chassis::{check_wheel_count, ChassisBox, SharedPhysics, WheelDef};
use super::curve::Curve;
use crate::content::validate::Validator;
use crate::content::ContentError;
use glam::Vec3;
use serde::de::IgnoredAny;
use serde::Deserialize;

/// An arcade car file's keys. The shared ones (`description`, `model`, `color`, `chassis`,
/// `slipstream`)
/// are read by the definition; they are named here so `deny_unknown_fields` accepts them.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawArcadeCar {
    #[serde(rename = "description")]
    _description: IgnoredAny,
    #[serde(rename = "model")]
    _model: IgnoredAny,
    mass_kg: f64,
    #[serde(default)]
    center_of_mass_m: Option<[f64; 3]>,
    #[serde(rename = "color")]
    _color: IgnoredAny,
    #[serde(rename = "look_model", default)]
    _look_model: Option<IgnoredAny>,
    #[serde(rename = "slipstream", default)]
    _slipstream: Option<IgnoredAny>,
    #[serde(rename = "chassis")]
    _chassis: IgnoredAny,
    wheels: RawWheels,
    steering: RawSteering,
    drive: RawDrive,
    tires: RawTires,
    damping: RawDamping,
    #[serde(default)]
    anti_roll: Option<RawAntiRoll>,
}

/// Anti-roll bar stiffness per axle, N/m of compression difference per kg of a wheel's
/// share of the mass (mass-free, like the tire reaction).
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawAntiRoll {
    front_n_per_m_per_kg: f64,
    rear_n_per_m_per_kg: f64,
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
    #[serde(default)]
    steering_curve: Option<Vec<[f64; 2]>>,
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
    #[serde(default)]
    anti_lift: Option<f64>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawTires {
    tire_reaction: f64,
    spring_bounce_per_s: f64,
    lateral_adhesion_per_s: f64,
    #[serde(default)]
    tire_friction: Option<f64>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawDamping {
    linear: f64,
    angular: f64,
}

/// The arcade model's tuning (HARFANG raycast car; mapping of Sf/Tr/Ta in the module doc).
#[derive(Debug, Clone, PartialEq)]
pub struct ArcadeParams {
    /// Full lock against speed: `[speed m/s, fraction of max_angle_deg]` (CARLA's
    /// `steering_curve`, the same key as the sim model's). Absent: the full angle at every
    /// speed, as in HARFANG's car.
    pub steering_curve: Curve,
    /// Coulomb limit of the lateral friction: a wheel's sideways impulse in a tick is at
    /// most `tire_friction × surface μ × its normal force × dt`. `None` (key absent): the
    /// HARFANG car's unbounded viscous friction.
    pub tire_friction: Option<f32>,
    /// Anti-roll bars per axle ([`super::anti_roll`]), stiffness per kg of a wheel's share
    /// of the mass; acting on the tire-reaction term.
    pub anti_roll: AntiRollBars,
    /// Centre of mass in the chassis frame, m (the file's `center_of_mass_m`). `None` (key
    /// absent): the collision boxes' centroid, mass shared by volume, as in HARFANG's car, which
    /// for a car drawn as a body box and a cabin box sits too high (the coupe's at 0.66 m)
    /// and mid-wheelbase.
    pub center_of_mass_m: Option<Vec3>,
    /// Full-throttle thrust per unit mass, m/s².
    pub thrust_mps2: f32,
    /// Anti-lift of the driven wheels, 0..1: the share of the thrust's pitch moment that
    /// the suspension links carry instead of the springs (anti-squat/anti-lift geometry,
    /// Milliken & Milliken, *Race Car Vehicle Dynamics*, ch. 17), applied as the thrust
    /// acting that share of the centre of mass's height above the contact patch. 0 (key
    /// absent): at the patch, all of the moment on the springs. If full throttle lifts the
    /// front wheels, raise it; if the car squats too little, lower it.
    pub anti_lift: f32,
    /// Reverse thrust as a fraction of forward thrust.
    pub reverse_fraction: f32,
    /// Full-pedal brake deceleration with every wheel down, m/s².
    pub brake_mps2: f32,
    /// Below this speed the brake ramps down linearly (HARFANG's `min(|v|, 1)` uses 1 m/s).
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

impl ArcadeParams {
    /// Compression at which `wheel_count` tire reactions carry the car on flat ground:
    /// Σ sqrt(c)·Tr·m/4 = m·g with every wheel equal → c = (4g / (N·Tr))².
    pub fn rest_compression_m(&self, wheel_count: usize, gravity_mps2: f32) -> f32 {
        let per_wheel = 4.0 * gravity_mps2 / (wheel_count as f32 * self.tire_reaction);
        per_wheel * per_wheel
    }
}

/// Validates an arcade car's own keys: its mass, wheels and steering range, then its tuning
/// (`chassis`, the car's validated collision boxes, bound its centre of mass).
pub(super) fn validate(
    v: &Validator,
    raw: &RawArcadeCar,
    chassis: &[ChassisBox],
) -> Result<(SharedPhysics, ArcadeParams), ContentError> {
    let w = &raw.wheels;
    check_wheel_count(v, "wheels.positions_m", w.positions_m.len())?;
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
    let shared = SharedPhysics {
        mass_kg: f("mass_kg", raw.mass_kg, 1.0, 1.0e6)?,
        wheels,
        wheel_radius_m: radius_m,
        wheel_width_m: f("wheels.width_m", w.width_m, 0.01, 5.0)?,
        droop_m,
        max_steer_rad: f("steering.max_angle_deg", raw.steering.max_angle_deg, 0.0, 89.0)?.to_radians(),
        steer_rate_rad_per_s: f("steering.rate_deg_per_s", raw.steering.rate_deg_per_s, 1.0, 10_000.0)?.to_radians(),
    };
    let steering_curve = match &raw.steering.steering_curve {
        Some(points) => Curve::parse(v, "steering.steering_curve", points, 0.0, 1.0)?,
        None => Curve::from_points(vec![(0.0, 1.0)]),
    };
    let tire_friction = match raw.tires.tire_friction {
        Some(mu) => Some(f("tires.tire_friction", mu, 0.01, 10.0)?),
        None => None,
    };
    let anti_roll = match &raw.anti_roll {
        Some(a) => AntiRollBars::parse(
            v,
            [
                ("anti_roll.front_n_per_m_per_kg", a.front_n_per_m_per_kg),
                ("anti_roll.rear_n_per_m_per_kg", a.rear_n_per_m_per_kg),
            ],
            &shared.wheels,
        )?,
        None => AntiRollBars::default(),
    };
    let center_of_mass_m = match raw.center_of_mass_m {
        Some(c) => Some(center_of_mass(v, c, chassis, &shared.wheels)?),
        None => None,
    };
    let tuning = ArcadeParams {
        steering_curve,
        tire_friction,
        anti_roll,
        center_of_mass_m,
        thrust_mps2: f("drive.thrust_mps2", raw.drive.thrust_mps2, 0.0, 1000.0)?,
        anti_lift: match raw.drive.anti_lift {
            Some(a) => f("drive.anti_lift", a, 0.0, 1.0)?,
            None => 0.0,
        },
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
    };
    Ok((shared, tuning))
}

/// The centre of mass `c`, checked: its height within the chassis boxes (above the lowest
/// box's floor, below the highest box's roof), across and along within the wheels'
/// footprint, so the wheels can carry it.
fn center_of_mass(
    v: &Validator,
    c: [f64; 3],
    chassis: &[ChassisBox],
    wheels: &[WheelDef],
) -> Result<Vec3, ContentError> {
    let field = "center_of_mass_m";
    // To the millimetre, so an error names the range as the file's numbers give it.
    let mm = |x: f32| (x as f64 * 1000.0).round() / 1000.0;
    let span = |values: &mut dyn Iterator<Item = (f32, f32)>| {
        values.fold((f64::INFINITY, f64::NEG_INFINITY), |(lo, hi), (a, b)| {
            (lo.min(mm(a)), hi.max(mm(b)))
        })
    };
    let (floor, roof) = span(&mut chassis.iter().map(|b| {
        let (y, h) = (b.position_m.y, b.size_m.y * 0.5);
        (y - h, y + h)
    }));
    let (left, right) = span(&mut wheels.iter().map(|w| (w.origin_m.x, w.origin_m.x)));
    let (rear, front) = span(&mut wheels.iter().map(|w| (w.origin_m.z, w.origin_m.z)));
    if !(floor.is_finite() && roof.is_finite() && left.is_finite() && rear.is_finite()) {
        return Err(v.fail(field, "needs chassis boxes and wheels to lie in"));
    }
    let x = v.range(&format!("{field}[0]"), c[0], left, right)?;
    let y = v.range(&format!("{field}[1]"), c[1], floor, roof)?;
    let z = v.range(&format!("{field}[2]"), c[2], rear, front)?;
    Ok(Vec3::new(x as f32, y as f32, z as f32))
}
