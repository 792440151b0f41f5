//! The monkey test of the real `play` loop (#18): random pad and keyboard input for
//! 100 000 frames through the title, menus, loading, every mode's race (a championship's
//! rounds too), the pause menu, the pad-unplugged screen, the results and a season's
//! standings, with no panic, no screen kept beyond a bound (every
//! screen can be left), and the save intact. Two friends' pads press now and then too (#45),
//! joining on the car select, so some races are split screen.
//!
//! The game runs `--unattended`: nothing is drawn and frames run on a stepped clock (a
//! frame of play is one tick), so the 100 000 frames are the real screens and simulation
//! at the machine's speed, and the run is the same on every machine (the script is seeded).
//! When the monkey quits the game (Quit → Yes is a way out like any other) the game is
//! started again on the same settings and data, and counting goes on.

use std::collections::BTreeMap;
use std::path::Path;
use std::process::Command;

use skidpad::assists::AssistSet;
use skidpad::modes::{Medal, Mode, Record, RecordKey, RecordStore};

/// Frames the monkey plays in all (the figure).
const FRAMES: u64 = 100_000;
/// The longest any screen may be kept, in frames (menu frames are 16 ms, frames of play a
/// tick). With a random press every other frame a screen that can be left is left long
/// before this: on the seeded script the longest stay is under 200 frames (a race), every
/// menu page under 100 (each stay is reported on failure). A screen with no way out holds to
/// the end of its game, thousands of frames.
const LONGEST_STAY_FRAMES: u64 = 1_000;

/// xorshift64: a fixed sequence from a seed.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    fn pick<'a>(&mut self, from: &[&'a str]) -> &'a str {
        from[(self.next() % from.len() as u64) as usize]
    }
}

/// A script of `polls` polls of random input: a pad tap, a key tap, a stick or trigger
/// moved, now and then the pad unplugged and plugged in again. Menu buttons are weighted
/// toward moving and choosing so the monkey gets into races as well as out of them.
fn monkey_script(rng: &mut Rng, polls: u64) -> String {
    const BUTTONS: &[&str] = &[
        "South",
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
        "West",
    ];
    const KEYS: &[&str] = &[
        "Up", "Down", "Down", "Left", "Right", "Enter", "Enter", "Escape", "P", "R", "C", "Space", "W", "S",
    ];
    const AXES: &[&str] = &["LeftStickX", "LeftStickY", "LeftTrigger", "RightTrigger"];
    // Two more pads, a friend's on each: now and then a press (mostly A, to join on the
    // car select; Start, to pause a split-screen race) or the pad unplugged and plugged in
    // again. Their own sequence, so pad 0's is the same as with one pad.
    const GUEST_BUTTONS: &[&str] = &[
        "South",
        "South",
        "East",
        "DPadLeft",
        "DPadRight",
        "DPadUp",
        "Start",
        "West",
    ];
    let mut friends = Rng(0xF12E_4D55 ^ polls);
    let mut s = String::from("0 0 connected\n0 1 connected\n0 2 connected\n");
    let mut friend_unplugged = [false; 2];
    let mut unplugged_until: Option<u64> = None;
    let mut poll = 3;
    while poll + 1 < polls {
        // After pad 0's lines of this poll (the script's polls never go back): the
        // friend's press a poll later, released with pad 0's next.
        let friend_roll = friends.next() % 1000;
        let pad = 1 + (friends.next() % 2) as usize;
        let friend = if friend_roll < 3 {
            friend_unplugged[pad - 1] ^= true;
            let what = if friend_unplugged[pad - 1] {
                "disconnected"
            } else {
                "connected"
            };
            format!("{} {pad} {what}\n", poll + 1)
        } else if friend_roll < 80 && !friend_unplugged[pad - 1] {
            let b = friends.pick(GUEST_BUTTONS);
            format!("{} {pad} press {b}\n{} {pad} release {b}\n", poll + 1, poll + 2)
        } else {
            String::new()
        };
        let roll = rng.next() % 100;
        match unplugged_until {
            Some(t) if poll >= t => {
                s += &format!("{poll} 0 connected\n");
                unplugged_until = None;
            }
            _ if roll < 55 && unplugged_until.is_none() => {
                let b = rng.pick(BUTTONS);
                s += &format!("{poll} 0 press {b}\n{} 0 release {b}\n", poll + 1);
            }
            _ if roll < 88 => {
                let k = rng.pick(KEYS);
                s += &format!("{poll} key press {k}\n{} key release {k}\n", poll + 1);
            }
            _ if roll < 99 && unplugged_until.is_none() => {
                let a = rng.pick(AXES);
                let v = (rng.next() % 201) as f32 / 100.0 - 1.0;
                s += &format!("{poll} 0 axis {a} {v:.2}\n");
            }
            _ if unplugged_until.is_none() => {
                s += &format!("{poll} 0 disconnected\n");
                unplugged_until = Some(poll + 20 + rng.next() % 400);
            }
            _ => {}
        }
        s += &friend;
        poll += 2;
    }
    s
}

/// One game: the screens it showed as (name, first frame), the frames it ran, its log.
struct Game {
    screens: Vec<(String, u64)>,
    frames: u64,
    log: String,
    exit: Option<i32>,
}

fn play(dir: &Path, settings: &Path, script: &str, max_frames: u64) -> Game {
    let path = dir.join("monkey.txt");
    std::fs::write(&path, script).unwrap();
    let o = Command::new(env!("CARGO_BIN_EXE_skidpad"))
        .args([
            "--settings",
            settings.to_str().unwrap(),
            "--platform",
            "xbox",
            "play",
            "--front-end",
            "--unattended",
            "--max-frames",
            &max_frames.to_string(),
        ])
        .env_remove("DISPLAY")
        .env_remove("WAYLAND_DISPLAY")
        .env("XDG_DATA_HOME", dir.join("data"))
        .env("SKIDPAD_PAD_SCRIPT", &path)
        .env("RUST_LOG", "info,skidpad::screens=debug")
        .output()
        .expect("the skidpad binary runs");
    let log = String::from_utf8_lossy(&o.stderr).into_owned();
    let mut screens = Vec::new();
    let mut frames = 0;
    for line in log.lines() {
        if let Some(rest) = line
            .split("screen ")
            .nth(1)
            .filter(|_| line.contains("skidpad::screens"))
        {
            if let Some((name, at)) = rest.split_once(" at frame ") {
                screens.push((name.to_string(), at.trim().parse().unwrap()));
            }
        }
        if let Some(n) = line.split("frames ").nth(1).and_then(|r| r.strip_suffix(" in all")) {
            frames = n.trim().parse().unwrap();
        }
    }
    Game {
        screens,
        frames,
        log,
        exit: o.status.code(),
    }
}

fn seeded_record() -> (RecordKey, Record) {
    let key = RecordKey {
        mode: Mode::TimeTrial,
        level: "circuit".into(),
        car: "coupe".into(),
        assists: AssistSet::default(),
    };
    let record = Record {
        mode: Mode::TimeTrial,
        level: "circuit".into(),
        car: "coupe".into(),
        assists: 0,
        // A lap no monkey beats: the save must come out as it went in.
        best_lap_s: Some(1.0),
        best_splits_s: vec![0.3, 0.6, 1.0],
        medal: Some(Medal::Gold),
        author_s: Some(90.0),
        ghost_file: None,
        ghost_lap_start_tick: None,
        author_ghost_file: None,
        author_ghost_lap_start_tick: None,
        build: "monkey".into(),
        challenge_runs: Vec::new(),
    };
    (key, record)
}

#[test]
fn a_monkey_plays_100_000_frames_of_the_real_loop_and_breaks_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let settings = dir.path().join("settings.toml");
    let store = RecordStore::new(dir.path().join("data").join("skidpad").join("records"));
    let (key, record) = seeded_record();
    store.save(&key, &record).unwrap();
    let saved = std::fs::read(store.path(&key)).unwrap();

    let mut rng = Rng(0x5EED_0018_0000_0001);
    let mut total = 0u64;
    let mut games = 0;
    // Frames each screen was kept in one stretch, longest first seen; and every screen seen.
    let mut longest: BTreeMap<String, u64> = BTreeMap::new();
    // Races started per mode (the flow logs "playing LEVEL in the CAR ... (MODE)").
    let mut modes: BTreeMap<&str, u32> = BTreeMap::new();
    // Races played on a split screen (the friends' pads joined on the car select).
    let mut split_races = 0;
    while total < FRAMES {
        games += 1;
        assert!(
            games <= 200,
            "{games} games for {total} frames: the monkey keeps quitting at once"
        );
        let remaining = FRAMES - total;
        let game = play(
            dir.path(),
            &settings,
            &monkey_script(&mut rng, remaining + 10),
            remaining,
        );
        let log = &game.log;
        assert_eq!(game.exit, Some(0), "game {games}:\n{log}");
        assert!(!log.contains("panicked"), "game {games}:\n{log}");
        assert!(game.frames > 0, "game {games} ran no frame:\n{log}");
        // A game ends at its frame limit, or because the monkey quit it.
        assert!(
            game.frames == remaining || log.contains("quit from"),
            "game {games} stopped after {} of {remaining} frames without quitting:\n{log}",
            game.frames
        );
        for (i, (name, from)) in game.screens.iter().enumerate() {
            let to = game.screens.get(i + 1).map_or(game.frames, |s| s.1);
            let stay = longest.entry(name.clone()).or_default();
            *stay = (*stay).max(to - from);
        }
        // Nothing the game keeps was found corrupt and set aside.
        assert!(
            !log.contains("set aside") && !log.contains("corrupt"),
            "game {games}:\n{log}"
        );
        for mode in ["Free drive", "Time trial", "Race", "Championship", "Challenges"] {
            *modes.entry(mode).or_default() += game
                .log
                .lines()
                .filter(|l| l.contains("playing ") && l.ends_with(&format!("({mode})")))
                .count() as u32;
        }
        split_races += game.log.matches("split screen: ").count();
        total += game.frames;
    }
    eprintln!("{total} frames in {games} games; races per mode: {modes:?}; longest stay per screen: {longest:?}");
    assert!(modes.values().all(|n| *n > 0), "every mode was played: {modes:?}");
    assert!(
        split_races > 0,
        "the friends' pads joined a race: none in {games} games"
    );
    for (screen, frames) in &longest {
        assert!(
            *frames <= LONGEST_STAY_FRAMES,
            "the {screen} screen was kept {frames} frames (bound {LONGEST_STAY_FRAMES}): {longest:?}"
        );
    }
    // The monkey went everywhere: every menu page, loading, the race, its pause menu, the
    // pad-unplugged screen and the results.
    for screen in [
        "title",
        "main",
        "levels",
        "cars",
        "cup",
        "options",
        "credits",
        "confirm",
        "loading",
        "race",
        "pause",
        "pad-lost",
        "results",
        "standings",
    ] {
        assert!(
            longest.contains_key(screen),
            "the monkey never saw {screen}: {longest:?}"
        );
    }
    // The save: the record seeded before is byte for byte what it was, and the settings
    // the monkey edited still read whole.
    assert_eq!(std::fs::read(store.path(&key)).unwrap(), saved, "the record is intact");
    assert_eq!(store.load(&key).record, Some(record));
    if settings.exists() {
        let text = std::fs::read_to_string(&settings).unwrap();
        let (_, warnings) = skidpad::settings::Settings::parse("settings.toml", &text);
        assert!(warnings.is_empty(), "{warnings:?}\n{text}");
    }
}
