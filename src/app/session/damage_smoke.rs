//! Visible damage: a car that takes a hard hit smokes from its engine bay, more for a
//! harder hit, and less as the seconds pass. Presentation only, like the particles it
//! emits: it reads the simulation's impact events and the car's pose, never writes back.

use crate::render::particles::ParticlePool;
use crate::sim::SimEvent;
use glam::{Quat, Vec3};

/// Impact impulse below which a hit leaves no damage, N·s (a 1200 kg car stopped from
/// 15 km/h; bumps and scrapes do not smoke).
const HARD_HIT_NS: f32 = 5_000.0;
/// Impulse of a hit that smokes fully, N·s (the sound's and rumble's full scale).
const FULL_HIT_NS: f32 = 18_000.0;
/// Puffs a second at full damage.
const FULL_PUFFS_PER_S: f32 = 30.0;
/// How fast the smoke thins, damage per second (a full hit smokes for 40 s).
const CLEARS_PER_S: f32 = 1.0 / 40.0;
/// Where the smoke comes out, in the car's frame, m (over the front axle, bonnet height).
const ENGINE_BAY_M: Vec3 = Vec3::new(0.0, 0.9, 1.2);

/// The player's car's damage, 0..1, and the puffs owed between ticks.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct DamageSmoke {
    damage: f32,
    owed: f32,
}

/// Damage a hit of `impulse_ns` leaves: none below [`HARD_HIT_NS`], rising in proportion
/// to [`FULL_HIT_NS`], then 1.
pub fn damage_of(impulse_ns: f32) -> f32 {
    if impulse_ns < HARD_HIT_NS {
        0.0
    } else {
        (impulse_ns / FULL_HIT_NS).min(1.0)
    }
}

impl DamageSmoke {
    /// One tick (`dt_s` long): this tick's `events` may damage the player's car; a damaged
    /// car at `position`, `rotation`, moving at `velocity`, puffs smoke into `pool`.
    pub fn update(
        &mut self,
        events: &[SimEvent],
        position: Vec3,
        rotation: Quat,
        velocity: Vec3,
        dt_s: f32,
        pool: &mut ParticlePool,
    ) {
        for e in events {
            if let SimEvent::Impact { car: 0, impulse_ns, .. } = *e {
                self.damage = self.damage.max(damage_of(impulse_ns));
            }
        }
        if self.damage <= 0.0 {
            self.owed = 0.0;
            return;
        }
        self.owed += self.damage * FULL_PUFFS_PER_S * dt_s;
        let at = position + rotation * ENGINE_BAY_M;
        while self.owed >= 1.0 {
            pool.emit_damage_smoke(at, velocity);
            self.owed -= 1.0;
        }
        self.damage = (self.damage - CLEARS_PER_S * dt_s).max(0.0);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::render::particles::ParticleKind;

    fn smoke_after(impulse_ns: f32) -> usize {
        let mut d = DamageSmoke::default();
        let mut pool = ParticlePool::new(1000);
        let hit = [SimEvent::Impact {
            car: 0,
            position: Vec3::ZERO,
            impulse_ns,
            struck: crate::sim::Struck::Surface(None),
        }];
        for tick in 0..60 {
            let events: &[SimEvent] = if tick == 0 { &hit } else { &[] };
            d.update(events, Vec3::ZERO, Quat::IDENTITY, Vec3::ZERO, 1.0 / 60.0, &mut pool);
        }
        pool.particles()
            .iter()
            .filter(|p| p.kind == ParticleKind::DamageSmoke)
            .count()
    }

    #[test]
    fn harder_hits_smoke_more_and_light_ones_not_at_all() {
        let puffs: Vec<usize> = [1_000.0, 4_999.0, 6_000.0, 12_000.0, 18_000.0, 40_000.0]
            .iter()
            .map(|&i| smoke_after(i))
            .collect();
        assert_eq!(&puffs[..2], &[0, 0], "{puffs:?}");
        assert!(puffs.windows(2).all(|w| w[0] <= w[1]), "{puffs:?}");
        assert!(puffs[2] > 0 && puffs[2] < puffs[4], "{puffs:?}");
        // Full damage: 30 puffs a second, less the little it clears in that second.
        assert!((28..=30).contains(&puffs[4]), "{puffs:?}");
    }

    #[test]
    fn another_car_hit_does_not_smoke_the_player() {
        let mut d = DamageSmoke::default();
        let mut pool = ParticlePool::new(100);
        let hit = [SimEvent::Impact {
            car: 1,
            position: Vec3::ZERO,
            impulse_ns: 40_000.0,
            struck: crate::sim::Struck::Surface(None),
        }];
        d.update(&hit, Vec3::ZERO, Quat::IDENTITY, Vec3::ZERO, 1.0 / 60.0, &mut pool);
        assert_eq!(d.damage, 0.0);
    }
}
