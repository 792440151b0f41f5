//! The wakes: before the cars apply their forces, each car's drag scale from the cars ahead
//! of it ([`crate::vehicle::sheltered_by`]; the model and its source in `vehicle/slipstream.rs`).
//!
//! Every pair once (i < j), out early when farther apart than the longer of their wakes: 32
//! cars are 496 pairs, most out after a subtraction and a square. A car takes the strongest
//! wake it is in (wakes do not add up). Reads and writes only the car slots: nothing
//! allocated, the same order every tick.

use super::SimWorld;
use crate::vehicle::{sheltered_by, WakeProbe};
use glam::{Vec2, Vec3};

impl SimWorld {
    /// Sets every car's `drag_scale` for this tick from where the cars are and how they move.
    pub(super) fn sum_wakes(&mut self) {
        for slot in &mut self.cars {
            let body = &self.physics.bodies[slot.car.body()];
            let p = body.translation();
            let f = *body.rotation() * Vec3::Z;
            let v = body.linvel();
            slot.wake = WakeProbe {
                position_m: Vec2::new(p.x, p.z),
                heading: Vec2::new(f.x, f.z).normalize_or_zero(),
                velocity_mps: Vec2::new(v.x, v.z),
            };
            slot.drag_scale = 1.0;
        }
        let n = self.cars.len();
        for i in 0..n {
            for j in (i + 1)..n {
                let (a, b) = (&self.cars[i], &self.cars[j]);
                let reach_m = a
                    .car
                    .def()
                    .slipstream
                    .wake_length_m
                    .max(b.car.def().slipstream.wake_length_m);
                if (a.wake.position_m - b.wake.position_m).length_squared() >= reach_m * reach_m {
                    continue;
                }
                // One of the two is ahead of the other, at most.
                let behind_i = sheltered_by(&b.car.def().slipstream, &b.wake, &a.wake);
                let behind_j = sheltered_by(&a.car.def().slipstream, &a.wake, &b.wake);
                let scale_i = &mut self.cars[i].drag_scale;
                *scale_i = scale_i.min(1.0 - behind_i);
                let scale_j = &mut self.cars[j].drag_scale;
                *scale_j = scale_j.min(1.0 - behind_j);
            }
        }
    }
}
