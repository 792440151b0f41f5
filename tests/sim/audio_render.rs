//! `run --replay FILE --audio-out FILE.wav`: a replay's race rendered to a WAV file through
//! the feed and mixer play uses, the same bytes every time.

use std::process::Command;

fn skidpad(args: &[&str]) {
    let o = Command::new(env!("CARGO_BIN_EXE_skidpad"))
        .args(args)
        .env("RUST_LOG", "warn")
        .output()
        .expect("the skidpad binary runs");
    assert!(o.status.success(), "{args:?}: {}", String::from_utf8_lossy(&o.stderr));
}

#[test]
fn a_replay_renders_to_the_same_stereo_wav_every_time() {
    let dir = tempfile::tempdir().unwrap();
    let (rpl, a, b) = (
        dir.path().join("r.rpl"),
        dir.path().join("a.wav"),
        dir.path().join("b.wav"),
    );
    let path = |p: &std::path::Path| p.to_str().unwrap().to_string();
    // Three seconds off the grid among three AI cars, flat out.
    skidpad(&[
        "run",
        "--level",
        "circuit",
        "--ai",
        "3",
        "--seconds",
        "3",
        "--throttle",
        "1",
        "--record",
        &path(&rpl),
    ]);
    for out in [&a, &b] {
        skidpad(&["run", "--replay", &path(&rpl), "--audio-out", &path(out)]);
    }
    let (bytes_a, bytes_b) = (std::fs::read(&a).unwrap(), std::fs::read(&b).unwrap());
    assert_eq!(bytes_a, bytes_b, "two renders of one replay differ");
    let mut wav = hound::WavReader::open(&a).unwrap();
    let spec = wav.spec();
    assert_eq!((spec.channels, spec.sample_rate, spec.bits_per_sample), (2, 44_100, 16));
    let samples: Vec<i16> = wav.samples::<i16>().map(Result::unwrap).collect();
    // 180 ticks of 735 stereo frames.
    assert_eq!(samples.len(), 180 * 735 * 2);
    let rms = |ch: usize| {
        let s: f64 = samples.iter().skip(ch).step_by(2).map(|&v| f64::from(v).powi(2)).sum();
        (s / (samples.len() / 2) as f64).sqrt() / f64::from(i16::MAX)
    };
    let (left, right) = (rms(0), rms(1));
    assert!(left > 0.01 && right > 0.01, "silent: rms {left:.4} / {right:.4}");
    // The opponents sit on the grid to the sides: the channels are not one signal twice.
    let differing = samples.chunks(2).filter(|f| f[0] != f[1]).count();
    assert!(
        differing > samples.len() / 4,
        "{differing} of {} frames differ between channels",
        samples.len() / 2
    );
}
