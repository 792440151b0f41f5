//! `skidpad validate`: drives a sim car through standard manoeuvres on flat asphalt and
//! compares what the 3D simulation does with what physics says it should, at 60, 120 and
//! 240 Hz.
//!
//! | manoeuvre | expectation and its source |
//! |---|---|
//! | straight braking from 100 km/h | `ln(1 + k·v²/a)/(2k)`, a = min(μg, brake torque/(r·m)), k = ½ρC_dA/m: v²/2μg with drag |
//! | circle of 40 m at rising speed | max lateral acceleration μg (friction circle: Σμ·F_z = μ·m·g) |
//! | step steer at 10/20/30 m/s | steady yaw rate = linear bicycle model gain × road-wheel angle |
//! | 0–100 km/h | point-mass drivetrain model (`vehicle::longitudinal`): torque curve, gears, clutch, traction, drag |
//! | top speed | the same model's balance of power against drag and rolling loss |
//! | coast-down 100→50 km/h | the same model with the throttle closed: drag, rolling loss, engine braking |
//!
//! Each manoeuvre also runs at every rate, and its results must agree within 2 %.
//! μ is the surface's friction times the tires' `tire_friction`.

mod manoeuvres;
mod proving_ground;

use crate::content::{ContentError, MaterialTable};
use crate::vehicle::BicycleModel;
use crate::vehicle::CarDef;
use crate::vehicle::PointMass;
use serde::Serialize;

/// Gravity the world applies, m/s².
const G: f32 = 9.81;
/// 100 km/h in m/s.
const KMH_100: f32 = 100.0 / 3.6;
/// Rates every manoeuvre runs at.
pub const RATES_HZ: [u32; 3] = [60, 120, 240];
/// Largest spread between rates, relative.
pub const RATE_AGREEMENT: f64 = 0.02;
/// Step-steer speeds, m/s.
pub const STEP_STEER_SPEEDS_MPS: [f32; 3] = [10.0, 20.0, 30.0];
/// Lateral acceleration the step steer aims for: well inside the linear range, m/s².
const STEP_STEER_LATERAL_MPS2: f64 = 0.5;
/// Radius of the circle, m.
const CIRCLE_RADIUS_M: f32 = 40.0;

/// One comparison of the simulation with its expectation.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ValidationCheck {
    /// What was measured, e.g. `braking_100_kmh_distance`.
    pub name: String,
    /// Tick rate, Hz (None for the agreement between rates).
    pub rate_hz: Option<u32>,
    /// The simulation's figure.
    pub measured: f64,
    /// What it should be.
    pub expected: f64,
    /// Largest relative difference accepted.
    pub tolerance: f64,
    /// Unit of `measured` and `expected`.
    pub unit: &'static str,
    /// Where `expected` comes from.
    pub source: String,
    /// |measured − expected| ≤ tolerance × |expected|.
    pub pass: bool,
}

impl ValidationCheck {
    fn new(
        name: &str,
        rate_hz: Option<u32>,
        measured: f64,
        expected: f64,
        tolerance: f64,
        unit: &'static str,
        source: &str,
    ) -> ValidationCheck {
        let pass = measured.is_finite() && (measured - expected).abs() <= tolerance * expected.abs();
        ValidationCheck {
            name: name.to_string(),
            rate_hz,
            measured,
            expected,
            tolerance,
            unit,
            source: source.to_string(),
            pass,
        }
    }
}

/// Every check of one car.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Report {
    /// The car's name.
    pub car: String,
    /// Friction coefficient of the surface times the tires', the μ of every expectation.
    pub mu: f64,
    /// The checks, manoeuvre by manoeuvre.
    pub checks: Vec<ValidationCheck>,
}

impl Report {
    /// Every check passed.
    pub fn pass(&self) -> bool {
        self.checks.iter().all(|c| c.pass)
    }
}

/// Runs the suite for `car` at `rates`. Errors only when the car is not a sim car or the
/// proving ground cannot be built.
pub fn validate(materials: &MaterialTable, car: &CarDef, rates: &[u32]) -> Result<Report, ContentError> {
    let not_sim = || ContentError::new("--car", &car.name, "validation needs a sim-model car (model = \"sim\")");
    let sim = car.sim().ok_or_else(not_sim)?;
    let surface = materials
        .get(materials.id(proving_ground::SURFACE, "proving ground", "terrain")?)
        .friction;
    let tire = sim.wheels.iter().map(|w| w.tire_friction).fold(f32::MAX, f32::min);
    let mu = surface * tire;
    let pm = PointMass::new(car, surface, G).ok_or_else(not_sim)?;
    let bicycle = BicycleModel::of_car(car).ok_or_else(not_sim)?;
    let mut checks = Vec::new();
    let agree = |checks: &mut Vec<ValidationCheck>, name: &str, values: &[f64]| {
        if values.len() < 2 {
            return;
        }
        let reference = values[values.len() - 1];
        let worst = values.iter().map(|v| (v - reference).abs()).fold(0.0, f64::max);
        checks.push(ValidationCheck::new(
            &format!("{name}_rate_agreement"),
            None,
            reference + worst,
            reference,
            RATE_AGREEMENT,
            "",
            &format!("largest difference from the {} Hz run", rates[rates.len() - 1]),
        ));
    };

    // Straight braking.
    let k = 0.5 * sim.air_density_kg_per_m3 * sim.drag_coefficient * sim.frontal_area_m2 / car.mass_kg;
    let brake_capacity: f32 = sim
        .wheels
        .iter()
        .map(|w| w.max_brake_torque_nm / w.radius_m)
        .sum::<f32>()
        / car.mass_kg;
    let decel = (mu * G).min(brake_capacity) as f64;
    let v0 = KMH_100 as f64;
    let expected = if k > 0.0 {
        (1.0 + k as f64 * v0 * v0 / decel).ln() / (2.0 * k as f64)
    } else {
        v0 * v0 / (2.0 * decel)
    };
    let mut values = Vec::new();
    for &rate in rates {
        let measured = manoeuvres::braking_distance(materials, car, rate, KMH_100)? as f64;
        values.push(measured);
        checks.push(ValidationCheck::new(
            "braking_100_kmh_distance",
            Some(rate),
            measured,
            expected,
            0.03,
            "m",
            "v²/2a with drag: ln(1 + k·v²/a)/2k, a = min(μg, brake torque / (r·m)), k = ½ρC_dA/m",
        ));
    }
    agree(&mut checks, "braking_100_kmh_distance", &values);

    // Circle.
    let mut values = Vec::new();
    for &rate in rates {
        let measured = manoeuvres::circle_max_lateral_accel(materials, car, rate, CIRCLE_RADIUS_M, mu * G)? as f64;
        values.push(measured);
        checks.push(ValidationCheck::new(
            "circle_40_m_max_lateral_accel",
            Some(rate),
            measured,
            (mu * G) as f64,
            0.10,
            "m/s²",
            "friction circle: every tire at μ·F_z gives μ·g; a real car reaches a little less (the rear also drives)",
        ));
    }
    agree(&mut checks, "circle_40_m_max_lateral_accel", &values);

    // Step steer.
    for &speed in &STEP_STEER_SPEEDS_MPS {
        let v = speed as f64;
        let gain = bicycle.yaw_rate_gain_per_s(v).unwrap_or(0.0);
        let delta = if gain > 0.0 {
            STEP_STEER_LATERAL_MPS2 / v / gain
        } else {
            0.01
        };
        let name = format!("step_steer_{}_mps_yaw_rate", speed as u32);
        let mut values = Vec::new();
        for &rate in rates {
            let m = manoeuvres::step_steer(materials, car, rate, speed, delta as f32)?;
            let expected = bicycle.yaw_rate_gain_per_s(m.speed_mps as f64).unwrap_or(0.0) * m.steer_rad as f64;
            values.push(m.yaw_rate_rad_per_s as f64);
            checks.push(ValidationCheck::new(
                &name,
                Some(rate),
                m.yaw_rate_rad_per_s as f64,
                expected,
                0.05,
                "rad/s",
                "linear bicycle model (the Xbox car-dynamics report): r = v/(L + K_us·v²) × measured road-wheel angle",
            ));
        }
        agree(&mut checks, &name, &values);
    }

    // 0–100 km/h.
    let expected = pm.accelerate(0.0, KMH_100, 60.0).time_s as f64;
    let mut values = Vec::new();
    for &rate in rates {
        let measured = manoeuvres::acceleration_time(materials, car, rate, KMH_100)? as f64;
        values.push(measured);
        checks.push(ValidationCheck::new(
            "zero_to_100_kmh_time",
            Some(rate),
            measured,
            expected,
            0.08,
            "s",
            "point-mass drivetrain: torque curve through clutch and gears, traction with load transfer, drag",
        ));
    }
    agree(&mut checks, "zero_to_100_kmh_time", &values);

    // Top speed.
    let expected = pm.top_speed_mps() as f64;
    let mut values = Vec::new();
    for &rate in rates {
        let measured = manoeuvres::top_speed(materials, car, rate)? as f64;
        values.push(measured);
        checks.push(ValidationCheck::new(
            "top_speed",
            Some(rate),
            measured,
            expected,
            0.03,
            "m/s",
            "engine power at the wheels against ½ρC_dAv² and rolling loss, within the rev limit",
        ));
    }
    agree(&mut checks, "top_speed", &values);

    // Coast-down.
    let mut values = Vec::new();
    for &rate in rates {
        let m = manoeuvres::coast_down(materials, car, rate, KMH_100, KMH_100 * 0.5)?;
        let expected = pm.coast_from_gear(KMH_100, KMH_100 * 0.5, 120.0, m.start_gear).time_s as f64;
        values.push(m.time_s as f64);
        checks.push(ValidationCheck::new(
            "coast_down_100_to_50_kmh_time",
            Some(rate),
            m.time_s as f64,
            expected,
            0.05,
            "s",
            "point-mass with the throttle closed: drag, wheel damping, engine braking through the clutch, autobox",
        ));
    }
    agree(&mut checks, "coast_down_100_to_50_kmh_time", &values);

    Ok(Report {
        car: car.name.clone(),
        mu: mu as f64,
        checks,
    })
}
