//! Rumble from what happened in a tick: crashes and landings shake the pad in proportion to
//! how hard they were.

use crate::sim::SimEvent;
use std::time::Duration;

/// Impulse that gives full-strength rumble, N·s (a 1200 kg car stopping 15 m/s dead).
const FULL_IMPACT_NS: f32 = 18_000.0;
/// Landing speed that gives full-strength rumble, m/s.
const FULL_LANDING_MPS: f32 = 8.0;
/// Weakest rumble worth sending.
const MIN_STRENGTH: f32 = 0.05;

/// The strongest rumble car `car` (a player's: 0 the first's) earned in `events`:
/// (strength 0..1, how long).
pub fn rumble_for(events: &[SimEvent], car: usize) -> Option<(f32, Duration)> {
    events
        .iter()
        .filter_map(|e| match *e {
            SimEvent::Impact { car: c, impulse_ns, .. } if usize::from(c) == car => {
                Some(((impulse_ns / FULL_IMPACT_NS).min(1.0), Duration::from_millis(250)))
            }
            SimEvent::Landing { car: c, speed_mps, .. } if usize::from(c) == car => {
                Some(((speed_mps / FULL_LANDING_MPS).min(1.0), Duration::from_millis(150)))
            }
            _ => None,
        })
        .filter(|(s, _)| *s >= MIN_STRENGTH)
        .max_by(|a, b| a.0.total_cmp(&b.0))
}

#[cfg(test)]
mod tests {
    use super::*;
    use glam::Vec3;

    #[test]
    fn rumble_scales_with_the_impulse_and_ignores_other_cars() {
        let hit = |car, impulse_ns| SimEvent::Impact {
            car,
            position: Vec3::ZERO,
            impulse_ns,
            struck: crate::sim::Struck::Surface(None),
        };
        let (soft, _) = rumble_for(&[hit(0, 4_000.0)], 0).unwrap();
        let (hard, _) = rumble_for(&[hit(0, 40_000.0)], 0).unwrap();
        assert!((soft - 4.0 / 18.0).abs() < 1e-5 && hard == 1.0);
        assert!(rumble_for(&[hit(1, 40_000.0)], 0).is_none());
        assert!(
            rumble_for(&[hit(1, 40_000.0)], 1).is_some(),
            "a second player's car rumbles their pad"
        );
        assert!(rumble_for(&[hit(0, 100.0)], 0).is_none(), "a nudge does not rumble");
        let land = SimEvent::Landing {
            car: 0,
            position: Vec3::ZERO,
            speed_mps: 4.0,
        };
        assert_eq!(rumble_for(&[land], 0).unwrap().0, 0.5);
    }
}
