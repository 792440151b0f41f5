//! Issue 18's Show through the real `play` loop: the pad-only platform's live title, a
//! two-lap time trial with the AI at the player's wheel and its ghost, and a race against
//! three AI to the results table.

use super::*;

/// A PNG's size and its RGB rows.
fn read_rgb(path: &std::path::Path) -> (usize, usize, Vec<[u8; 3]>) {
    let decoder = png::Decoder::new(std::io::BufReader::new(std::fs::File::open(path).unwrap()));
    let mut reader = decoder.read_info().unwrap();
    let mut buf = vec![0; reader.output_buffer_size()];
    let info = reader.next_frame(&mut buf).unwrap();
    let (w, h) = (info.width as usize, info.height as usize);
    let channels = info.line_size / w;
    let px = (0..h)
        .flat_map(|y| (0..w).map(move |x| (x, y)))
        .map(|(x, y)| {
            let p = &buf[y * info.line_size + x * channels..][..3];
            [p[0], p[1], p[2]]
        })
        .collect();
    (w, h, px)
}

#[test]
fn the_live_title_prompts_for_the_pad_from_the_start_on_a_pad_only_platform() {
    // The live game's first frame, before anything is pressed (no pad script: no pad
    // here), against the screenshot of the title, which draws the xbox profile's prompt
    // with the pad's glyph ("Press A") and the desktop's with the key ("Press Enter").
    let dir = tempfile::tempdir().unwrap();
    for platform in ["xbox", "desktop"] {
        let live = dir.path().join(format!("live_{platform}.png"));
        let shot = dir.path().join(format!("shot_{platform}.png"));
        let settings = dir.path().join(format!("settings_{platform}.toml"));
        let capture = format!("0:{}", live.display());
        let s = settings.to_str().unwrap();
        let o = skidpad(
            &[
                "--settings",
                s,
                "--platform",
                platform,
                "play",
                "--front-end",
                "--max-frames",
                "2",
            ]
            .into_iter()
            .chain(["--capture", capture.as_str()])
            .collect::<Vec<_>>(),
            &[],
        );
        assert_eq!(o.status.code(), Some(0), "{}", String::from_utf8_lossy(&o.stderr));
        let o = skidpad(
            &[
                "--settings",
                s,
                "--platform",
                platform,
                "screenshot",
                "--screen",
                "title",
            ]
            .into_iter()
            .chain(["--out", shot.to_str().unwrap()])
            .collect::<Vec<_>>(),
            &[],
        );
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        let (w, h, live) = read_rgb(&live);
        let (sw, sh, shot) = read_rgb(&shot);
        assert_eq!((w, h), (sw, sh), "{platform}");
        // The prompt's band (drawn at 68 % of the height): the same text, pixel for pixel.
        let band = |px: &[[u8; 3]]| px[w * (h * 62 / 100)..w * (h * 80 / 100)].to_vec();
        let lit = band(&shot).iter().filter(|p| p.iter().all(|&c| c > 150)).count();
        assert!(
            lit > 50,
            "{platform}: the screenshot's prompt band holds {lit} lit pixels"
        );
        assert!(
            band(&live) == band(&shot),
            "{platform}: the live title's prompt differs from the screenshot's"
        );
    }
}

#[test]
fn from_the_title_the_ai_drives_two_timed_laps_of_the_circuit_and_its_ghost_replays() {
    // #18's Show: title → Time trial → circuit → sedan, two laps (the car select's Laps
    // row), the AI at the player's wheel (`--ai-driver`) through the real play loop,
    // unattended (a frame of play is one tick); then the results, and the record holding
    // the best lap and a ghost that replays to the state hash it recorded.
    let dir = tempfile::tempdir().unwrap();
    let script = dir.path().join("laps.txt");
    let settings = dir.path().join("settings.toml");
    let data = dir.path().join("data");
    let mut s = String::from("0 0 connected\n");
    let presses = [
        "South",    // title → main menu
        "DPadDown", // Time trial
        "South",    // → level select, on the first circuit (Albert Park)
        // Up: wraps to Proving Ground, through the four challenges, then the circuits
        // from the last (Yas Marina, Suzuka, Spa, Sochi) to Skidpad Hills (circuit).
        "DPadUp", "DPadUp", "DPadUp", "DPadUp", "DPadUp", "DPadUp", "DPadUp", "DPadUp", "DPadUp", "DPadUp",
        "South", // → car select: big_wheeler, coupe, electric, sedan, Laps, ...
        "DPadDown", "DPadDown", "DPadDown", "DPadDown", // Laps (3 at first)
        "DPadLeft", // 2
        "DPadUp",   // sedan
        "South",    // → loading (the author lap timed) → the trial
    ];
    let mut at = 2;
    for button in presses {
        at += 3;
        s += &tap(at, button);
    }
    std::fs::write(&script, s).unwrap();
    let log = play_with_the_ai_driving_until(&script, &settings, &data, "results: Skidpad Hills in the sedan");
    assert!(!log.contains("panicked"), "{log}");
    assert!(
        log.contains("playing circuit in the sedan with 0 opponents (Time trial)"),
        "{log}"
    );
    assert!(!log.contains("the AI cannot drive here"), "{log}");
    let results = log
        .lines()
        .find(|l| l.contains("results: Skidpad Hills in the sedan"))
        .unwrap_or_else(|| panic!("no results page: {log}"));
    assert!(results.contains("Laps: 2"), "{results}");
    // The record in the per-user data directory: the best lap, and its ghost.
    let store = skidpad::modes::RecordStore::new(data.join("skidpad").join("records"));
    let (records, aside) = store.list().unwrap();
    assert!(aside.is_empty(), "{log}");
    let record = records
        .iter()
        .find(|r| (r.level.as_str(), r.car.as_str()) == ("circuit", "sedan"))
        .unwrap_or_else(|| panic!("no record kept: {log}"));
    let best = record.best_lap_s.expect("a best lap");
    // A lap of the 4.3 km circuit by the AI at its top setting: over a minute, under three.
    assert!((60.0..180.0).contains(&best), "best lap {best} s");
    let ghost = data
        .join("skidpad")
        .join("records")
        .join(record.ghost_file.as_deref().expect("a ghost"));
    let check = skidpad(&["run", "--replay", ghost.to_str().unwrap(), "--json"], &[]);
    assert!(check.status.success(), "{}", String::from_utf8_lossy(&check.stderr));
    let out: serde_json::Value = serde_json::from_slice(&check.stdout).unwrap();
    assert_eq!(
        out["replay_matches"], true,
        "the ghost replays to its recorded hash: {out}"
    );
}

/// Plays unattended from the title on `script`, the AI driving the player's car
/// (`--ai-driver`), until a log line holds `until` (then the game, waiting on its page, is
/// ended); the log so far. Records go under `data`.
fn play_with_the_ai_driving_until(
    script: &std::path::Path,
    settings: &std::path::Path,
    data: &std::path::Path,
    until: &str,
) -> String {
    let mut child = Command::new(env!("CARGO_BIN_EXE_skidpad"))
        .args(["--settings", settings.to_str().unwrap(), "--platform", "xbox", "play"])
        .args(["--front-end", "--unattended", "--ai-driver", "--max-frames", "60000"])
        .env_remove("DISPLAY")
        .env_remove("WAYLAND_DISPLAY")
        .env("XDG_DATA_HOME", data)
        .env("XDG_CACHE_HOME", data.join("cache"))
        .env("RUST_LOG", "info")
        .env("SKIDPAD_PAD_SCRIPT", script)
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
        if line.contains(until) {
            break;
        }
    }
    let _ = child.kill();
    let _ = child.wait();
    log
}

#[test]
fn from_the_title_a_race_with_three_ai_runs_to_the_finish_and_its_results_table() {
    // #18's Show: title → Race → circuit → sedan, one lap against the default field of
    // three, the AI at the player's wheel, to the chequered flag and the results table.
    let dir = tempfile::tempdir().unwrap();
    let script = dir.path().join("race.txt");
    let settings = dir.path().join("settings.toml");
    let data = dir.path().join("data");
    let mut s = String::from("0 0 connected\n");
    let presses = [
        "South",    // title → main menu
        "DPadDown", // Time trial
        "DPadDown", // Race
        "South",    // → level select, on the first circuit (Albert Park)
        // Up: wraps to Proving Ground, through the four challenges, then the circuits
        // from the last (Yas Marina, Suzuka, Spa, Sochi) to Skidpad Hills (circuit).
        "DPadUp", "DPadUp", "DPadUp", "DPadUp", "DPadUp", "DPadUp", "DPadUp", "DPadUp", "DPadUp", "DPadUp",
        "South", // → car select: big_wheeler, coupe, electric, sedan, Laps, ...
        "DPadDown", "DPadDown", "DPadDown", "DPadDown", // Laps (3 at first)
        "DPadLeft", "DPadLeft", // 1
        "DPadUp",   // sedan
        "South",    // → loading → the grid
    ];
    let mut at = 2;
    for button in presses {
        at += 3;
        s += &tap(at, button);
    }
    std::fs::write(&script, s).unwrap();
    let log = play_with_the_ai_driving_until(&script, &settings, &data, "results: ");
    assert!(!log.contains("panicked"), "{log}");
    assert!(log.contains("with 3 opponents (Race)"), "{log}");
    assert!(!log.contains("the AI cannot drive here"), "{log}");
    let results = log
        .lines()
        .find(|l| l.contains("results: "))
        .unwrap_or_else(|| panic!("no results table: {log}"));
    assert!(results.contains("results: Skidpad Hills, 1 lap;"), "{results}");
    // Four rows, P1 to P4, the player's with a finishing time (the race ends at its flag).
    for p in ["; 1  ", "; 2  ", "; 3  ", "; 4  "] {
        assert!(results.contains(p), "{p} missing: {results}");
    }
    let you = results
        .split("; ")
        .find(|r| r.contains("You"))
        .expect("the player's row");
    assert!(!you.contains("laps"), "the player finished: {you}");
}
