//! Streaming on the circuit: a lap at speed never waits on a chunk, resident level memory
//! stays under the xbox profile's budget, far chunks leave, and the world is the same
//! whether chunks decode on a thread or on demand.

use glam::{Quat, Vec3};
use skidpad::app::ThreadedChunks;
use skidpad::content::load_level;
use skidpad::content::track::Track;
use skidpad::content::{ContentRoot, LoadedLevel, PlatformProfile};
use skidpad::sim::{SimWorld, TickInput};
use skidpad::vehicle::CarDef;

fn circuit() -> LoadedLevel {
    load_level(&ContentRoot::Embedded, "circuit").unwrap()
}

fn track(level: &LoadedLevel) -> Track {
    level
        .level
        .track
        .as_ref()
        .expect("the circuit has a track")
        .track
        .clone()
}

/// Point and heading `s` metres along the centre line.
fn along(t: &Track, s: f32) -> (Vec3, Quat) {
    let step = t.length_m() / t.len() as f32;
    let i = ((s / step) as usize) % t.len();
    let d = t.tangent(i);
    let p = t.centre[i];
    (Vec3::new(p.x, 0.6, p.y), Quat::from_rotation_y(d.x.atan2(d.y)))
}

#[test]
fn a_lap_at_60_mps_never_waits_and_stays_in_the_xbox_budget() {
    let level = circuit();
    let t = track(&level);
    let car = CarDef::load(&ContentRoot::Embedded, "coupe").unwrap();
    let provider = Box::new(ThreadedChunks::new(level.chunks.clone()).unwrap());
    let mut world = SimWorld::with_provider(&level, &car, &[], 60, provider);
    let start = world.stream_stats();
    let lap_ticks = (t.length_m() / 60.0 * 60.0) as u32;
    for k in 0..lap_ticks {
        let (p, q) = along(&t, k as f32);
        world.teleport_player(p, q);
        world.step(&TickInput::default());
    }
    let stats = world.stream_stats();
    let budget = PlatformProfile::load("xbox").unwrap().memory_budget_bytes as usize;
    eprintln!("{stats:?}, budget {budget}");
    assert_eq!(stats.waits - start.waits, 0, "the lap waited on chunks");
    assert_eq!(stats.failures, 0);
    assert!(
        stats.peak_resident_bytes < budget,
        "peak {} bytes over the xbox budget",
        stats.peak_resident_bytes
    );
    // The world moved with the car: chunks came and went, and never all at once.
    let all = level.chunks.coords().len();
    assert!(stats.left > 10 && stats.entered > 20, "{stats:?}");
    assert!(
        stats.resident_chunks < all / 3,
        "{} of {all} chunks resident",
        stats.resident_chunks
    );
}

#[test]
fn threaded_and_on_demand_loading_give_the_same_world() {
    let level = circuit();
    let car = CarDef::load(&ContentRoot::Embedded, "coupe").unwrap();
    let drive = |mut w: SimWorld| {
        let input = TickInput {
            control: skidpad::sim::VehicleControl {
                throttle: 1.0,
                ..Default::default()
            },
            reset: false,
            ..Default::default()
        };
        (0..900)
            .map(|_| {
                w.step(&input);
                w.state_hash()
            })
            .collect::<Vec<_>>()
    };
    let threaded = drive(SimWorld::with_provider(
        &level,
        &car,
        &[],
        60,
        Box::new(ThreadedChunks::new(level.chunks.clone()).unwrap()),
    ));
    let on_demand = drive(SimWorld::new(&level, &car, &[], 60));
    assert_eq!(threaded, on_demand);
}

/// Hands out chunks but fails one of them, as a corrupt file on disk would.
struct FailingOne {
    inner: skidpad::sim::SyncProvider,
    bad: skidpad::content::chunk::ChunkCoord,
}

impl skidpad::sim::ChunkProvider for FailingOne {
    fn prefetch(&mut self, _: skidpad::content::chunk::ChunkCoord) {}
    fn take(
        &mut self,
        c: skidpad::content::chunk::ChunkCoord,
    ) -> (
        Result<std::sync::Arc<skidpad::content::chunk::BakedChunk>, skidpad::content::ContentError>,
        bool,
    ) {
        if c == self.bad {
            return (
                Err(skidpad::content::ContentError::new("bad.bin", "baked chunk", "corrupt")),
                false,
            );
        }
        self.inner.take(c)
    }
    fn release(&mut self, _: skidpad::content::chunk::ChunkCoord) {}
}

#[test]
fn a_chunk_that_fails_to_load_leaves_the_rest_playable() {
    let level = circuit();
    let car = CarDef::load(&ContentRoot::Embedded, "coupe").unwrap();
    let spawn = level.level.player_spawn().position_m;
    let size = level.level.chunk_size_m;
    // Fail a chunk near the start, but not the one the car stands on.
    let here = skidpad::content::chunk::chunk_of(spawn.x, spawn.z, size);
    let bad = here + glam::IVec2::new(1, 0);
    let provider = Box::new(FailingOne {
        inner: skidpad::sim::SyncProvider::new(level.chunks.clone()),
        bad,
    });
    let mut world = SimWorld::with_provider(&level, &car, &[], 60, provider);
    assert_eq!(world.stream_stats().failures, 1);
    let input = TickInput {
        control: skidpad::sim::VehicleControl {
            throttle: 1.0,
            ..Default::default()
        },
        reset: false,
        ..Default::default()
    };
    for _ in 0..300 {
        world.step(&input);
    }
    // The car still drives on its own chunk, on its wheels.
    assert!(world.player_forward_speed() > 15.0);
    assert!(world.player().wheels().iter().all(|w| w.grounded));
}
