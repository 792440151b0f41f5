//! Our arcade car against rapier's `DynamicRayCastVehicleController` on the same chassis
//! and ground: the vehicle's own work per tick, and the whole tick with the physics step.
//!
//! `cargo bench --bench vehicles`. Read the figures as a ratio from one run; instruction
//! counts (`scripts/callgrind-vehicles`) are the repeatable comparison on a shared machine.

use criterion::{criterion_group, criterion_main, Criterion};
use std::time::{Duration, Instant};

#[path = "support/vehicle_rig.rs"]
mod vehicle_rig;
use vehicle_rig::{Model, Rig};

fn vehicles(c: &mut Criterion) {
    for model in [Model::Arcade, Model::RapierRaycast, Model::Sim] {
        let mut rig = Rig::new(model);
        assert!(rig.speed() > 1.0, "{} does not drive", model.name());
        c.bench_function(&format!("vehicle_update/{}", model.name()), |b| {
            // Time only the vehicle's work; the step runs untimed so the state stays a
            // car driving on the ground.
            b.iter_custom(|iters| {
                let mut total = Duration::ZERO;
                for _ in 0..iters {
                    let t = Instant::now();
                    rig.update_vehicle();
                    total += t.elapsed();
                    rig.step_physics();
                }
                total
            })
        });
        let mut rig = Rig::new(model);
        c.bench_function(&format!("tick/{}", model.name()), |b| b.iter(|| rig.tick()));
    }
}

criterion_group!(benches, vehicles);
criterion_main!(benches);
