//! The drivetrain steps: the gearbox shifts, then engine, clutch and wheel spins are solved
//! together (`vehicle::drivetrain`).

use super::suspension_step::Patch;
use super::tick::Tick;
use crate::vehicle::chassis::MAX_WHEELS;
use crate::vehicle::drivetrain::{solve_spin, Gearbox, SpinEngine, SpinResult, SpinWheel, RAD_PER_S_PER_RPM};
use crate::vehicle::tire::{combined_scale, slip_ratio};

/// Passes of the spin solve per tick.
const SPIN_PASSES: usize = 3;
/// The gearbox's side of the drivetrain after the shift step.
pub(super) struct Driveline {
    /// The differential's input speed the wheels impose, rad/s.
    pub(super) diff_omega: f32,
    /// The engine speed that imposes, rpm, at the ratio before the shift.
    pub(super) driveline_rpm: f32,
    /// Overall ratio after the shift (0 in neutral).
    pub(super) ratio: f32,
}

// Per-wheel arrays (contacts, patches, spins, states) are walked in step by index.
#[allow(clippy::needless_range_loop)]
impl Tick<'_> {
    /// Gearbox, judged on the engine speed the wheels impose.
    pub(super) fn shift(&self, gearbox: &mut Gearbox, omega: &[f32; MAX_WHEELS]) -> Driveline {
        let p = self.p;
        let diff_omega: f32 = (0..self.n).map(|i| p.wheels[i].drive_share * omega[i]).sum();
        let ratio_now = gearbox.overall_ratio(&p.gearbox);
        let driveline_rpm = (ratio_now * diff_omega).abs() / RAD_PER_S_PER_RPM;
        gearbox.update(&p.gearbox, p.engine.max_rpm, self.control, driveline_rpm, self.dt_s);
        Driveline {
            diff_omega,
            driveline_rpm,
            ratio: gearbox.overall_ratio(&p.gearbox),
        }
    }

    /// The engine's side of the spin solve: torque at the throttle (raised by the idle
    /// governor), damping, and the automated clutch.
    pub(super) fn engine(&self, engine_omega: f32, driveline: &Driveline) -> SpinEngine {
        let (p, control) = (self.p, self.control);
        let throttle = control.throttle;
        let engine_rpm = engine_omega / RAD_PER_S_PER_RPM;
        let idle = p.engine.idle_rpm;
        let governor = if idle > 0.0 && engine_rpm < idle {
            ((idle - engine_rpm) / (0.1 * idle)).clamp(0.0, 1.0)
        } else {
            0.0
        };
        let throttle_eff = throttle.max(governor);
        // The automated clutch: closed to drive, and to engine-brake above idle; open when
        // the car is too slow for the gear, and while braking without throttle (so the
        // engine neither stalls nor fights the brakes).
        let braking = control.brake > 0.05 && throttle <= 0.01;
        let clutch_engaged = driveline.ratio != 0.0
            && !braking
            && (idle <= 0.0 || throttle > 0.01 || driveline.driveline_rpm > 1.1 * idle || control.manual_gear_shift);
        let torque = if engine_rpm >= p.engine.max_rpm {
            0.0
        } else {
            throttle_eff * p.engine.torque_curve.eval(engine_rpm)
        };
        let zero_rate = if clutch_engaged {
            p.engine.damping_zero_throttle_clutch_engaged
        } else {
            p.engine.damping_zero_throttle_clutch_disengaged
        };
        SpinEngine {
            omega: engine_omega,
            torque_nm: torque,
            damping: zero_rate + (p.engine.damping_full_throttle - zero_rate) * throttle_eff,
            ratio: driveline.ratio,
            clutch_engaged,
        }
    }

    /// Engine, clutch and wheel spins solved together, implicitly, each tire's
    /// longitudinal stiffness linearised; [`SPIN_PASSES`] passes so that the combined-slip
    /// scales (`scale`, also the next tick's first guess) settle.
    pub(super) fn spin_solve(
        &self,
        engine: &SpinEngine,
        omega: &[f32; MAX_WHEELS],
        scale: &mut [f32; MAX_WHEELS],
        patches: &[Patch; MAX_WHEELS],
    ) -> SpinResult {
        let (p, control, n) = (self.p, self.control, self.n);
        let long_floor = p.low_speed.min_long_slip_denominator_mps;
        let mut spin = [SpinWheel::default(); MAX_WHEELS];
        for i in 0..n {
            let w = &p.wheels[i];
            spin[i] = SpinWheel {
                omega: omega[i],
                tire_a: 0.0,
                v_x: patches[i].v_x,
                brake_nm: control.wheel_brake(i) * w.max_brake_torque_nm
                    + if control.hand_brake {
                        w.max_handbrake_torque_nm
                    } else {
                        0.0
                    },
            };
        }
        let mut result = SpinResult::default();
        for _ in 0..SPIN_PASSES {
            for i in 0..n {
                let w = &p.wheels[i];
                let patch = &patches[i];
                let den = patch.v_x.abs().max(long_floor);
                spin[i].tire_a = scale[i] * w.longitudinal_stiffness_n() / den;
            }
            result = solve_spin(p, engine, &spin[..n], self.dt_s);
            for i in 0..n {
                let patch = &patches[i];
                let w = &p.wheels[i];
                let fx_raw = w.longitudinal_stiffness_n()
                    * slip_ratio(patch.v_x, result.wheel_omega[i] * w.radius_m, long_floor);
                scale[i] = combined_scale(fx_raw, patch.fy_raw, patch.mu * patch.load_n);
            }
        }
        result
    }
}
