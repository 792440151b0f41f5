//! What every step of one sim car's tick reads, taken once before any force is applied,
//! and the first step, steering.

use crate::vehicle::chassis::{WheelDef, MAX_WHEELS};
use crate::vehicle::shared_steps::ease_steer_rad;
use crate::vehicle::sim_params::SimParams;
use crate::vehicle::steering;
use crate::vehicle::VehicleControl;
use glam::Vec3;
use rapier3d::prelude::*;

/// What every step of one sim car's tick reads, taken once before any force is applied.
pub(super) struct Tick<'a> {
    pub(super) p: &'a SimParams,
    pub(super) wheel_defs: &'a [WheelDef],
    pub(super) control: &'a VehicleControl,
    /// Wheels this tick walks (at most [`MAX_WHEELS`]).
    pub(super) n: usize,
    /// The chassis pose before the step.
    pub(super) pose: Pose,
    /// Chassis up, world frame.
    pub(super) up: Vec3,
    pub(super) gravity: Vec3,
    pub(super) dt_s: f32,
}

impl Tick<'_> {
    /// −chassis-up, world frame: the rays' direction.
    pub(super) fn down(&self) -> Vec3 {
        -self.up
    }

    /// Steering: eased toward `steer × max angle × steering_curve(speed)` (positive steer
    /// input turns right, a negative angle about +Y), spread over the wheels by Ackermann
    /// geometry.
    pub(super) fn steer(&self, steer_rad: &mut f32, forward_speed_mps: f32) -> [f32; MAX_WHEELS] {
        let p = self.p;
        let target = -self.control.steer * steering::max_angle_rad(p, forward_speed_mps);
        *steer_rad = ease_steer_rad(*steer_rad, target, p.steering.rate_rad_per_s, self.dt_s);
        let mut angles = [0.0f32; MAX_WHEELS];
        steering::wheel_angles(p, *steer_rad, &mut angles[..self.n]);
        angles
    }
}
