//! The events of a tick (slip, dust, spray, landing, impact), derived from the state after the
//! step; nothing reads them back into the simulation.

use super::SimWorld;
use crate::content::material::SurfaceParticles;
use crate::sim::events::{
    SimEvent, Struck, DUST_SPEED_MPS, IMPACT_DV_MPS, LANDING_AIRTIME_S, SLIP_EVENT_W, SPRAY_SPEED_MPS,
};
use crate::vehicle::Surfaces;
use glam::Vec3;
use rapier3d::prelude::ColliderHandle;

impl SimWorld {
    /// Derives this tick's events from the state after the step.
    pub(super) fn collect_events(&mut self) {
        self.sim_events.clear();
        let dt = self.dt_s;
        let gravity = self.physics.gravity;
        for (i, slot) in self.cars.iter_mut().enumerate() {
            let car = &slot.car;
            let body = &self.physics.bodies[car.body()];
            let v = body.linvel();
            let mut grounded = 0;
            for (k, w) in car.wheels().iter().enumerate().filter(|(_, w)| w.grounded) {
                grounded += 1;
                let ground_v = Vec3::new(v.x, 0.0, v.z);
                if w.slip_power_w > SLIP_EVENT_W {
                    self.sim_events.push(SimEvent::Slip {
                        car: i as u8,
                        position: w.contact_m,
                        velocity: ground_v,
                        power_w: w.slip_power_w,
                        loose: w.on_loose,
                        wheel: k as u8,
                        surface: w.surface,
                    });
                } else if w.on_loose && ground_v.length() > DUST_SPEED_MPS {
                    self.sim_events.push(SimEvent::Dust {
                        position: w.contact_m,
                        velocity: ground_v,
                        car: i as u8,
                        wheel: k as u8,
                        surface: w.surface,
                    });
                } else if ground_v.length() > SPRAY_SPEED_MPS
                    && w.surface
                        .is_some_and(|m| self.materials.get(m).particles == SurfaceParticles::Spray)
                {
                    self.sim_events.push(SimEvent::Spray {
                        position: w.contact_m,
                        velocity: ground_v,
                        car: i as u8,
                        wheel: k as u8,
                        surface: w.surface,
                    });
                }
            }
            let (before, air_ticks) = (slot.velocity_before_mps, slot.air_ticks);
            if grounded >= 2 && air_ticks as f32 * dt >= LANDING_AIRTIME_S {
                self.sim_events.push(SimEvent::Landing {
                    car: i as u8,
                    position: body.translation(),
                    speed_mps: -before.y.min(0.0),
                });
            }
            slot.air_ticks = if grounded == 0 { air_ticks + 1 } else { 0 };
            let dv = v - before - gravity * dt;
            if dv.length() > IMPACT_DV_MPS {
                self.sim_events.push(SimEvent::Impact {
                    car: i as u8,
                    position: body.translation() - dv.normalize() * 2.0 + Vec3::Y * 0.5,
                    impulse_ns: dv.length() * body.mass(),
                    struck: Struck::Surface(None),
                });
            }
        }
        // What each crash hit, read from the contacts once the cars are no longer borrowed
        // (the list moves out and back: nothing is allocated).
        let mut events = std::mem::take(&mut self.sim_events);
        for e in &mut events {
            if let SimEvent::Impact { car, struck, .. } = e {
                *struck = self.struck_by(*car as usize);
            }
        }
        self.sim_events = events;
    }

    /// What car `index` pushed against hardest in the latest step: another car, or a fixed
    /// collider and its material. Nothing touched (a landing on the wheels' rays alone):
    /// the ground under it, unnamed.
    fn struck_by(&self, index: usize) -> Struck {
        let Some(slot) = self.cars.get(index) else {
            return Struck::Surface(None);
        };
        let body = &self.physics.bodies[slot.car.body()];
        let mut hardest: Option<(f32, ColliderHandle)> = None;
        for &own in body.colliders() {
            for pair in self.physics.contact_pairs_with(own) {
                let other = if pair.collider1 == own {
                    pair.collider2
                } else {
                    pair.collider1
                };
                let impulse = pair.total_impulse_magnitude();
                if impulse > 0.0 && hardest.is_none_or(|(best, _)| impulse > best) {
                    hardest = Some((impulse, other));
                }
            }
        }
        let Some(collider) = hardest.and_then(|(_, h)| self.physics.colliders.get(h)) else {
            return Struck::Surface(None);
        };
        let car = collider
            .parent()
            .and_then(|parent| self.cars.iter().position(|s| s.car.body() == parent));
        match car {
            Some(j) => Struck::Car(j as u8),
            None => Struck::Surface(Surfaces::new(&self.materials).surface(collider)),
        }
    }

    /// Events of the latest tick.
    pub fn events(&self) -> &[SimEvent] {
        &self.sim_events
    }
}
