//! The mixer's reference load (a field of eight, `benches/support/mixer_rig.rs`): one
//! second of audio rendered in callback-sized blocks. Its instruction count per second of
//! audio, the figure of record, comes from `scripts/callgrind-mixer`.

#[path = "support/mixer_rig.rs"]
mod mixer_rig;

use criterion::{criterion_group, criterion_main, Criterion};
use mixer_rig::MixerRig;

fn one_second_of_a_field_of_eight(c: &mut Criterion) {
    let mut rig = MixerRig::new();
    for _ in 0..MixerRig::callbacks_for(1.0) {
        rig.callback();
    }
    let callbacks = MixerRig::callbacks_for(1.0);
    c.bench_function("mix a field of eight, 1 s of audio", |b| {
        b.iter(|| {
            for _ in 0..callbacks {
                rig.callback();
            }
            std::hint::black_box(&rig.block);
        })
    });
}

criterion_group!(benches, one_second_of_a_field_of_eight);
criterion_main!(benches);
