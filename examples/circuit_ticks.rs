//! Runs the circuit with N AI-driven cars for instruction counting under callgrind, 600 ticks
//! off the grid and up to speed, then the measured ticks inside [`measured_ticks`], which
//! `scripts/callgrind-circuit` collects alone. Two races:
//!
//! - `follow` (the default): the same race as `benches/tick.rs`'s `circuit_cars` (every car,
//!   the player's too, driven along the racing line, following without racecraft);
//! - `race`: the race as the game runs it (`skidpad run --ai-driver --ai N-1`): the setup's
//!   opponents racing each other with their racecraft inside the room the track leaves, the
//!   player's AI racing them ([`AiRace`]), at the default difficulty.
//!
//! `cargo run --release --example circuit_ticks -- sedan 32 300 [follow|race]`
//! (CAR is any car file: `sedan` is the sim model, `coupe` the arcade one).

use skidpad::app::{AiPlayer, AiRace, Opponents, Setup};
use skidpad::content::{load_level, ContentRoot, PlatformProfile};
use skidpad::raceline::level_line;
use skidpad::sim::SimWorld;
use skidpad::vehicle::CarDef;

/// Ticks before the measured ones: off the grid and up to racing speed.
const WARM_UP_TICKS: u32 = 600;

fn usage() -> ! {
    eprintln!("usage: circuit_ticks CAR CARS TICKS [follow|race]   (e.g. sedan 32 300 race)");
    std::process::exit(2);
}

/// Prints a set-up error and exits.
fn fail(e: impl std::fmt::Display) -> ! {
    eprintln!("circuit_ticks: {e}");
    std::process::exit(1)
}

/// One tick of the race: the AI's controls for every car, then the world's step.
fn tick(world: &mut SimWorld, player: &mut AiPlayer, opponents: &mut Opponents) {
    let input = player.input(world);
    opponents.drive(world);
    world.step(&input);
}

/// The ticks of the game's race callgrind counts (`--toggle-collect=*measured_ticks*`).
#[inline(never)]
fn measured_ticks_race(race: &mut AiRace, ticks: u32) {
    for _ in 0..ticks {
        race.tick();
    }
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
    let racing = match args.next().as_deref() {
        None | Some("follow") => false,
        Some("race") => true,
        Some(_) => usage(),
    };
    let root = ContentRoot::Embedded;
    if racing {
        let profile = PlatformProfile::load("desktop").unwrap_or_else(|e| fail(e));
        let mut setup = Setup::load(&root, "circuit", &car_name, profile).unwrap_or_else(|e| fail(e));
        setup
            .add_opponents(&root, cars - 1, &car_name)
            .unwrap_or_else(|e| fail(e));
        let mut race = AiRace::new(&root, &setup).unwrap_or_else(|e| fail(e));
        for _ in 0..WARM_UP_TICKS {
            race.tick();
        }
        measured_ticks_race(&mut race, ticks);
        println!(
            "{car_name} x{cars} race: {ticks} ticks after {WARM_UP_TICKS}, state hash {:016x}",
            race.race.world.state_hash()
        );
        return;
    }
    let level = load_level(&root, "circuit").unwrap_or_else(|e| fail(e));
    let car = CarDef::load(&root, &car_name).unwrap_or_else(|e| fail(e));
    let race = level_line(&root, &level, &car).unwrap_or_else(|e| fail(e));
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
