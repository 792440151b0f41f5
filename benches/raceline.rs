//! The racing line at full size (criterion): one speed-profile evaluation of an 870-lateral
//! track (target: under 1 ms), four lines evaluated together as the genetic algorithm
//! does, and a full default GA run on the shipped circuit (the Montreal figure of the
//! README is measured with the CLI: benches read nothing outside the repository).
//!
//! `cargo bench --bench raceline`. Compare figures as ratios measured in one run.

use criterion::{criterion_group, criterion_main, Criterion};
use skidpad::content::load_level;
use skidpad::content::ContentRoot;
use skidpad::raceline::ProfileScratch;
use skidpad::raceline::{car_model, loop_length};
use skidpad::raceline::{LateralOptions, Laterals};
use skidpad::tools::raceline_search::ga::{self, Fitness, GaParams, Problem};
use skidpad::vehicle::CarDef;

fn raceline(c: &mut Criterion) {
    let root = ContentRoot::Embedded;
    let track = load_level(&root, "circuit")
        .expect("circuit loads")
        .level
        .track
        .expect("circuit has a track")
        .track;
    let car = CarDef::load(&root, "sedan").expect("sedan loads");
    let model = car_model(&car, 1.0).expect("sedan model");
    let defaults = LateralOptions::for_car(&car);
    // The spacing that cuts the circuit into 870 laterals (as many as Montreal at 5 m).
    let at_5m = Laterals::from_track("circuit", &track, &defaults).expect("laterals");
    let spacing = defaults.spacing_m * at_5m.len() as f32 / 870.0;
    let lat = Laterals::from_track(
        "circuit",
        &track,
        &LateralOptions {
            spacing_m: spacing,
            ..defaults
        },
    )
    .expect("laterals");
    let line = lat.points(&lat.centre_t);
    eprintln!("{} laterals, centre line {:.0} m", lat.len(), loop_length(&line));
    let mut scratch = ProfileScratch::default();
    let mut g = c.benchmark_group("raceline");
    g.bench_function(format!("profile_{}_laterals", lat.len()), |b| {
        b.iter(|| model.lap_time_s(std::hint::black_box(&line), &mut scratch))
    });
    g.bench_function(format!("profile_4_lines_of_{}_laterals", lat.len()), |b| {
        b.iter(|| model.lap_times_s(std::hint::black_box([&line, &line, &line, &line]), &mut scratch))
    });
    g.sample_size(10);
    let problem = Problem {
        laterals: &at_5m,
        car: &model,
        fitness: Fitness::LapTime,
    };
    g.bench_function("ga_circuit_default", |b| {
        b.iter(|| ga::run_parallel(&problem, &GaParams::default(), &[], &mut |_| {}).best_fitness)
    });
    g.finish();
}

criterion_group!(benches, raceline);
criterion_main!(benches);
