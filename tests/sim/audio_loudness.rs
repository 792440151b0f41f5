//! The mix measured as the loudness recommendations measure it (ASWG-R001: −23 LUFS ±2 LU
//! integrated at home, −18 on a portable, true peak under −1 dBTP), with an EBU R128 meter
//! over what the real mixer renders of recorded play (`run --replay --audio-out`): a race
//! start among seven AI cars, a time trial alone, a crash run.

use std::path::Path;

fn skidpad(args: &[&str]) {
    let o = crate::common::cli::skidpad(args);
    assert!(o.status.success(), "{args:?}: {}", String::from_utf8_lossy(&o.stderr));
}

/// Records `run ARGS` on `platform`, renders its sound and measures the WAV: integrated
/// loudness (LUFS) and the higher channel's true peak (dBTP).
fn measured(dir: &Path, name: &str, platform: &str, args: &[&str]) -> (f64, f64) {
    let rpl = dir.join(format!("{name}.rpl"));
    let wav = dir.join(format!("{name}.wav"));
    let (rpl, wav) = (rpl.to_str().unwrap(), wav.to_str().unwrap());
    let mut record = vec!["run", "--platform", platform, "--record", rpl];
    record.extend_from_slice(args);
    skidpad(&record);
    skidpad(&["run", "--replay", rpl, "--audio-out", wav]);
    let mut reader = hound::WavReader::open(wav).unwrap();
    let samples: Vec<i16> = reader.samples::<i16>().map(Result::unwrap).collect();
    let mut meter = ebur128::EbuR128::new(2, 44_100, ebur128::Mode::I | ebur128::Mode::TRUE_PEAK).unwrap();
    meter.add_frames_i16(&samples).unwrap();
    let peak = meter.true_peak(0).unwrap().max(meter.true_peak(1).unwrap());
    (meter.loudness_global().unwrap(), 20.0 * peak.log10())
}

/// Asserts a scene's loudness is `target` ±2 LU with its true peak under −1 dBTP.
fn assert_on_target(scene: &str, (lufs, peak_dbtp): (f64, f64), target: f64) {
    eprintln!("{scene}: {lufs:.1} LUFS, true peak {peak_dbtp:.1} dBTP");
    assert!(
        (lufs - target).abs() <= 2.0,
        "{scene}: {lufs:.1} LUFS integrated, the target is {target} ±2 LU"
    );
    assert!(
        peak_dbtp < -1.0,
        "{scene}: true peak {peak_dbtp:.2} dBTP, the ceiling is −1"
    );
}

#[test]
fn every_scene_is_mixed_to_minus_23_lufs_with_true_peak_under_minus_1_dbtp() {
    let dir = tempfile::tempdir().unwrap();
    let race = ["--level", "circuit", "--ai", "7", "--ai-driver", "--seconds", "30"];
    let alone = ["--level", "monza", "--ai-driver", "--seconds", "30"];
    let crash = ["--level", "crash", "--throttle", "1", "--seconds", "10"];
    for (scene, args) in [
        ("race among 7 AI", &race[..]),
        ("time trial alone", &alone),
        ("crash run", &crash),
    ] {
        assert_on_target(scene, measured(dir.path(), "scene", "desktop", args), -23.0);
    }
}

#[test]
fn the_handheld_mix_is_5_lu_louder_and_still_under_the_peak_ceiling() {
    let dir = tempfile::tempdir().unwrap();
    let race = ["--level", "circuit", "--ai", "7", "--ai-driver", "--seconds", "30"];
    let handheld = measured(dir.path(), "handheld", "handheld", &race);
    assert_on_target("race among 7 AI on the handheld", handheld, -18.0);
    let home = measured(dir.path(), "home", "xbox", &race);
    // The same race, 5 LU apart within half an LU: the limiter barely touches it.
    assert!(
        (handheld.0 - home.0 - 5.0).abs() < 0.5,
        "handheld {handheld:?}, xbox {home:?}"
    );
}
