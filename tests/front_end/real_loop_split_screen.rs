//! Split screen through the real `play` loop, by pads alone (issue 45): guests join on the
//! car select with their own pads, race with the first player and the AI, pause from their
//! own pad (which then drives the pause menu, nobody else's), are waited for when their pad
//! is unplugged, and every player's inputs are recorded in a replay that reproduces the
//! race's state hash. Unattended (nothing drawn, a frame of play a tick) with the AI at
//! every player's wheel, so laps take seconds.

use super::*;

/// Press and release `button` on pad `pad` at poll `at`.
fn tap_on(pad: u32, at: u32, button: &str) -> String {
    format!("{at} {pad} press {button}\n{} {pad} release {button}\n", at + 1)
}

/// Appends `presses` (polls waited, pad, button) to the script `s`, each three polls after
/// the last plus its wait, from `at`. Returns the last one's poll.
fn taps_on(s: &mut String, mut at: u32, presses: &[(u32, u32, &str)]) -> u32 {
    for &(wait, pad, button) in presses {
        at += 3 + wait;
        *s += &tap_on(pad, at, button);
    }
    at
}

/// The game played by `script` (pad script text) from the title, unattended, with the AI
/// at every player's wheel, for `frames` frames, recording to `dir/<name>.replay`: its
/// log (after checking it exited cleanly) and the replay's path.
fn play_split(dir: &std::path::Path, name: &str, script: &str, frames: u32) -> (String, std::path::PathBuf) {
    let script_path = dir.join(format!("{name}.txt"));
    let settings = dir.join("settings.toml");
    let replay = dir.join(format!("{name}.replay"));
    std::fs::write(&script_path, script).unwrap();
    let o = skidpad(
        &[
            "--settings",
            settings.to_str().unwrap(),
            "--platform",
            "xbox",
            "play",
            "--front-end",
            "--unattended",
            "--ai-driver",
            "--max-frames",
            &frames.to_string(),
            "--record",
            replay.to_str().unwrap(),
        ],
        &[
            ("SKIDPAD_PAD_SCRIPT", script_path.to_str().unwrap()),
            ("RUST_LOG", "info,skidpad::screens=debug"),
        ],
    );
    let log = String::from_utf8_lossy(&o.stderr).into_owned();
    assert_eq!(o.status.code(), Some(0), "{log}");
    assert!(!log.contains("panicked"), "{log}");
    (log, replay)
}

/// `skidpad run --replay` of `replay` with `more` arguments, as JSON.
fn replayed(replay: &std::path::Path, more: &[&str]) -> serde_json::Value {
    let o = Command::new(env!("CARGO_BIN_EXE_skidpad"))
        .args(["run", "--replay", replay.to_str().unwrap(), "--json"])
        .args(more)
        .env("RUST_LOG", "warn")
        .output()
        .expect("the skidpad binary runs");
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    serde_json::from_slice(&o.stdout).expect("one JSON report")
}

#[test]
fn four_pads_join_drive_pause_from_their_own_pad_and_wait_for_an_unplugged_one() {
    let dir = tempfile::tempdir().unwrap();
    let mut s: String = (0..4).map(|p| format!("0 {p} connected\n")).collect();
    let at = taps_on(
        &mut s,
        2,
        &[
            (0, 0, "South"),     // title → main menu, on Free drive
            (0, 0, "South"),     // → level select, on the first circuit
            (0, 0, "South"),     // → car select
            (0, 1, "South"),     // pad 1 joins: player 2
            (0, 2, "South"),     // pad 2: player 3
            (0, 3, "South"),     // pad 3: player 4
            (0, 2, "DPadRight"), // player 3 takes the next car
            (0, 3, "West"),      // player 4 drives with ABS and traction control only
            (0, 0, "South"),     // player 1 starts, in the first car
            (200, 2, "Start"),   // player 3 pauses
            (0, 0, "DPadDown"),  // player 1's pad does not drive player 3's menu...
            (0, 2, "South"),     // ...so this is Resume, not Restart
        ],
    );
    let unplug = at + 100;
    s += &format!("{unplug} 3 disconnected\n{} 3 connected\n", unplug + 40);
    taps_on(&mut s, unplug + 50, &[(0, 3, "South")]); // player 4 comes back
    let (log, replay) = play_split(dir.path(), "four", &s, 900);
    assert!(log.contains("4 players seated"), "{log}");
    // Player 3 paused and resumed from their own pad: the level was never loaded again (a
    // Restart would have), and play went on.
    assert!(log.contains("screen pause at frame"), "{log}");
    assert_eq!(log.matches("screen loading at frame").count(), 1, "{log}");
    // Player 4's pad unplugged: everyone waits, the message names them; their press on the
    // pad plugged back in goes on.
    assert!(log.contains("screen pad-lost at frame"), "{log}");
    assert!(log.contains("player 4's controller ? unplugged"), "{log}");
    assert!(log.contains("player 4's controller 3 in use: resumed"), "{log}");
    // Every player is in the replay, and it ends on the race's own state hash.
    let report = replayed(&replay, &[]);
    assert_eq!(report["replay_matches"], true, "{report}");
    let guests = report["guests"].as_array().expect("the guests");
    assert_eq!(guests.len(), 3, "{report}");
    assert_ne!(
        guests[1]["car"], guests[0]["car"],
        "player 3 chose another car: {report}"
    );
    // Watched in the game, the replay drives every player as recorded: recorded again, it
    // ends on the same hash.
    let again = dir.path().join("again.replay");
    let settings = dir.path().join("settings.toml");
    let o = Command::new(env!("CARGO_BIN_EXE_skidpad"))
        .args([
            "--settings",
            settings.to_str().unwrap(),
            "play",
            "--replay",
            replay.to_str().unwrap(),
        ])
        .args(["--unattended", "--max-frames", "2000"])
        .args(["--record", again.to_str().unwrap()])
        .env_remove("DISPLAY")
        .env("RUST_LOG", "warn")
        .output()
        .expect("the skidpad binary runs");
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let watched = replayed(&again, &[]);
    assert_eq!(watched["state_hash"], report["state_hash"], "{watched}");
    assert_eq!(watched["guests"].as_array().map(Vec::len), Some(3), "{watched}");
}

#[test]
fn a_guest_tunes_their_pad_from_their_own_pause_menu_and_their_seat_keeps_it() {
    let dir = tempfile::tempdir().unwrap();
    let mut s = String::from("0 0 connected\n0 1 connected\n");
    let mut presses = vec![
        (0, 0, "South"),   // title → main menu, on Free drive
        (0, 0, "South"),   // → level select
        (0, 0, "South"),   // → car select
        (0, 1, "South"),   // pad 1 joins: player 2
        (0, 0, "South"),   // player 1 starts
        (200, 1, "Start"), // player 2 pauses: their pad drives the menu
    ];
    presses.extend([(0, 1, "DPadDown"); 4]); // Resume, Restart, Reset car, Camera → Options
    presses.push((0, 1, "South"));
    presses.extend([(0, 1, "DPadDown"); 3]); // past the volumes → Stick deadzone
    presses.push((0, 1, "DPadRight")); // 0.15 → 0.2: player 2's pad is worn
    presses.extend([(0, 1, "DPadDown"); 3]); // Trigger deadzone, Steering curve → Rumble
    presses.push((0, 1, "South")); // off, for player 2 alone
    presses.extend([(0, 1, "DPadDown"); 7]); // Rumble strength, the assists → Handbrake
    presses.extend([
        (0, 1, "South"), // rebind it...
        (0, 1, "North"), // ...to North (their Reset's: now unbound)
        (0, 1, "East"),  // back to the pause menu
        (0, 1, "East"),  // back to the race
    ]);
    taps_on(&mut s, 2, &presses);
    let (log, _) = play_split(dir.path(), "rebind", &s, 700);
    assert!(log.contains("2 players seated"), "{log}");
    assert!(log.contains("screen options at frame"), "{log}");
    let settings = std::fs::read_to_string(dir.path().join("settings.toml")).unwrap();
    let (first, guests) = settings
        .split_once("[[guests]]")
        .unwrap_or_else(|| panic!("no guest seat kept: {settings}"));
    // Player 2's seat keeps what they changed, and only that: their deadzone, rumble and
    // the button they moved.
    assert!(guests.contains("stick_deadzone = 0.2\nrumble = false\n"), "{settings}");
    assert!(!guests.contains("steer_exponent"), "{settings}");
    assert!(
        guests.contains("[guests.pad]\nhand_brake = [\"North\"]\nreset = []"),
        "{settings}"
    );
    // Player 1's controls are their own still: South the handbrake, North the reset, the
    // default deadzone and rumble on.
    assert!(
        first.contains("hand_brake = [\"South\"]") && first.contains("reset = [\"North\"]"),
        "{settings}"
    );
    assert!(
        first.contains("stick_deadzone = 0.15") && first.contains("rumble = true"),
        "{settings}"
    );
}

#[test]
fn two_pads_race_to_the_flag_and_both_rows_are_in_the_results() {
    let dir = tempfile::tempdir().unwrap();
    let mut s = String::from("0 0 connected\n0 1 connected\n");
    let mut presses = vec![
        (0, 0, "South"),    // title → main menu
        (0, 0, "DPadDown"), // Time trial
        (0, 0, "DPadDown"), // Race
        (0, 0, "South"),    // → level select, on the first circuit
    ];
    // Up from the first circuit: the last level, the challenges, then the circuits from
    // the last: the tenth press is Skidpad Hills (the shortest lap), as in the one-player
    // race test.
    presses.extend([(0, 0, "DPadUp"); 10]);
    presses.extend([
        (0, 0, "South"),    // → car select
        (0, 1, "South"),    // pad 1 joins
        (0, 1, "DPadLeft"), // player 2: from the first car to the last, the sedan
        (0, 0, "DPadDown"), // player 1: coupe
        (0, 0, "DPadDown"), // electric
        (0, 0, "DPadDown"), // sedan
        (0, 0, "DPadDown"), // Laps, 3
        (0, 0, "DPadLeft"), // 2
        (0, 0, "DPadLeft"), // 1
        (0, 0, "DPadUp"),   // the sedan
        (0, 0, "South"),    // → the race: two players, three opponents
    ]);
    taps_on(&mut s, 2, &presses);
    let (log, replay) = play_split(dir.path(), "two", &s, 12000);
    assert!(log.contains("2 players seated"), "{log}");
    // Player 2's choice is kept for the next time a pad takes their seat.
    let settings = std::fs::read_to_string(dir.path().join("settings.toml")).unwrap();
    let guests = settings
        .split("[[guests]]")
        .nth(1)
        .unwrap_or_else(|| panic!("{settings}"));
    assert!(
        guests.contains("car = \"sedan\"") && guests.contains("assists = \"all\""),
        "{settings}"
    );
    assert!(
        log.contains("playing circuit in the sedan with 3 opponents (Race)"),
        "{log}"
    );
    // The race ends when both players are home: both have a time, nobody is classified on
    // laps done.
    let results = log
        .lines()
        .find(|l| l.contains("results: Skidpad Hills, 1 lap"))
        .unwrap_or_else(|| panic!("the race's results: {log}"));
    for who in ["  You  ", "  Player 2  "] {
        let row = results
            .split("; ")
            .find(|r| r.contains(who))
            .unwrap_or_else(|| panic!("{who} in {results}"));
        assert!(!row.contains("laps"), "{who} finished: {row}");
    }
    // The replay, raced again headless by the same rules, ends on the race's hash with
    // player 2 (world car 1: the circuit parks no cars) timed home.
    let report = replayed(&replay, &["--mode", "race", "--laps", "1"]);
    assert_eq!(report["replay_matches"], true, "{report}");
    let rows = report["mode"]["results"].as_array().expect("the race's results");
    let player_2 = rows.iter().find(|r| r["car_index"] == 1).expect("player 2's row");
    let lap = player_2["total_time_s"].as_f64().expect("player 2 finished");
    // The sedan's lap of Skidpad Hills with the AI alone is about 120 s; two players and
    // three opponents on the road cost some, not a lap.
    assert!((100.0..180.0).contains(&lap), "player 2's lap {lap} s");
}
