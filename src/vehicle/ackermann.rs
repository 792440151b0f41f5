//! Ackermann control (`apply_ackermann_control` of the CARLA vehicle model (PhysX)): drive
//! a car to a target road-wheel angle and speed, with limits on steering speed,
//! acceleration and jerk, through a PID controller on speed. Level scripts and the AI
//! driver use it; it turns targets into the same [`VehicleControl`] a driver gives, so
//! replays record it like any other input.

use super::control::VehicleControl;

/// A target for the car (CARLA's `carla.VehicleAckermannControl`, SI units).
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct AckermannControl {
    /// Front road-wheel angle, radians; positive turns right (CARLA's sign).
    pub steer: f32,
    /// Steering speed limit, rad/s; 0 = as fast as the car steers.
    pub steer_speed: f32,
    /// Target speed along the car's heading, m/s; negative reverses.
    pub speed: f32,
    /// Acceleration limit on the way to `speed`, m/s²; 0 = unlimited.
    pub acceleration: f32,
    /// Jerk limit on the acceleration, m/s³; 0 = unlimited.
    pub jerk: f32,
}

/// Gains of the speed loop. Pedal per m/s of speed error (proportional), per m of
/// accumulated error (integral, clamped) and per m/s² (derivative). Too much `speed_kp`
/// makes the pedals chatter; too little leaves the car short of its target on a hill,
/// which `speed_ki` then removes.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct AckermannSettings {
    /// Proportional gain, pedal per m/s.
    pub speed_kp: f32,
    /// Integral gain, pedal per m.
    pub speed_ki: f32,
    /// Derivative gain, pedal per m/s².
    pub speed_kd: f32,
    /// Largest integral contribution, pedal.
    pub integral_limit: f32,
}

impl Default for AckermannSettings {
    fn default() -> Self {
        Self {
            speed_kp: 0.6,
            speed_ki: 0.25,
            speed_kd: 0.0,
            integral_limit: 0.6,
        }
    }
}

/// The controller's state between ticks.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct AckermannController {
    /// Gains.
    pub settings: AckermannSettings,
    speed_ref: f32,
    accel_ref: f32,
    steer_ref: f32,
    integral: f32,
    previous_error: f32,
    started: bool,
}

impl AckermannController {
    /// A controller with `settings`.
    pub fn new(settings: AckermannSettings) -> Self {
        Self {
            settings,
            ..Self::default()
        }
    }

    /// The controls for this tick. `forward_speed_mps` is the car's speed along its
    /// heading; `max_steer_rad` the largest road-wheel angle the car allows at that speed.
    pub fn control(
        &mut self,
        target: &AckermannControl,
        forward_speed_mps: f32,
        max_steer_rad: f32,
        dt_s: f32,
    ) -> VehicleControl {
        if !self.started {
            self.speed_ref = forward_speed_mps;
            self.steer_ref = 0.0;
            self.started = true;
        }
        // Reference speed: toward the target within the acceleration and jerk limits.
        let wanted = target.speed - self.speed_ref;
        let accel_limit = if target.acceleration > 0.0 {
            target.acceleration
        } else {
            f32::INFINITY
        };
        let desired_accel = (wanted / dt_s).clamp(-accel_limit, accel_limit);
        self.accel_ref = if target.jerk > 0.0 {
            let step = target.jerk * dt_s;
            self.accel_ref + (desired_accel - self.accel_ref).clamp(-step, step)
        } else {
            desired_accel
        };
        let dv = self.accel_ref * dt_s;
        self.speed_ref += if wanted.abs() <= dv.abs() { wanted } else { dv };

        // Steering within its speed limit.
        let step = if target.steer_speed > 0.0 {
            target.steer_speed * dt_s
        } else {
            f32::INFINITY
        };
        self.steer_ref += (target.steer - self.steer_ref).clamp(-step, step);

        // Speed PID on the magnitude, in the direction of travel wanted.
        let reverse = target.speed < 0.0 || (target.speed == 0.0 && forward_speed_mps < -0.1);
        let sign = if reverse { -1.0 } else { 1.0 };
        let error = sign * (self.speed_ref - forward_speed_mps);
        let s = &self.settings;
        self.integral = (self.integral + error * dt_s * s.speed_ki).clamp(-s.integral_limit, s.integral_limit);
        let derivative = (error - self.previous_error) / dt_s;
        self.previous_error = error;
        let pedal = s.speed_kp * error + self.integral + s.speed_kd * derivative;
        // Moving the wrong way for the wanted direction: brake to a stop first.
        let wrong_way = sign * forward_speed_mps < -0.5;
        let (throttle, brake) = if wrong_way {
            (0.0, 1.0)
        } else if pedal >= 0.0 {
            (pedal.min(1.0), 0.0)
        } else {
            (0.0, (-pedal).min(1.0))
        };
        let steer = if max_steer_rad > 0.0 {
            (self.steer_ref / max_steer_rad).clamp(-1.0, 1.0)
        } else {
            0.0
        };
        VehicleControl {
            throttle,
            brake,
            steer,
            reverse,
            ..VehicleControl::default()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn acceleration_limit_ramps_the_reference() {
        let mut c = AckermannController::default();
        let target = AckermannControl {
            speed: 10.0,
            acceleration: 2.0,
            ..AckermannControl::default()
        };
        // Standing still: after 1 s of ticks the reference is 2 m/s, not 10.
        for _ in 0..60 {
            c.control(&target, 0.0, 0.5, 1.0 / 60.0);
        }
        assert!((c.speed_ref - 2.0).abs() < 1e-3, "{}", c.speed_ref);
    }

    #[test]
    fn steer_maps_to_the_fraction_of_the_range_and_obeys_its_speed() {
        let mut c = AckermannController::default();
        let target = AckermannControl {
            steer: 0.2,
            steer_speed: 0.6,
            ..AckermannControl::default()
        };
        let first = c.control(&target, 0.0, 0.4, 0.1);
        assert!((first.steer - 0.06 / 0.4).abs() < 1e-5, "{}", first.steer);
        for _ in 0..10 {
            c.control(&target, 0.0, 0.4, 0.1);
        }
        assert!((c.control(&target, 0.0, 0.4, 0.1).steer - 0.5).abs() < 1e-5);
    }

    #[test]
    fn too_fast_brakes_and_reverse_target_selects_reverse() {
        let mut c = AckermannController::default();
        let slow = AckermannControl {
            speed: 5.0,
            ..AckermannControl::default()
        };
        let out = c.control(&slow, 15.0, 0.5, 1.0 / 60.0);
        assert!(out.brake > 0.5 && out.throttle == 0.0, "{out:?}");
        let back = AckermannControl {
            speed: -3.0,
            ..AckermannControl::default()
        };
        let mut c = AckermannController::default();
        let out = c.control(&back, 0.0, 0.5, 1.0 / 60.0);
        assert!(out.reverse && out.throttle > 0.0, "{out:?}");
    }
}
