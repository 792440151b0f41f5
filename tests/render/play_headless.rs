//! The interactive front end with devices missing or going away: with no display `play`
//! falls back to SDL's offscreen driver and runs its real loop; with no sound card it runs
//! silent; with no pad it says so once; a pad unplugged mid-run (scripted through the same
//! queue gilrs' events take, `SKIDPAD_PAD_SCRIPT`) pauses it. A machine without usable
//! graphics gets one message and exit code 3, never a panic.

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
    // One line about audio (a device opened, or none and silence), not libasound's stderr
    // chatter.
    assert!(!log.contains("ALSA lib"), "{log}");
    let audio: Vec<&str> = log.lines().filter(|l| l.contains("audio")).collect();
    assert_eq!(audio.len(), 1, "{log}");
    assert!(
        audio[0].contains("output device opened") || audio[0].contains("running silent"),
        "{log}"
    );
}

#[test]
fn no_audio_device_is_one_line_and_the_game_plays_on() {
    // An empty ALSA configuration defines no device at all, on any Linux machine.
    let o = skidpad(&["play", "--max-frames", "5"], &[("ALSA_CONFIG_PATH", "/dev/null")]);
    let log = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(0), "{log}");
    let audio: Vec<&str> = log.lines().filter(|l| l.to_lowercase().contains("audio")).collect();
    assert_eq!(audio.len(), 1, "{log}");
    assert!(
        audio[0].contains("audio: no output device found; running silent"),
        "{log}"
    );
    assert!(!log.contains("ALSA lib") && !log.contains("panicked"), "{log}");
    assert!(log.contains("played 5 frames"), "{log}");
}

#[test]
fn no_pad_is_said_once_and_play_goes_on_with_the_keyboard() {
    let o = skidpad(&["play", "--max-frames", "5"], &[]);
    let log = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(0), "{log}");
    let pads: Vec<&str> = log.lines().filter(|l| l.contains("gamepad")).collect();
    // With gilrs running and nothing plugged in, or with no gamepad backend at all: one
    // line saying the keyboard drives. (A machine with a pad plugged in names it instead.)
    assert!(
        (pads.len() == 1 && pads[0].contains("keyboard only")) || pads.iter().all(|l| l.contains("connected")),
        "{log}"
    );
    assert!(log.contains("played 5 frames"), "{log}");

    // The same through a pad script with no events: the one line names the script.
    let dir = tempfile::tempdir().unwrap();
    let script = dir.path().join("no-pads.txt");
    std::fs::write(&script, "# nothing plugged in\n").unwrap();
    let o = skidpad(
        &["play", "--max-frames", "5"],
        &[("SKIDPAD_PAD_SCRIPT", script.to_str().unwrap())],
    );
    let log = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(0), "{log}");
    let pads: Vec<&str> = log.lines().filter(|l| l.contains("gamepad")).collect();
    assert_eq!(pads.len(), 1, "{log}");
    assert!(
        pads[0].contains("scripted from") && pads[0].contains("(0 events"),
        "{log}"
    );
}

/// A pad unplugged mid-run, through the same queue gilrs' events take: the real loop
/// pauses at once (no tick runs), drops the pad's throttle, says so in one line, and goes
/// on only when a pad is back and a button is pressed on it.
#[test]
fn a_pad_unplugged_mid_run_pauses_play_until_a_button_press() {
    let dir = tempfile::tempdir().unwrap();
    let script = dir.path().join("unplug.txt");
    std::fs::write(
        &script,
        "\
# poll pad event
0  0 connected
1  0 axis RightTrigger 1.0
10 0 disconnected
30 1 connected
35 1 axis LeftStickX 1.0   # moving a stick does not resume
45 1 press South           # a button does
46 1 release South
",
    )
    .unwrap();
    let replay = dir.path().join("unplug.rpl");
    let o = skidpad(
        &[
            "play",
            "--max-frames",
            "60",
            "--platform",
            "xbox",
            "--record",
            replay.to_str().unwrap(),
        ],
        &[("SKIDPAD_PAD_SCRIPT", script.to_str().unwrap())],
    );
    let log = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(0), "{log}");
    assert!(!log.contains("panicked"), "{log}");
    assert!(log.contains("gamepads: scripted from"), "{log}");
    let tick_after = |marker: &str| -> u64 {
        let lines: Vec<&str> = log.lines().filter(|l| l.contains(marker)).collect();
        assert_eq!(lines.len(), 1, "one `{marker}` line expected: {log}");
        lines[0]
            .split(marker)
            .nth(1)
            .and_then(|r| r.split(|c: char| !c.is_ascii_digit()).next())
            .and_then(|n| n.parse().ok())
            .unwrap_or_else(|| panic!("no tick in: {}", lines[0]))
    };
    let paused = tick_after("controller 0 unplugged: paused at tick ");
    assert!(
        log.contains("connect a controller and press a button to go on"),
        "{log}"
    );
    let resumed = tick_after("controller 1 in use: resumed at tick ");
    assert_eq!(paused, resumed, "ticks ran while the controller was lost: {log}");
    assert!(log.contains("played 60 frames"), "{log}");

    // What the simulation was given, tick by tick.
    let inputs = skidpad::replay::Replay::load(&replay).unwrap().inputs;
    let paused = paused as usize;
    assert!(
        paused > 0 && inputs.len() > paused,
        "the game did not go on: {} ticks, paused at {paused}",
        inputs.len()
    );
    assert_eq!(
        inputs[paused - 1].control.throttle,
        1.0,
        "the trigger drove before the unplug"
    );
    assert!(
        inputs[paused..]
            .iter()
            .all(|i| i.control.throttle == 0.0 && i.control.steer == 0.0),
        "the lost pad's throttle (or the stick moved while paused) reached the car"
    );
}

#[test]
fn a_bad_pad_script_is_bad_input_naming_file_and_line() {
    let dir = tempfile::tempdir().unwrap();
    let script = dir.path().join("bad.txt");
    std::fs::write(&script, "0 0 connected\n1 0 press Turbo\n").unwrap();
    let o = skidpad(
        &["play", "--max-frames", "5"],
        &[("SKIDPAD_PAD_SCRIPT", script.to_str().unwrap())],
    );
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(
        err.contains(&format!(
            "skidpad: pad script {}:2: unknown button `Turbo`",
            script.display()
        )),
        "{err}"
    );
}

#[test]
fn play_takes_a_car() {
    let o = skidpad(&["play", "--max-frames", "5", "--car", "big_wheeler"], &[]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
}

#[test]
fn no_usable_opengl_is_a_clean_exit_3() {
    // Mesa caps the versions it offers: neither a 3.3 core nor an ES 3.0 context can be
    // made (with ES 3.0 left, `--gl auto` falls back to it: tests/render/gl_api.rs).
    let o = skidpad(
        &["screenshot", "--out", "/dev/null"],
        &[
            ("MESA_GL_VERSION_OVERRIDE", "3.1"),
            ("MESA_GLES_VERSION_OVERRIDE", "2.0"),
        ],
    );
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(3), "{err}");
    assert!(
        err.contains("OpenGL 3.3 core, then OpenGL ES 3.0") && !err.contains("panicked"),
        "{err}"
    );
    // One line, and it says what to do.
    let lines: Vec<&str> = err.lines().filter(|l| l.starts_with("skidpad:")).collect();
    assert_eq!(lines.len(), 1, "{err}");
    assert!(
        lines[0].contains("update the graphics driver") && lines[0].contains("MESA_GL_VERSION_OVERRIDE"),
        "{err}"
    );
    // `play` held to core the same way, and nothing is left half-open.
    let o = skidpad(
        &["play", "--max-frames", "1", "--gl", "core"],
        &[("MESA_GL_VERSION_OVERRIDE", "3.1")],
    );
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(3), "{err}");
    assert!(
        err.contains("skidpad: OpenGL could not be created (OpenGL 3.3 core)"),
        "{err}"
    );
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
    let lines: Vec<&str> = err.lines().filter(|l| l.starts_with("skidpad:")).collect();
    assert_eq!(lines.len(), 1, "{err}");
    assert!(lines[0].contains("unset SDL_VIDEODRIVER"), "{err}");
}

#[test]
fn an_unreachable_display_falls_back_to_offscreen() {
    // DISPLAY names an X server that is not there: one warning, then the offscreen driver.
    let o = skidpad(&["play", "--max-frames", "3"], &[("DISPLAY", ":97")]);
    let log = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(0), "{log}");
    assert!(log.contains("rendering offscreen instead"), "{log}");
    assert!(log.contains("OpenGL 3.3 core context (Offscreen"), "{log}");
    assert!(log.contains("played 3 frames") && !log.contains("panicked"), "{log}");
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
    assert!(r["phase_p99_ms"]["render"].as_f64().unwrap() > 0.0);
    // The frame draws the level (chunks, props, the car) in both passes.
    let draws = &r["draws"];
    assert!(draws["lit_drawn"].as_f64().unwrap() >= 5.0, "{r}");
    assert!(draws["shadow_drawn"].as_f64().unwrap() >= 5.0, "{r}");
    // GPU memory is counted by kind against the profile's 64 MB. The textures: ten 128²
    // RGBA8 ground layers with their mip chains, 10 × 87 380 bytes, and the clouds' 256²
    // RGBA8 with its chain, 349 524 bytes; the shadow map: the xbox profile's 1024² at 4
    // bytes a texel.
    let m = &r["memory"];
    let mb = |key: &str| m[key].as_f64().unwrap_or_else(|| panic!("memory.{key}: {r}"));
    let bytes = |key: &str| (mb(key) * 1048576.0).round() as u64;
    assert_eq!(bytes("textures_mb"), 873_800 + 349_524, "{r}");
    assert_eq!(bytes("shadow_map_mb"), 1024 * 1024 * 4, "{r}");
    assert!(mb("chunk_meshes_mb") > 0.0 && mb("models_mb") > 0.0, "{r}");
    let parts: f64 = [
        "textures_mb",
        "chunk_meshes_mb",
        "models_mb",
        "shadow_map_mb",
        "skid_marks_mb",
    ]
    .iter()
    .map(|k| mb(k))
    .sum();
    assert!((parts - mb("gpu_total_mb")).abs() < 1e-9, "{r}");
    assert_eq!(mb("budget_mb"), 64.0);
    let share = (mb("gpu_total_mb") + r["peak_heap_mb"].as_f64().unwrap()) / 64.0;
    assert!((mb("budget_share") - share).abs() < 1e-9, "{r}");
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

#[test]
fn profile_with_the_ai_driver_takes_the_car_round_the_track() {
    let profile = |frames: &str, extra: &[&str]| {
        let mut args = vec![
            "profile",
            "--headless",
            "--level",
            "circuit",
            "--frames",
            frames,
            "--json",
        ];
        args.extend(extra);
        let o = skidpad(&args, &[]);
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        serde_json::from_slice::<serde_json::Value>(&o.stdout).unwrap()
    };
    // The scenario script sends the circuit's car back to the start after each run, so
    // the chunks it streams are the same few coming and going (10 in 1 800 frames); the AI
    // at the wheel drives on round the track at racing speed and streams the chunks along
    // it (40; the circuit's chunks are 200 m across).
    let scenario = profile("1800", &[]);
    assert!(scenario["ai_laps_s"].is_null(), "{scenario}");
    let streamed = |r: &serde_json::Value| r["chunks_streamed"].as_u64().unwrap();
    let ai = profile("1800", &["--ai-driver"]);
    assert!(
        streamed(&ai) >= 2 * streamed(&scenario).max(1),
        "AI {} chunks, scenario {}",
        streamed(&ai),
        streamed(&scenario)
    );
    // Two minutes of frames (one tick each, headless) take it round a whole lap: the same
    // lap `run --ai-driver --laps 1` drives (114.05 s; the speed profile predicts 109.7 s
    // for the coupe's flying lap, and this one starts from the grid, standing).
    let lap = profile("7200", &["--ai-driver"]);
    let laps = lap["ai_laps_s"].as_array().unwrap_or_else(|| panic!("{lap}"));
    assert_eq!(laps.len(), 1, "{lap}");
    let t = laps[0].as_f64().unwrap();
    let o = skidpad(
        &["run", "--level", "circuit", "--ai-driver", "--laps", "1", "--json"],
        &[],
    );
    let run: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    let run_lap = run["lap_time_s"].as_f64().unwrap_or_else(|| panic!("{run}"));
    assert!((t - run_lap).abs() < 1e-6, "profile's lap {t} s, run's {run_lap} s");
    assert!((105.0..125.0).contains(&t), "lap {t} s");
}
