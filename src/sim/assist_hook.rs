//! Where a tick's input meets the player's car: the assists the input asks for turn the
//! player's controls into the car's, reading the car as the latest tick left it.
//!
//! Everything read here is simulation state (the chassis body, the car's telemetry, its
//! definition), so the same inputs give the same controls on every run and in a replay.

use super::input::{TickInput, VehicleControl};
use crate::assists::{AssistLamps, Assists, CarReading};
use crate::vehicle::BicycleModel;
use crate::vehicle::{Car, Telemetry};
use glam::Vec3;
use rapier3d::prelude::RigidBody;

/// The player's assists and what they need to know of the car, kept across ticks.
#[derive(Debug, Clone, Default)]
pub struct PlayerAssists {
    assists: Assists,
    /// The car's linear bicycle model, derived once (None: not derived yet, or an arcade
    /// car, for which `derived` tells the two apart).
    bicycle: Option<BicycleModel>,
    derived: bool,
}

impl PlayerAssists {
    /// The controls the player's car gets for `input`: sanitized, then through the
    /// assists `input` turns on. With none on, exactly `input.control.sanitized()`, and the
    /// car's telemetry (`telemetry`) is not read at all, so a tick without assists pays nothing.
    pub fn controls(
        &mut self,
        input: &TickInput,
        car: &Car,
        telemetry: impl FnOnce() -> Telemetry,
        body: &RigidBody,
        dt_s: f32,
    ) -> VehicleControl {
        let control = input.control.sanitized();
        if input.reset || input.restart {
            self.assists.reset();
        }
        if !input.assists.any() {
            self.assists.reset();
            return control;
        }
        if !self.derived {
            self.bicycle = BicycleModel::of_car(car.def());
            self.derived = true;
        }
        let reading = read_car(car, &telemetry(), body, self.bicycle.as_ref());
        self.assists.apply(input.assists, control, &reading, dt_s).sanitized()
    }

    /// Which assists acted in the latest tick.
    pub fn lamps(&self) -> AssistLamps {
        self.assists.lamps()
    }
}

/// What the assists may know of `car` after the latest tick.
pub fn read_car(car: &Car, telemetry: &Telemetry, body: &RigidBody, bicycle: Option<&BicycleModel>) -> CarReading {
    let def = car.def();
    let rotation = *body.rotation();
    let forward_speed_mps = body.linvel().dot(rotation * Vec3::Z);
    // Turning right is a negative rotation about up (forward +Z, right −X).
    let yaw_rate_right_rad_per_s = -body.angvel().dot(rotation * Vec3::Y);
    let mut reading = CarReading {
        forward_speed_mps,
        yaw_rate_right_rad_per_s,
        max_steer_rad: def.max_steer_at_rad(forward_speed_mps.abs()),
        yaw_gain_per_s: bicycle
            .and_then(|b| b.yaw_rate_gain_per_s(forward_speed_mps as f64))
            .map(|g| g as f32),
        wheelbase_m: def.wheelbase_m(),
        arcade: def.arcade().is_some(),
        ..CarReading::default()
    };
    let mut grounded_wheels = 0.0;
    let driven = |i: usize| {
        def.sim()
            .is_some_and(|p| p.wheels.get(i).is_some_and(|w| w.drive_share > 0.0))
    };
    for (i, (state, w)) in car.wheels().iter().zip(telemetry.wheels()).enumerate() {
        if !state.grounded {
            continue;
        }
        reading.grounded = true;
        reading.wheel_grounded[i] = true;
        reading.wheel_slip_ratios[i] = w.slip_ratio;
        if driven(i) {
            reading.drive_slip_ratio = reading.drive_slip_ratio.max(w.slip_ratio);
        }
        reading.brake_slip_ratio = reading.brake_slip_ratio.min(w.slip_ratio);
        reading.mean_slip_ratio += w.slip_ratio;
        grounded_wheels += 1.0;
        // Side force is positive toward the wheel's left.
        reading.lateral_accel_right_mps2 -= w.tire_fy_n / def.mass_kg.max(1.0);
    }
    if grounded_wheels > 0.0 {
        reading.mean_slip_ratio /= grounded_wheels;
    }
    reading
}
