//! Sources rendered into buffers: no device involved.

use super::*;

fn render(params: SoundParams, seconds: f32, impacts: &[f32]) -> Vec<f32> {
    let shared = SharedSound::default();
    shared.set(params);
    let mut m = Mixer::new(shared.clone());
    // Let the rpm glide settle before listening.
    let mut warm = vec![0.0; 2 * SAMPLE_RATE as usize / 2];
    m.render(&mut warm);
    for i in impacts {
        shared.impact(*i);
    }
    let mut out = vec![0.0; 2 * (seconds * SAMPLE_RATE as f32) as usize];
    for chunk in out.chunks_mut(512) {
        m.render(chunk);
    }
    out
}

fn mono(stereo: &[f32]) -> Vec<f32> {
    stereo.chunks(2).map(|f| f[0]).collect()
}

/// Goertzel power of `f` Hz in `x`.
fn power(x: &[f32], f: f32) -> f32 {
    let w = std::f32::consts::TAU * f / SAMPLE_RATE as f32;
    let c = 2.0 * w.cos();
    let (mut s1, mut s2) = (0.0f32, 0.0f32);
    for v in x {
        let s = v + c * s1 - s2;
        s2 = s1;
        s1 = s;
    }
    s1 * s1 + s2 * s2 - c * s1 * s2
}

fn strongest(x: &[f32], lo: f32, hi: f32) -> f32 {
    let mut best = (lo, 0.0);
    let mut f = lo;
    while f <= hi {
        let p = power(x, f);
        if p > best.1 {
            best = (f, p);
        }
        f += 0.5;
    }
    best.0
}

fn engine(rpm: f32, load: f32) -> SoundParams {
    SoundParams {
        engine_on: true,
        rpm,
        load,
        ..SoundParams::default()
    }
}

#[test]
fn the_engines_fundamental_follows_rpm() {
    // A four-stroke four fires rpm/30 times a second: 60 Hz at 1800 rpm, 120 Hz at 3600.
    for rpm in [1800.0, 3600.0, 5400.0] {
        let x = mono(&render(engine(rpm, 0.5), 0.5, &[]));
        let expected = rpm / 30.0;
        // Search above the crank component (rpm/60) and below the second harmonic.
        let found = strongest(&x, expected * 0.75, expected * 1.4);
        assert!(
            (found / expected - 1.0).abs() < 0.02,
            "{rpm} rpm: strongest at {found} Hz, expected {expected}"
        );
    }
}

#[test]
fn squeal_only_above_the_slip_threshold() {
    let quiet = render(
        SoundParams {
            slip_power_w: SQUEAL_THRESHOLD_W * 0.8,
            ..SoundParams::default()
        },
        0.25,
        &[],
    );
    assert!(quiet.iter().all(|s| *s == 0.0), "squeal below the threshold");
    let loud = mono(&render(
        SoundParams {
            slip_power_w: 50_000.0,
            ..SoundParams::default()
        },
        0.25,
        &[],
    ));
    let rms = (loud.iter().map(|s| s * s).sum::<f32>() / loud.len() as f32).sqrt();
    assert!(rms > 0.01, "squeal rms {rms}");
    // And it sits around 1.5 kHz.
    assert!(power(&loud, 1500.0) > 20.0 * power(&loud, 300.0));
}

#[test]
fn silence_at_rest_with_the_engine_off() {
    let x = render(SoundParams::default(), 0.5, &[]);
    assert!(x.iter().all(|s| *s == 0.0));
}

#[test]
fn no_clipping_at_full_load_with_everything_playing() {
    let everything = SoundParams {
        engine_on: true,
        rpm: 6500.0,
        load: 1.0,
        slip_power_w: 500_000.0,
        speed_mps: 80.0,
        volumes: crate::settings::Volumes {
            master: 1.0,
            engine: 1.0,
            tires: 1.0,
            impacts: 1.0,
            wind: 1.0,
        },
    };
    let x = render(everything, 0.5, &[1.0, 1.0, 1.0, 1.0]);
    let peak = x.iter().fold(0.0f32, |m, s| m.max(s.abs()));
    assert!(peak < 1.0, "peak {peak}");
    assert!(peak > 0.3, "suspiciously quiet: {peak}");
}

#[test]
fn an_impact_is_heard_and_dies_away() {
    let x = mono(&render(SoundParams::default(), 2.0, &[0.8]));
    let rms = |s: &[f32]| (s.iter().map(|v| v * v).sum::<f32>() / s.len() as f32).sqrt();
    let n = SAMPLE_RATE as usize / 10;
    assert!(rms(&x[..n]) > 0.02, "impact too quiet");
    assert!(rms(&x[x.len() - n..]) < rms(&x[..n]) * 0.05, "impact does not decay");
}

#[test]
fn a_menu_blip_is_a_short_tone_at_its_pitch() {
    let shared = SharedSound::default();
    shared.set(SoundParams::default());
    let mut m = Mixer::new(shared.clone());
    shared.blip(660.0);
    let mut out = vec![0.0; 2 * SAMPLE_RATE as usize / 5];
    for chunk in out.chunks_mut(512) {
        m.render(chunk);
    }
    let x = mono(&out);
    // The first 30 ms hold the tone: 660 Hz stands far above a fifth away (990 Hz).
    let head = &x[..SAMPLE_RATE as usize * 3 / 100];
    assert!(power(head, 660.0) > 50.0 * power(head, 990.0), "not a 660 Hz tone");
    // Its amplitude falls by e every ~25 ms (BLIP_DECAY): after 150 ms it is under 1 %.
    let peak = |s: &[f32]| s.iter().fold(0.0f32, |m, v| m.max(v.abs()));
    let tail = &x[SAMPLE_RATE as usize * 15 / 100..];
    assert!(peak(head) > 0.05, "blip too quiet: {}", peak(head));
    assert!(peak(tail) < 0.01 * peak(head), "blip still sounding: {}", peak(tail));
}
