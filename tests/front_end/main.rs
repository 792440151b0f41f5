//! The front end through the real `play` loop and renderer, offscreen: a scripted pad
//! (`SKIDPAD_PAD_SCRIPT`, the queue gilrs' events take) goes from the title through level
//! and car select into a level, pauses, quits to the main menu and quits the game with
//! the confirmation; and a menu frame rendered offscreen has text in its title area.
//! `real_loop_season.rs`: a championship season played, retired, continued and finished
//! by pad through the same loop. `real_loop_show.rs`: issue 18's Show through the same loop (the pad-only title, a time
//! trial and a race with the AI at the player's wheel).

use std::io::BufRead;
use std::process::{Command, Output, Stdio};

pub(crate) fn skidpad(args: &[&str], env: &[(&str, &str)]) -> Output {
    // Records a time trial keeps go to a directory of the test's, never the user's.
    let data = tempfile::tempdir().unwrap();
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_skidpad"));
    cmd.args(args)
        .env_remove("DISPLAY")
        .env_remove("WAYLAND_DISPLAY")
        .env("XDG_DATA_HOME", data.path())
        .env("RUST_LOG", "info");
    for (k, v) in env {
        cmd.env(k, v);
    }
    cmd.output().expect("the skidpad binary runs")
}

/// Appends `presses` to the pad script `s`: each (polls waited, button) tapped three polls
/// after the last plus its wait, the first at poll 5. Returns the last one's poll.
pub(crate) fn taps(s: &mut String, presses: &[(u32, &str)]) -> u32 {
    let mut at = 2;
    for &(wait, button) in presses {
        at += 3 + wait;
        *s += &tap(at, button);
    }
    at
}

/// Press and release `button` on pad 0 at poll `at`.
pub(crate) fn tap(at: u32, button: &str) -> String {
    format!("{at} 0 press {button}\n{} 0 release {button}\n", at + 1)
}

#[test]
fn a_pad_alone_goes_from_the_title_into_a_level_and_back_to_the_menu() {
    let dir = tempfile::tempdir().unwrap();
    let settings = dir.path().join("settings.toml");
    let script = dir.path().join("menus.txt");
    // Polls are frames that read the pads: every menu and race frame, not loading ones.
    // Presses come a few frames apart so no hold lasts long enough to repeat.
    let mut s = String::from("0 0 connected\n");
    // (frames waited before, button): each press 3 polls after the last, plus the wait.
    let presses = [
        (0, "South"),    // title → main menu
        (0, "DPadDown"), // Time trial
        (0, "DPadDown"), // Race
        (0, "DPadDown"), // Championship
        (0, "DPadDown"), // Challenges
        (0, "DPadDown"), // Options
        (0, "South"),
        (0, "DPadLeft"), // master volume 0.8 → 0.75, saved at once
        (0, "East"),     // back to the main menu
        (0, "DPadUp"),   // Challenges
        (0, "DPadUp"),   // Championship
        (0, "DPadUp"),   // Race
        (0, "DPadUp"),   // Time trial
        (0, "DPadUp"),   // Free drive
        (0, "South"),    // → level select, on the first circuit (Albert Park)
        (0, "DPadUp"),   // wraps to the last level: Proving Ground (the test grounds)
        (0, "DPadUp"),   // the challenges, over their heading: Washboard
        (0, "DPadUp"),   // Skid Pan (slip)
        (0, "South"),    // → car select
        (0, "South"),    // the first car → loading → the race
        (20, "Start"),   // some frames of driving, then the pause menu
        (0, "DPadDown"), // down to "Quit to menu"
        (0, "DPadDown"),
        (0, "DPadDown"),
        (0, "DPadDown"),
        (0, "DPadDown"),
        (0, "South"),    // → main menu
        (0, "DPadUp"),   // wraps to Quit
        (0, "South"),    // "Quit the game?"
        (0, "DPadDown"), // Yes
        (0, "South"),
    ];
    taps(&mut s, &presses);
    std::fs::write(&script, s).unwrap();
    let replay = dir.path().join("menus.rpl");
    let o = skidpad(
        &[
            "--settings",
            settings.to_str().unwrap(),
            "--platform",
            "xbox",
            "play",
            "--front-end",
            "--max-frames",
            "400",
            "--record",
            replay.to_str().unwrap(),
        ],
        &[("SKIDPAD_PAD_SCRIPT", script.to_str().unwrap())],
    );
    let log = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(0), "{log}");
    assert!(!log.contains("panicked"), "{log}");
    // The level and car chosen on the pad are the ones played.
    assert!(
        log.contains("playing slip in the big_wheeler with 0 opponents (Free drive)"),
        "{log}"
    );
    assert!(
        log.contains("loaded ") || log.contains("chunks load on the game thread"),
        "{log}"
    );
    assert!(log.contains("back to the main menu from the race"), "{log}");
    // It ended by the menus' Quit, long before --max-frames.
    assert!(log.contains("quit from the menus"), "{log}");
    assert!(!log.contains("played 400 frames"), "{log}");
    // The option changed on the pad was saved, as a person would write it.
    let saved = std::fs::read_to_string(&settings).unwrap();
    assert!(saved.contains("master = 0.75"), "{saved}");
    // `--record` wrote the race left for the menus, named as chosen on the pad (not the
    // default level the command line implied), and it replays to its recorded end.
    let r = skidpad::replay::Replay::load(&replay).unwrap();
    assert_eq!(
        (r.header.level.as_str(), r.header.car.as_str()),
        ("slip", "big_wheeler"),
        "{log}"
    );
    assert!(r.inputs.len() > 10, "{} ticks recorded", r.inputs.len());
    let check = skidpad(&["run", "--replay", replay.to_str().unwrap(), "--json"], &[]);
    assert!(check.status.success(), "{}", String::from_utf8_lossy(&check.stderr));
    let out: serde_json::Value = serde_json::from_slice(&check.stdout).unwrap();
    assert_eq!(out["replay_matches"], true, "{out}");
    assert_eq!(out["level"], "slip", "{out}");
}

#[test]
fn a_pad_starts_a_time_trial_finishes_it_retries_and_leaves_for_the_menu() {
    // Title → Time trial → proving_ground (its AI loop is the course) → the first car →
    // some frames of the out-lap → pause → Finish → results → Retry → pause → Finish →
    // results → Main menu → Quit. Laps take 40 s of real
    // time, so the laps themselves are tested headless (tests/sim/play_time_trial.rs).
    let dir = tempfile::tempdir().unwrap();
    let script = dir.path().join("trial.txt");
    let settings = dir.path().join("settings.toml");
    let mut s = String::from("0 0 connected\n");
    let presses = [
        (0, "South"),    // title → main menu
        (0, "DPadDown"), // Time trial
        (0, "South"),    // → level select, on the first circuit: circuits, challenges, test grounds
        (0, "DPadUp"),   // wraps to the last level: Proving Ground
        (0, "South"),    // → car select (no opponents row: a trial is driven alone)
        (0, "South"),    // the first car → loading → the trial
        (30, "Start"),   // some frames of the out-lap, then the pause menu
        (0, "DPadDown"), // Restart
        (0, "DPadDown"), // Finish (a time trial's row)
        (0, "South"),    // → results
        (0, "South"),    // Retry: the same trial again, in one press
        (30, "Start"),   // some frames, then the pause menu
        (0, "DPadDown"),
        (0, "DPadDown"),
        (0, "South"),    // Finish → results
        (0, "DPadDown"), // Main menu
        (0, "South"),    // → main menu
        (0, "DPadUp"),   // wraps to Quit
        (0, "South"),    // "Quit the game?"
        (0, "DPadDown"), // Yes
        (0, "South"),
    ];
    taps(&mut s, &presses);
    std::fs::write(&script, s).unwrap();
    let data = dir.path().join("data");
    let o = skidpad(
        &[
            "--settings",
            settings.to_str().unwrap(),
            "--platform",
            "xbox",
            "play",
            "--front-end",
            "--max-frames",
            "400",
        ],
        &[
            ("SKIDPAD_PAD_SCRIPT", script.to_str().unwrap()),
            ("XDG_DATA_HOME", data.to_str().unwrap()),
        ],
    );
    let log = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(0), "{log}");
    assert!(!log.contains("panicked"), "{log}");
    assert!(log.contains("with 0 opponents (Time trial)"), "{log}");
    assert!(
        log.contains("time trial on proving_ground in the ") && log.contains("best lap on record none"),
        "the trial's rules ran, on an empty record store: {log}"
    );
    assert!(!log.contains("free drive instead"), "{log}");
    // Finish shows the results (no lap driven: none to report), twice: Retry started the
    // trial again between them.
    assert_eq!(log.matches("results: Proving Ground in the ").count(), 2, "{log}");
    assert!(log.contains("Laps: 0"), "{log}");
    assert!(log.contains("retry from the results"), "{log}");
    assert_eq!(log.matches("time trial on proving_ground").count(), 2, "{log}");
    assert!(log.contains("back to the main menu from the results"), "{log}");
    assert!(log.contains("quit from the menus"), "{log}");
}

#[test]
fn a_menu_frame_has_text_in_its_title_area() {
    let dir = tempfile::tempdir().unwrap();
    for (platform, w, h) in [("xbox", 640usize, 480usize), ("desktop", 1280, 720)] {
        let out = dir.path().join(format!("title_{platform}.png"));
        let o = skidpad(
            &[
                "--platform",
                platform,
                "screenshot",
                "--screen",
                "menu",
                "--out",
                out.to_str().unwrap(),
            ],
            &[],
        );
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        let decoder = png::Decoder::new(std::io::BufReader::new(std::fs::File::open(&out).unwrap()));
        let mut reader = decoder.read_info().unwrap();
        let mut buf = vec![0; reader.output_buffer_size()];
        let info = reader.next_frame(&mut buf).unwrap();
        assert_eq!((info.width as usize, info.height as usize), (w, h));
        let channels = info.line_size / w;
        let px = |x: usize, y: usize| &buf[y * info.line_size + x * channels..][..3];
        // The background is (0.06, 0.07, 0.09) ≈ (15, 18, 23); the title "Skidpad" is
        // drawn near-white in the top 15 % of the frame, centred: its area must hold
        // bright pixels, and the strip under the prompts none.
        let bright = |x0: usize, x1: usize, y0: usize, y1: usize| {
            (y0..y1)
                .flat_map(|y| (x0..x1).map(move |x| (x, y)))
                .filter(|&(x, y)| px(x, y).iter().all(|&c| c > 180))
                .count()
        };
        let title = bright(w / 4, 3 * w / 4, 0, h * 15 / 100);
        assert!(
            title > w * h / 2000,
            "{platform}: {title} bright pixels in the title area"
        );
        let corner = bright(0, w / 10, h * 15 / 100, h * 80 / 100);
        assert_eq!(corner, 0, "{platform}: nothing is drawn in the left margin");
        // The focused row is the accent orange.
        let orange = (0..h / 2)
            .flat_map(|y| (0..w).map(move |x| (x, y)))
            .filter(|&(x, y)| {
                let p = px(x, y);
                p[0] > 200 && (100..180).contains(&p[1]) && p[2] < 80
            })
            .count();
        assert!(
            orange > w * h / 200,
            "{platform}: {orange} orange pixels (the focused row)"
        );
    }
}

#[test]
fn a_monkey_on_the_pad_through_the_real_loop_breaks_nothing() {
    // 600 frames of random presses (seeded: the same script every run) through the real
    // menus, race and pause menu: no panic, a clean exit, a settings file that still reads.
    let dir = tempfile::tempdir().unwrap();
    let settings = dir.path().join("settings.toml");
    let script = dir.path().join("monkey.txt");
    let buttons = [
        "South",
        "South",
        "East",
        "DPadUp",
        "DPadDown",
        "DPadDown",
        "DPadLeft",
        "DPadRight",
        "Start",
        "North",
    ];
    let mut state: u64 = 0x5EED_0018;
    let mut s = String::from("0 0 connected\n");
    for poll in (3..600u32).step_by(2) {
        // xorshift64: a fixed sequence.
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        let b = buttons[(state % buttons.len() as u64) as usize];
        s += &tap(poll, b);
    }
    std::fs::write(&script, s).unwrap();
    let o = skidpad(
        &[
            "--settings",
            settings.to_str().unwrap(),
            "--platform",
            "xbox",
            "play",
            "--front-end",
            "--max-frames",
            "700",
        ],
        &[("SKIDPAD_PAD_SCRIPT", script.to_str().unwrap())],
    );
    let log = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(0), "{log}");
    assert!(!log.contains("panicked"), "{log}");
    if settings.exists() {
        let text = std::fs::read_to_string(&settings).unwrap();
        let (_, warnings) = skidpad::settings::Settings::parse("settings.toml", &text);
        assert!(warnings.is_empty(), "{warnings:?}\n{text}");
    }
}

#[test]
fn a_pad_starts_a_race_with_its_default_field_and_leaves_it_for_the_menu() {
    // Title → Race → circuit → the first car (laps, opponents and difficulty left at 3, 3
    // and pro) → the countdown and some frames → pause → Finish → the results table → Main
    // menu → Quit. The race's rules are tested headless (tests/sim/play_race.rs).
    let dir = tempfile::tempdir().unwrap();
    let script = dir.path().join("race.txt");
    let settings = dir.path().join("settings.toml");
    let mut s = String::from("0 0 connected\n");
    let presses = [
        (0, "South"),    // title → main menu
        (0, "DPadDown"), // Time trial
        (0, "DPadDown"), // Race
        (0, "South"),    // → level select, on the first circuit (Albert Park)
        (0, "DPadUp"),   // wraps to the last level: Proving Ground
        (0, "DPadUp"),   // the challenges (no course: not chosen), from Washboard
        (0, "DPadUp"),
        (0, "DPadUp"),
        (0, "DPadUp"),   // to Crash Test
        (0, "DPadUp"),   // the circuits from the last, over their heading: Yas Marina
        (0, "DPadUp"),   // Suzuka
        (0, "DPadUp"),   // Spa
        (0, "DPadUp"),   // Sochi
        (0, "DPadUp"),   // Skidpad Hills (circuit)
        (0, "South"),    // → car select
        (0, "South"),    // the first car → loading → the race
        (30, "Start"),   // some frames of the countdown, then the pause menu
        (0, "DPadDown"), // Restart
        (0, "DPadDown"), // Finish (a race's row too)
        (0, "South"),    // → the results table as the field stands
        (0, "DPadDown"), // Main menu
        (0, "South"),    // → main menu
        (0, "DPadUp"),   // wraps to Quit
        (0, "South"),    // "Quit the game?"
        (0, "DPadDown"), // Yes
        (0, "South"),
    ];
    taps(&mut s, &presses);
    std::fs::write(&script, s).unwrap();
    let o = skidpad(
        &[
            "--settings",
            settings.to_str().unwrap(),
            "--platform",
            "xbox",
            "play",
            "--front-end",
            "--max-frames",
            "400",
        ],
        &[("SKIDPAD_PAD_SCRIPT", script.to_str().unwrap())],
    );
    let log = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(0), "{log}");
    assert!(!log.contains("panicked"), "{log}");
    assert!(log.contains("playing circuit in the "), "{log}");
    assert!(log.contains("with 3 opponents (Race)"), "{log}");
    assert!(!log.contains("no race rules here"), "{log}");
    // The table: a heading and the four cars, the player among them, nobody finished.
    let results = log
        .lines()
        .find(|l| l.contains("results: Skidpad Hills, 3 laps"))
        .unwrap_or_else(|| panic!("a race's results table: {log}"));
    for p in ["; 1  ", "; 2  ", "; 3  ", "; 4  "] {
        assert!(results.contains(p), "{p} in {results}");
    }
    assert_eq!(results.matches("  You  ").count(), 1, "{results}");
    // The opponents have names (a first name and a surname), never "AI 3".
    assert!(!results.contains("AI "), "{results}");
    for row in results.split("; ").skip(1).filter(|r| !r.contains("You")) {
        let name = row.split("  ").nth(1).unwrap_or_default();
        assert_eq!(name.split(' ').count(), 2, "a first name and a surname: {row}");
    }
    assert_eq!(results.matches("0/3 laps").count(), 4, "{results}");
    assert!(log.contains("back to the main menu from the results"), "{log}");
    assert!(log.contains("quit from the menus"), "{log}");
}

#[test]
fn a_pad_plays_the_slip_challenge_to_a_medal_and_its_record_is_kept() {
    // Title → Challenges → slip → the coupe → five stop runs, the left trigger (brake) held
    // from before the first launch to the end, as the level's script brakes → results with
    // the medal. The runs last as long as the stops (about 25 s of play in all), a number
    // of frames that depends on the machine: the log is read as the game runs, and the game
    // is ended once the results page is up. That the figures are the headless runner's is
    // tests/alloc/play_challenge.rs.
    let dir = tempfile::tempdir().unwrap();
    let script = dir.path().join("challenge.txt");
    let settings = dir.path().join("settings.toml");
    let data = dir.path().join("data");
    let mut s = String::from("0 0 connected\n");
    let presses = [
        (0, "South"),    // title → main menu
        (0, "DPadDown"), // Time trial
        (0, "DPadDown"), // Race
        (0, "DPadDown"), // Championship
        (0, "DPadDown"), // Challenges
        (0, "South"),    // → level select, on the first challenge: Crash Test
        (0, "DPadDown"), // Ramp Jump
        (0, "DPadDown"), // Skid Pan (slip)
        (0, "South"),    // → car select: big_wheeler, coupe, ...
        (0, "DPadDown"), // coupe
        (0, "South"),    // → loading → the first run
    ];
    let at = taps(&mut s, &presses);
    // The brake, held from the first driving frames on (settling ignores it).
    s += &format!("{} 0 axis LeftTrigger 1.0\n", at + 3);
    std::fs::write(&script, s).unwrap();
    let mut child = Command::new(env!("CARGO_BIN_EXE_skidpad"))
        .args([
            "--settings",
            settings.to_str().unwrap(),
            "--platform",
            "xbox",
            "play",
            "--front-end",
            "--max-frames",
            "20000",
        ])
        .env_remove("DISPLAY")
        .env_remove("WAYLAND_DISPLAY")
        .env("XDG_DATA_HOME", &data)
        .env("RUST_LOG", "info")
        .env("SKIDPAD_PAD_SCRIPT", &script)
        .stderr(Stdio::piped())
        .stdout(Stdio::null())
        .spawn()
        .expect("the skidpad binary runs");
    let mut log = String::new();
    let stderr = child.stderr.take().unwrap();
    for line in std::io::BufReader::new(stderr).lines() {
        let line = line.unwrap();
        log += &line;
        log.push('\n');
        if line.contains("results: Skid Pan in the coupe") {
            break;
        }
    }
    // The results page is built; the game would wait on it for the player. Ended here by
    // its own process handle.
    let _ = child.kill();
    let _ = child.wait();
    assert!(!log.contains("panicked"), "{log}");
    assert!(
        log.contains("playing slip in the coupe with 0 opponents (Challenges)"),
        "{log}"
    );
    assert!(!log.contains("free drive instead"), "{log}");
    assert_eq!(
        log.matches("] challenge run ").count(),
        10,
        "five runs, each started and measured: {log}"
    );
    let results = log
        .lines()
        .find(|l| l.contains("results: Skid Pan in the coupe"))
        .unwrap_or_else(|| panic!("the challenge's results page: {log}"));
    assert!(
        ["Medal: gold", "Medal: silver", "Medal: bronze"]
            .iter()
            .any(|m| results.contains(m)),
        "a medal on the results page: {results}"
    );
    assert!(results.contains("NEW RECORD"), "a first medal is a record: {results}");
    assert!(results.contains("Best before: no medal"), "{results}");
    // The record, in the per-user data directory, holds the medal shown.
    let files: Vec<_> = walk(&data)
        .into_iter()
        .filter(|p| p.to_string_lossy().contains("slip"))
        .collect();
    let records: Vec<_> = files
        .iter()
        .filter(|p| p.extension().is_some_and(|e| e == "rec"))
        .collect();
    assert_eq!(records.len(), 1, "one record for slip: {files:?}\n{log}");
    let record = skidpad::modes::decode_record(&std::fs::read(records[0]).unwrap()).unwrap();
    // Beside it, the attempt that won the medal: one replay per run, each named by the
    // record, and nothing else.
    assert_eq!(record.challenge_runs.len(), 5, "{record:?}");
    assert_eq!(files.len(), 1 + record.challenge_runs.len(), "{files:?}");
    for run in &record.challenge_runs {
        assert!(
            files
                .iter()
                .any(|f| f.file_name().is_some_and(|n| n == run.file.as_str())),
            "{} not beside the record: {files:?}",
            run.file
        );
    }
    let medal = record.medal.expect("the record keeps the medal").name();
    assert!(
        results.contains(&format!("Medal: {medal}")),
        "{results} vs the record's {medal}"
    );
    assert_eq!((record.level.as_str(), record.car.as_str()), ("slip", "coupe"));
    assert_eq!(record.mode, skidpad::modes::Mode::Challenge);
    assert!(records[0].to_string_lossy().ends_with("+challenge.rec"), "{records:?}");
}

/// Every file under `dir`.
fn walk(dir: &std::path::Path) -> Vec<std::path::PathBuf> {
    let mut out = Vec::new();
    if let Ok(entries) = std::fs::read_dir(dir) {
        for e in entries.flatten() {
            let p = e.path();
            if p.is_dir() {
                out.extend(walk(&p));
            } else {
                out.push(p);
            }
        }
    }
    out
}

mod real_loop_season;
mod real_loop_shared_season;
mod real_loop_show;
mod real_loop_split_screen;
