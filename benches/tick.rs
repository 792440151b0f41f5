//! Cost of one simulation tick of each level (criterion).
//!
//! `cargo bench --bench tick`. Compare figures as ratios measured in one run; a lone
//! wall-clock figure on a shared machine means little.

use criterion::{criterion_group, criterion_main, Criterion};
use skidpad::content::levels::{level_names, load_level};
use skidpad::content::ContentRoot;
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
        };
        // Past the initial fall, into steady state.
        for _ in 0..120 {
            world.step(&input);
        }
        c.bench_function(&format!("tick/{name}"), |b| b.iter(|| world.step(&input)));
    }
}

criterion_group!(benches, tick);
criterion_main!(benches);
