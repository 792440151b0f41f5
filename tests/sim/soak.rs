//! The soak test, short: `skidpad soak` drives AI cars on every level `./test` laps (the CI
//! length; the hour-long run is `skidpad soak` with its defaults, see RELIABILITY.md) and
//! checks every body stays finite, the sound mixes with no underrun and no bad sample, the
//! heap stays flat after warm-up and the replay reproduces the final state hash.

use std::process::{Command, Output};

fn skidpad(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_skidpad"))
        .args(args)
        .output()
        .expect("the skidpad binary runs")
}

#[test]
fn every_level_soaks_clean_and_replays_to_the_same_hash() {
    let dir = tempfile::tempdir().unwrap();
    // 28 000 ticks (7.8 simulated minutes) per level: on Montreal, the longest lap (about
    // 130 s; 22 000 ticks left it one lap short), the player's car does its out-lap and
    // first lap (the warm-up) and two more, so each half of the watched stretch spans a lap.
    // Every level `./test` laps (the circuits beyond its sample soak in the hour-long run).
    let lapped = crate::common::lapped_levels();
    let mut args = vec![
        "soak",
        "--ticks",
        "28000",
        "--ai",
        "2",
        "--replay-dir",
        dir.path().to_str().unwrap(),
        "--json",
    ];
    for level in &lapped {
        args.extend(["--level", level.as_str()]);
    }
    let o = skidpad(&args);
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(o.status.success(), "{err}");
    let report: serde_json::Value = serde_json::from_slice(&o.stdout).expect("JSON report");
    assert_eq!(report["heap_counted"], true, "the binary counts its heap");
    let levels = report["levels"].as_array().unwrap();
    let names: Vec<&str> = levels.iter().map(|l| l["level"].as_str().unwrap()).collect();
    for shipped in &lapped {
        assert!(names.contains(&shipped.as_str()), "{shipped} soaked: {names:?}");
    }
    for l in levels {
        let name = l["level"].as_str().unwrap();
        assert_eq!(l["ticks"], 28000, "{name}");
        assert!(l["cars"].as_u64().unwrap() >= 3, "{name}: the player and two AI cars");
        assert!(
            l["laps_watched"].as_u64().unwrap() >= 2,
            "{name}: the AI lapped the level"
        );
        assert_eq!(l["non_finite_ticks"], 0, "{name}");
        // Every tick's sound mixed as play mixes it: 28 000 ticks are 466.7 s, less at most
        // a callback's 11.6 ms not yet due; the feed never ran dry, every sample in range.
        let audio = &l["audio"];
        let seconds = audio["seconds"].as_f64().unwrap();
        assert!((seconds - 28_000.0 / 60.0).abs() < 0.02, "{name}: {seconds} s of sound");
        assert_eq!(audio["underruns"], 0, "{name}: the sound feed ran dry");
        assert_eq!(audio["bad_samples"], 0, "{name}: samples not finite or past full scale");
        assert_eq!(l["fault_resets"], 0, "{name}");
        assert_eq!(l["state_hash"], l["replay_state_hash"], "{name}: the replay diverged");
        assert!(l["warm_up_ticks"].as_u64().is_some(), "{name}: heap never watched");
        assert!(l["heap_after_warm_up_bytes"].as_u64().unwrap() > 0, "{name}");
        // FLAT_HEAP_BYTES: the heap's peak may not rise by more than 256 KiB from the first
        // half to the second.
        assert!(l["heap_growth_bytes"].as_u64().unwrap() <= 256 * 1024, "{name}: {l}");
        assert_eq!(l["pass"], true, "{name}");
        // The replay was kept, and `run --replay` agrees with it.
        let rpl = dir.path().join(format!("soak-{name}.rpl"));
        let r = skidpad(&["run", "--replay", rpl.to_str().unwrap(), "--json"]);
        assert!(r.status.success(), "{name}: {}", String::from_utf8_lossy(&r.stderr));
        let run: serde_json::Value = serde_json::from_slice(&r.stdout).unwrap();
        assert_eq!(run["replay_matches"], true, "{name}");
        assert_eq!(run["state_hash"], l["state_hash"], "{name}");
    }
}

#[test]
fn a_soak_too_short_to_watch_the_heap_fails_with_exit_4() {
    // 300 ticks: no lap done, so the heap was never watched after a warm-up: that is a
    // failed soak, not a pass.
    let o = skidpad(&["soak", "--level", "crash", "--ticks", "300", "--ai", "1"]);
    assert_eq!(o.status.code(), Some(4), "{}", String::from_utf8_lossy(&o.stderr));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("never completed a lap") && err.contains("FAIL"), "{err}");
}

#[test]
fn a_leak_of_64_bytes_a_tick_is_caught() {
    // The injected leak holds 64 more bytes every tick: over the second half of the
    // watched stretch of the slip level that is far more than the 256 KiB allowed.
    let o = skidpad(&[
        "soak",
        "--level",
        "slip",
        "--ticks",
        "16000",
        "--ai",
        "1",
        "--leak-bytes-per-tick",
        "64",
        "--json",
    ]);
    assert_eq!(o.status.code(), Some(4), "{}", String::from_utf8_lossy(&o.stderr));
    let report: serde_json::Value = serde_json::from_slice(&o.stdout).expect("JSON report");
    let l = &report["levels"][0];
    assert!(l["heap_growth_bytes"].as_u64().unwrap() > 256 * 1024, "{l}");
    assert_eq!(l["pass"], false);
    // Everything else about the run was fine: only the heap check failed.
    assert_eq!(l["non_finite_ticks"], 0);
    assert_eq!(l["state_hash"], l["replay_state_hash"]);
}
