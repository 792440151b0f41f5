//! The wakes: before the cars apply their forces, each car's drag scale from the cars ahead
//! of it ([`crate::vehicle::sheltered_by`]; the model and its source in `vehicle/slipstream.rs`).
//!
//! Every pair once (i < j), out early when farther apart than the longer of their wakes: 32
//! cars are 496 pairs, most out after a subtraction and a square. Each slot keeps a copy of
//! its car's wake, so the loop reads the slots alone. Measured: about 23 k instructions a
//! tick for 32 cars racing on the circuit (`scripts/callgrind-circuit`, 1.6 % of the tick). A car takes the strongest
//! wake it is in (wakes do not add up). Reads and writes only the car slots: nothing
//! allocated, the same order every tick.

use super::SimWorld;
use crate::vehicle::{sheltered_by, WakeProbe};
use glam::{Vec2, Vec3};

impl SimWorld {
    /// Sets every car's `drag_scale` for this tick from where the cars are and how they move.
    /// Not inlined, so that callgrind counts it by name (`scripts/callgrind-circuit`).
    #[inline(never)]
    pub(super) fn sum_wakes(&mut self) {
        for slot in &mut self.cars {
            let body = &self.physics.bodies[slot.car.body()];
            let p = body.translation();
            let f = *body.rotation() * Vec3::Z;
            let v = body.linvel();
            slot.probe = WakeProbe {
                position_m: Vec2::new(p.x, p.z),
                heading: Vec2::new(f.x, f.z).normalize_or_zero(),
                velocity_mps: Vec2::new(v.x, v.z),
            };
            slot.drag_scale = 1.0;
        }
        for i in 0..self.cars.len() {
            let (head, tail) = self.cars.split_at_mut(i + 1);
            let a = &mut head[i];
            for b in tail {
                let reach_m = a.wake.wake_length_m.max(b.wake.wake_length_m);
                if (a.probe.position_m - b.probe.position_m).length_squared() >= reach_m * reach_m {
                    continue;
                }
                // One of the two is ahead of the other, at most.
                let behind_a = sheltered_by(&b.wake, &b.probe, &a.probe);
                let behind_b = sheltered_by(&a.wake, &a.probe, &b.probe);
                a.drag_scale = a.drag_scale.min(1.0 - behind_a);
                b.drag_scale = b.drag_scale.min(1.0 - behind_b);
            }
        }
    }
}
