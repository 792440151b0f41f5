//! A car model against its car's physics: the wheels where the car file puts them and as
//! big, the collision boxes the car file's `[[chassis]]` boxes. A model that disagrees
//! would draw wheels off the ground or a body through walls the physics does not have.

use super::CarModel;
use crate::ContentError;
use glam::Vec3;

/// How far a model's wheel centre may sit from the car file's, m: 2 cm, below what shows
/// at a chase camera's distance.
pub const WHEEL_TOLERANCE_M: f32 = 0.02;
/// How far a model's wheel radius may differ from the car file's, as a fraction (5 %: a
/// tyre's own squash under load).
pub const RADIUS_TOLERANCE: f32 = 0.05;
/// How far each face of a `col_shape` box may sit from the car file's box, m.
pub const BOX_TOLERANCE_M: f32 = 0.02;

/// What the physics says a car's shape is: the numbers a model is checked against.
#[derive(Debug, Clone, PartialEq)]
pub struct CarShape {
    /// Each wheel's centre (the car file's ray origin) and radius, m, in wheel order.
    pub wheels: Vec<([f32; 3], f32)>,
    /// The `[[chassis]]` boxes: (full size, centre), m, in file order.
    pub boxes: Vec<([f32; 3], [f32; 3])>,
}

impl CarModel {
    /// Checks this model (read from `file`) against `car`: wheel count, each wheel's centre
    /// within [`WHEEL_TOLERANCE_M`] and radius within [`RADIUS_TOLERANCE`], and the
    /// collision boxes, in name order, within [`BOX_TOLERANCE_M`] of the chassis boxes.
    pub fn check_against(&self, file: &str, car: &CarShape) -> Result<(), ContentError> {
        if self.wheels.len() != car.wheels.len() {
            return Err(ContentError::new(
                file,
                format!("node wheel_{}", self.wheels.len().min(car.wheels.len())),
                format!(
                    "the model has {} wheels, the car file {}",
                    self.wheels.len(),
                    car.wheels.len()
                ),
            ));
        }
        for (i, (w, (centre, radius))) in self.wheels.iter().zip(&car.wheels).enumerate() {
            let node = format!("node wheel_{i}");
            let off = (Vec3::from(w.centre_m) - Vec3::from(*centre)).length();
            // A NaN distance (a non-finite car file) fails too.
            if off.is_nan() || off > WHEEL_TOLERANCE_M {
                return Err(ContentError::new(
                    file,
                    node,
                    format!(
                        "centre {off:.2} m from the car file's wheel {i} at {centre:?} (at most {WHEEL_TOLERANCE_M} m)"
                    ),
                ));
            }
            let ratio = w.radius_m / radius;
            if !((1.0 - RADIUS_TOLERANCE)..=(1.0 + RADIUS_TOLERANCE)).contains(&ratio) {
                return Err(ContentError::new(
                    file,
                    node,
                    format!(
                        "radius {:.3} m against the car file's {radius:.3} m for wheel {i} (within {:.0} %)",
                        w.radius_m,
                        RADIUS_TOLERANCE * 100.0
                    ),
                ));
            }
        }
        if self.col_boxes.len() != car.boxes.len() {
            return Err(ContentError::new(
                file,
                "node col_shape",
                format!(
                    "{} col_shape boxes, the car file has {} [[chassis]] boxes",
                    self.col_boxes.len(),
                    car.boxes.len()
                ),
            ));
        }
        for (i, (b, (size, centre))) in self.col_boxes.iter().zip(&car.boxes).enumerate() {
            let lo = |s: [f32; 3], c: [f32; 3]| Vec3::from(c) - Vec3::from(s) * 0.5;
            let hi = |s: [f32; 3], c: [f32; 3]| Vec3::from(c) + Vec3::from(s) * 0.5;
            let off = (lo(b.size_m, b.centre_m) - lo(*size, *centre))
                .abs()
                .max((hi(b.size_m, b.centre_m) - hi(*size, *centre)).abs())
                .max_element();
            if off.is_nan() || off > BOX_TOLERANCE_M {
                return Err(ContentError::new(
                    file,
                    format!("node col_shape (box {i})"),
                    format!(
                        "a face {off:.2} m from the car file's chassis box {i} (size {size:?} at {centre:?}; at most {BOX_TOLERANCE_M} m)"
                    ),
                ));
            }
        }
        Ok(())
    }
}
