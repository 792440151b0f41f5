//! Load time of a level's static geometry: decoding the chunks `build.rs` baked (shapes,
//! bounds and BVHs ready; inflated first, as they are embedded deflated) against building
//! the same chunks from the level at run time, and the inflating alone (its share of the
//! decode).
//!
//! `cargo bench --bench bake`. Read the ratio of the two, measured in one run.

use criterion::{criterion_group, criterion_main, Criterion};
use skidpad::content::chunk::{bake_level, inflate};
use skidpad::content::ContentRoot;
use skidpad::content::{embedded_baked_levels, level_names, load_level};

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
        let embedded = embedded_baked_levels()
            .iter()
            .find(|(n, _)| *n == name)
            .map(|(_, c)| *c);
        if let Some(chunks) = embedded {
            g.bench_function("inflate_only", |b| {
                b.iter(|| {
                    chunks
                        .iter()
                        .map(|(_, _, bytes)| inflate("bench", bytes).expect("embedded chunk inflates").len())
                        .sum::<usize>()
                })
            });
        }
        g.finish();
    }
}

criterion_group!(benches, bake);
criterion_main!(benches);
