//! The command line as a user meets it: repeatable runs, and bad input answered with one
//! message naming file, field and problem, exit code 2, and no panic.

use std::path::Path;
use std::process::{Command, Output};

fn skidpad(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_skidpad"))
        .args(args)
        .env("RUST_LOG", "warn")
        .output()
        .expect("the skidpad binary runs")
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// Asserts exit code 2, no panic, and a message containing every one of `needles`.
fn assert_bad_input(o: &Output, needles: &[&str]) {
    let err = stderr(o);
    assert_eq!(o.status.code(), Some(2), "stderr: {err}");
    assert!(!err.contains("panicked"), "panicked: {err}");
    for n in needles {
        assert!(err.contains(n), "missing {n:?} in: {err}");
    }
}

fn json(o: &Output) -> serde_json::Value {
    assert!(o.status.success(), "{}", stderr(o));
    serde_json::from_slice(&o.stdout).expect("stdout is one JSON object")
}

#[test]
fn run_json_is_repeatable() {
    let a = json(&skidpad(&["run", "--ticks", "600", "--json"]));
    let b = json(&skidpad(&["run", "--ticks", "600", "--json"]));
    assert_eq!(a["ticks"], 600);
    assert_eq!(a["sim_seconds"], 10.0);
    assert!(a["wall_seconds"].as_f64().unwrap() >= 0.0);
    let hash = a["state_hash"].as_str().unwrap();
    assert_eq!(hash.len(), 16);
    assert_eq!(a["state_hash"], b["state_hash"]);
    // And a different input gives a different final state.
    let c = json(&skidpad(&["run", "--ticks", "600", "--json", "--throttle", "1"]));
    assert_ne!(a["state_hash"], c["state_hash"]);
}

#[test]
fn seconds_are_rounded_to_ticks_of_the_profile() {
    let a = json(&skidpad(&["run", "--seconds", "2", "--json", "--platform", "xbox"]));
    assert_eq!(a["ticks"], 120);
    assert_eq!(a["platform"], "xbox");
}

#[test]
fn levels_lists_the_default_level() {
    let o = skidpad(&["levels"]);
    assert!(o.status.success());
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(
        out.lines().any(|l| l.starts_with("proving_ground") && l.len() > 20),
        "{out}"
    );
}

#[test]
fn unknown_level_is_bad_input() {
    assert_bad_input(
        &skidpad(&["run", "--ticks", "1", "--level", "atlantis"]),
        &["--level", "atlantis", "proving_ground"],
    );
}

#[test]
fn unknown_platform_is_bad_input() {
    assert_bad_input(
        &skidpad(&["run", "--ticks", "1", "--platform", "dreamcast"]),
        &["--platform", "dreamcast", "xbox"],
    );
}

#[test]
fn unreadable_level_file_is_bad_input() {
    assert_bad_input(
        &skidpad(&["run", "--ticks", "1", "--level", "/nonexistent/level.toml"]),
        &["/nonexistent/level.toml", "cannot read"],
    );
}

#[test]
fn malformed_level_file_is_bad_input() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("broken.toml");
    std::fs::write(&path, "description = \"half a level\"\n[ground]\nsize_m = [10.0, \n").unwrap();
    let p = path.to_str().unwrap();
    assert_bad_input(&skidpad(&["run", "--ticks", "1", "--level", p]), &[p, "line "]);
}

fn level_file_with(dir: &Path, replace: &str, with: &str) -> String {
    let text =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("content/levels/proving_ground/level.toml"))
            .unwrap();
    assert!(text.contains(replace), "the default level no longer has {replace:?}");
    let path = dir.join("level.toml");
    std::fs::write(&path, text.replace(replace, with)).unwrap();
    path.to_str().unwrap().to_string()
}

#[test]
fn ramp_with_a_nan_angle_names_the_field() {
    let dir = tempfile::tempdir().unwrap();
    let p = level_file_with(dir.path(), "angle_deg = 12.0", "angle_deg = nan");
    assert_bad_input(
        &skidpad(&["run", "--ticks", "1", "--level", &p]),
        &[&p, "props[1].angle_deg", "finite"],
    );
}

#[test]
fn unknown_material_names_the_field_and_the_known_ones() {
    let dir = tempfile::tempdir().unwrap();
    let p = level_file_with(dir.path(), "material = \"wood\"", "material = \"lava\"");
    assert_bad_input(
        &skidpad(&["run", "--ticks", "1", "--level", &p]),
        &[&p, "props[1].material", "lava", "asphalt"],
    );
}

#[test]
fn missing_heightmap_names_the_file() {
    let dir = tempfile::tempdir().unwrap();
    let p = level_file_with(
        dir.path(),
        "material = \"asphalt\"\n",
        "material = \"asphalt\"\nheightmap = \"hills.png\"\nheight_m = [0.0, 10.0]\n",
    );
    assert_bad_input(
        &skidpad(&["run", "--ticks", "1", "--level", &p]),
        &["hills.png", "cannot read"],
    );
}

#[test]
fn nan_in_a_profile_names_the_field() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("nan.toml");
    let text =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("platform/profiles/xbox.toml")).unwrap();
    std::fs::write(&path, text.replace("frame_budget_ms = 16.67", "frame_budget_ms = nan")).unwrap();
    let p = path.to_str().unwrap();
    assert_bad_input(
        &skidpad(&["run", "--ticks", "1", "--platform", p]),
        &[p, "timing.frame_budget_ms", "finite"],
    );
}

#[test]
fn unknown_key_in_a_profile_is_named() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("extra.toml");
    let text =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("platform/profiles/xbox.toml")).unwrap();
    std::fs::write(&path, text.replace("vsync = true", "vsync = true\nrefresh_hz = 60")).unwrap();
    let p = path.to_str().unwrap();
    assert_bad_input(&skidpad(&["run", "--ticks", "1", "--platform", p]), &[p, "refresh_hz"]);
}

#[test]
fn nan_on_the_command_line_is_bad_input() {
    assert_bad_input(&skidpad(&["run", "--seconds", "nan"]), &["--seconds"]);
    assert_bad_input(&skidpad(&["run", "--ticks", "5", "--throttle", "NaN"]), &["--throttle"]);
}

#[test]
fn missing_content_dir_is_bad_input() {
    assert_bad_input(
        &skidpad(&["levels", "--content", "/nonexistent-content"]),
        &["--content", "/nonexistent-content"],
    );
}

#[test]
fn help_lists_every_command_and_the_exit_codes() {
    let o = skidpad(&["--help"]);
    assert!(o.status.success());
    let out = String::from_utf8_lossy(&o.stdout);
    for word in [
        "play",
        "run",
        "screenshot",
        "levels",
        "soak",
        "--platform",
        "Exit codes",
        "SKIDPAD_PAD_SCRIPT",
    ] {
        assert!(out.contains(word), "--help lacks {word}: {out}");
    }
}

#[test]
fn cars_lists_the_shipped_cars() {
    let o = skidpad(&["cars"]);
    assert!(o.status.success());
    let out = String::from_utf8_lossy(&o.stdout);
    for car in ["coupe", "big_wheeler"] {
        assert!(out.lines().any(|l| l.starts_with(car)), "{out}");
    }
}

#[test]
fn unknown_car_is_bad_input() {
    assert_bad_input(
        &skidpad(&["run", "--ticks", "1", "--car", "lorry"]),
        &["--car", "lorry", "coupe"],
    );
}

#[test]
fn car_file_with_a_negative_mass_names_the_field() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("heavy.toml");
    let text = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("content/cars/coupe.toml")).unwrap();
    std::fs::write(&path, text.replace("mass_kg = 1200.0", "mass_kg = -5.0")).unwrap();
    let p = path.to_str().unwrap();
    assert_bad_input(
        &skidpad(&["run", "--ticks", "1", "--car", p]),
        &[p, "mass_kg", "between"],
    );
}

#[test]
fn each_car_runs_repeatably() {
    for car in ["coupe", "big_wheeler"] {
        let a = json(&skidpad(&[
            "run",
            "--seconds",
            "3",
            "--throttle",
            "1",
            "--steer",
            "0.3",
            "--json",
            "--car",
            car,
        ]));
        let b = json(&skidpad(&[
            "run",
            "--seconds",
            "3",
            "--throttle",
            "1",
            "--steer",
            "0.3",
            "--json",
            "--car",
            car,
        ]));
        assert_eq!(a["car"], car);
        assert_eq!(a["state_hash"], b["state_hash"]);
    }
}

#[test]
fn a_recorded_run_replays_to_the_same_hash() {
    let dir = tempfile::tempdir().unwrap();
    let rpl = dir.path().join("lap.rpl");
    let r = rpl.to_str().unwrap();
    let a = json(&skidpad(&[
        "run",
        "--level",
        "circuit",
        "--seconds",
        "8",
        "--throttle",
        "1",
        "--steer",
        "0.05",
        "--record",
        r,
        "--json",
    ]));
    let b = json(&skidpad(&["run", "--replay", r, "--json"]));
    assert_eq!(a["state_hash"], b["state_hash"]);
    assert_eq!(b["replay_matches"], true);
    assert_eq!(b["level"], "circuit");
    assert_eq!(b["ticks"], 480);
}

#[test]
fn corrupt_truncated_and_foreign_replays_are_clear_errors() {
    let dir = tempfile::tempdir().unwrap();
    let rpl = dir.path().join("r.rpl");
    let r = rpl.to_str().unwrap();
    json(&skidpad(&[
        "run",
        "--ticks",
        "120",
        "--throttle",
        "1",
        "--record",
        r,
        "--json",
    ]));
    let good = std::fs::read(&rpl).unwrap();
    std::fs::write(&rpl, &good[..good.len() - 5]).unwrap();
    assert_bad_input(
        &skidpad(&["run", "--replay", r]),
        &[r, "replay", "corrupt or truncated"],
    );
    let mut flipped = good.clone();
    flipped[30] ^= 0x40;
    std::fs::write(&rpl, &flipped).unwrap();
    assert_bad_input(&skidpad(&["run", "--replay", r]), &[r, "checksum"]);
    std::fs::write(&rpl, b"definitely not a replay").unwrap();
    assert_bad_input(&skidpad(&["run", "--replay", r]), &[r, "not a Skidpad replay"]);
}

#[test]
fn recording_into_a_missing_directory_fails_cleanly() {
    let o = skidpad(&["run", "--ticks", "10", "--record", "/nonexistent-dir/x.rpl"]);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    assert!(stderr(&o).contains("/nonexistent-dir/x.rpl") && stderr(&o).contains("cannot write replay"));
}

/// `profile --dynamic-resolution` in a window reports the scale and the detail ladder the
/// desktop profile offers (its filter, its map, the stretch, the coarser meshes: four
/// steps) and how far down
/// it went; without the flag there is no such report.
#[test]
fn profile_reports_the_scale_and_the_detail_ladders_steps() {
    let run = |extra: &[&str]| {
        let mut args = vec!["profile", "--level", "slip", "--platform", "desktop", "--frames", "30"];
        args.extend(["--fixed-step", "--json"]);
        args.extend(extra);
        json(&skidpad(&args))
    };
    let dir = tempfile::tempdir().unwrap();
    let trace = dir.path().join("trace.json");
    let r = run(&["--dynamic-resolution", "--trace", trace.to_str().unwrap()]);
    let d = &r["resolution_scale"];
    assert_eq!(d["ladder_steps"], 6, "{d}");
    let (mean, most) = (
        d["steps_down_mean"].as_f64().unwrap(),
        d["steps_down_max"].as_u64().unwrap(),
    );
    assert!(most <= 6 && (0.0..=most as f64).contains(&mean), "{d}");
    let scale = d["mean"].as_f64().unwrap();
    assert!((0.5..=1.0).contains(&scale), "{d}");
    // The trace has each frame's scene detail as a counter, which averages to the report's.
    let v: serde_json::Value = serde_json::from_slice(&std::fs::read(&trace).unwrap()).unwrap();
    let details: Vec<&serde_json::Value> = v["traceEvents"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|e| e["ph"] == "C" && e["name"] == "scene detail")
        .map(|e| &e["args"])
        .collect();
    assert_eq!(details.len(), 30);
    let traced_mean = details.iter().map(|a| a["scale"].as_f64().unwrap()).sum::<f64>() / 30.0;
    assert!((traced_mean - scale).abs() < 1e-4, "{traced_mean} vs {scale}");
    assert!(details.iter().all(|a| a["steps_down"].as_u64().unwrap() <= most));
    assert!(run(&[])["resolution_scale"].is_null());
}

#[test]
fn profile_reports_percentiles_and_writes_a_chrome_trace() {
    let dir = tempfile::tempdir().unwrap();
    let trace = dir.path().join("trace.json");
    let t = trace.to_str().unwrap();
    let o = skidpad(&[
        "profile",
        "--level",
        "slip",
        "--headless",
        "--frames",
        "120",
        "--platform",
        "xbox",
        "--trace",
        t,
        "--json",
    ]);
    let r = json(&o);
    assert_eq!(r["frames"], 120);
    for key in [
        "p50_ms",
        "p95_ms",
        "p99_ms",
        "p99_9_ms",
        "low_1pct_fps",
        "low_0_1pct_fps",
        "max_ms",
        "frames_over_budget",
        "time_over_budget_ms",
        "ticks_per_frame",
        "allocations_per_tick",
        "peak_heap_mb",
    ] {
        assert!(r[key].is_number(), "{key} missing: {r}");
    }
    assert!(r["p50_ms"].as_f64().unwrap() <= r["p99_ms"].as_f64().unwrap());
    assert!((r["budget_ms"].as_f64().unwrap() - 16.67).abs() < 1e-6);
    // Allocations by phase add up to the total (only phases that allocated are listed).
    let by_phase: f64 = r["phase_allocations_per_tick"]
        .as_object()
        .expect("allocations by phase")
        .values()
        .map(|v| v.as_f64().unwrap())
        .sum();
    let total = r["allocations_per_tick"].as_f64().unwrap();
    assert!((by_phase - total).abs() < 1e-9, "{by_phase} vs {total}: {r}");
    for phase in ["input", "streaming", "vehicle", "physics", "sim", "audio"] {
        assert!(r["phase_means_ms"][phase].is_number(), "{phase}: {r}");
        let (mean, p99) = (
            r["phase_means_ms"][phase].as_f64().unwrap(),
            r["phase_p99_ms"][phase].as_f64().unwrap(),
        );
        assert!(
            p99 >= 0.0 && p99 <= r["max_ms"].as_f64().unwrap() + 1e-9,
            "{phase} p99 {p99}: {r}"
        );
        assert!(mean >= 0.0, "{phase} mean {mean}");
    }
    // Headless: nothing is drawn, so there are no draw counts.
    assert!(r["draws"].is_null(), "{r}");
    // The trace is Chrome Trace Event JSON: complete events with name, ph, ts, dur, pid, tid,
    // and phases nested inside their frame.
    let v: serde_json::Value = serde_json::from_slice(&std::fs::read(&trace).unwrap()).unwrap();
    let events = v["traceEvents"].as_array().unwrap();
    let frames: Vec<&serde_json::Value> = events.iter().filter(|e| e["name"] == "frame").collect();
    assert_eq!(frames.len(), 120);
    for e in events {
        assert_eq!(e["ph"], "X");
        for k in ["ts", "dur", "pid", "tid"] {
            assert!(e[k].is_number(), "{e}");
        }
    }
    let (f0, f1) = (
        frames[0]["ts"].as_f64().unwrap(),
        frames[0]["ts"].as_f64().unwrap() + frames[0]["dur"].as_f64().unwrap(),
    );
    let inner: Vec<_> = events
        .iter()
        .filter(|e| e["cat"] == "phase" && e["ts"].as_f64().unwrap() >= f0 && e["ts"].as_f64().unwrap() < f1)
        .collect();
    assert!(
        inner.iter().any(|e| e["name"] == "physics"),
        "no physics phase in the first frame"
    );
    assert!(inner
        .iter()
        .all(|e| e["ts"].as_f64().unwrap() + e["dur"].as_f64().unwrap() <= f1 + 1.0));
}

/// `run --telemetry`'s CSV: the header and one row of numbers per tick.
fn telemetry_csv(args: &[&str]) -> (Vec<String>, Vec<Vec<f64>>) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("tmp.csv");
    let mut all = args.to_vec();
    all.extend(["--telemetry", path.to_str().unwrap()]);
    let o = skidpad(&all);
    assert!(o.status.success(), "{}", stderr(&o));
    let mut reader = csv::Reader::from_path(&path).unwrap();
    let header = reader.headers().unwrap().iter().map(String::from).collect();
    let rows = reader
        .records()
        .map(|r| r.unwrap().iter().map(|f| f.parse::<f64>().unwrap()).collect())
        .collect();
    (header, rows)
}

#[test]
fn run_writes_the_sim_cars_telemetry_as_csv() {
    let (header, rows) = telemetry_csv(&["run", "--car", "sedan", "--ticks", "120", "--throttle", "1"]);
    let mut expected: Vec<String> = [
        "tick",
        "time_s",
        "forward_speed_mps",
        "engine_rpm",
        "gear",
        "clutch_slip_rpm",
    ]
    .map(String::from)
    .to_vec();
    for i in 0..4 {
        for q in [
            "slip_ratio",
            "slip_angle_rad",
            "load_n",
            "compression_m",
            "suspension_force_n",
            "fx_n",
            "fy_n",
            "wheel_speed_mps",
        ] {
            expected.push(format!("w{i}_{q}"));
        }
    }
    assert_eq!(header, expected);
    assert_eq!(rows.len(), 120);
    let col = |name: &str| header.iter().position(|h| h == name).unwrap();
    for (i, r) in rows.iter().enumerate() {
        assert_eq!(r.len(), header.len());
        assert_eq!(r[col("tick")], (i + 1) as f64);
        assert!((r[col("time_s")] - (i + 1) as f64 / 60.0).abs() < 1e-9);
        assert!(r[col("engine_rpm")] > 0.0, "tick {}: {r:?}", i + 1);
    }
    let last = rows.last().unwrap();
    assert!(last[col("forward_speed_mps")] > 3.0, "full throttle for 2 s: {last:?}");

    // At rest: once the car has stood on its wheels for a second, the tire loads carry its
    // weight, 1500 kg × 9.81 m/s².
    let (header, rows) = telemetry_csv(&["run", "--car", "sedan", "--ticks", "120"]);
    let loads: Vec<usize> = (0..4)
        .map(|i| header.iter().position(|h| *h == format!("w{i}_load_n")).unwrap())
        .collect();
    let total = |r: &Vec<f64>| loads.iter().map(|&c| r[c]).sum::<f64>();
    let landed = rows.iter().position(|r| total(r) > 0.0).expect("the car lands");
    let weight = 1500.0 * 9.81;
    assert!(rows.len() > landed + 60, "landed at tick {}", landed + 1);
    for r in &rows[landed + 60..] {
        let f = total(r);
        assert!((f - weight).abs() < 0.02 * weight, "tick {}: loads {f} N", r[0]);
    }
}

#[test]
fn telemetry_into_a_missing_directory_fails_cleanly() {
    let o = skidpad(&["run", "--ticks", "10", "--telemetry", "/nonexistent-dir/t.csv"]);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    assert!(stderr(&o).contains("/nonexistent-dir/t.csv") && stderr(&o).contains("cannot write telemetry"));
}

#[test]
fn analyze_reports_the_bicycle_model_of_a_sim_car() {
    let a = json(&skidpad(&["analyze", "--car", "sedan", "--json"]));
    assert_eq!(a["car"], "sedan");
    assert_eq!(a["character"], "understeer");
    assert!(a["understeer_gradient_rad_per_mps2"].as_f64().unwrap() > 0.0);
    assert_eq!(a["yaw_modes"].as_array().unwrap().len(), 3);
    // An arcade car has no cornering stiffness to analyse: bad input, named.
    assert_bad_input(&skidpad(&["analyze", "--car", "coupe"]), &["coupe", "sim"]);
    assert_bad_input(&skidpad(&["validate", "--car", "coupe"]), &["coupe", "sim"]);
}

#[test]
fn a_carla_dump_converts_to_a_car_that_loads_and_drives() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("model3.toml");
    let dump = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/carla_model3_dump.txt");
    let o = skidpad(&["import-carla", dump.to_str().unwrap(), "--out", out.to_str().unwrap()]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stderr(&o).contains("warnings"), "{}", stderr(&o));
    let text = std::fs::read_to_string(&out).unwrap();
    assert!(
        text.contains("model = \"sim\"") && text.contains("mass = 1845"),
        "{text}"
    );
    let a = json(&skidpad(&["analyze", "--car", out.to_str().unwrap(), "--json"]));
    assert_eq!(a["model"]["mass_kg"], 1845.0);
    let r = json(&skidpad(&[
        "run",
        "--car",
        out.to_str().unwrap(),
        "--ticks",
        "120",
        "--throttle",
        "1",
        "--json",
    ]));
    assert_eq!(r["ticks"], 120);
    // A truncated dump is bad input naming the file and the position.
    let broken = dir.path().join("broken.txt");
    let full = std::fs::read_to_string(&dump).unwrap();
    std::fs::write(&broken, &full[..full.len() / 2]).unwrap();
    assert_bad_input(
        &skidpad(&["import-carla", broken.to_str().unwrap()]),
        &["broken.txt", "line 1"],
    );
}

#[test]
fn levels_check_lists_the_surfaces_as_the_physics_sees_them() {
    let o = skidpad(&["levels", "--check", "slip"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(out.contains("later surfaces win"), "{out}");
    assert!(out.contains("surfaces[3] ice") && out.contains("mu 0.10"), "{out}");
}

#[test]
fn a_surface_outside_the_terrain_names_the_file_and_the_surface() {
    let dir = tempfile::tempdir().unwrap();
    let p = level_file_with(
        dir.path(),
        "material = \"asphalt\"\n",
        "material = \"asphalt\"\n\n[[surfaces]]\nmaterial = \"ice\"\ncenter_m = [250.0, 0.0]\nsize_m = [16.0, 100.0]\n",
    );
    assert_bad_input(
        &skidpad(&["levels", "--check", &p]),
        &[&p, "surfaces[0]", "outside the terrain"],
    );
}
