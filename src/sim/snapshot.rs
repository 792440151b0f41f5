//! What rendering reads from the simulation: poses after a tick. Render keeps the previous
//! and current snapshot and interpolates between them with the loop's alpha; it never holds
//! a reference into the world, so it cannot mutate it.

use crate::content::material::MaterialId;
use crate::vehicle::MAX_WHEELS;
use glam::{Quat, Vec3};

/// One body's pose.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct BodyPose {
    /// Centre (or reference point) of the body, metres.
    pub position: Vec3,
    /// Orientation.
    pub rotation: Quat,
}

impl Default for BodyPose {
    fn default() -> Self {
        Self {
            position: Vec3::ZERO,
            rotation: Quat::IDENTITY,
        }
    }
}

impl BodyPose {
    /// The pose `alpha` of the way from `self` to `next` (translation lerp, rotation slerp).
    pub fn lerp(&self, next: &BodyPose, alpha: f32) -> BodyPose {
        BodyPose {
            position: self.position.lerp(next.position, alpha),
            rotation: self.rotation.slerp(next.rotation, alpha),
        }
    }
}

/// How a wheel is drawn.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct WheelPose {
    /// Wheel centre height in the chassis frame (riding the suspension).
    pub center_y_m: f32,
    /// Steering angle about chassis +Y, radians.
    pub steer_rad: f32,
    /// Rolling angle, radians.
    pub spin_rad: f32,
}

impl WheelPose {
    fn lerp(&self, next: &WheelPose, alpha: f32) -> WheelPose {
        // The spin angle wraps at 2π: interpolate along the shorter way round.
        let tau = std::f32::consts::TAU;
        let dspin = (next.spin_rad - self.spin_rad + tau * 1.5).rem_euclid(tau) - tau * 0.5;
        WheelPose {
            center_y_m: self.center_y_m + (next.center_y_m - self.center_y_m) * alpha,
            steer_rad: self.steer_rad + (next.steer_rad - self.steer_rad) * alpha,
            spin_rad: self.spin_rad + dspin * alpha,
        }
    }
}

/// A car: its chassis pose and its wheels.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct CarPose {
    /// The chassis frame's pose.
    pub chassis: BodyPose,
    /// Wheels in definition order; only the first `wheel_count` are used.
    pub wheels: [WheelPose; MAX_WHEELS],
    /// How many wheels the car has.
    pub wheel_count: usize,
    /// Brake lamps lit (render only; not in the state hash).
    pub brake_lamps: bool,
    /// Reverse lamps lit (render only; not in the state hash).
    pub reverse_lamps: bool,
    /// The surface under the car (its first grounded wheel's; `None` airborne or on ground
    /// without one): what its paint reflects below the horizon and what lights it from
    /// below (render only; not in the state hash).
    pub ground: Option<MaterialId>,
}

impl CarPose {
    /// The car `alpha` of the way from `self` to `next`.
    pub fn lerp(&self, next: &CarPose, alpha: f32) -> CarPose {
        let mut out = *next;
        out.chassis = self.chassis.lerp(&next.chassis, alpha);
        for (o, (a, b)) in out.wheels.iter_mut().zip(self.wheels.iter().zip(&next.wheels)) {
            *o = a.lerp(b, alpha);
        }
        out
    }
}

/// Poses after one tick: cars (the player first) and dynamic props (in level file order).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Snapshot {
    /// Tick this snapshot was taken after.
    pub tick: u64,
    /// Cars, the player's first.
    pub cars: Vec<CarPose>,
    /// Dynamic props.
    pub bodies: Vec<BodyPose>,
    /// What happened in the tick (for particles, sound, rumble).
    pub events: Vec<super::SimEvent>,
}
