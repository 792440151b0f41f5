//! The tire step: forces from slip within the friction circle, each wheel's state and
//! telemetry; and aerodynamic drag.

use super::suspension_step::Patch;
use super::tick::Tick;
use crate::vehicle::chassis::MAX_WHEELS;
use crate::vehicle::drivetrain::SpinResult;
use crate::vehicle::sim_params::SimParams;
use crate::vehicle::suspension::WheelContact;
use crate::vehicle::telemetry::WheelTelemetry;
use crate::vehicle::tire::{combined_scale, slip_angle_rad, slip_ratio};
use crate::vehicle::wheel_state::WheelState;
use rapier3d::prelude::*;

/// The per-wheel state the tire step writes.
pub(super) struct WheelsOut<'a> {
    pub(super) omega: &'a mut [f32; MAX_WHEELS],
    pub(super) states: &'a mut [WheelState; MAX_WHEELS],
    pub(super) telemetry: &'a mut [WheelTelemetry; MAX_WHEELS],
}

// Per-wheel arrays (contacts, patches, spins, states) are walked in step by index.
#[allow(clippy::needless_range_loop)]
impl Tick<'_> {
    /// Tire forces: slip from the solved spins, bounded by the friction circle (PhysX
    /// combined slip), plus the low-speed hold, applied at the contact point; and each
    /// wheel's state and telemetry.
    pub(super) fn tire_forces(
        &self,
        body: &mut RigidBody,
        contacts: &[Option<WheelContact>; MAX_WHEELS],
        patches: &[Patch; MAX_WHEELS],
        angles: &[f32; MAX_WHEELS],
        result: &SpinResult,
        out: WheelsOut,
    ) {
        let (p, dt_s) = (self.p, self.dt_s);
        let long_floor = p.low_speed.min_long_slip_denominator_mps;
        for i in 0..self.n {
            let w = &p.wheels[i];
            let wd = &self.wheel_defs[i];
            let patch = patches[i];
            let state = &mut out.states[i];
            let omega = result.wheel_omega[i];
            state.steer_rad = angles[i];
            if contacts[i].is_none() {
                out.omega[i] = omega;
                state.grounded = false;
                state.compression_m = 0.0;
                state.slip_power_w = 0.0;
                state.on_loose = false;
                state.surface = None;
                state.center_y_m = w.position_m.y - w.max_droop_m;
                state.spin_rate_rad_per_s = omega;
                state.spin_angle_rad = (state.spin_angle_rad + omega * dt_s).rem_euclid(std::f32::consts::TAU);
                out.telemetry[i] = WheelTelemetry {
                    wheel_speed_mps: omega * w.radius_m,
                    ..WheelTelemetry::default()
                };
                continue;
            }
            let slip = slip_ratio(patch.v_x, omega * w.radius_m, long_floor);
            let fx_raw = w.longitudinal_stiffness_n() * slip;
            let s = combined_scale(fx_raw, patch.fy_raw, patch.mu * patch.load_n);
            let mut fx = fx_raw * s;
            let mut fy = patch.fy_raw * s;
            // The low-speed hold, lengthways only for a wheel its brake holds still.
            fy += patch.hold_y;
            if result.locked[i] {
                fx += patch.hold_x;
            }
            let limit = patch.mu * patch.load_n;
            let magnitude = fx.hypot(fy);
            if magnitude > limit && magnitude > 0.0 {
                fx *= limit / magnitude;
                fy *= limit / magnitude;
            }
            body.add_force_at_point(patch.forward * fx + patch.left * fy, patch.point, false);
            // Soft ground's rolling resistance is the ground's, not the tyre's grip: outside
            // the friction circle. Added only where there is some, so firm ground's force
            // sums (and the state hashes) stay bit for bit as they were.
            if patch.rolling_n != 0.0 {
                body.add_force_at_point(patch.forward * patch.rolling_n, patch.point, false);
            }

            out.omega[i] = omega;
            let hit = contacts[i].map(|c| c.distance_m).unwrap_or(wd.reach_m);
            state.grounded = true;
            state.compression_m = patch.compression_m;
            state.center_y_m = wd.origin_m.y - (hit - w.radius_m);
            state.spin_rate_rad_per_s = omega;
            state.spin_angle_rad = (state.spin_angle_rad + omega * dt_s).rem_euclid(std::f32::consts::TAU);
            state.slip_power_w = (fx * (omega * w.radius_m - patch.v_x)).abs() + (fy * patch.v_y).abs();
            state.contact_m = patch.point;
            state.on_loose = contacts[i].is_some_and(|c| c.loose);
            state.surface = contacts[i].and_then(|c| c.surface);
            out.telemetry[i] = WheelTelemetry {
                slip_ratio: slip,
                slip_angle_rad: slip_angle_rad(patch.v_x, patch.v_y, p.low_speed.min_lat_slip_denominator_mps),
                load_n: patch.load_n,
                compression_m: patch.compression_m,
                suspension_force_n: patch.suspension_n,
                tire_fx_n: fx,
                tire_fy_n: fy,
                wheel_speed_mps: omega * w.radius_m,
            };
        }
    }
}

/// Aerodynamic drag ½ρC_dAv² at the centre of mass, against the velocity, times `scale`
/// (1 in clean air: then exactly ½ρC_dAv²).
pub(super) fn drag(body: &mut RigidBody, p: &SimParams, scale: f32) {
    let v = body.linvel();
    let speed = v.length();
    if speed > 0.0 {
        body.add_force(-v / speed * (p.drag_n(speed) * scale), false);
    }
}
