//! Visible damage on the body: where the player's car takes a hard hit its paint is
//! scuffed, on the side that was hit, wider for a harder hit. Presentation only, like the
//! damage smoke: it reads the simulation's impact events and the car's pose and fills
//! the renderer's [`Scuffs`]; nothing is written back, so the state hash never sees it.
//! If a hit shows no scuff, check that its impulse reaches the hard-hit threshold
//! (`damage_smoke::damage_of`) and that the event's position is on the car.

use super::damage_smoke::damage_of;
use crate::render::{Scuffs, MAX_SCUFFS};
use crate::sim::SimEvent;
use glam::{Quat, Vec3};

/// Radius of the scuff a hard hit at the threshold leaves, m.
const MIN_RADIUS_M: f32 = 0.4;
/// Radius of the scuff a hit at full damage leaves, m (a corner of the car: bumper, wing
/// and the edge of the bonnet).
const MAX_RADIUS_M: f32 = 0.9;

/// The player's car's scuffs so far.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct ScuffMarks {
    scuffs: Scuffs,
}

impl ScuffMarks {
    /// One tick's `events`, the player's car at `position`, `rotation`: each hard hit on it
    /// scuffs the paint where it landed. A hit inside a spot widens that spot; a new one
    /// takes a free slot, else the smallest spot's.
    pub fn update(&mut self, events: &[SimEvent], position: Vec3, rotation: Quat) {
        for e in events {
            let SimEvent::Impact {
                car: 0,
                position: at,
                impulse_ns,
                ..
            } = *e
            else {
                continue;
            };
            let damage = damage_of(impulse_ns);
            if damage <= 0.0 {
                continue;
            }
            let local = rotation.inverse() * (at - position);
            let radius_m = MIN_RADIUS_M + (MAX_RADIUS_M - MIN_RADIUS_M) * damage;
            let spots = &mut self.scuffs.spots;
            let inside = spots
                .iter()
                .position(|s| s.w > 0.0 && s.truncate().distance(local) < s.w);
            let slot = inside.unwrap_or_else(|| {
                (0..MAX_SCUFFS)
                    .min_by(|&a, &b| spots[a].w.total_cmp(&spots[b].w))
                    .unwrap_or(0)
            });
            if inside.is_some() {
                spots[slot].w = spots[slot].w.max(radius_m);
            } else {
                spots[slot] = local.extend(radius_m);
            }
        }
    }

    /// The scuffs for the renderer.
    pub fn scuffs(&self) -> &Scuffs {
        &self.scuffs
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn hit(at: Vec3, impulse_ns: f32) -> SimEvent {
        SimEvent::Impact {
            car: 0,
            position: at,
            impulse_ns,
            struck: crate::sim::Struck::Surface(None),
        }
    }

    #[test]
    fn a_hard_hit_scuffs_the_side_it_landed_on_and_a_tap_does_not() {
        // The car at (10, 0, 0) turned to face +X (+Z in its frame is its front).
        let rotation = Quat::from_rotation_y(std::f32::consts::FRAC_PI_2);
        let position = Vec3::new(10.0, 0.0, 0.0);
        let mut marks = ScuffMarks::default();
        marks.update(&[hit(Vec3::new(12.0, 0.5, 0.0), 1_000.0)], position, rotation);
        assert_eq!(*marks.scuffs(), Scuffs::default(), "a tap leaves no scuff");
        marks.update(&[hit(Vec3::new(12.0, 0.5, 0.0), 18_000.0)], position, rotation);
        let spot = marks.scuffs().spots.iter().find(|s| s.w > 0.0).copied().unwrap();
        // 2 m ahead of the car's origin in the world is 2 m along its own +Z.
        assert!(spot.truncate().distance(Vec3::new(0.0, 0.5, 2.0)) < 1e-4, "{spot}");
        assert_eq!(spot.w, MAX_RADIUS_M);
        // Another hit there widens nothing past the full radius and takes no new slot;
        // hits elsewhere fill the slots, and a fifth replaces the smallest.
        marks.update(&[hit(Vec3::new(12.0, 0.5, 0.1), 9_000.0)], position, rotation);
        assert_eq!(marks.scuffs().spots.iter().filter(|s| s.w > 0.0).count(), 1);
        for z in [-3.0, 3.0, 6.0, 9.0] {
            marks.update(&[hit(Vec3::new(10.0, 0.5, z), 6_000.0)], position, rotation);
        }
        assert_eq!(marks.scuffs().spots.iter().filter(|s| s.w > 0.0).count(), MAX_SCUFFS);
        assert!(
            marks.scuffs().spots.iter().any(|s| s.w == MAX_RADIUS_M),
            "the big one stays"
        );
    }
}
