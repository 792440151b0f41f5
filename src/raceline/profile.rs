//! The speed a car can carry along a closed line, and its lap time: the 3-pass speed
//! profile of the genetic-algorithm racing line (Circuit Gilles Villeneuve study), on the
//! curvature of the line's points (Menger curvature).
//!
//! 1. **Friction limit.** At each point `v ≤ sqrt(μg/|k|)` (Coulomb: the lateral force
//!    `m·k·v²` within `μ·m·g`) and `v ≤` the car's top speed.
//! 2. **Backward braking pass.** Walking the line backwards from its slowest point, the
//!    speed at the previous point is at most what braking over the segment reaches:
//!    `v_{i−1}² = v_i² + 2·ds·d`, with the deceleration `d` from the tires' longitudinal
//!    force inside the friction circle, `sqrt((μmg)² − (m·k·v²)²)`, capped by the brakes'
//!    torque `Σ T_b/r`, helped by drag and rolling losses, over the mass with the wheels'
//!    inertia.
//! 3. **Forward acceleration pass.** Walking forwards, `v_{i+1}² = v_i² + 2·ds·a` with `a`
//!    from the engine torque in the best gear through the clutch, the wheels' and engine's
//!    inertia, drag and rolling losses ([`PointMass`], tabulated against speed), the drive
//!    force capped by the driven axle's grip scaled by the same friction circle, and never
//!    more than the car measurably reaches on a straight at full throttle when the model
//!    has that measurement ([`ProfileCar::with_measured_drive`]).
//!
//! Each speed is the least of the three. The loop is closed: both passes start at the
//! slowest point of pass 1; the forward pass goes on past a full lap while anything still
//! changes (drag can slow a car at the friction limit). The lap time is
//! `Σ 2·ds / (v_i + v_{i+1})` (constant acceleration on each segment). The study steps `v`
//! with `dv = a·ds/v`; stepping `v²` is exact for a constant `a` over a segment. A car at
//! the friction limit has no grip left to beat drag, so on a steady bend the profile
//! settles where the grip left over just balances it (0.1 % under `sqrt(μgR)` for the
//! sedan on a 60 m circle).
//!
//! Sim cars use their drivetrain; arcade cars (no engine or tires) a simple model:
//! constant thrust and brake, linear damping (their top speed `thrust/damping`), the road's
//! μ times their tires' `tire_friction` for cornering; their thrust and brake push the body
//! directly, so they do not share a friction circle with cornering; their gear is always 1.
//! Cornering costs an arcade car speed all the same: the HARFANG raycast car's lateral
//! friction is viscous (an impulse against each contact patch's sideways speed, at the rate
//! `lateral_adhesion_per_s` × the road's μ), so holding a lateral acceleration `a` takes
//! patches sliding sideways at `a/r` and spends the power `m·a²/r`: a drag of
//! `m·a²/(r·v)`, on top of the straight-line drive and adding to the brakes
//! ([`ProfileCar::cornering_drag_mps2`]).

use super::geometry::{menger_curvature, menger_curvature_from_lengths};
use crate::vehicle::CarDef;
use crate::vehicle::PointMass;
use crate::vehicle::VehicleModel;
use glam::Vec2;

// The lap time's exact gradient through these passes (the minimum-time descent's).
mod lap_gradient;
pub use lap_gradient::GradientScratch;

/// Standard gravity, m/s².
pub const GRAVITY_MPS2: f32 = 9.81;
/// Speed step of the drive-force table, m/s.
const TABLE_STEP_MPS: f32 = 0.25;
/// Slowest speed the profile reports, m/s (keeps a lap time finite on a stall).
const MIN_SPEED_MPS: f32 = 0.1;
/// Top speed assumed for a car with no resistance at all, m/s.
const UNBOUNDED_TOP_SPEED_MPS: f32 = 150.0;

/// What the drivetrain gives at one speed, in the gear that accelerates best.
#[derive(Debug, Clone, Copy, PartialEq)]
struct DriveSample {
    /// Force at the road before the traction limit, N.
    force_n: f32,
    /// 1 / the mass with the rotating parts seen at the road in this gear, 1/kg.
    inv_mass: f32,
    /// 1 / the same without the engine's inertia: what the drive force moves when the
    /// driven wheels spin (the engine and wheels rev up, the car takes only the traction).
    inv_spin_mass: f32,
    /// Forward gear (1-based).
    gear: i8,
}

/// A car reduced to what the speed profile needs: grip, braking, drive against speed,
/// resistance.
#[derive(Debug, Clone, PartialEq)]
pub struct ProfileCar {
    /// Friction coefficient of the tires on the road: the surface's μ times the tires'
    /// friction (load-weighted over the wheels).
    pub mu: f32,
    /// Gravity, m/s².
    pub gravity_mps2: f32,
    /// Top speed on the flat, m/s.
    pub top_speed_mps: f32,
    mass_kg: f32,
    /// Mass with the wheels' inertia, braked with the engine declutched, kg.
    brake_mass_kg: f32,
    /// Its inverse, 1/kg.
    inv_brake_mass: f32,
    /// What the brakes' torque can hold, N.
    brake_force_n: f32,
    /// What the driven tires carry in a straight line, N.
    traction_n: f32,
    /// Drag `½ρC_dA`, N per (m/s)².
    drag_n_per_mps2: f32,
    /// Rolling loss (wheel damping, or an arcade car's linear damping), N per m/s.
    rolling_n_per_mps: f32,
    /// Drive and brakes are tire forces sharing the friction circle with cornering (an
    /// arcade car's thrust and brake push the body directly: they do not).
    friction_circle: bool,
    /// An arcade car's viscous lateral friction: 1 / its rate on this road, s (0: a sim
    /// car, whose tire losses the model leaves out).
    slip_loss_s: f32,
    /// Drive against speed, every [`TABLE_STEP_MPS`].
    drive: Vec<DriveSample>,
    /// Where the grip fades with speed (none: `mu` at every speed).
    fade: GripFade,
    /// The straight-line acceleration the car measurably reaches at full throttle, m/s²,
    /// per bin of [`MEASURED_BIN_MPS`] (empty: the drivetrain model alone): the forward
    /// pass never asks for more (see `drag_strip`).
    measured_accel: Vec<f32>,
}

/// Width of a speed bin of [`ProfileCar::with_measured_drive`]'s table, m/s.
const MEASURED_BIN_MPS: f32 = super::drag_strip::BIN_MPS;

/// Cornering grip falling with speed, from two measured points: `mu` up to speed²
/// `from_u`, falling linearly in speed² to `to_mu` at `to_u`, `to_mu` beyond: every
/// shipped car holds less on the skidpad's large circle, driven faster, than on its small
/// one (see `grip`). Linear in speed² between two points is the simplest fit; a third
/// circle would show whether the fall is.
#[derive(Debug, Clone, Copy, PartialEq)]
struct GripFade {
    from_u: f32,
    to_u: f32,
    to_mu: f32,
}

impl GripFade {
    /// No fade.
    const NONE: GripFade = GripFade {
        from_u: f32::INFINITY,
        to_u: f32::INFINITY,
        to_mu: 0.0,
    };
}

impl ProfileCar {
    /// The model of `car` on a surface of friction `surface_mu`.
    pub fn from_def(car: &CarDef, surface_mu: f32, gravity_mps2: f32) -> Self {
        match &car.model {
            VehicleModel::Sim(p) => {
                let pm = PointMass::new(car, surface_mu, gravity_mps2).expect("a sim car has a point-mass model");
                let m = car.mass_kg;
                let load: f32 = p.wheels.iter().map(|w| w.rest_load_n).sum();
                let tire = if load > 0.0 {
                    p.wheels.iter().map(|w| w.tire_friction * w.rest_load_n).sum::<f32>() / load
                } else {
                    p.wheels.iter().map(|w| w.tire_friction).sum::<f32>() / p.wheels.len() as f32
                };
                let wheel_mass: f32 = p
                    .wheels
                    .iter()
                    .map(|w| w.inertia_kg_m2 / (w.radius_m * w.radius_m))
                    .sum();
                let driven: Vec<f32> = p
                    .wheels
                    .iter()
                    .filter(|w| w.drive_share > 0.0)
                    .map(|w| w.radius_m)
                    .collect();
                let r = driven.iter().sum::<f32>() / driven.len().max(1) as f32;
                let mut model = Self {
                    mu: surface_mu * tire,
                    gravity_mps2,
                    top_speed_mps: pm.top_speed_mps(),
                    mass_kg: m,
                    brake_mass_kg: m + wheel_mass,
                    inv_brake_mass: 1.0 / (m + wheel_mass),
                    brake_force_n: p.wheels.iter().map(|w| w.max_brake_torque_nm / w.radius_m).sum(),
                    traction_n: pm.traction_limit_n(),
                    drag_n_per_mps2: p.drag_n(1.0),
                    rolling_n_per_mps: p
                        .wheels
                        .iter()
                        .map(|w| w.damping_rate / (w.radius_m * w.radius_m))
                        .sum(),
                    friction_circle: true,
                    slip_loss_s: 0.0,
                    drive: Vec::new(),
                    fade: GripFade::NONE,
                    measured_accel: Vec::new(),
                };
                let bins = ((model.top_speed_mps + 2.0) / TABLE_STEP_MPS).ceil() as usize + 1;
                model.drive = (0..bins)
                    .map(|b| {
                        let v = b as f32 * TABLE_STEP_MPS;
                        let mut best = DriveSample {
                            force_n: 0.0,
                            inv_mass: 1.0 / (m + wheel_mass),
                            inv_spin_mass: 1.0 / (m + wheel_mass),
                            gear: 1,
                        };
                        let mut best_accel = f32::MIN;
                        for gear in 1..=p.gearbox.forward.len() {
                            let ratio = p.overall_ratio(gear);
                            let force = ratio * pm.clutch_torque_nm(ratio * v / r, 1.0) / r;
                            let mass = m + wheel_mass + p.engine.moi_kg_m2 * ratio * ratio / (r * r);
                            let sample = DriveSample {
                                force_n: force,
                                inv_mass: 1.0 / mass,
                                inv_spin_mass: 1.0 / (m + wheel_mass),
                                gear: gear as i8,
                            };
                            let accel = model.accel_with(&sample, model.traction_n, v * v, v);
                            if accel > best_accel {
                                best_accel = accel;
                                best = sample;
                            }
                        }
                        best
                    })
                    .collect();
                model
            }
            VehicleModel::Arcade(a) => {
                let m = car.mass_kg;
                let top = if a.linear_damping > 0.0 {
                    (a.thrust_mps2 / a.linear_damping).min(UNBOUNDED_TOP_SPEED_MPS)
                } else {
                    UNBOUNDED_TOP_SPEED_MPS
                };
                Self {
                    // The tires' Coulomb limit (`tires.tire_friction`) caps cornering at
                    // tire_friction × the road's μ; without it HARFANG's viscous friction
                    // is unbounded and the road's μ is the profile's assumption.
                    mu: surface_mu * a.tire_friction.unwrap_or(1.0),
                    gravity_mps2,
                    top_speed_mps: top,
                    mass_kg: m,
                    brake_mass_kg: m,
                    inv_brake_mass: 1.0 / m,
                    brake_force_n: a.brake_mps2 * m,
                    traction_n: f32::INFINITY,
                    drag_n_per_mps2: 0.0,
                    rolling_n_per_mps: a.linear_damping * m,
                    friction_circle: false,
                    slip_loss_s: if a.lateral_adhesion_per_s > 0.0 && surface_mu > 0.0 {
                        1.0 / (a.lateral_adhesion_per_s * surface_mu)
                    } else {
                        0.0
                    },
                    drive: vec![DriveSample {
                        force_n: a.thrust_mps2 * m,
                        inv_mass: 1.0 / m,
                        inv_spin_mass: 1.0 / m,
                        gear: 1,
                    }],
                    fade: GripFade::NONE,
                    measured_accel: Vec::new(),
                }
            }
        }
    }

    /// This car with the cornering grip measured on a skidpad: `slow` and `fast` are
    /// (speed m/s, lateral acceleration m/s²) held on a small and a large circle. `mu`
    /// becomes the slow figure over g; above the slow speed the grip falls linearly in
    /// speed² to the fast figure, and stays there beyond (a fast figure above the slow one
    /// is taken as equal: grip is never assumed to grow with speed).
    pub fn with_measured_grip(mut self, slow: (f32, f32), fast: (f32, f32)) -> Self {
        self.mu = slow.1 / self.gravity_mps2;
        let to_mu = fast.1.min(slow.1) / self.gravity_mps2;
        let (from_u, to_u) = (slow.0 * slow.0, fast.0 * fast.0);
        self.fade = if to_u > from_u && to_mu < self.mu {
            GripFade { from_u, to_u, to_mu }
        } else {
            GripFade::NONE
        };
        self
    }

    /// The friction coefficient the car corners with at speed² `u` (`mu` without a fade).
    #[inline]
    fn mu_at(&self, u: f32) -> f32 {
        let f = &self.fade;
        if u <= f.from_u {
            self.mu
        } else if u >= f.to_u {
            f.to_mu
        } else {
            self.mu + (f.to_mu - self.mu) * (u - f.from_u) / (f.to_u - f.from_u)
        }
    }

    /// Pass 1 in speed²: the largest `u` with `u·|k| ≤ μ(u)·g`, before the top speed;
    /// `u` is the answer at constant grip (`μg/|k|`, as the caller computes it).
    #[inline]
    fn corner_u(&self, k_abs: f32, u: f32) -> f32 {
        let g = self.gravity_mps2;
        let f = &self.fade;
        if u <= f.from_u {
            return u;
        }
        let u_fast = f.to_mu * g / k_abs;
        if u_fast >= f.to_u {
            return u_fast;
        }
        // On the fade: u·|k| = g·(μ + slope·(u − from_u)), slope < 0.
        let slope = (f.to_mu - self.mu) / (f.to_u - f.from_u);
        g * (self.mu - slope * f.from_u) / (k_abs - g * slope)
    }

    /// A car with constant acceleration and braking (m/s²), no resistance, and a top
    /// speed: lap times worked by hand (tests).
    pub fn constant(mu: f32, gravity_mps2: f32, accel_mps2: f32, brake_mps2: f32, top_speed_mps: f32) -> Self {
        Self {
            mu,
            gravity_mps2,
            top_speed_mps,
            mass_kg: 1.0,
            brake_mass_kg: 1.0,
            inv_brake_mass: 1.0,
            brake_force_n: brake_mps2,
            traction_n: mu * gravity_mps2,
            drag_n_per_mps2: 0.0,
            rolling_n_per_mps: 0.0,
            friction_circle: true,
            slip_loss_s: 0.0,
            drive: vec![DriveSample {
                force_n: accel_mps2,
                inv_mass: 1.0,
                inv_spin_mass: 1.0,
                gear: 1,
            }],
            fade: GripFade::NONE,
            measured_accel: Vec::new(),
        }
    }

    /// This car with the straight-line acceleration measured on a drag strip
    /// (`accel_mps2[i]`: the mean over speeds `i..i+1` bins, up to the top speed reached):
    /// the forward pass takes the least of it and the drivetrain model's. Past the last
    /// bin the car accelerates no more.
    pub fn with_measured_drive(mut self, accel_mps2: Vec<f32>) -> Self {
        self.measured_accel = accel_mps2;
        self
    }

    /// The measured straight-line acceleration at `v`, interpolated between bin centres
    /// (infinite without a measurement; 0 past the last bin).
    #[inline]
    fn measured_accel_at(&self, v: f32) -> f32 {
        let t = &self.measured_accel;
        if t.is_empty() {
            return f32::INFINITY;
        }
        let x = v * (1.0 / MEASURED_BIN_MPS) - 0.5;
        if x >= t.len() as f32 {
            return 0.0;
        }
        // `as usize` saturates: below the first centre reads the first bin.
        let i = (x.max(0.0) as usize).min(t.len() - 1);
        let j = (i + 1).min(t.len() - 1);
        let f = (x - i as f32).clamp(0.0, 1.0);
        t[i] + (t[j] - t[i]) * f
    }

    /// Drag and rolling loss at `v`, N.
    pub fn resistance_n(&self, v: f32) -> f32 {
        (self.drag_n_per_mps2 * v + self.rolling_n_per_mps) * v
    }

    /// Drive force at `v` (interpolated) and the sample's inverse masses.
    #[inline]
    fn drive_at(&self, v: f32) -> (f32, &DriveSample) {
        let x = v * (1.0 / TABLE_STEP_MPS);
        let last = self.drive.len() - 1;
        // `as usize` saturates: negative or NaN speeds read the first sample.
        let i = (x as usize).min(last);
        let j = (i + 1).min(last);
        let f = (x - i as f32).min(1.0);
        let (a, b) = (&self.drive[i], &self.drive[j]);
        (a.force_n + (b.force_n - a.force_n) * f, a)
    }

    /// The gear that accelerates best at `v` (always 1 for an arcade car).
    pub fn gear_at(&self, v: f32) -> i8 {
        let x = v * (1.0 / TABLE_STEP_MPS);
        self.drive[(x.round() as usize).min(self.drive.len() - 1)].gear
    }

    /// Pass 1: the fastest speed through curvature `k` (1/m), m/s.
    pub fn corner_speed_mps(&self, k: f32) -> f32 {
        let k = k.abs();
        if k <= 1e-9 {
            self.top_speed_mps
        } else {
            self.corner_u(k, self.mu * self.gravity_mps2 / k)
                .sqrt()
                .min(self.top_speed_mps)
        }
    }

    /// Fraction of the tires' grip left for braking or driving at speed² `u` where the
    /// lateral acceleration over the grip is `kc·u` (`kc = k/μg`): the friction circle,
    /// of radius the grip at this speed when it fades (braking at full μ where the
    /// skidpad's fast circle held less put the electric car off the circuit: measured).
    #[inline]
    fn longitudinal_fraction(&self, u: f32, kc: f32) -> f32 {
        if !self.friction_circle {
            return 1.0;
        }
        // `kc` is k over the slow corners' μ·g; at a speed where the grip has faded, the
        // same lateral acceleration is a larger share of what is left.
        let lateral = kc * u * (self.mu / self.mu_at(u));
        (1.0 - lateral * lateral).max(0.0).sqrt()
    }

    /// Pass 2: deceleration available at `v` on curvature `k`, m/s² (positive).
    pub fn braking_mps2(&self, v: f32, k: f32) -> f32 {
        self.braking_u(v * v, k / (self.mu * self.gravity_mps2))
    }

    #[inline]
    fn braking_u(&self, u: f32, kc: f32) -> f32 {
        let grip = if self.friction_circle {
            self.mu_at(u) * self.mass_kg * self.gravity_mps2 * self.longitudinal_fraction(u, kc)
        } else {
            f32::INFINITY
        };
        let resistance = self.drag_n_per_mps2 * u + self.rolling_n_per_mps * u.sqrt();
        (grip.min(self.brake_force_n) + resistance) * self.inv_brake_mass + self.cornering_drag_u(u, kc)
    }

    /// What cornering at `v` on curvature `k` costs an arcade car, m/s²: its viscous lateral
    /// friction's drag `a²/(r·v)` at the lateral acceleration `a = k·v²` (0 for a sim car).
    pub fn cornering_drag_mps2(&self, v: f32, k: f32) -> f32 {
        self.cornering_drag_u(v * v, k / (self.mu * self.gravity_mps2))
    }

    /// [`Self::cornering_drag_mps2`] in speed² `u` with `kc = k/μg`: `(k·u)²/(r·√u)`.
    #[inline]
    fn cornering_drag_u(&self, u: f32, kc: f32) -> f32 {
        let lateral = kc * self.mu * self.gravity_mps2 * u;
        self.slip_loss_s * lateral * lateral / u.sqrt().max(MIN_SPEED_MPS)
    }

    /// Pass 3: acceleration at full throttle at `v` on curvature `k`, m/s² (negative past
    /// the top speed or when the friction circle leaves nothing to beat drag).
    pub fn acceleration_mps2(&self, v: f32, k: f32) -> f32 {
        self.acceleration_u(v * v, k / (self.mu * self.gravity_mps2))
    }

    #[inline]
    fn acceleration_u(&self, u: f32, kc: f32) -> f32 {
        let v = u.sqrt();
        let (force, d) = self.drive_at(v);
        let traction = self.traction_n * self.longitudinal_fraction(u, kc);
        self.accel_with(&DriveSample { force_n: force, ..*d }, traction, u, v)
            .min(self.measured_accel_at(v))
            - self.cornering_drag_u(u, kc)
    }

    /// Acceleration from drive `d` at speed `v` (speed² `u`) when the driven tires carry
    /// at most `traction_n`.
    #[inline]
    fn accel_with(&self, d: &DriveSample, traction_n: f32, u: f32, v: f32) -> f32 {
        let resistance = self.drag_n_per_mps2 * u + self.rolling_n_per_mps * v;
        // Written as selects, not branches: whether the wheels spin flips unpredictably.
        let spin = d.force_n > traction_n;
        let force = if spin { traction_n } else { d.force_n };
        let inv_mass = if spin { d.inv_spin_mass } else { d.inv_mass };
        (force - resistance) * inv_mass
    }

    /// Lap time of the closed line `points`, s, using `scratch` (no allocation once it has
    /// grown to the line's size).
    pub fn lap_time_s(&self, points: &[Vec2], scratch: &mut ProfileScratch) -> f32 {
        self.solve([points], scratch)[0]
    }

    /// Lap times of `L` closed lines with the same number of points, s: the fitness
    /// evaluation of the genetic algorithm. The lines' passes run interleaved, step by step,
    /// so the processor overlaps `L` independent chains of dependent arithmetic (one line
    /// alone waits on each step's square roots); each line gets exactly the arithmetic of
    /// [`ProfileCar::lap_time_s`], so the results are the same bits.
    pub fn lap_times_s<const L: usize>(&self, lines: [&[Vec2]; L], scratch: &mut ProfileScratch) -> [f32; L] {
        if lines.iter().any(|l| l.len() != lines[0].len()) {
            return lines.map(|l| self.lap_time_s(l, scratch));
        }
        self.solve(lines, scratch)
    }

    /// The full profile of the closed line `points`: speeds, gears, curvature, lap time.
    pub fn profile(&self, points: &[Vec2]) -> super::ProfiledLine {
        let mut s = ProfileScratch::default();
        let lap_time_s = self.solve([points], &mut s)[0];
        let n = points.len();
        let mut s_m = Vec::with_capacity(n);
        let mut along = 0.0f64;
        for i in 0..n {
            s_m.push(along as f32);
            along += s.ds[i] as f64;
        }
        s.k.truncate(n);
        s.v.truncate(n);
        super::ProfiledLine {
            points_m: points.to_vec(),
            s_m,
            curvature_per_m: s.k,
            gear: s.v.iter().map(|v| self.gear_at(*v)).collect(),
            speed_mps: s.v,
            lap_time_s,
            length_m: along as f32,
        }
    }

    /// The three passes over `L` lines of `n` points, in speed² `u` (so a step needs no
    /// square root on its critical path but the friction circle's and the speed's). Line
    /// `l`'s speeds are left in `s.v[l·n..]`, its curvatures in `s.k[l·n..]`.
    fn solve<const L: usize>(&self, lines: [&[Vec2]; L], s: &mut ProfileScratch) -> [f32; L] {
        let n = lines[0].len();
        if n < 3 {
            return [f32::INFINITY; L];
        }
        s.resize(L * n);
        let ProfileScratch { ds, k, kc, u, v } = s;
        let inv_mu_g = 1.0 / (self.mu * self.gravity_mps2);
        let (top_u, min_u) = (self.top_speed_mps * self.top_speed_mps, MIN_SPEED_MPS * MIN_SPEED_MPS);
        let next = |i: usize| if i + 1 == n { 0 } else { i + 1 };
        let prev = |i: usize| if i == 0 { n - 1 } else { i - 1 };
        let mut start = [0usize; L];
        for (l, pts) in lines.iter().enumerate() {
            let o = l * n;
            for i in 0..n {
                ds[o + i] = pts[i].distance(pts[next(i)]);
            }
            // Pass 1, with the Menger curvature from the segment lengths already known.
            for i in 0..n {
                let (a, b, c) = (pts[prev(i)], pts[i], pts[next(i)]);
                k[o + i] = menger_curvature_from_lengths(a, b, c, ds[o + prev(i)], ds[o + i]);
                kc[o + i] = k[o + i] * inv_mu_g;
                let limit = if kc[o + i].abs() > 1e-12 {
                    self.corner_u(k[o + i].abs(), 1.0 / kc[o + i].abs()).min(top_u)
                } else {
                    top_u
                };
                u[o + i] = limit.max(min_u);
            }
            start[l] = (0..n).fold(0, |best, i| if u[o + i] < u[o + best] { i } else { best });
        }
        // Pass 2, backwards from each line's slowest point. Braking never slows the car
        // going backwards, so the lap closes without going round again.
        let mut at = start;
        for _ in 1..n {
            for (l, i) in at.iter_mut().enumerate() {
                let o = l * n;
                let p = prev(*i);
                let reach = u[o + *i] + 2.0 * ds[o + p] * self.braking_u(u[o + *i], kc[o + *i]);
                u[o + p] = u[o + p].min(reach);
                *i = p;
            }
        }
        // Pass 3, forwards, capped by pass 2. Drag can slow a car at the friction limit,
        // so a lap may close lower than it began: then go on until nothing changes.
        let mut at = start;
        let mut open = [false; L];
        for step in 1..=n {
            for (l, i) in at.iter_mut().enumerate() {
                let o = l * n;
                let q = next(*i);
                let reach = (u[o + *i] + 2.0 * ds[o + *i] * self.acceleration_u(u[o + *i], kc[o + *i])).max(min_u);
                let new = u[o + q].min(reach);
                if step == n {
                    open[l] = new != u[o + q];
                }
                u[o + q] = new;
                *i = q;
            }
        }
        for l in (0..L).filter(|l| open[*l]) {
            let o = l * n;
            let mut i = at[l];
            for _ in 0..n {
                let q = next(i);
                let reach = (u[o + i] + 2.0 * ds[o + i] * self.acceleration_u(u[o + i], kc[o + i])).max(min_u);
                let new = u[o + q].min(reach);
                if new == u[o + q] {
                    break;
                }
                u[o + q] = new;
                i = q;
            }
        }
        let mut times = [0.0f32; L];
        for (l, time) in times.iter_mut().enumerate() {
            let o = l * n;
            for i in 0..n {
                v[o + i] = u[o + i].sqrt();
            }
            let mut t = 0.0f64;
            for i in 0..n {
                t += (2.0 * ds[o + i] / (v[o + i] + v[o + next(i)])) as f64;
            }
            *time = t as f32;
        }
        times
    }
}

/// Buffers of one profile evaluation, reused across evaluations.
#[derive(Debug, Clone, Default)]
pub struct ProfileScratch {
    ds: Vec<f32>,
    k: Vec<f32>,
    kc: Vec<f32>,
    u: Vec<f32>,
    v: Vec<f32>,
}

impl ProfileScratch {
    fn resize(&mut self, n: usize) {
        for b in [&mut self.ds, &mut self.k, &mut self.kc, &mut self.u, &mut self.v] {
            b.resize(n, 0.0);
        }
    }
}

/// The minimum-curvature cost of a closed line: `Σ k_i²·ds_i` over its points (Menger
/// curvature, `ds_i` the mean of the two segments at point `i`), 1/m. The study's first
/// fitness summed curvature; squaring it makes the cost prefer the widest arcs (a plain
/// `Σ|k|·ds` is the total turning, the same for every convex bend) and punish zigzags.
pub fn curvature_cost(points: &[Vec2]) -> f32 {
    let n = points.len();
    let mut sum = 0.0f64;
    for i in 0..n {
        let (a, b, c) = (points[(i + n - 1) % n], points[i], points[(i + 1) % n]);
        let k = menger_curvature(a, b, c);
        sum += (k * k * 0.5 * (a.distance(b) + b.distance(c))) as f64;
    }
    sum as f32
}

#[cfg(test)]
mod tests;
