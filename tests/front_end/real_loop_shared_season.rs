//! A championship shared by two pads through the real `play` loop (issue 45): the second
//! pad joins on the championship page and the season starts with both; round 1 is retired
//! from the guest's own pad; *Continue championship* opens the standings, where the guest
//! takes their seat again with A and round 2 is raced on a split screen; continued once
//! more with nobody taking the seat, the AI drives the guest's car in round 3, and the
//! season ends. Unattended (nothing drawn, a frame of play a tick); nobody at the wheels
//! (no `--ai-driver`), so each round is retired after a few seconds.

use super::*;

/// Appends `presses` (polls waited, pad, button) to `s`, each three polls after the last
/// plus its wait, from `at`; the last one's poll.
fn presses_on(s: &mut String, mut at: u32, presses: &[(u32, u32, &str)]) -> u32 {
    for &(wait, pad, button) in presses {
        at += 3 + wait;
        *s += &format!("{at} {pad} press {button}\n{} {pad} release {button}\n", at + 1);
    }
    at
}

/// From a round's start: some seconds of it, the pause menu from `pad`, Retire, Yes, the
/// results, the standings, the main menu, and (`then_continue`) Continue championship.
fn retire(pad: u32, then_continue: bool) -> Vec<(u32, u32, &'static str)> {
    let mut presses = vec![
        (400, pad, "Start"),  // the pause menu, driven by the pad that paused
        (0, pad, "DPadDown"), // Restart
        (0, pad, "DPadDown"), // Retire
        (0, pad, "South"),    // "Retire from this round?", No focused
        (0, pad, "DPadDown"), // Yes
        (0, pad, "South"),    // → the round's results
        (10, 0, "South"),     // Standings
        (10, 0, "South"),     // the rows settle at once
        (0, 0, "DPadDown"),   // Main menu
        (0, 0, "South"),      // → the main menu, Continue championship first
    ];
    if then_continue {
        presses.push((10, 0, "South")); // → the standings, the guest's seat open
    }
    presses
}

#[test]
fn two_pads_share_a_season_the_guest_takes_their_seat_again_and_an_empty_one_is_driven() {
    let dir = tempfile::tempdir().unwrap();
    let script = dir.path().join("shared.txt");
    let settings = dir.path().join("settings.toml");
    std::fs::write(&settings, "[player]\nname = \"Ana Souza\"\n").unwrap();
    let mut s = String::from("0 0 connected\n0 1 connected\n");
    let mut presses = vec![
        (0, 0, "South"),     // title → main menu
        (0, 0, "DPadDown"),  // Time trial
        (0, 0, "DPadDown"),  // Race
        (0, 0, "DPadDown"),  // Championship
        (0, 0, "South"),     // → the championship page, on the Rookie Cup
        (0, 1, "South"),     // pad 1 joins
        (0, 1, "DPadRight"), // player 2: the cup's second car
        (0, 0, "DPadDown"),  // Car
        (0, 0, "DPadDown"),  // Grid
        (0, 0, "DPadDown"),  // Paint
        (0, 0, "DPadDown"),  // Start season
        (0, 0, "South"),     // → round 1, both on the grid
    ];
    presses.extend(retire(1, true));
    presses.extend([
        (10, 1, "South"), // player 2 takes their seat again
        (10, 0, "South"), // Next round → round 2, both at the screen
    ]);
    presses.extend(retire(0, true));
    presses.push((10, 0, "South")); // Next round → round 3, nobody in seat 2
    presses.extend(retire(0, false));
    let at = presses_on(&mut s, 2, &presses);
    std::fs::write(&script, s).unwrap();
    let data = dir.path().join("data");
    let replay = dir.path().join("round3.replay");
    let o = skidpad(
        &[
            "--settings",
            settings.to_str().unwrap(),
            "--platform",
            "xbox",
            "play",
            "--front-end",
            "--unattended",
            "--max-frames",
            &(at + 600).to_string(),
            "--record",
            replay.to_str().unwrap(),
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
    assert!(log.contains("2 players seated"), "{log}");
    assert!(log.contains("(2 at the screen)"), "the season begins with both: {log}");
    // Every round seats both people among a field of six: four opponents.
    let rounds = log.matches("with 4 opponents (Championship)").count();
    assert_eq!(rounds, 3, "{log}");
    // Rounds 1 and 2 on a split screen with both pads; round 3 with the guest's seat empty
    // and the AI at their wheel.
    assert_eq!(log.matches("split screen: 2 players").count(), 3, "{log}");
    assert_eq!(
        log.matches("player 2's seat is empty: the AI drives their car").count(),
        1,
        "only round 3, after nobody took the seat: {log}"
    );
    for round in 1..=3 {
        assert!(
            log.contains(&format!("Rookie Cup: round {round} counted")),
            "{round}: {log}"
        );
    }
    // The last round's replay keeps its grid (both people at the back after two rounds
    // retired: not one behind the other from pole) and its field's difficulties: raced
    // again headless it ends on the same hash.
    let o = skidpad(
        &[
            "run",
            "--replay",
            replay.to_str().unwrap(),
            "--mode",
            "race",
            "--laps",
            "2",
            "--json",
        ],
        &[],
    );
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let report: serde_json::Value = serde_json::from_slice(&o.stdout).expect("run --json");
    assert_eq!(report["replay_matches"], true, "{report}");
    // Continued twice; the season over, its save cleared.
    assert_eq!(log.matches("continuing the Rookie Cup").count(), 2, "{log}");
    assert!(!data.join("skidpad").join("championship.season").exists());
}
