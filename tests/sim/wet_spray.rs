//! Spray behind rolling tyres on wet asphalt: every grounded wheel rolling faster than
//! `SPRAY_SPEED_MPS` on a surface whose `particles` is spray raises a spray event each
//! tick, and the particle pool throws spray in proportion to its ground speed. Dry asphalt
//! throws none, and neither does wet asphalt below that speed.

use crate::common::*;
use glam::Vec3;
use skidpad::app::{Session, Setup};
use skidpad::content::bake_now;
use skidpad::content::PlatformProfile;
use skidpad::render::particles::{ParticleKind, SPRAY_PUFFS_PER_TICK_PER_MPS};
use skidpad::sim::SPRAY_SPEED_MPS;
use skidpad::sim::{SimEvent, TickInput};

/// Ticks observed: fewer than the shortest spray particle lives (0.7 s × 0.8 × 0.85 at
/// 60 Hz, 28 ticks), so every puff emitted is still in the pool at the end.
const TICKS: u32 = 20;

struct Rolled {
    spray_events: usize,
    spray_particles: usize,
    /// Σ over ticks and spray events of each wheel's ground speed, m/s.
    speed_sum_mps: f32,
    wheels: usize,
}

/// A coupe settled on flat `ground`, then set rolling at `speed_mps` and coasting
/// [`TICKS`] ticks.
fn rolled(ground: &str, speed_mps: f32) -> Rolled {
    let profile = PlatformProfile::load("desktop").unwrap();
    let level = level(512.0, ground, Vec3::new(0.0, 0.3, -200.0), vec![]);
    let mut s = Session::start(&Setup::new(bake_now(level), coupe(), vec![], profile));
    for _ in 0..120 {
        s.tick(&TickInput::default());
    }
    s.world_between_ticks()
        .set_player_velocity(Vec3::Z * speed_mps, Vec3::ZERO);
    // Start the count from an empty pool.
    for _ in 0..120 {
        s.particles_mut().advance(1.0);
    }
    assert!(s.particles().particles().is_empty());
    let mut out = Rolled {
        spray_events: 0,
        spray_particles: 0,
        speed_sum_mps: 0.0,
        wheels: s.world().player().wheels().len(),
    };
    for _ in 0..TICKS {
        s.tick(&TickInput::default());
        for e in s.world().events() {
            if let SimEvent::Spray { velocity, car: 0, .. } = e {
                out.spray_events += 1;
                out.speed_sum_mps += velocity.length();
            }
        }
    }
    out.spray_particles = s
        .particles()
        .particles()
        .iter()
        .filter(|p| p.kind == ParticleKind::Spray)
        .count();
    out
}

#[test]
fn rolling_at_20_mps_on_wet_throws_spray_from_every_wheel_and_none_on_dry() {
    let wet = rolled("wet", 20.0);
    // Every wheel, every tick: 20 m/s is well above the spray speed.
    const { assert!(20.0 > SPRAY_SPEED_MPS * 1.5) };
    assert_eq!(wet.spray_events, wet.wheels * TICKS as usize);
    // The pool's puffs: the carried fraction summed over events (one pool-wide carry),
    // so the count is the floor of Σ v·rate, give or take the one carried in.
    let expected = wet.speed_sum_mps * SPRAY_PUFFS_PER_TICK_PER_MPS;
    assert!(
        (wet.spray_particles as f32 - expected).abs() <= 1.0,
        "{} spray particles, expected {expected}",
        wet.spray_particles
    );

    let dry = rolled("asphalt", 20.0);
    assert_eq!((dry.spray_events, dry.spray_particles), (0, 0));

    // Below the spray speed on wet: no spray either.
    let slow = rolled("wet", SPRAY_SPEED_MPS * 0.6);
    assert_eq!((slow.spray_events, slow.spray_particles), (0, 0));
}

#[test]
fn spray_grows_with_speed() {
    let fast = rolled("wet", 30.0);
    let moderate = rolled("wet", 15.0);
    // Twice the speed, twice the spray (the rate is per m/s of ground speed), within the
    // one puff each count may carry.
    let ratio = fast.spray_particles as f32 / moderate.spray_particles as f32;
    assert!(
        (ratio - 2.0).abs() < 0.15,
        "{} vs {}",
        fast.spray_particles,
        moderate.spray_particles
    );
}
