//! The lap time of a line across the laterals and its exact gradient with respect to
//! every lateral's value: reverse-mode differentiation (the adjoint method) through the
//! 3-pass speed profile, for the minimum-time descent (`descent`).
//!
//! The profile is a chain of `min()`s of smooth steps (each point's speed is its friction
//! limit, or what braking reaches from the next point, or what the engine reaches from
//! the previous one), so it is piecewise smooth: the forward sweep below runs the same
//! passes as [`ProfileCar::lap_time_s`] in f64 and records which side of each `min()` won
//! and the step's partial derivatives on a tape; the reverse sweep walks the tape
//! backwards carrying the lap time's sensitivity to each speed², then to each curvature
//! and segment length (Menger curvature differentiated in closed form), then to each point
//! and its lateral's value. One gradient costs about three lap-time evaluations, whatever
//! the number of laterals (central differences would cost two evaluations per lateral).
//!
//! Where the gradient is not defined (a `min()` tied, the friction circle at its edge,
//! where the braking or drive left over grows like `sqrt` from zero) it takes one side;
//! a descent only ever keeps a step that lowers the lap time itself, so a one-sided
//! gradient slows it at a kink but never misleads it into a slower line. If the gradient
//! check in `tests/raceline/` fails after a change to the profile, the change is not
//! mirrored here: every step of [`ProfileCar`]'s `solve` has its twin below.

use super::{ProfileCar, MEASURED_BIN_MPS, MIN_SPEED_MPS, TABLE_STEP_MPS};
use crate::raceline::Laterals;
use glam::DVec2;

/// The friction circle's `sqrt(1 − lateral²)` is differentiated as if it were never under
/// this (its true slope is infinite at the circle's edge, where a car at its corner speed
/// sits). The same factor scales the partials in speed and in curvature, so moving along
/// the edge (both together, the lateral share staying 1) still differentiates exactly.
const EDGE_FRACTION_FLOOR: f64 = 1e-3;

/// One `u[q] = min(u[q], reach(u[i], kc[i], ds[seg]))` step of the braking or drive pass.
#[derive(Debug, Clone, Copy, Default)]
struct Step {
    /// The point written.
    q: u32,
    /// The point it is reached from.
    i: u32,
    /// The segment crossed (its length is `ds[seg]`).
    seg: u32,
    /// Whether the reach won the `min()` (else `u[q]` kept its value).
    took: bool,
    /// d reach / d u[i].
    du: f64,
    /// d reach / d kc[i].
    dkc: f64,
    /// d reach / d ds[seg].
    dds: f64,
}

/// Buffers of [`ProfileCar::lap_time_gradient`], reused across calls (no allocation once
/// grown to the line's size).
#[derive(Debug, Clone, Default)]
pub struct GradientScratch {
    p: Vec<DVec2>,
    ds: Vec<f64>,
    k: Vec<f64>,
    kc: Vec<f64>,
    u: Vec<f64>,
    /// d u1 / d k of pass 1 (0 where the top or the slowest speed caps it).
    du1_dk: Vec<f64>,
    tape: Vec<Step>,
    // Adjoints.
    u_bar: Vec<f64>,
    kc_bar: Vec<f64>,
    ds_bar: Vec<f64>,
    p_bar: Vec<DVec2>,
}

/// A value and its partial derivatives in speed² `u` and in `kc`.
#[derive(Debug, Clone, Copy)]
struct Partials {
    value: f64,
    du: f64,
    dkc: f64,
}

impl ProfileCar {
    /// The lap time, s, of the line of values `ts` across `lat` (one per lateral, as
    /// [`Laterals::points`] makes it), computed in f64, and its gradient `d lap / d ts[i]`
    /// into `grad` (resized to the line). The same model as [`ProfileCar::lap_time_s`]; the
    /// two agree to f32 rounding (the passes may break a tie the other way).
    pub fn lap_time_gradient(&self, lat: &Laterals, ts: &[f64], grad: &mut Vec<f64>, s: &mut GradientScratch) -> f64 {
        let n = ts.len().min(lat.len());
        grad.clear();
        grad.resize(n, 0.0);
        if n < 3 {
            return f64::INFINITY;
        }
        s.p.clear();
        s.p.extend((0..n).map(|i| {
            let (l, r) = (lat.left_m[i].as_dvec2(), lat.right_m[i].as_dvec2());
            l + (r - l) * ts[i]
        }));
        let time = self.forward_sweep(s);
        self.reverse_sweep(s);
        for (i, g) in grad.iter_mut().enumerate() {
            *g = s.p_bar[i].dot((lat.right_m[i] - lat.left_m[i]).as_dvec2());
        }
        time
    }

    /// The passes of `solve` on the points `s.p`, in f64, recording the tape; the lap time.
    fn forward_sweep(&self, s: &mut GradientScratch) -> f64 {
        let n = s.p.len();
        let next = |i: usize| if i + 1 == n { 0 } else { i + 1 };
        let prev = |i: usize| if i == 0 { n - 1 } else { i - 1 };
        for b in [&mut s.ds, &mut s.k, &mut s.kc, &mut s.u, &mut s.du1_dk] {
            b.clear();
            b.resize(n, 0.0);
        }
        s.tape.clear();
        let inv_mu_g = 1.0 / (self.mu as f64 * self.gravity_mps2 as f64);
        let top_u = (self.top_speed_mps as f64).powi(2);
        let min_u = (MIN_SPEED_MPS as f64).powi(2);
        for i in 0..n {
            s.ds[i] = s.p[i].distance(s.p[next(i)]);
        }
        // Pass 1: the friction limit.
        for i in 0..n {
            s.k[i] = menger(s.p[prev(i)], s.p[i], s.p[next(i)]);
            s.kc[i] = s.k[i] * inv_mu_g;
            let (mut u, mut du_dk) = (top_u, 0.0);
            if s.kc[i].abs() > 1e-12 {
                let (c, dc) = self.corner_u_f64(s.k[i].abs());
                if c < top_u {
                    (u, du_dk) = (c, dc * s.k[i].signum());
                }
            }
            if u < min_u {
                (u, du_dk) = (min_u, 0.0);
            }
            s.u[i] = u;
            s.du1_dk[i] = du_dk;
        }
        let start = (0..n).fold(0, |best, i| if s.u[i] < s.u[best] { i } else { best });
        // Pass 2: braking, backwards from the slowest point.
        let mut i = start;
        for _ in 1..n {
            let p = prev(i);
            let b = self.braking_partials(s.u[i], s.kc[i]);
            let reach = s.u[i] + 2.0 * s.ds[p] * b.value;
            let took = reach < s.u[p];
            if took {
                s.u[p] = reach;
            }
            s.tape.push(Step {
                q: p as u32,
                i: i as u32,
                seg: p as u32,
                took,
                du: 1.0 + 2.0 * s.ds[p] * b.du,
                dkc: 2.0 * s.ds[p] * b.dkc,
                dds: 2.0 * b.value,
            });
            i = p;
        }
        // Pass 3: drive, forwards, on past the lap while a speed still falls.
        let mut i = start;
        let mut open = false;
        for step in 1..=n {
            let q = next(i);
            let took = self.drive_step(s, i, min_u);
            if step == n {
                open = took;
            }
            i = q;
        }
        if open {
            for _ in 0..n {
                let q = next(i);
                if !self.drive_step(s, i, min_u) {
                    break;
                }
                i = q;
            }
        }
        let mut time = 0.0;
        for i in 0..n {
            time += 2.0 * s.ds[i] / (s.u[i].sqrt() + s.u[next(i)].sqrt());
        }
        time
    }

    /// One step of the drive pass from point `i` to the next, on the tape; whether the
    /// reach won.
    fn drive_step(&self, s: &mut GradientScratch, i: usize, min_u: f64) -> bool {
        let n = s.p.len();
        let q = if i + 1 == n { 0 } else { i + 1 };
        let a = self.acceleration_partials(s.u[i], s.kc[i]);
        let raw = s.u[i] + 2.0 * s.ds[i] * a.value;
        let (reach, clamped) = if raw < min_u { (min_u, true) } else { (raw, false) };
        let took = reach < s.u[q];
        if took {
            s.u[q] = reach;
        }
        let live = if clamped { 0.0 } else { 1.0 };
        s.tape.push(Step {
            q: q as u32,
            i: i as u32,
            seg: i as u32,
            took,
            du: live * (1.0 + 2.0 * s.ds[i] * a.du),
            dkc: live * 2.0 * s.ds[i] * a.dkc,
            dds: live * 2.0 * a.value,
        });
        took
    }

    /// The tape backwards: the lap time's gradient with respect to every point into
    /// `s.p_bar`.
    fn reverse_sweep(&self, s: &mut GradientScratch) {
        let n = s.p.len();
        let next = |i: usize| if i + 1 == n { 0 } else { i + 1 };
        let prev = |i: usize| if i == 0 { n - 1 } else { i - 1 };
        for b in [&mut s.u_bar, &mut s.kc_bar, &mut s.ds_bar] {
            b.clear();
            b.resize(n, 0.0);
        }
        s.p_bar.clear();
        s.p_bar.resize(n, DVec2::ZERO);
        // The lap time Σ 2·ds / (v_i + v_{i+1}), v = sqrt(u).
        for i in 0..n {
            let j = next(i);
            let (vi, vj) = (s.u[i].sqrt(), s.u[j].sqrt());
            let sum = vi + vj;
            s.ds_bar[i] += 2.0 / sum;
            let dv = -2.0 * s.ds[i] / (sum * sum);
            s.u_bar[i] += dv / (2.0 * vi);
            s.u_bar[j] += dv / (2.0 * vj);
        }
        // The passes, last step first.
        for step in s.tape.iter().rev() {
            if !step.took {
                continue;
            }
            let (q, i, seg) = (step.q as usize, step.i as usize, step.seg as usize);
            let w = s.u_bar[q];
            s.u_bar[q] = 0.0;
            s.u_bar[i] += w * step.du;
            s.kc_bar[i] += w * step.dkc;
            s.ds_bar[seg] += w * step.dds;
        }
        // Pass 1 and kc = k/(μg): the sensitivity to each curvature, then to the points
        // through Menger's formula; and to the segments' lengths.
        let inv_mu_g = 1.0 / (self.mu as f64 * self.gravity_mps2 as f64);
        for i in 0..n {
            let k_bar = s.u_bar[i] * s.du1_dk[i] + s.kc_bar[i] * inv_mu_g;
            if k_bar != 0.0 {
                let (a, b, c) = (prev(i), i, next(i));
                let [ga, gb, gc] = menger_gradient(s.p[a], s.p[b], s.p[c], s.k[i]);
                s.p_bar[a] += k_bar * ga;
                s.p_bar[b] += k_bar * gb;
                s.p_bar[c] += k_bar * gc;
            }
            let j = next(i);
            let d = s.p[j] - s.p[i];
            if s.ds[i] > 0.0 {
                let e = d / s.ds[i];
                s.p_bar[j] += s.ds_bar[i] * e;
                s.p_bar[i] -= s.ds_bar[i] * e;
            }
        }
    }

    /// `corner_u` in f64 for `|k|` (`k_abs` > 0), and its derivative in `k_abs`.
    fn corner_u_f64(&self, k_abs: f64) -> (f64, f64) {
        let g = self.gravity_mps2 as f64;
        let mu = self.mu as f64;
        let f = &self.fade;
        let u = mu * g / k_abs;
        if u <= f.from_u as f64 {
            return (u, -u / k_abs);
        }
        let to_mu = f.to_mu as f64;
        let u_fast = to_mu * g / k_abs;
        if u_fast >= f.to_u as f64 {
            return (u_fast, -u_fast / k_abs);
        }
        let (from_u, to_u) = (f.from_u as f64, f.to_u as f64);
        let slope = (to_mu - mu) / (to_u - from_u);
        let value = g * (mu - slope * from_u) / (k_abs - g * slope);
        (value, -value / (k_abs - g * slope))
    }

    /// `mu_at` in f64 and its derivative in `u`.
    fn mu_at_f64(&self, u: f64) -> (f64, f64) {
        let f = &self.fade;
        let mu = self.mu as f64;
        let (from_u, to_u, to_mu) = (f.from_u as f64, f.to_u as f64, f.to_mu as f64);
        if u <= from_u {
            (mu, 0.0)
        } else if u >= to_u {
            (to_mu, 0.0)
        } else {
            let slope = (to_mu - mu) / (to_u - from_u);
            (mu + slope * (u - from_u), slope)
        }
    }

    /// `longitudinal_fraction` in f64 with its partials.
    fn longitudinal_partials(&self, u: f64, kc: f64) -> Partials {
        if !self.friction_circle {
            return Partials {
                value: 1.0,
                du: 0.0,
                dkc: 0.0,
            };
        }
        let mu = self.mu as f64;
        let (m, dm) = self.mu_at_f64(u);
        let lateral = kc * u * (mu / m);
        let dlat_du = kc * mu / m - kc * u * mu * dm / (m * m);
        let dlat_dkc = u * mu / m;
        let left = 1.0 - lateral * lateral;
        if left <= 0.0 {
            return Partials {
                value: 0.0,
                du: 0.0,
                dkc: 0.0,
            };
        }
        let value = left.sqrt();
        let factor = -lateral / value.max(EDGE_FRACTION_FLOOR);
        Partials {
            value,
            du: factor * dlat_du,
            dkc: factor * dlat_dkc,
        }
    }

    /// `braking_u` in f64 with its partials.
    fn braking_partials(&self, u: f64, kc: f64) -> Partials {
        let (drag, rolling) = (self.drag_n_per_mps2 as f64, self.rolling_n_per_mps as f64);
        let inv_m = self.inv_brake_mass as f64;
        let brake = self.brake_force_n as f64;
        let (mut grip, mut grip_du, mut grip_dkc) = (f64::INFINITY, 0.0, 0.0);
        if self.friction_circle {
            let weight = self.mass_kg as f64 * self.gravity_mps2 as f64;
            let (m, dm) = self.mu_at_f64(u);
            let f = self.longitudinal_partials(u, kc);
            grip = m * weight * f.value;
            grip_du = weight * (dm * f.value + m * f.du);
            grip_dkc = weight * m * f.dkc;
        }
        let (force, force_du, force_dkc) = if grip < brake {
            (grip, grip_du, grip_dkc)
        } else {
            (brake, 0.0, 0.0)
        };
        let v = u.sqrt();
        let c = self.cornering_drag_partials(u, kc);
        Partials {
            value: (force + drag * u + rolling * v) * inv_m + c.value,
            du: (force_du + drag + rolling / (2.0 * v)) * inv_m + c.du,
            dkc: force_dkc * inv_m + c.dkc,
        }
    }

    /// `cornering_drag_u` in f64 with its partials: `s·(kc·μg)²·u^1.5`.
    fn cornering_drag_partials(&self, u: f64, kc: f64) -> Partials {
        let slip_loss_s = self.slip_loss_s as f64;
        let mu_g = self.mu as f64 * self.gravity_mps2 as f64;
        let v = u.sqrt();
        if slip_loss_s == 0.0 || v < MIN_SPEED_MPS as f64 {
            return Partials {
                value: 0.0,
                du: 0.0,
                dkc: 0.0,
            };
        }
        let k2 = kc * kc * mu_g * mu_g;
        Partials {
            value: slip_loss_s * k2 * u * v,
            du: 1.5 * slip_loss_s * k2 * v,
            dkc: 2.0 * slip_loss_s * kc * mu_g * mu_g * u * v,
        }
    }

    /// `acceleration_u` in f64 with its partials.
    fn acceleration_partials(&self, u: f64, kc: f64) -> Partials {
        let v = u.sqrt();
        let dv_du = 0.5 / v;
        // The drive table, linear between samples of TABLE_STEP_MPS.
        let x = v / TABLE_STEP_MPS as f64;
        let last = self.drive.len() - 1;
        let i = (x as usize).min(last);
        let j = (i + 1).min(last);
        let frac = x - i as f64;
        let (a, b) = (&self.drive[i], &self.drive[j]);
        let (fa, fb) = (a.force_n as f64, b.force_n as f64);
        let (force, dforce_dv) = if frac < 1.0 {
            (fa + (fb - fa) * frac, (fb - fa) / TABLE_STEP_MPS as f64)
        } else {
            (fb, 0.0)
        };
        let f = self.longitudinal_partials(u, kc);
        let traction_n = self.traction_n as f64;
        let (traction, traction_du, traction_dkc) = if traction_n.is_finite() {
            (traction_n * f.value, traction_n * f.du, traction_n * f.dkc)
        } else {
            (f64::INFINITY, 0.0, 0.0)
        };
        let spin = force > traction;
        let (push, push_du, push_dkc, inv_m) = if spin {
            (traction, traction_du, traction_dkc, a.inv_spin_mass as f64)
        } else {
            (force, dforce_dv * dv_du, 0.0, a.inv_mass as f64)
        };
        let (drag, rolling) = (self.drag_n_per_mps2 as f64, self.rolling_n_per_mps as f64);
        let accel = Partials {
            value: (push - drag * u - rolling * v) * inv_m,
            du: (push_du - drag - rolling * dv_du) * inv_m,
            dkc: push_dkc * inv_m,
        };
        // Never more than the car measurably reaches on a straight; less what cornering
        // costs an arcade car.
        let straight = match self.measured_accel_f64(v) {
            Some((m, dm_dv)) if m < accel.value => Partials {
                value: m,
                du: dm_dv * dv_du,
                dkc: 0.0,
            },
            _ => accel,
        };
        let c = self.cornering_drag_partials(u, kc);
        Partials {
            value: straight.value - c.value,
            du: straight.du - c.du,
            dkc: straight.dkc - c.dkc,
        }
    }

    /// `measured_accel_at` in f64 and its derivative in `v` (None without a measurement).
    fn measured_accel_f64(&self, v: f64) -> Option<(f64, f64)> {
        let t = &self.measured_accel;
        if t.is_empty() {
            return None;
        }
        let x = v / MEASURED_BIN_MPS as f64 - 0.5;
        if x >= t.len() as f64 {
            return Some((0.0, 0.0));
        }
        let i = (x.max(0.0) as usize).min(t.len() - 1);
        let j = (i + 1).min(t.len() - 1);
        let raw = x - i as f64;
        let f = raw.clamp(0.0, 1.0);
        let (a, b) = (t[i] as f64, t[j] as f64);
        let slope = if raw > 0.0 && raw < 1.0 {
            (b - a) / MEASURED_BIN_MPS as f64
        } else {
            0.0
        };
        Some((a + (b - a) * f, slope))
    }
}

/// Signed Menger curvature of `a, b, c` (as the profile's: positive turning left), 1/m.
fn menger(a: DVec2, b: DVec2, c: DVec2) -> f64 {
    let denom = (b - a).length() * (c - b).length() * (c - a).length();
    if denom <= 1e-12 {
        0.0
    } else {
        -2.0 * (b - a).perp_dot(c - b) / denom
    }
}

/// The gradient of [`menger`] (whose value at `a, b, c` is `k`) with respect to `a`, `b`
/// and `c`: `k = −2C/D` with `C = (b − a) × (c − b)` and `D` the product of the three
/// side lengths, so `dk = −2·dC/D − k·(dL₁/L₁ + dL₂/L₂ + dL₃/L₃)`.
fn menger_gradient(a: DVec2, b: DVec2, c: DVec2, k: f64) -> [DVec2; 3] {
    let (e1, e2, e3) = (b - a, c - b, c - a);
    let (l1, l2, l3) = (e1.length(), e2.length(), e3.length());
    let denom = l1 * l2 * l3;
    if denom <= 1e-12 {
        return [DVec2::ZERO; 3];
    }
    // C = e1.x·e2.y − e1.y·e2.x.
    let dc_de1 = DVec2::new(e2.y, -e2.x);
    let dc_de2 = DVec2::new(-e1.y, e1.x);
    let (u1, u2, u3) = (e1 / (l1 * l1), e2 / (l2 * l2), e3 / (l3 * l3));
    let s = -2.0 / denom;
    [
        s * -dc_de1 + k * (u1 + u3),
        s * (dc_de1 - dc_de2) - k * (u1 - u2),
        s * dc_de2 - k * (u2 + u3),
    ]
}
