//! A point-mass longitudinal model of a sim car: what its engine, gearbox, wheels and drag
//! allow in a straight line, without the 3D simulation. It gives the validation suite its
//! expected 0–100 km/h time, top speed and coast-down, and the racing-line speed profile
//! its acceleration limit.
//!
//! The car is one mass `m + Σ I_w/r² + I_e·G²/r²` (the rotating parts' inertia seen at the
//! road) pushed by `G·T_clutch/r` and held back by drag ½ρC_dAv² and the wheels' damping
//! `Σ damping_rate·ω/r`. The clutch transmits the torque at which the engine balances it:
//! `T(ω_e) − μ·ω_e = clutch_strength·(ω_e − G·v/r)` (the quasi-steady slip of the
//! drivetrain model). Drive force never exceeds the driven axle's grip `μ·F_z` with the
//! longitudinal load transfer `m·a·h/L`. Gears change by the same autobox as the 3D car.

use super::control::VehicleControl;
use super::definition::CarDef;
use super::drivetrain::{Gearbox, RAD_PER_S_PER_RPM};
use super::sim_params::{DriveLayout, SimParams};

/// Integration step of the point-mass runs, s.
const STEP_S: f32 = 1.0e-3;

/// A sim car reduced to its straight-line behaviour on a surface of friction `μ`.
#[derive(Debug, Clone, Copy)]
pub struct PointMass<'a> {
    p: &'a SimParams,
    mass_kg: f32,
    surface_mu: f32,
    gravity_mps2: f32,
}

/// Where a run ended.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct PointMassRun {
    /// Time taken, s (the run's limit when `reached` is false).
    pub time_s: f32,
    /// Distance covered, m.
    pub distance_m: f32,
    /// Speed at the end, m/s.
    pub speed_mps: f32,
    /// The target speed was reached.
    pub reached: bool,
}

impl<'a> PointMass<'a> {
    /// The model of `def` (None for an arcade car) on a surface of friction `surface_mu`.
    pub fn new(def: &'a CarDef, surface_mu: f32, gravity_mps2: f32) -> Option<Self> {
        Some(Self {
            p: def.sim()?,
            mass_kg: def.mass_kg,
            surface_mu,
            gravity_mps2,
        })
    }

    fn driven_radius_m(&self) -> f32 {
        let (sum, n) = self
            .p
            .wheels
            .iter()
            .filter(|w| w.drive_share > 0.0)
            .fold((0.0, 0.0), |(s, n), w| (s + w.radius_m, n + 1.0));
        sum / n
    }

    /// Height of the centre of mass above the ground at rest, m.
    pub fn com_height_m(&self) -> f32 {
        let ground =
            self.p.wheels.iter().map(|w| w.position_m.y - w.radius_m).sum::<f32>() / self.p.wheels.len() as f32;
        self.p.center_of_mass_m.y - ground
    }

    /// The largest drive force the driven tires carry, N, with the load the axle gains
    /// (or loses) from the longitudinal load transfer of that very acceleration.
    pub fn traction_limit_n(&self) -> f32 {
        let p = self.p;
        let mu = self.surface_mu
            * p.wheels
                .iter()
                .filter(|w| w.drive_share > 0.0)
                .map(|w| w.tire_friction)
                .fold(f32::MAX, f32::min);
        let weight = self.mass_kg * self.gravity_mps2;
        let (front_z, rear_z) = axle_z(p);
        let wheelbase = front_z - rear_z;
        let l_f = front_z - p.center_of_mass_m.z;
        let l_r = p.center_of_mass_m.z - rear_z;
        let h = self.com_height_m();
        match p.differential.drive {
            // F = μ·(W·l_f/L + F·h/L)  →  F = μ·W·l_f / (L − μ·h).
            DriveLayout::Rear => mu * weight * l_f / (wheelbase - mu * h).max(1e-3),
            // F = μ·(W·l_r/L − F·h/L)  →  F = μ·W·l_r / (L + μ·h).
            DriveLayout::Front => mu * weight * l_r / (wheelbase + mu * h),
            DriveLayout::All => mu * weight,
        }
    }

    /// Torque the clutch passes from the engine at full throttle (or the engine's drag at
    /// zero throttle) when the driveline turns the engine side at `driveline_omega`.
    pub fn clutch_torque_nm(&self, driveline_omega: f32, throttle: f32) -> f32 {
        let e = &self.p.engine;
        let kc = self.p.gearbox.clutch_strength;
        let max_omega = e.max_rpm * RAD_PER_S_PER_RPM;
        if throttle <= 0.0 {
            // Engine braking: K_c·(ω_d − ω) = μ·ω → T = −K_c·μ·ω_d / (K_c + μ).
            let mu = e.damping_zero_throttle_clutch_engaged;
            return -kc * mu * driveline_omega / (kc + mu);
        }
        let mu = e.damping_full_throttle;
        let net = |omega: f32| {
            let torque = if omega >= max_omega {
                0.0
            } else {
                e.torque_curve.eval(omega / RAD_PER_S_PER_RPM)
            };
            torque - mu * omega - kc * (omega - driveline_omega)
        };
        if driveline_omega >= max_omega {
            return -mu * driveline_omega;
        }
        if net(max_omega) >= 0.0 {
            // The engine would rev past its limit: the limiter holds it there.
            return kc * (max_omega - driveline_omega);
        }
        let (mut lo, mut hi) = (driveline_omega, max_omega);
        for _ in 0..60 {
            let mid = 0.5 * (lo + hi);
            if net(mid) > 0.0 {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        kc * (0.5 * (lo + hi) - driveline_omega)
    }

    /// Net longitudinal force at `speed_mps` in a gear of overall ratio `ratio` (0 =
    /// neutral) with the throttle full or closed, and the effective mass, kg.
    pub fn net_force_n(&self, speed_mps: f32, ratio: f32, throttle: f32) -> (f32, f32) {
        let p = self.p;
        let r = self.driven_radius_m();
        let mut drive = 0.0;
        let mut mass = self.mass_kg;
        for w in &p.wheels {
            mass += w.inertia_kg_m2 / (w.radius_m * w.radius_m);
        }
        let idle = p.engine.idle_rpm * RAD_PER_S_PER_RPM;
        let driveline = ratio * speed_mps / r;
        let engaged = ratio != 0.0 && (throttle > 0.0 || idle <= 0.0 || driveline > 1.1 * idle);
        let rolling: f32 = p
            .wheels
            .iter()
            .map(|w| w.damping_rate * speed_mps / (w.radius_m * w.radius_m))
            .sum();
        let resistance = rolling + p.drag_n(speed_mps);
        if engaged {
            drive = ratio * self.clutch_torque_nm(driveline, throttle) / r;
            let traction = self.traction_limit_n();
            if drive > traction {
                // Wheelspin: the road takes only what the tires carry, and the engine's
                // surplus spins the engine and wheels, not the car.
                return (traction - resistance, mass);
            }
            mass += p.engine.moi_kg_m2 * ratio * ratio / (r * r);
        }
        (drive - resistance, mass)
    }

    fn run(&self, from_mps: f32, to_mps: f32, throttle: f32, limit_s: f32, start_gear: Option<i8>) -> PointMassRun {
        let p = self.p;
        let r = self.driven_radius_m();
        let mut gearbox = Gearbox {
            gear: 1,
            target: 1,
            ..Gearbox::default()
        };
        let control = VehicleControl {
            throttle,
            ..VehicleControl::default()
        };
        let (mut v, mut t, mut x) = (from_mps, 0.0f32, 0.0f32);
        let accelerating = to_mps > from_mps;
        // Start in the gear given, or the one the autobox would hold at this speed.
        if let Some(g) = start_gear.filter(|g| *g > 0 && (*g as usize) <= p.gearbox.forward.len()) {
            gearbox.gear = g;
            gearbox.target = g;
        }
        while start_gear.is_none()
            && (gearbox.gear as usize) < p.gearbox.forward.len()
            && gearbox.overall_ratio(&p.gearbox) * v / r / RAD_PER_S_PER_RPM
                > p.gearbox.forward[gearbox.gear as usize - 1].up_ratio * p.engine.max_rpm
        {
            gearbox.gear += 1;
            gearbox.target = gearbox.gear;
        }
        gearbox.since_shift_s = p.gearbox.autobox_latency_s;
        while t < limit_s {
            if (accelerating && v >= to_mps) || (!accelerating && v <= to_mps) {
                return PointMassRun {
                    time_s: t,
                    distance_m: x,
                    speed_mps: v,
                    reached: true,
                };
            }
            let ratio = gearbox.overall_ratio(&p.gearbox);
            let driveline_rpm = (ratio * v / r).abs() / RAD_PER_S_PER_RPM;
            gearbox.update(&p.gearbox, p.engine.max_rpm, &control, driveline_rpm, STEP_S);
            let (force, mass) = self.net_force_n(v, gearbox.overall_ratio(&p.gearbox), throttle);
            v = (v + force / mass * STEP_S).max(0.0);
            x += v * STEP_S;
            t += STEP_S;
        }
        PointMassRun {
            time_s: t,
            distance_m: x,
            speed_mps: v,
            reached: false,
        }
    }

    /// Full throttle from `from_mps` until `to_mps` (or `limit_s`).
    pub fn accelerate(&self, from_mps: f32, to_mps: f32, limit_s: f32) -> PointMassRun {
        self.run(from_mps, to_mps, 1.0, limit_s, None)
    }

    /// Closed throttle, no brakes, from `from_mps` down to `to_mps` (or `limit_s`).
    pub fn coast(&self, from_mps: f32, to_mps: f32, limit_s: f32) -> PointMassRun {
        self.run(from_mps, to_mps, 0.0, limit_s, None)
    }

    /// [`PointMass::coast`] starting in forward gear `gear` (as a car that was cruising).
    pub fn coast_from_gear(&self, from_mps: f32, to_mps: f32, limit_s: f32, gear: i8) -> PointMassRun {
        self.run(from_mps, to_mps, 0.0, limit_s, Some(gear))
    }

    /// Top speed: the highest speed at which some forward gear, below the rev limit, still
    /// pushes harder than drag and rolling losses.
    pub fn top_speed_mps(&self) -> f32 {
        let p = self.p;
        let r = self.driven_radius_m();
        let mut best = 0.0f32;
        for gear in 1..=p.gearbox.forward.len() {
            let ratio = p.overall_ratio(gear);
            let rev_limit = p.engine.max_rpm * RAD_PER_S_PER_RPM * r / ratio;
            let net = |v: f32| self.net_force_n(v, ratio, 1.0).0;
            let top = if net(rev_limit * 0.999) >= 0.0 {
                rev_limit
            } else {
                let (mut lo, mut hi) = (0.0f32, rev_limit);
                for _ in 0..60 {
                    let mid = 0.5 * (lo + hi);
                    if net(mid) > 0.0 {
                        lo = mid;
                    } else {
                        hi = mid;
                    }
                }
                lo
            };
            best = best.max(top);
        }
        best
    }

    /// Largest acceleration the drivetrain gives at `speed_mps` (best gear), m/s²: the
    /// racing-line speed profile's forward pass.
    pub fn max_acceleration_mps2(&self, speed_mps: f32) -> f32 {
        let p = self.p;
        (1..=p.gearbox.forward.len())
            .map(|g| {
                let (f, m) = self.net_force_n(speed_mps, p.overall_ratio(g), 1.0);
                f / m
            })
            .fold(f32::MIN, f32::max)
    }
}

/// Mean z of the front (ahead of the centre of mass) and rear wheels.
pub fn axle_z(p: &SimParams) -> (f32, f32) {
    let mean = |front: bool| {
        let (s, n) = p
            .wheels
            .iter()
            .filter(|w| w.front == front)
            .fold((0.0, 0.0), |(s, n), w| (s + w.position_m.z, n + 1.0));
        if n > 0.0 {
            s / n
        } else {
            p.center_of_mass_m.z
        }
    };
    (mean(true), mean(false))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::content::ContentRoot;

    #[test]
    fn rear_drive_traction_matches_the_hand_worked_limit() {
        let car = CarDef::load(&ContentRoot::Embedded, "sedan").unwrap();
        let pm = PointMass::new(&car, 1.0, 9.81).unwrap();
        // Sedan: W = 1500·9.81, l_f = 1.25, L = 2.70, h = 0.50: F = W·1.25 / (2.70 − 0.50).
        let expected = 1500.0 * 9.81 * 1.25 / 2.20;
        assert!(
            (pm.traction_limit_n() - expected).abs() < 1.0,
            "{}",
            pm.traction_limit_n()
        );
    }

    #[test]
    fn clutch_balances_the_engine() {
        let car = CarDef::load(&ContentRoot::Embedded, "sedan").unwrap();
        let pm = PointMass::new(&car, 1.0, 9.81).unwrap();
        let e = &car.sim().unwrap().engine;
        let kc = car.sim().unwrap().gearbox.clutch_strength;
        let driveline = 300.0;
        let t = pm.clutch_torque_nm(driveline, 1.0);
        // The engine speed that passes t through the clutch also makes torque t.
        let omega = driveline + t / kc;
        let engine = e.torque_curve.eval(omega / RAD_PER_S_PER_RPM) - e.damping_full_throttle * omega;
        assert!((engine - t).abs() < 0.01, "{engine} vs {t}");
    }
}
