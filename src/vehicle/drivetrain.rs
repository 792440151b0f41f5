//! The sim model's drivetrain: engine, clutch, gearbox, differential and wheel spin,
//! integrated implicitly in one small linear solve per tick.
//!
//! Model (the drivetrain of the CARLA vehicle model (PhysX)):
//! - engine: `I_e·dω_e/dt = throttle·T(rpm) − μ·ω_e − T_clutch`, μ interpolated by throttle
//!   between the zero-throttle rate (clutch engaged or open) and the full-throttle rate —
//!   CARLA's `ω ← ω − μ·ω/I·dt` is the damping part;
//! - clutch: `T_clutch = clutch_strength·(ω_e − G·ω_diff)`, G = gear ratio × final ratio
//!   (negative in reverse, 0 in neutral), ω_diff = Σ share_i·ω_i over the driven wheels;
//! - differential: wheel i receives `share_i·G·T_clutch`; a limited-slip coupling adds
//!   `c·(ω̄ − ω_i)` between driven wheels;
//! - wheel: `I_w·dω_i/dt = drive_i − F_x,i·r − brake_i − damping_rate·ω_i` with the tire's
//!   `F_x = a_i·(ω_i·r − v_x)` linearised at this tick (see `vehicle::tire`).
//!
//! The clutch and the tire make this system stiff (an explicit step at 60 Hz explodes), so
//! every ω at the end of the tick is solved for at once (backward Euler), as PhysX does.
//! Brakes are Coulomb torques: a wheel they can stop is held at ω = 0 until the torque
//! needed to hold it exceeds them.

use super::chassis::MAX_WHEELS;
use super::control::VehicleControl;
use super::sim_params::{GearboxParams, SimParams};

/// rad/s per rpm.
pub const RAD_PER_S_PER_RPM: f32 = std::f32::consts::TAU / 60.0;

/// Gear selection and shifting state.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct Gearbox {
    /// Engaged gear: −1 reverse, 0 neutral (also while shifting), 1.. forward.
    pub gear: i8,
    /// Gear being shifted into.
    pub target: i8,
    /// Time left in neutral before `target` engages, s.
    pub switch_left_s: f32,
    /// Time since the last shift began, s.
    pub since_shift_s: f32,
}

impl Gearbox {
    /// Chooses and shifts gears for this tick. `driveline_rpm` is the engine speed the
    /// wheels would impose in the current gear (so a slipping clutch does not shift).
    pub fn update(&mut self, p: &GearboxParams, max_rpm: f32, control: &VehicleControl, driveline_rpm: f32, dt_s: f32) {
        self.since_shift_s += dt_s;
        if self.switch_left_s > 0.0 {
            self.switch_left_s -= dt_s;
            if self.switch_left_s <= 0.0 {
                self.gear = self.target;
            }
            return;
        }
        let top = p.forward.len() as i8;
        let desired = if control.manual_gear_shift {
            control.gear.clamp(-1, top)
        } else if control.reverse {
            -1
        } else if self.gear <= 0 {
            1
        } else if p.use_autobox && self.since_shift_s >= p.autobox_latency_s {
            let g = &p.forward[(self.gear - 1) as usize];
            if driveline_rpm > g.up_ratio * max_rpm && self.gear < top {
                self.gear + 1
            } else if driveline_rpm < g.down_ratio * max_rpm && self.gear > 1 {
                self.gear - 1
            } else {
                self.gear
            }
        } else {
            self.gear
        };
        if desired != self.gear {
            self.target = desired;
            self.since_shift_s = 0.0;
            if p.switch_time_s > 0.0 {
                self.gear = 0;
                self.switch_left_s = p.switch_time_s;
            } else {
                self.gear = desired;
            }
        }
    }

    /// Overall ratio engine : differential input (signed; 0 in neutral).
    pub fn overall_ratio(&self, p: &GearboxParams) -> f32 {
        match self.gear {
            0 => 0.0,
            g if g < 0 => -p.reverse_ratio * p.final_ratio,
            g => p.forward[(g - 1) as usize].ratio * p.final_ratio,
        }
    }
}

/// One wheel's terms in this tick's spin solve.
#[derive(Debug, Clone, Copy, Default)]
pub struct SpinWheel {
    /// Spin at the start of the tick, rad/s.
    pub omega: f32,
    /// Tire longitudinal force per m/s of slip velocity (ω·r − v_x), N·s/m (0 in the air).
    pub tire_a: f32,
    /// Patch speed along the wheel, m/s.
    pub v_x: f32,
    /// Brake + handbrake torque available, N·m.
    pub brake_nm: f32,
}

/// The engine and clutch terms of this tick's spin solve.
#[derive(Debug, Clone, Copy, Default)]
pub struct SpinEngine {
    /// Engine speed at the start of the tick, rad/s.
    pub omega: f32,
    /// Engine torque this tick (throttle × curve), N·m.
    pub torque_nm: f32,
    /// Engine damping rate this tick, kg·m²/s.
    pub damping: f32,
    /// Overall ratio G (0 = nothing transmitted).
    pub ratio: f32,
    /// Clutch engaged.
    pub clutch_engaged: bool,
}

/// End-of-tick speeds from [`solve_spin`].
#[derive(Debug, Clone, Copy, Default)]
pub struct SpinResult {
    /// Engine speed, rad/s.
    pub engine_omega: f32,
    /// Wheel speeds, rad/s.
    pub wheel_omega: [f32; MAX_WHEELS],
    /// Wheels held still by their brakes.
    pub locked: [bool; MAX_WHEELS],
}

const N: usize = MAX_WHEELS + 1;

/// Solves engine and wheel speeds at the end of the tick (backward Euler).
pub fn solve_spin(p: &SimParams, engine: &SpinEngine, wheels: &[SpinWheel], dt_s: f32) -> SpinResult {
    let n = wheels.len().min(MAX_WHEELS);
    let mut locked = [false; MAX_WHEELS];
    // Brake direction: against the spin (or, for a wheel at rest, against where it would go
    // unbraked).
    // The unbraked solve only gives a braked wheel at rest its brake direction, and the
    // loop below always solves again, so unless a braked wheel is at rest (or its spin is
    // not a number) it is skipped: the same answer, one linear solve fewer whenever no
    // braked wheel is at rest (almost every tick, braking at speed included).
    let at_rest = |w: &SpinWheel| w.brake_nm > 0.0 && (w.omega.is_nan() || w.omega.abs() <= 1e-3);
    let free = if wheels.iter().take(n).any(at_rest) {
        solve_linear(p, engine, wheels, &locked, &[0.0; MAX_WHEELS], dt_s)
    } else {
        [0.0; N]
    };
    let mut brake_dir = [0.0f32; MAX_WHEELS];
    for i in 0..n {
        if wheels[i].brake_nm > 0.0 {
            let reference = if wheels[i].omega.abs() > 1e-3 {
                wheels[i].omega
            } else {
                free[i + 1] as f32
            };
            brake_dir[i] = reference.signum();
            if reference.abs() < 1e-6 {
                locked[i] = true;
            }
        }
    }
    let mut x = free;
    for _ in 0..3 {
        let mut torque = [0.0f32; MAX_WHEELS];
        for i in 0..n {
            torque[i] = -brake_dir[i] * wheels[i].brake_nm;
        }
        x = solve_linear(p, engine, wheels, &locked, &torque, dt_s);
        let mut changed = false;
        for i in 0..n {
            if wheels[i].brake_nm <= 0.0 {
                continue;
            }
            if !locked[i] && (x[i + 1] as f32) * brake_dir[i] <= 0.0 {
                locked[i] = true;
                changed = true;
            } else if locked[i] {
                // The torque the brake must supply to hold the wheel still.
                let hold = holding_torque(p, engine, wheels, &x, i, dt_s);
                if hold.abs() > wheels[i].brake_nm {
                    locked[i] = false;
                    brake_dir[i] = -hold.signum();
                    changed = true;
                }
            }
        }
        if !changed {
            break;
        }
    }
    let mut out = SpinResult {
        engine_omega: (x[0] as f32).max(0.0),
        locked,
        ..SpinResult::default()
    };
    for i in 0..n {
        out.wheel_omega[i] = if locked[i] { 0.0 } else { x[i + 1] as f32 };
    }
    out
}

/// Torque a brake must apply to keep wheel `i` at ω = 0 given the other speeds `x`.
fn holding_torque(p: &SimParams, engine: &SpinEngine, wheels: &[SpinWheel], x: &[f64; N], i: usize, dt_s: f32) -> f32 {
    let w = &p.wheels[i];
    let s = &wheels[i];
    let r = w.radius_m;
    // I·(0 − ω)/dt = drive − a·r·(0·r − v_x) + T_hold → T_hold = −I·ω/dt − drive − a·r·v_x.
    let drive = if engine.clutch_engaged && engine.ratio != 0.0 {
        let diff: f64 = (0..wheels.len())
            .map(|j| p.wheels[j].drive_share as f64 * x[j + 1])
            .sum();
        w.drive_share * engine.ratio * p.gearbox.clutch_strength * (x[0] - engine.ratio as f64 * diff) as f32
    } else {
        0.0
    };
    -w.inertia_kg_m2 * s.omega / dt_s - drive - s.tire_a * r * s.v_x
}

/// Engine and wheel speeds at the end of the tick with wheels `locked` held still and
/// `brake_torque` on the others (the linear system of the module's model, solved by
/// [`gauss`]).
fn solve_linear(
    p: &SimParams,
    engine: &SpinEngine,
    wheels: &[SpinWheel],
    locked: &[bool; MAX_WHEELS],
    brake_torque: &[f32; MAX_WHEELS],
    dt_s: f32,
) -> [f64; N] {
    // Four wheels, the cars there are, with the count known to the compiler: its loops
    // unrolled, the same operations in the same order (the same bits).
    if wheels.len() == 4 {
        let x = solve_linear_n::<5>(p, engine, wheels, locked, brake_torque, dt_s, 4);
        let mut out = [0.0; N];
        out[..5].copy_from_slice(&x);
        out
    } else {
        solve_linear_n::<N>(
            p,
            engine,
            wheels,
            locked,
            brake_torque,
            dt_s,
            wheels.len().min(MAX_WHEELS),
        )
    }
}

/// [`solve_linear`] for `n` wheels in an `M`×`M` system (`M` ≥ `n` + 1).
#[inline(always)]
fn solve_linear_n<const M: usize>(
    p: &SimParams,
    engine: &SpinEngine,
    wheels: &[SpinWheel],
    locked: &[bool; MAX_WHEELS],
    brake_torque: &[f32; MAX_WHEELS],
    dt_s: f32,
    n: usize,
) -> [f64; M] {
    let dt = dt_s as f64;
    let mut a = [[0.0f64; M]; M];
    let mut b = [0.0f64; M];
    let ie = p.engine.moi_kg_m2 as f64;
    a[0][0] = ie / dt + engine.damping as f64;
    b[0] = ie / dt * engine.omega as f64 + engine.torque_nm as f64;
    let coupled = engine.clutch_engaged && engine.ratio != 0.0;
    let g = engine.ratio as f64;
    let kc = p.gearbox.clutch_strength as f64;
    if coupled {
        a[0][0] += kc;
        for j in 0..n {
            a[0][j + 1] -= kc * g * p.wheels[j].drive_share as f64;
        }
    }
    let share_sum: f64 = p.wheels.iter().take(n).map(|w| w.drive_share as f64).sum();
    let lsd = p.differential.limited_slip_coupling as f64;
    for i in 0..n {
        let row = i + 1;
        if locked[i] {
            a[row][row] = 1.0;
            b[row] = 0.0;
            continue;
        }
        let w = &p.wheels[i];
        let s = &wheels[i];
        let r = w.radius_m as f64;
        let si = w.drive_share as f64;
        a[row][row] += w.inertia_kg_m2 as f64 / dt + w.damping_rate as f64 + s.tire_a as f64 * r * r;
        b[row] += w.inertia_kg_m2 as f64 / dt * s.omega as f64 + s.tire_a as f64 * r * s.v_x as f64;
        b[row] += brake_torque[i] as f64;
        if coupled && si > 0.0 {
            a[row][0] -= si * g * kc;
            for j in 0..n {
                a[row][j + 1] += si * g * g * kc * p.wheels[j].drive_share as f64;
            }
        }
        if lsd > 0.0 && si > 0.0 && share_sum > 0.0 {
            a[row][row] += lsd;
            for j in 0..n {
                a[row][j + 1] -= lsd * p.wheels[j].drive_share as f64 / share_sum;
            }
        }
    }
    gauss(&mut a, &mut b, n + 1);
    b
}

/// Gaussian elimination with partial pivoting on the leading `n`×`n` block; the solution
/// replaces `b`. A singular pivot leaves that unknown at 0 (cannot happen with positive
/// inertias, but never divides by zero).
// Row operations read best as the textbook's indices.
#[allow(clippy::needless_range_loop)]
#[inline(always)]
fn gauss<const M: usize>(a: &mut [[f64; M]; M], b: &mut [f64; M], n: usize) {
    let n = n.min(M);
    for col in 0..n {
        // The last of the largest magnitudes (as `Iterator::max_by` picks, by `total_cmp`).
        let mut pivot = col;
        for i in col + 1..n {
            if a[i][col].abs().total_cmp(&a[pivot][col].abs()).is_ge() {
                pivot = i;
            }
        }
        // A row swapped with itself is left as it is: the copy is skipped, not the answer.
        if pivot != col {
            a.swap(col, pivot);
            b.swap(col, pivot);
        }
        let d = a[col][col];
        if d.abs() < 1e-300 {
            continue;
        }
        for row in col + 1..n {
            let f = a[row][col] / d;
            if f != 0.0 {
                // Column `col` below the pivot is never read again (the pivot searches and
                // the back substitution read right of it): it is not updated.
                for k in col + 1..n {
                    a[row][k] -= f * a[col][k];
                }
                b[row] -= f * b[col];
            }
        }
    }
    for col in (0..n).rev() {
        let mut v = b[col];
        for k in col + 1..n {
            v -= a[col][k] * b[k];
        }
        b[col] = if a[col][col].abs() < 1e-300 {
            0.0
        } else {
            v / a[col][col]
        };
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn gauss_solves_a_small_system() {
        let mut a = [[0.0; N]; N];
        let mut b = [0.0; N];
        a[0][0] = 2.0;
        a[0][1] = 1.0;
        a[1][0] = 1.0;
        a[1][1] = 3.0;
        b[0] = 5.0;
        b[1] = 10.0;
        gauss(&mut a, &mut b, 2);
        assert!((b[0] - 1.0).abs() < 1e-12 && (b[1] - 3.0).abs() < 1e-12);
    }
}
