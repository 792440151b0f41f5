//! A championship through the real `play` loop, by pad alone: the Rookie Cup started from
//! the main menu; its first round retired from the pause menu (the player out of it, the
//! field placed at its pace); back to the main menu and on with *Continue championship*,
//! which opens the standings; the last two rounds raced to the flag with the AI at the
//! player's wheel, each counted, its results and the standings shown; the season over, its
//! save cleared and any trophy kept with the records. Unattended (nothing drawn, a frame
//! of play a tick), so the three races take seconds.

use super::*;

#[test]
fn a_pad_plays_a_season_retires_a_round_continues_it_from_the_menu_and_finishes_it() {
    let dir = tempfile::tempdir().unwrap();
    let script = dir.path().join("season.txt");
    let settings = dir.path().join("settings.toml");
    std::fs::write(&settings, "[player]\nname = \"Ana Souza\"\n").unwrap();
    let mut s = String::from("0 0 connected\n");
    let presses = [
        (0, "South"),    // title → main menu
        (0, "DPadDown"), // Time trial
        (0, "DPadDown"), // Race
        (0, "DPadDown"), // Championship
        (0, "South"),    // → the championship page, on the Rookie Cup
        (0, "DPadDown"), // Car
        (0, "DPadDown"), // Grid
        (0, "DPadDown"), // Paint
        (0, "DPadDown"), // Start season
        (0, "South"),    // → round 1 loads and starts
        (300, "Start"),  // some seconds of round 1, then the pause menu
        (0, "DPadDown"), // Restart
        (0, "DPadDown"), // Retire
        (0, "South"),    // "Retire from this round?", No focused
        (0, "DPadDown"), // Yes, retire
        (0, "South"),    // → the round's results
        (10, "South"),   // Standings
        (10, "South"),   // the rows settle at once
        (0, "DPadDown"), // Main menu
        (0, "South"),    // → the main menu, Continue championship first
        (10, "South"),   // → the standings after round 1
        (10, "South"),   // Next round → round 2
    ];
    let mut at = taps(&mut s, &presses);
    // From here A now and then: through each round's results, the standings and Next round
    // (A is nothing to the AI at the wheel), and after the final standings the main menu.
    while at < 34_000 {
        at += 250;
        s += &tap(at, "South");
    }
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
            "--unattended",
            "--ai-driver",
            "--max-frames",
            "36000",
        ],
        &[
            ("SKIDPAD_PAD_SCRIPT", script.to_str().unwrap()),
            ("XDG_DATA_HOME", data.to_str().unwrap()),
            ("RUST_LOG", "info,skidpad::screens=debug"),
        ],
    );
    let log = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(0), "{log}");
    assert!(!log.contains("panicked") && !log.contains("set aside"), "{log}");
    // Round 1 retired: the player (named as the settings say) last in the table, with
    // nothing.
    assert!(
        log.contains("Rookie Cup: round 1 counted; Ana Souza is P6 in the table"),
        "{log}"
    );
    assert!(log.contains("continuing the Rookie Cup after round 1 of 3"), "{log}");
    // Each round on its own circuit, every one counted, each followed by its standings.
    for level in ["circuit", "norisring", "spielberg"] {
        assert!(
            log.contains(&format!("playing {level} in the coupe with 5 opponents (Championship)")),
            "{level}: {log}"
        );
    }
    assert!(log.contains("Rookie Cup: round 3 counted"), "{log}");
    let screens: Vec<&str> = log
        .lines()
        .filter_map(|l| l.split("screen ").nth(1))
        .filter_map(|l| l.split(" at frame").next())
        .collect();
    let standings = screens.iter().filter(|s| **s == "standings").count();
    assert!(standings >= 4, "after each round and on continuing: {screens:?}");
    // The season is over: its save cleared.
    let saved = data.join("skidpad").join("championship.season");
    assert!(!saved.exists(), "the finished season's save is cleared");
    // The records list says which trophy, if any, the season won.
    let records = skidpad(
        &["--settings", settings.to_str().unwrap(), "records", "--json"],
        &[("XDG_DATA_HOME", data.to_str().unwrap())],
    );
    let listed = String::from_utf8_lossy(&records.stdout);
    let trophy = data.join("skidpad").join("records").join("rookie.trophy");
    assert_eq!(
        trophy.exists(),
        listed.contains("\"rookie\""),
        "a trophy kept is a trophy listed: {listed}"
    );
}
