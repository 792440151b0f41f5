//! Streaming on the circuit: a lap at speed asks for every chunk well ahead of its need,
//! resident level memory stays under the xbox profile's budget, far chunks leave, and the
//! world is the same whether chunks decode on a thread or on demand.

use glam::{Quat, Vec3};
use skidpad::app::ThreadedChunks;
use skidpad::content::load_level;
use skidpad::content::track::Track;
use skidpad::content::ContentError;
use skidpad::content::{ContentRoot, LoadedLevel, PlatformProfile};
use skidpad::sim::{ChunkProvider, SimWorld, SyncProvider, TickInput};
use skidpad::vehicle::CarDef;
use skidpad_bake::chunk::{BakedChunk, ChunkCoord};
use std::cell::{Cell, RefCell};
use std::collections::BTreeMap;
use std::rc::Rc;
use std::sync::Arc;

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

/// Ticks of play (60 Hz) a chunk must be asked for ahead of its need: one second. A
/// chunk decodes in milliseconds (PERFORMANCE.md), so a loader thread with a second's
/// notice is never waited on in play; the loop paces ticks at 60 Hz.
const LEAD_TICKS: u64 = 60;

/// The tick counter's value while the level loads, before the first tick.
const LOADING: u64 = u64::MAX;

/// How far ahead the world asked for a chunk it took.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Lead {
    /// Asked for while the level loaded (the loading screen's time is its head start).
    AtLoad,
    /// Asked for this many ticks before it was taken.
    Ticks(u64),
    /// Taken without being asked for ahead.
    Unasked,
}

/// Records, per chunk, the tick it was first asked for ahead (`prefetch`) and the lead it
/// had when the world took it; decodes on demand like [`SyncProvider`], so what it records
/// depends on the simulation alone, not on how fast a thread runs.
struct LeadRecorder {
    inner: SyncProvider,
    tick: Rc<Cell<u64>>,
    asked: BTreeMap<(i32, i32), u64>,
    leads: SharedLeads,
}

/// The leads a [`LeadRecorder`] wrote, read by the test: (chunk, lead), in take order.
type SharedLeads = Rc<RefCell<Vec<((i32, i32), Lead)>>>;

impl ChunkProvider for LeadRecorder {
    fn prefetch(&mut self, coord: ChunkCoord) {
        self.asked.entry((coord.x, coord.y)).or_insert(self.tick.get());
    }
    fn take(&mut self, coord: ChunkCoord) -> (Result<Arc<BakedChunk>, ContentError>, bool) {
        let lead = match self.asked.remove(&(coord.x, coord.y)) {
            Some(LOADING) => Lead::AtLoad,
            Some(t) => Lead::Ticks(self.tick.get() - t),
            None => Lead::Unasked,
        };
        self.leads.borrow_mut().push(((coord.x, coord.y), lead));
        self.inner.take(coord)
    }
    fn release(&mut self, coord: ChunkCoord) {
        self.asked.remove(&(coord.x, coord.y));
    }
}

/// A lap at 60 m/s (faster than any shipped car's top speed on the circuit): every chunk
/// that enters the world after the start was asked for at least [`LEAD_TICKS`] ahead, so
/// the loader thread never holds up a tick in play; resident memory stays in the xbox
/// budget; chunks come and go. (Lead, not wall time: run flat out, a test's ticks are
/// thousands of times faster than play's, and whether a thread keeps up would say
/// nothing about the game.)
#[test]
fn a_lap_at_60_mps_asks_for_every_chunk_a_second_ahead_and_stays_in_the_xbox_budget() {
    let level = circuit();
    let t = track(&level);
    let car = CarDef::load(&ContentRoot::Embedded, "coupe").unwrap();
    let tick = Rc::new(Cell::new(LOADING));
    let leads = Rc::new(RefCell::new(Vec::new()));
    let provider = Box::new(LeadRecorder {
        inner: SyncProvider::new(level.chunks.clone()),
        tick: tick.clone(),
        asked: BTreeMap::new(),
        leads: leads.clone(),
    });
    let mut world = SimWorld::with_provider(&level, &car, &[], 60, provider);
    // The chunks around the spawn load with the level, before the first tick.
    let at_start = leads.borrow().len();
    let lap_ticks = (t.length_m() / 60.0 * 60.0) as u32;
    for k in 0..lap_ticks {
        tick.set(u64::from(k));
        let (p, q) = along(&t, k as f32);
        world.teleport_player(p, q);
        world.step(&TickInput::default());
    }
    let during_lap = leads.borrow()[at_start..].to_vec();
    assert!(
        during_lap.len() > 20,
        "only {} chunks entered during the lap",
        during_lap.len()
    );
    for (coord, lead) in &during_lap {
        match lead {
            Lead::AtLoad => {}
            Lead::Ticks(l) => assert!(*l >= LEAD_TICKS, "chunk {coord:?} asked for only {l} ticks ahead"),
            Lead::Unasked => panic!("chunk {coord:?} was taken without being asked for ahead"),
        }
    }
    let shortest = during_lap
        .iter()
        .filter_map(|(_, l)| match l {
            Lead::Ticks(t) => Some(*t),
            _ => None,
        })
        .min()
        .unwrap();
    let stats = world.stream_stats();
    let budget = PlatformProfile::load("xbox").unwrap().memory_budget_bytes as usize;
    eprintln!("{stats:?}, budget {budget}, shortest lead {shortest} ticks");
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
