//! Renders the mixer's reference load (`benches/support/mixer_rig.rs`) for a second of
//! warm-up and then SECONDS more, for instruction counting under callgrind:
//! `scripts/callgrind-mixer` runs it for two lengths and reports the difference per
//! second of audio, so the warm-up and start-up cancel out.
//! `cargo run --release --example mix_field -- 3`

#[path = "../benches/support/mixer_rig.rs"]
mod mixer_rig;
use mixer_rig::MixerRig;

fn main() {
    let seconds: f32 = match std::env::args().nth(1).map(|s| s.parse()) {
        Some(Ok(s)) if s >= 0.0 => s,
        _ => {
            eprintln!("usage: mix_field SECONDS");
            std::process::exit(2);
        }
    };
    let mut rig = MixerRig::new();
    let mut peak = 0.0f32;
    for _ in 0..MixerRig::callbacks_for(1.0 + seconds) {
        rig.callback();
        peak = rig.block.iter().fold(peak, |m, s| m.max(s.abs()));
    }
    // Printed, so the work cannot be optimised away.
    println!("{} ticks, peak {peak:.3}", rig.sent);
}
