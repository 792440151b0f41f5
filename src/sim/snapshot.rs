//! What rendering reads from the simulation: body poses after a tick. Render keeps the
//! previous and current snapshot and interpolates between them with the loop's alpha; it
//! never holds a reference into the world, so it cannot mutate it.

use glam::{Quat, Vec3};

/// One body's pose.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct BodyPose {
    /// Centre of the body, metres.
    pub position: Vec3,
    /// Orientation.
    pub rotation: Quat,
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

/// Poses of the dynamic bodies, in the world's fixed body order: the player first, then
/// the level's boxes in file order.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Snapshot {
    /// Tick this snapshot was taken after.
    pub tick: u64,
    /// Body poses.
    pub bodies: Vec<BodyPose>,
}
