//! Cost of one simulation tick of each level, and of the circuit with 1, 8 and 32 AI-driven
//! cars (criterion).
//!
//! `cargo bench --bench tick`. Compare figures as ratios measured in one run; a lone
//! wall-clock figure on a shared machine means little.

use criterion::{criterion_group, criterion_main, Criterion};
use skidpad::app::{AiPlayer, Opponents};
use skidpad::content::ContentRoot;
use skidpad::content::{level_names, load_level};
use skidpad::raceline::level_line;
use skidpad::sim::{SimWorld, TickInput, VehicleControl};
use skidpad::vehicle::CarDef;

fn tick(c: &mut Criterion) {
    let root = ContentRoot::Embedded;
    for name in level_names(&root) {
        let level = load_level(&root, &name).expect("shipped levels load");
        let car = CarDef::load(&root, "coupe").expect("shipped cars load");
        let mut world = SimWorld::new(&level, &car, &[], 60);
        let input = TickInput {
            control: VehicleControl {
                throttle: 0.5,
                steer: 0.2,
                ..VehicleControl::default()
            },
            reset: false,
            ..Default::default()
        };
        // Past the initial fall, into steady state.
        for _ in 0..120 {
            world.step(&input);
        }
        c.bench_function(&format!("tick/{name}"), |b| b.iter(|| world.step(&input)));
    }
}

/// The circuit with `n` sim sedans, all driven by the AI along the racing line (the
/// player's car too): a tick is the AI's controls for every car and the world's step.
fn circuit_cars(c: &mut Criterion) {
    let root = ContentRoot::Embedded;
    let level = load_level(&root, "circuit").expect("circuit loads");
    let car = CarDef::load(&root, "sedan").expect("sedan loads");
    let race = level_line(&root, &level, &car).expect("circuit has a racing line");
    for n in [1usize, 8, 32] {
        let mut world = SimWorld::new(&level, &car, &[], 60);
        let mut opponents = Opponents::spawn(&mut world, &race.line, &vec![car.clone(); n - 1]);
        let mut player = AiPlayer::new(&race.line, &car);
        let mut tick = |world: &mut SimWorld| {
            let input = player.input(world);
            opponents.drive(world);
            world.step(&input);
        };
        // Off the grid and up to speed.
        for _ in 0..600 {
            tick(&mut world);
        }
        c.bench_function(&format!("circuit_cars/{n}"), |b| b.iter(|| tick(&mut world)));
    }
}

criterion_group!(benches, tick, circuit_cars);
criterion_main!(benches);
