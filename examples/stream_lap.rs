//! Streaming figures for a lap of the circuit at 60 m/s with chunks decoded on the loader
//! thread: chunk decode times, ticks that waited, resident memory, worst tick.
//!
//! `cargo run --release --example stream_lap`

use glam::{Quat, Vec3};
use skidpad::app::ThreadedChunks;
use skidpad::content::load_level;
use skidpad::content::{ContentRoot, PlatformProfile};
use skidpad::sim::{SimWorld, TickInput};
use skidpad::vehicle::CarDef;
use skidpad_platform::{Clock, WallClock};

fn main() {
    let root = ContentRoot::Embedded;
    let level = load_level(&root, "circuit").expect("circuit loads");
    let car = CarDef::load(&root, "coupe").expect("coupe loads");
    let clock = WallClock::new();

    let mut decode_ms: Vec<f64> = level
        .chunks
        .coords()
        .iter()
        .map(|c| {
            let t = clock.now();
            level.chunks.load(*c).expect("chunk decodes");
            (clock.now() - t).as_secs_f64() * 1e3
        })
        .collect();
    decode_ms.sort_by(f64::total_cmp);

    let track = level.level.track.as_ref().expect("circuit has a track").track.clone();
    let provider = Box::new(ThreadedChunks::new(level.chunks.clone()).expect("loader thread starts"));
    let mut world = SimWorld::with_provider(&level, &car, &[], 60, provider);
    let before = world.stream_stats();
    let step = track.length_m() / track.len() as f32;
    let ticks = (track.length_m() / 60.0 * 60.0) as usize;
    let mut tick_ms = Vec::with_capacity(ticks);
    for k in 0..ticks {
        let i = ((k as f32) / step) as usize % track.len();
        let (p, d) = (track.centre[i], track.tangent(i));
        let t = clock.now();
        world.teleport_player(Vec3::new(p.x, 0.6, p.y), Quat::from_rotation_y(d.x.atan2(d.y)));
        world.step(&TickInput::default());
        tick_ms.push((clock.now() - t).as_secs_f64() * 1e3);
    }
    let s = world.stream_stats();
    tick_ms.sort_by(f64::total_cmp);
    let budget = PlatformProfile::load("xbox").expect("xbox profile").memory_budget_bytes;
    println!(
        "chunks: {} baked; decode ms min {:.3} median {:.3} max {:.3}",
        decode_ms.len(),
        decode_ms[0],
        decode_ms[decode_ms.len() / 2],
        decode_ms[decode_ms.len() - 1]
    );
    println!(
        "lap: {:.0} m at 60 m/s, {} ticks; chunks entered {}, left {}, waits during the lap {}",
        track.length_m(),
        ticks,
        s.entered - before.entered,
        s.left,
        s.waits - before.waits
    );
    println!(
        "resident: {} chunks now, peak {:.2} MB of the xbox profile's {:.0} MB",
        s.resident_chunks,
        s.peak_resident_bytes as f64 / 1048576.0,
        budget as f64 / 1048576.0
    );
    println!(
        "tick ms (sim + streaming): median {:.3}, p99 {:.3}, worst {:.3}",
        tick_ms[ticks / 2],
        tick_ms[ticks * 99 / 100],
        tick_ms[ticks - 1]
    );
}
