//! The interactive front end with no display: `play` falls back to SDL's offscreen driver
//! and runs its real loop; a machine without usable graphics gets one message and exit
//! code 3, never a panic.

use std::process::{Command, Output};

fn skidpad(args: &[&str], env: &[(&str, &str)]) -> Output {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_skidpad"));
    cmd.args(args)
        .env_remove("DISPLAY")
        .env_remove("WAYLAND_DISPLAY")
        .env("RUST_LOG", "info");
    for (k, v) in env {
        cmd.env(k, v);
    }
    cmd.output().expect("the skidpad binary runs")
}

#[test]
fn play_runs_offscreen_without_a_display() {
    let o = skidpad(&["play", "--max-frames", "20", "--platform", "xbox"], &[]);
    let log = String::from_utf8_lossy(&o.stderr);
    assert!(o.status.success(), "{log}");
    assert!(log.contains("offscreen driver"), "{log}");
    // Paced at the tick rate without vsync: every frame lasts at least one tick, so 20
    // frames run at least 19 ticks (the first frame has no time behind it; more when a
    // frame takes longer: software GL), and never
    // more than the cap of 8 a frame.
    let ticks: u64 = log
        .split("played 20 frames, ")
        .nth(1)
        .and_then(|rest| rest.split(' ').next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("no frame summary in: {log}"));
    assert!((19..=160).contains(&ticks), "{ticks} ticks in 20 paced frames");
    // One line about audio, not libasound's stderr chatter.
    assert!(!log.contains("ALSA lib"), "{log}");
    assert!(log.lines().filter(|l| l.contains("audio")).count() <= 1, "{log}");
}

#[test]
fn play_takes_a_car() {
    let o = skidpad(&["play", "--max-frames", "5", "--car", "big_wheeler"], &[]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
}

#[test]
fn no_opengl_33_is_a_clean_exit_3() {
    // Mesa caps the version it offers: a 3.3 core context cannot be made.
    let o = skidpad(
        &["screenshot", "--out", "/dev/null"],
        &[("MESA_GL_VERSION_OVERRIDE", "3.1")],
    );
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(3), "{err}");
    assert!(err.contains("OpenGL 3.3") && !err.contains("panicked"), "{err}");
}

#[test]
fn an_unusable_video_driver_is_a_clean_exit_3() {
    let o = skidpad(
        &["play", "--max-frames", "1"],
        &[("SDL_VIDEODRIVER", "no-such-driver"), ("DISPLAY", ":99")],
    );
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(3), "{err}");
    assert!(err.contains("no-such-driver") && !err.contains("panicked"), "{err}");
}

#[test]
fn every_level_plays_offscreen() {
    let o = std::process::Command::new(env!("CARGO_BIN_EXE_skidpad"))
        .arg("levels")
        .output()
        .unwrap();
    let levels: Vec<String> = String::from_utf8_lossy(&o.stdout)
        .lines()
        .filter_map(|l| l.split_whitespace().next().map(str::to_string))
        .collect();
    assert!(levels.len() >= 6, "{levels:?}");
    for level in levels {
        let o = skidpad(
            &["play", "--max-frames", "10", "--platform", "xbox", "--level", &level],
            &[],
        );
        let log = String::from_utf8_lossy(&o.stderr);
        assert!(o.status.success(), "{level}: {log}");
        assert!(
            log.contains("chunks around the start"),
            "{level} showed no loading: {log}"
        );
    }
}

#[test]
fn profile_runs_in_the_window_and_blames_a_phase_for_slow_frames() {
    let o = skidpad(
        &[
            "profile",
            "--level",
            "slip",
            "--frames",
            "20",
            "--platform",
            "xbox",
            "--json",
        ],
        &[],
    );
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(o.status.success(), "{err}");
    let r: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(r["frames"], 20);
    assert_eq!(r["headless"], false);
    // Rendering is measured in the window (and not headless).
    assert!(r["phase_means_ms"]["render"].as_f64().unwrap() > 0.0);
    for over in r["over_budget"].as_array().unwrap() {
        let phase = over["phase"].as_str().unwrap();
        assert!(
            [
                "input",
                "streaming",
                "vehicle",
                "physics",
                "sim",
                "render",
                "gpu_finish",
                "swap",
                "audio"
            ]
            .contains(&phase),
            "{phase}"
        );
    }
}
