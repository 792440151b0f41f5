//! A car's footprint on the ground as a rectangle, and whether two overlap: how the race
//! tests (`tests/sim/ai_racecraft.rs`) and the circuit matrix (`examples/circuit_matrix.rs`)
//! count a contact between two cars.

use glam::{Quat, Vec2, Vec3};

/// A car's footprint: centre and half extents along its own right (x) and forward (z) axes
/// in world (x, z).
pub struct Footprint {
    centre: Vec2,
    axes: [Vec2; 2],
    half_m: [f32; 2],
}

impl Footprint {
    pub fn of(translation: Vec3, rotation: Quat, half_width_m: f32, half_length_m: f32) -> Self {
        let x = rotation * Vec3::X;
        let z = rotation * Vec3::Z;
        Self {
            centre: Vec2::new(translation.x, translation.z),
            axes: [
                Vec2::new(x.x, x.z).normalize_or(Vec2::X),
                Vec2::new(z.x, z.z).normalize_or(Vec2::Y),
            ],
            half_m: [half_width_m, half_length_m],
        }
    }

    /// Radius of the footprint projected on `axis`.
    fn reach(&self, axis: Vec2) -> f32 {
        self.half_m[0] * self.axes[0].dot(axis).abs() + self.half_m[1] * self.axes[1].dot(axis).abs()
    }

    /// The separating axis theorem for two rectangles: they overlap when no edge normal of
    /// either separates them.
    pub fn overlaps(&self, other: &Footprint) -> bool {
        let d = other.centre - self.centre;
        self.axes
            .iter()
            .chain(other.axes.iter())
            .all(|&axis| d.dot(axis).abs() <= self.reach(axis) + other.reach(axis))
    }
}
