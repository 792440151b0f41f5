//! Stability control: holds the yaw rate near what the car's linear bicycle model gives
//! for the steering the driver asks for.
//!
//! Reference: the linear bicycle model's steady-state yaw-rate gain (`BicycleModel::
//! yaw_rate_gain_per_s`, r/δ = v/(L + K_us·v²)) times the road-wheel angle asked for. A car
//! turning faster than that is oversteering (the rear is letting go): the correction takes
//! steer off in proportion to the excess, closes the throttle and adds a little brake,
//! which is what a real ESC's yaw moment from one wheel's brake does, done through the
//! only controls an assist may touch. Understeer (turning slower than the reference) is
//! left alone: the tires are at their limit and the driver sees it. The throttle limit
//! closes while the car oversteers and reopens slowly after. If the car feels
//! numb, widen [`DEADBAND_RAD_PER_S`] or lower [`STEER_PER_RAD_PER_S`].

use super::CarReading;
use crate::vehicle::VehicleControl;

/// Yaw-rate excess tolerated before acting, rad/s (plus [`DEADBAND_FRACTION`] of the reference).
pub const DEADBAND_RAD_PER_S: f32 = 0.05;
/// Share of the reference yaw rate tolerated on top, so normal transients pass.
pub const DEADBAND_FRACTION: f32 = 0.1;
/// Steer taken off per rad/s of excess yaw rate.
const STEER_PER_RAD_PER_S: f32 = 2.0;
/// Brake added per rad/s of excess yaw rate, at most [`MAX_BRAKE`].
const BRAKE_PER_RAD_PER_S: f32 = 0.5;
const MAX_BRAKE: f32 = 0.3;
/// Below this speed (m/s) there is nothing to stabilise.
const ACTIVE_ABOVE_MPS: f32 = 5.0;

/// How fast the throttle limit closes per rad/s of excess yaw rate, 1/s.
const THROTTLE_CLOSE_PER_S: f32 = 60.0;
/// How fast it opens again once the yaw rate is back within the reference, 1/s: slowly
/// (full throttle back over about 5 s), because the throttle that set a rear-drive car's
/// rear sliding spins it again the moment it returns (the sedan on a full-throttle step
/// steer spun at 0.7/s). If the car feels held back after a slide, raise it, with
/// traction control on to catch the wheelspin.
const THROTTLE_OPEN_PER_S: f32 = 0.2;

/// Stability control's state: the throttle limit it has learned.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct StabilityControl {
    throttle_limit: f32,
}

impl Default for StabilityControl {
    fn default() -> Self {
        Self { throttle_limit: 1.0 }
    }
}

/// Yaw rate allowed above what the tires' side force carries, rad/s, so that turn-in
/// (yaw leading the side force by a few ticks) is not taken for a spin.
const SUPPORTED_MARGIN_RAD_PER_S: f32 = 0.15;

/// The yaw rate the linear model gives for `steer` on `car`, rad/s, positive right,
/// bounded by the yaw rate the tires' present side force can carry on a steady arc
/// (`a_y / v`): past the grip limit the linear model asks for more turn than any tire
/// gives, and a real ESC bounds its reference by friction (`μ·g/v`) the same way.
pub fn reference_yaw_rate(steer: f32, car: &CarReading) -> Option<f32> {
    let linear = car.yaw_gain_per_s? * steer * car.max_steer_rad;
    let v = car.forward_speed_mps.max(1.0);
    let supported = car.lateral_accel_right_mps2.abs() / v + SUPPORTED_MARGIN_RAD_PER_S;
    Some(linear.clamp(-supported, supported))
}

impl StabilityControl {
    /// Corrects `control`; true if it acted this tick.
    pub fn apply(&mut self, control: &mut VehicleControl, car: &CarReading, dt_s: f32) -> bool {
        if !car.grounded || car.forward_speed_mps < ACTIVE_ABOVE_MPS {
            self.throttle_limit = 1.0;
            return false;
        }
        let Some(reference) = reference_yaw_rate(control.steer, car) else {
            return false;
        };
        let r = car.yaw_rate_right_rad_per_s;
        let allowed = reference.abs() * (1.0 + DEADBAND_FRACTION) + DEADBAND_RAD_PER_S;
        // Turning the way asked but faster, or turning against the steer: both oversteer.
        let excess = if r.signum() == reference.signum() || reference == 0.0 {
            r.abs() - allowed
        } else {
            r.abs() + reference.abs() - DEADBAND_RAD_PER_S
        };
        if excess <= 0.0 {
            self.throttle_limit = (self.throttle_limit + THROTTLE_OPEN_PER_S * dt_s).min(1.0);
            let acted = control.throttle > self.throttle_limit;
            control.throttle = control.throttle.min(self.throttle_limit);
            return acted;
        }
        self.throttle_limit = (self.throttle_limit - THROTTLE_CLOSE_PER_S * excess * dt_s).max(0.0);
        control.steer = (control.steer - r.signum() * STEER_PER_RAD_PER_S * excess).clamp(-1.0, 1.0);
        control.throttle = control.throttle.min(self.throttle_limit);
        control.brake = control.brake.max((BRAKE_PER_RAD_PER_S * excess).min(MAX_BRAKE));
        true
    }
}
