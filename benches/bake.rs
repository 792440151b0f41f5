//! Load time of a level's static geometry: decoding the chunks `build.rs` baked (shapes,
//! bounds and BVHs ready) against building the same chunks from the level at run time.
//!
//! `cargo bench --bench bake`. Read the ratio of the two, measured in one run.

use criterion::{criterion_group, criterion_main, Criterion};
use skidpad::content::chunk::bake_level;
use skidpad::content::ContentRoot;
use skidpad::content::{level_names, load_level};

fn bake(c: &mut Criterion) {
    let root = ContentRoot::Embedded;
    for name in level_names(&root) {
        let loaded = load_level(&root, &name).expect("shipped levels load");
        let coords = loaded.chunks.coords();
        let mut g = c.benchmark_group(format!("level_load/{name}"));
        g.sample_size(10);
        g.bench_function("baked", |b| {
            b.iter(|| {
                coords
                    .iter()
                    .map(|c| loaded.chunks.load(*c).expect("baked chunk decodes"))
                    .collect::<Vec<_>>()
            })
        });
        g.bench_function("built_at_run_time", |b| b.iter(|| bake_level(&loaded.level).len()));
        g.finish();
    }
}

criterion_group!(benches, bake);
criterion_main!(benches);
