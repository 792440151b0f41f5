//! Non-finite recovery: a car or prop whose state is no longer finite is put back, logged
//! and counted (`fault_resets`), and the fault injection the hardening tests use to check it.

use super::{FaultTarget, SimWorld};
use glam::{Quat, Vec3};
use rapier3d::prelude::*;

impl SimWorld {
    /// Finds cars and props whose state is no longer finite (NaN or ∞ in a pose, a
    /// velocity, a pending force or a car model's own state) and puts them back, logging
    /// each: a car upright where it last was finite, at rest (or at its starting place if
    /// it faulted again within a second); a prop at its starting place. The rest of the
    /// world carries on untouched. Deterministic: it depends only on the state.
    pub(super) fn recover_non_finite(&mut self) {
        self.recover_non_finite_of(true);
    }

    /// [`SimWorld::recover_non_finite`] after the physics step, which moves bodies and
    /// leaves the car models' own states as the check before it found them (finite, or
    /// reset): those are not looked at again.
    pub(super) fn recover_non_finite_after_physics(&mut self) {
        self.recover_non_finite_of(false);
    }

    /// The check, of the car models' own states too when `models`.
    fn recover_non_finite_of(&mut self, models: bool) {
        for i in 0..self.cars.len() {
            let slot = &self.cars[i];
            let body = &self.physics.bodies[slot.car.body()];
            let fault = if !body_is_finite(body) {
                "chassis pose or velocity"
            } else if !(body.user_force().is_finite() && body.user_torque().is_finite()) {
                "vehicle forces"
            } else if models && !slot.car.state_is_finite() {
                "vehicle model state"
            } else {
                continue;
            };
            let recent = slot
                .last_fault_tick
                .is_some_and(|t| self.tick.saturating_sub(t) < self.tick_rate_hz as u64);
            let pose = if recent { slot.home } else { upright(&slot.last_good) };
            log::warn!(
                "tick {}: car {i} ({}) had a non-finite {fault}; reset {} at ({:.1}, {:.1}, {:.1})",
                self.tick,
                slot.car.def().name,
                if recent {
                    "to its start (second fault within a second)"
                } else {
                    "where it last was sound"
                },
                pose.translation.x,
                pose.translation.y,
                pose.translation.z,
            );
            let slot = &mut self.cars[i];
            slot.car.teleport(&mut self.physics, pose);
            slot.velocity_before_mps = Vec3::ZERO;
            slot.air_ticks = 0;
            slot.last_fault_tick = Some(self.tick);
            self.fault_resets += 1;
            let at = pose.translation;
            self.stream(&[at]);
            self.refresh_query_structures();
        }
        for (i, prop) in self.props.iter().enumerate() {
            let h = prop.body;
            // Looked at through a shared borrow: rapier marks a body taken mutably as
            // modified (an allocation, and a wake-up), so only a faulted one is.
            if body_is_finite(&self.physics.bodies[h]) {
                continue;
            }
            let b = &mut self.physics.bodies[h];
            log::warn!(
                "tick {}: prop {i} had a non-finite pose or velocity; put back at its start",
                self.tick
            );
            b.set_position(prop.home, true);
            b.set_linvel(Vec3::ZERO, true);
            b.set_angvel(Vec3::ZERO, true);
            b.reset_forces(false);
            b.reset_torques(false);
            self.fault_resets += 1;
        }
    }

    /// Cars and props put back because their state was no longer finite, since the world
    /// was built. Non-zero means a fault somewhere upstream (the log names each).
    pub fn fault_resets(&self) -> u64 {
        self.fault_resets
    }

    /// Fault injection for the hardening tests: gives `target`'s body a NaN velocity, as a
    /// solver blow-up would, so the next tick's recovery can be checked. Not for game use.
    #[doc(hidden)]
    pub fn inject_non_finite(&mut self, target: FaultTarget) {
        let handle = match target {
            FaultTarget::Car(i) => self.cars[i].car.body(),
            FaultTarget::Prop(i) => self.props[i].body,
        };
        self.physics.bodies[handle].set_linvel(Vec3::NAN, true);
    }
}

/// Whether a body's pose and velocities are all finite.
fn body_is_finite(b: &RigidBody) -> bool {
    b.translation().is_finite() && b.rotation().is_finite() && b.linvel().is_finite() && b.angvel().is_finite()
}

/// `pose` with its roll and pitch removed and lifted half a metre, so a car put back there
/// lands on its wheels.
fn upright(pose: &Pose) -> Pose {
    let forward = pose.rotation * Vec3::Z;
    let heading = forward.x.atan2(forward.z);
    let heading = if heading.is_finite() { heading } else { 0.0 };
    Pose::from_parts(pose.translation + Vec3::Y * 0.5, Quat::from_rotation_y(heading))
}
