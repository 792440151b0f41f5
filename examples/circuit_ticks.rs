//! Runs the circuit with N AI-driven cars for instruction counting under callgrind: the same
//! race as `benches/tick.rs`'s `circuit_cars` (every car, the player's too, driven along the
//! racing line), 600 ticks off the grid and up to speed, then the measured ticks inside
//! [`measured_ticks`], which `scripts/callgrind-circuit` collects alone.
//!
//! `cargo run --release --example circuit_ticks -- sedan 32 300`
//! (CAR is any car file: `sedan` is the sim model, `coupe` the arcade one).

use skidpad::app::{AiPlayer, Opponents};
use skidpad::content::{load_level, ContentRoot};
use skidpad::raceline::level_line;
use skidpad::sim::SimWorld;
use skidpad::vehicle::CarDef;

/// Ticks before the measured ones: off the grid and up to racing speed.
const WARM_UP_TICKS: u32 = 600;

fn usage() -> ! {
    eprintln!("usage: circuit_ticks CAR CARS TICKS   (e.g. sedan 32 300)");
    std::process::exit(2);
}

/// One tick of the race: the AI's controls for every car, then the world's step.
fn tick(world: &mut SimWorld, player: &mut AiPlayer, opponents: &mut Opponents) {
    let input = player.input(world);
    opponents.drive(world);
    world.step(&input);
}

/// The ticks callgrind counts (`--toggle-collect=*measured_ticks*`); kept out of line so
/// the symbol exists.
#[inline(never)]
fn measured_ticks(world: &mut SimWorld, player: &mut AiPlayer, opponents: &mut Opponents, ticks: u32) {
    for _ in 0..ticks {
        tick(world, player, opponents);
    }
}

fn main() {
    let mut args = std::env::args().skip(1);
    let car_name = args.next().unwrap_or_else(|| usage());
    let cars: usize = args
        .next()
        .and_then(|n| n.parse().ok())
        .filter(|n| *n >= 1)
        .unwrap_or_else(|| usage());
    let ticks: u32 = args.next().and_then(|n| n.parse().ok()).unwrap_or_else(|| usage());
    let root = ContentRoot::Embedded;
    let level = load_level(&root, "circuit").unwrap_or_else(|e| {
        eprintln!("circuit_ticks: {e}");
        std::process::exit(1)
    });
    let car = CarDef::load(&root, &car_name).unwrap_or_else(|e| {
        eprintln!("circuit_ticks: {e}");
        std::process::exit(1)
    });
    let race = level_line(&root, &level, &car).unwrap_or_else(|e| {
        eprintln!("circuit_ticks: {e}");
        std::process::exit(1)
    });
    let mut world = SimWorld::new(&level, &car, &[], 60);
    // Nothing draws: keeping every chunk event would hold every chunk's data.
    world.discard_chunk_events();
    let mut opponents = Opponents::spawn(&mut world, &race.line, &vec![car.clone(); cars - 1]);
    let mut player = AiPlayer::new(&race.line, &car);
    for _ in 0..WARM_UP_TICKS {
        tick(&mut world, &mut player, &mut opponents);
    }
    measured_ticks(&mut world, &mut player, &mut opponents, ticks);
    println!(
        "{car_name} x{cars}: {ticks} ticks after {WARM_UP_TICKS}, state hash {:016x}",
        world.state_hash()
    );
}
