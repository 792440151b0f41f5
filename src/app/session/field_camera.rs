//! The screenshot's field camera (`skidpad screenshot --camera field`): a camera raised
//! behind the last car of the grid and off to one side, looking along the field to the car
//! on pole, so a race's opponents are in view (the chase camera follows the player on
//! pole, with the grid behind it; a camera ahead of the grid has the start gantry between
//! it and the cars).
//!
//! If a car is cut off at the frame's edge, the field is longer than the camera's distance
//! allows for: raise [`BEHIND_PER_FIELD_M`] (it moves the camera further back per metre of
//! field).

use crate::render::Camera;
use crate::sim::BodyPose;
use glam::Vec3;

/// Distance behind the last car, m, plus this much per metre of field length.
const BEHIND_M: f32 = 8.0;
/// See [`BEHIND_M`].
const BEHIND_PER_FIELD_M: f32 = 0.10;
/// Off to the side (the leader's left), m, plus a share of the field length.
const SIDE_M: f32 = 3.0;
const SIDE_PER_FIELD_M: f32 = 0.05;
/// Height above the leader, m, plus a share of the field length.
const HEIGHT_M: f32 = 4.0;
const HEIGHT_PER_FIELD_M: f32 = 0.08;

/// A camera that sees every car of `cars` (the first leads the field: the player on pole),
/// from behind the last one looking along the leader's heading; `None` without cars.
pub fn field_camera(cars: &[BodyPose]) -> Option<Camera> {
    let lead = cars.first()?;
    let heading = lead.rotation * Vec3::Z;
    let forward = Vec3::new(heading.x, 0.0, heading.z).normalize_or(Vec3::Z);
    let left = Vec3::Y.cross(forward);
    let along = |p: Vec3| (p - lead.position).dot(forward);
    let front = cars.iter().map(|c| along(c.position)).fold(0.0, f32::max);
    let back = cars.iter().map(|c| along(c.position)).fold(0.0, f32::min);
    let length_m = front - back;
    let centroid = cars.iter().map(|c| c.position).sum::<Vec3>() / cars.len() as f32;
    let eye = lead.position
        + forward * (back - BEHIND_M - BEHIND_PER_FIELD_M * length_m)
        + left * (SIDE_M + SIDE_PER_FIELD_M * length_m)
        + Vec3::Y * (HEIGHT_M + HEIGHT_PER_FIELD_M * length_m);
    Some(Camera::looking_at(eye, centroid))
}
