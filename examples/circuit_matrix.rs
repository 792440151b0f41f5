//! Every circuit × every car, raced: the matrix of issue 42 that `./test` samples
//! (`tests/sim/ai_pace.rs`, `tests/sim/ai_racecraft.rs` on three circuits) and
//! PERFORMANCE.md carries.
//!
//! For each circuit of the level select (`LevelKind::Circuit`):
//! - each shipped car driven two laps by the ace AI (`skidpad run --ai-driver`, the release
//!   binary, two at a time): the flying lap against its speed profile's prediction (the
//!   bound: under 3 % over it, never under it) and how far its footprint strayed past a
//!   border (`max_footprint_off_track_m`, the bound: 0);
//! - a race of eight sedans, a rookie on pole and seven aces behind it, racing with
//!   racecraft for three laps: contacts (two footprints starting to overlap; the bound: at
//!   most one a lap), passes (one car getting 5 m clear of another it was behind within
//!   50 m; the bound: at least one), whether all eight finished, and the spread from the
//!   first finish to the last (no bound: a car held up for laps shows there).
//!
//! Prints a Markdown table and exits 1 if a bound fails; `MATRIX_WHERE=1` says where along
//! the line each contact happened, with what each car was doing then and over the 2 s before
//! (stance, offset from the line, the offset steered for, speed, the line's speed, the
//! speed cap), where each pass was made and by whom, and each car's finish; `MATRIX_TRACE=K` prints car K's state and the pole
//! car's every second (why a car stays behind). The racing lines are the ones the game
//! drives: shipped per car (`racelines/`), else searched and kept in the per-user cache.
//!
//! `cargo build --release && cargo run --release --example circuit_matrix [LEVEL...]`

use glam::Vec2;
use skidpad::ai::AiDifficulty;
use skidpad::app::{AiRace, Race, Setup};
use skidpad::content::{level_names, load_level, ContentRoot, LevelKind, PlatformProfile};
use skidpad::raceline::level_line;
use std::path::PathBuf;
use std::process::Command;

#[path = "../tests/common/footprint.rs"]
mod footprint;
use footprint::Footprint;

/// Every shipped car.
const CARS: [&str; 4] = ["coupe", "big_wheeler", "sedan", "electric"];
/// The race's laps and cars.
const RACE_LAPS: f32 = 3.0;
const RACE_CARS: usize = 8;
/// How far clear of another car a car must get for a pass to count, m (a car length).
const PASS_CLEAR_M: f32 = 5.0;

/// One car's two laps: flying lap, prediction, s; footprint past a border, m.
struct Pace {
    lap_s: f64,
    predicted_s: f64,
    footprint_off_m: f64,
}

fn main() {
    let root = ContentRoot::Embedded;
    let only: Vec<String> = std::env::args().skip(1).collect();
    let circuits: Vec<String> = level_names(&root)
        .into_iter()
        .filter(|n| only.is_empty() || only.contains(n))
        .filter(|n| load_level(&root, n).is_ok_and(|l| l.level.info.kind == LevelKind::Circuit))
        .collect();
    let bin = std::env::var_os("SKIDPAD_BIN")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("target/release/skidpad"));
    println!(
        "| circuit | {} | race of 8: contacts / laps, passes, finished, spread |",
        CARS.join(" | ")
    );
    println!("|---|{}---|", "---|".repeat(CARS.len()));
    let mut failures = Vec::new();
    for level in &circuits {
        let paces: Vec<Result<Pace, String>> = std::thread::scope(|s| {
            let runs: Vec<_> = CARS
                .chunks(2)
                .flat_map(|pair| {
                    let spawned: Vec<_> = pair.iter().map(|car| s.spawn(|| pace(&bin, level, car))).collect();
                    spawned
                        .into_iter()
                        .map(|h| h.join().expect("a run's thread"))
                        .collect::<Vec<_>>()
                })
                .collect();
            runs
        });
        let mut cells = Vec::new();
        for (car, p) in CARS.iter().zip(&paces) {
            match p {
                Ok(p) => {
                    let over = (p.lap_s / p.predicted_s - 1.0) * 100.0;
                    cells.push(format!("{:.2} vs {:.2} s, {over:+.2} %", p.lap_s, p.predicted_s));
                    if !(0.0..3.0).contains(&over) || p.footprint_off_m > 0.0 {
                        failures.push(format!(
                            "{level}, {car}: {over:+.2} % over the prediction, footprint {:.2} m past a border",
                            p.footprint_off_m
                        ));
                    }
                }
                Err(e) => {
                    cells.push("failed".into());
                    failures.push(format!("{level}, {car}: {e}"));
                }
            }
        }
        let r = race(&root, level);
        let per_lap = r.contacts as f32 / RACE_LAPS;
        if per_lap > 1.0 || r.finished < RACE_CARS || r.passes == 0 {
            failures.push(format!(
                "{level}: race of 8: {} contacts in {RACE_LAPS} laps, {} passes, {} of {RACE_CARS} finished",
                r.contacts, r.passes, r.finished
            ));
        }
        println!(
            "| {level} | {} | {} / {RACE_LAPS}, {}, {}/{RACE_CARS}, {:.1} s |",
            cells.join(" | "),
            r.contacts,
            r.passes,
            r.finished,
            r.spread_s
        );
    }
    if !failures.is_empty() {
        eprintln!("{}", failures.join("\n"));
        std::process::exit(1);
    }
}

/// Two ace laps of `level` in `car` through the release binary's `run --json`.
fn pace(bin: &PathBuf, level: &str, car: &str) -> Result<Pace, String> {
    let o = Command::new(bin)
        .args([
            "run",
            "--level",
            level,
            "--car",
            car,
            "--ai-driver",
            "--ai-difficulty",
            "ace",
        ])
        .args(["--laps", "2", "--json"])
        .env("RUST_LOG", "warn")
        .output()
        .map_err(|e| format!("{}: {e}", bin.display()))?;
    if !o.status.success() {
        return Err(String::from_utf8_lossy(&o.stderr).into_owned());
    }
    let r: serde_json::Value = serde_json::from_slice(&o.stdout).map_err(|e| e.to_string())?;
    let laps = r["lap_times_s"].as_array().ok_or("no laps timed")?;
    Ok(Pace {
        lap_s: laps.get(1).and_then(|l| l.as_f64()).ok_or("no flying lap")?,
        predicted_s: r["predicted_lap_time_s"].as_f64().ok_or("no prediction")?,
        footprint_off_m: r["max_footprint_off_track_m"].as_f64().ok_or("no footprint figure")?,
    })
}

/// What a race measured.
struct RaceFigures {
    contacts: u32,
    passes: u32,
    finished: usize,
    /// From the first car's finish to the last's, s (a car held up for laps shows here).
    spread_s: f32,
}

/// What car `k` is doing: its racecraft's stance, offset from the line, offset steered
/// for, speed, the line's speed there and its speed cap.
fn car_state(ai: &AiRace, line: &skidpad::ai::DrivingLine, k: usize, hint: Option<usize>) -> String {
    let w = &ai.race.world;
    let p = w.car_body(k).translation();
    let at = line.locate(Vec2::new(p.x, p.z), hint);
    let (stance, steered, cap) = match ai.race.opponents.state_of(k) {
        Some((craft, plan)) => (craft.stance(), plan.offset_m, plan.speed_cap_mps),
        None => (ai.player.racecraft().stance(), f32::NAN, f32::NAN),
    };
    format!(
        "{stance:?}, offset {:+.2} m, steered {steered:+.2} m, {:.1} m/s (line {:.1}, cap {cap:.1})",
        at.offset_m,
        w.car_forward_speed(k),
        line.speed_at(at.s_m)
    )
}

/// Eight sedans on `level`: a rookie on pole, seven aces behind, three laps with racecraft.
fn race(root: &ContentRoot, level: &str) -> RaceFigures {
    let mut setup = Setup::load(root, level, "sedan", PlatformProfile::load("desktop").unwrap()).unwrap();
    setup.add_opponents(root, RACE_CARS - 1, "sedan").unwrap();
    let line = level_line(root, &setup.level, &setup.car).unwrap().line;
    let chassis = setup.car.chassis[0].size_m;
    let (half_w, half_l) = (chassis.x * 0.5, chassis.z * 0.5);
    let field = [AiDifficulty::Ace];
    let mut ai = AiRace::on_at(
        Race::headless_field(&setup, &field, true),
        &line,
        &setup.car,
        AiDifficulty::Rookie,
    );
    let n = ai.race.world.cars().len();
    let (length, dt) = (line.length_m(), ai.race.world.dt_s());
    let wrap_half = |ds: f32| ds - length * (ds / length).round();
    let mut hints = vec![None; n];
    let mut last_s = vec![0.0f32; n];
    let mut progress = vec![0.0f32; n];
    let mut finish_s = vec![f32::NAN; n];
    let mut s0 = 0.0;
    for i in 0..n {
        let p = ai.race.world.car_body(i).translation();
        let at = line.locate(Vec2::new(p.x, p.z), None);
        if i == 0 {
            s0 = at.s_m;
        }
        last_s[i] = at.s_m;
        progress[i] = wrap_half(at.s_m - s0);
        hints[i] = Some(at.index);
    }
    let mut touching = vec![false; n * n];
    let mut ahead: Vec<bool> = (0..n * n).map(|k| progress[k / n] > progress[k % n]).collect();
    let (mut contacts, mut passes) = (0, 0);
    let where_ = std::env::var_os("MATRIX_WHERE").is_some();
    // A lap at 10 m/s, the slowest a sedan laps in a race, bounds the race's ticks.
    let max_ticks = (RACE_LAPS * length / 10.0 / dt) as u64;
    // With MATRIX_WHERE: each car's state every 0.25 s over the last 2 s.
    let mut history: Vec<std::collections::VecDeque<String>> = vec![Default::default(); n];
    let sample_every = (0.25 / dt).round() as u64;
    // With MATRIX_TRACE=K: car K's state and the pole car's every second.
    let trace = std::env::var("MATRIX_TRACE")
        .ok()
        .and_then(|v| v.parse::<usize>().ok())
        .filter(|k| *k < n);
    let every_s = (1.0 / dt).round() as u64;
    for tick in 1..=max_ticks {
        ai.tick();
        if where_ && tick % sample_every == 0 {
            for (k, h) in history.iter_mut().enumerate() {
                h.push_back(format!(
                    "{:.2} s: {}",
                    tick as f32 * dt,
                    car_state(&ai, &line, k, hints[k])
                ));
                if h.len() > 8 {
                    h.pop_front();
                }
            }
        }
        if let Some(k) = trace.filter(|_| tick % every_s == 0) {
            eprintln!(
                "{:.0} s car {k}: {} | car 0: {}",
                tick as f32 * dt,
                car_state(&ai, &line, k, hints[k]),
                car_state(&ai, &line, 0, hints[0])
            );
        }
        let w = &ai.race.world;
        let prints: Vec<Footprint> = (0..n)
            .map(|i| Footprint::of(w.car_body(i).translation(), *w.car_body(i).rotation(), half_w, half_l))
            .collect();
        for i in 0..n {
            let p = w.car_body(i).translation();
            let at = line.locate(Vec2::new(p.x, p.z), hints[i]);
            hints[i] = Some(at.index);
            progress[i] += wrap_half(at.s_m - last_s[i]);
            last_s[i] = at.s_m;
            if finish_s[i].is_nan() && progress[i] >= RACE_LAPS * length {
                finish_s[i] = tick as f32 * dt;
            }
        }
        for i in 0..n {
            for j in (i + 1)..n {
                let now = prints[i].overlaps(&prints[j]);
                if now && !touching[i * n + j] && where_ {
                    eprintln!(
                        "{level}: contact at {:.0} m of the line, {:.1} s in, cars {i} and {j}, {i} ahead by {:.1} m",
                        last_s[i],
                        tick as f32 * dt,
                        progress[i] - progress[j]
                    );
                    for k in [i, j] {
                        eprintln!("  car {k} now: {}", car_state(&ai, &line, k, hints[k]));
                        for h in &history[k] {
                            eprintln!("    {h}");
                        }
                    }
                }
                contacts += u32::from(now && !touching[i * n + j]);
                touching[i * n + j] = now;
                let gap = progress[i] - progress[j];
                if gap.abs() > PASS_CLEAR_M && gap.abs() < 50.0 {
                    if where_ && (gap > 0.0) != ahead[i * n + j] {
                        eprintln!(
                            "{level}: pass at {:.0} m of the line, {:.1} s in, car {} now ahead of car {}",
                            last_s[i],
                            tick as f32 * dt,
                            if gap > 0.0 { i } else { j },
                            if gap > 0.0 { j } else { i }
                        );
                    }
                    passes += u32::from((gap > 0.0) != ahead[i * n + j]);
                    ahead[i * n + j] = gap > 0.0;
                }
            }
        }
        if finish_s.iter().all(|t| !t.is_nan()) {
            break;
        }
    }
    if where_ {
        eprintln!("{level}: each car's finish, s: {finish_s:?}");
    }
    let finished: Vec<f32> = finish_s.into_iter().filter(|t| !t.is_nan()).collect();
    let first = finished.iter().copied().fold(f32::INFINITY, f32::min);
    let last = finished.iter().copied().fold(f32::NEG_INFINITY, f32::max);
    RaceFigures {
        contacts,
        passes,
        finished: finished.len(),
        spread_s: if finished.is_empty() { f32::NAN } else { last - first },
    }
}
