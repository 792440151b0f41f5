//! A championship played headless (`run --mode championship --cup rookie --ai-driver`):
//! every round raced, the points counted by the table, the standings in order, the grid
//! following the table, the trophy from the final place, the season saved after each round
//! and continued from the save to the same end as a season played at once.

use crate::common::cli::{json, skidpad};
use serde_json::Value;

fn season(dir: &std::path::Path, extra: &[&str]) -> Value {
    let mut args = vec![
        "run",
        "--mode",
        "championship",
        "--cup",
        "rookie",
        "--ai-driver",
        "--json",
        "--save-dir",
        dir.to_str().unwrap(),
    ];
    args.extend_from_slice(extra);
    let o = skidpad(&args);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    json(&o)
}

/// The FIA table the shipped `content/cups/points.toml` gives.
const POINTS: [u64; 10] = [25, 18, 15, 12, 10, 8, 6, 4, 2, 1];

#[test]
fn a_rookie_season_is_raced_scored_and_saved_round_by_round() {
    let dir = tempfile::tempdir().unwrap();
    let whole = season(dir.path(), &[]);
    let rounds = whole["rounds"].as_array().unwrap();
    assert_eq!(rounds.len(), 3, "the Rookie Cup's three rounds");
    assert_eq!(
        (whole["rounds_done"].as_u64(), whole["rounds_total"].as_u64()),
        (Some(3), Some(3))
    );
    let mut scored = 0;
    for r in rounds {
        let results = r["results"].as_array().unwrap();
        assert_eq!(results.len(), 6, "a field of six: {r}");
        assert_eq!(r["grid"].as_array().unwrap().len(), 6);
        for (i, l) in results.iter().enumerate() {
            // Everyone finishes a rookie race; points by place from the table.
            assert_eq!(l["position"].as_u64(), Some(i as u64 + 1), "{r}");
            assert_eq!(l["points"].as_u64(), Some(POINTS[i]), "{r}");
            scored += POINTS[i];
            let name = l["driver"].as_str().unwrap();
            assert!(
                name == "Player" || (name.split(' ').count() == 2 && !name.starts_with("AI")),
                "{name}"
            );
        }
    }
    let table = whole["standings"].as_array().unwrap();
    let points: Vec<u64> = table.iter().map(|s| s["points"].as_u64().unwrap()).collect();
    assert_eq!(points.iter().sum::<u64>(), scored, "the table adds up the rounds");
    assert!(points.windows(2).all(|w| w[0] >= w[1]), "{points:?}");
    // The second round's grid is the table after the first, leader on pole.
    let first: Vec<&str> = rounds[0]["results"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| l["driver"].as_str().unwrap())
        .collect();
    let second_grid: Vec<&str> = rounds[1]["grid"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d.as_str().unwrap())
        .collect();
    assert_eq!(second_grid, first, "after one round the table is its finishing order");
    // The trophy follows the player's final place.
    let place = table.iter().find(|s| s["player"] == true).unwrap()["position"]
        .as_u64()
        .unwrap();
    let trophy = match place {
        1 => Value::from("gold"),
        2 => Value::from("silver"),
        3 => Value::from("bronze"),
        _ => Value::Null,
    };
    assert_eq!(whole["trophy"], trophy);
    // The season over, its save is cleared and its trophy kept with the records.
    assert!(!dir.path().join("championship.season").exists());
    let records = json(&skidpad(&[
        "records",
        "--save-dir",
        dir.path().to_str().unwrap(),
        "--json",
    ]));
    let kept: Vec<&Value> = records["trophies"].as_array().unwrap().iter().collect();
    if trophy.is_null() {
        assert!(kept.is_empty(), "{kept:?}");
    } else {
        assert_eq!(kept.len(), 1, "{records}");
        assert_eq!((&kept[0]["cup"], &kept[0]["trophy"]), (&Value::from("rookie"), &trophy));
        assert_eq!(whole["trophy_kept"], true);
    }

    // The same season stopped after one round and continued from its save ends the same.
    let split = tempfile::tempdir().unwrap();
    let one = season(split.path(), &["--rounds", "1"]);
    assert_eq!(one["rounds_done"].as_u64(), Some(1));
    assert!(
        split.path().join("championship.season").exists(),
        "saved after the round"
    );
    let rest = season(split.path(), &[]);
    assert_eq!(rest["rounds"][0]["round"].as_u64(), Some(2), "continued from round 2");
    assert_eq!(rest["standings"], whole["standings"]);
    assert_eq!(rest["trophy"], whole["trophy"]);
}

#[test]
fn a_championship_without_a_cup_the_ai_or_a_car_of_its_class_is_refused_by_name() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path().to_str().unwrap();
    for (args, names) in [
        (vec!["--cup", "nope", "--ai-driver"], ["--cup", "rookie"]),
        (vec!["--ai-driver"], ["--cup", "rookie"]),
        (vec!["--cup", "rookie"], ["--ai-driver", "AI"]),
        (
            vec!["--cup", "rookie", "--ai-driver", "--car", "sedan"],
            ["--car", "coupe"],
        ),
    ] {
        let mut all = vec!["run", "--mode", "championship", "--save-dir", d];
        all.extend(args.iter().copied());
        let o = skidpad(&all);
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {err}");
        for n in names {
            assert!(err.contains(n), "{args:?}: `{n}` not in {err}");
        }
    }
}

/// Where each car of a four-car grid on the circuit stands with the player in `slot`.
fn grid_with_player_in(slot: usize) -> Vec<glam::Vec3> {
    use skidpad::app::{Race, Setup};
    use skidpad::content::{ContentRoot, PlatformProfile};
    let root = ContentRoot::Embedded;
    let mut setup = Setup::load(&root, "circuit", "coupe", PlatformProfile::load("desktop").unwrap()).unwrap();
    setup.add_opponents(&root, 3, "coupe").unwrap();
    setup.player_grid_slot = slot;
    let race = Race::headless(&setup);
    let cars = race.world.cars().len();
    let poses: Vec<glam::Vec3> = (0..cars).map(|i| race.world.car_body(i).translation()).collect();
    poses
}

#[test]
fn the_player_can_start_from_any_grid_slot_and_the_field_fills_the_rest() {
    // Slots are 10 m apart along the line: pole where the level spawns the player.
    let pole = grid_with_player_in(0);
    let from_third = grid_with_player_in(2);
    let flat = |v: glam::Vec3| glam::Vec2::new(v.x, v.z);
    let d = |a: glam::Vec3, b: glam::Vec3| flat(a).distance(flat(b));
    // The player in the third slot is where the second opponent stood; the first two
    // opponents moved up a slot each; the third stays last.
    assert!(d(from_third[0], pole[2]) < 0.05, "{:?} vs {:?}", from_third[0], pole[2]);
    assert!(d(from_third[1], pole[0]) < 0.05, "the first opponent on pole");
    assert!(d(from_third[2], pole[1]) < 0.05);
    assert!(d(from_third[3], pole[3]) < 0.05, "the last slot unchanged");
}

#[test]
fn a_shared_season_puts_each_person_on_their_own_slot_and_the_field_in_the_rest() {
    use skidpad::app::{Race, Setup};
    use skidpad::content::{ContentRoot, PlatformProfile};
    let root = ContentRoot::Embedded;
    let grid = |slots: Option<(usize, usize)>| {
        let mut setup = Setup::load(&root, "circuit", "coupe", PlatformProfile::load("desktop").unwrap()).unwrap();
        setup.add_guest(&root, "coupe").unwrap();
        setup.add_opponents(&root, 3, "coupe").unwrap();
        if let Some((player, guest)) = slots {
            setup.player_grid_slot = player;
            setup.guest_grid_slots = vec![guest];
        }
        let race = Race::headless(&setup);
        let poses: Vec<glam::Vec3> = (0..race.world.cars().len())
            .map(|i| race.world.car_body(i).translation())
            .collect();
        poses
    };
    // World order: player, guest, then three opponents. Without slots the people take
    // the front two and the field the three behind: that grid's poses are the slots.
    let slots = grid(None);
    // The guest on pole, the player fourth: the opponents take second, third and fifth.
    let apart = grid(Some((3, 0)));
    let flat = |v: glam::Vec3| glam::Vec2::new(v.x, v.z);
    let at = |p: glam::Vec3, slot: usize| flat(p).distance(flat(slots[slot])) < 0.05;
    assert!(at(apart[1], 0), "the guest on pole: {:?} vs {:?}", apart[1], slots[0]);
    assert!(at(apart[0], 3), "the player fourth");
    assert!(at(apart[2], 1) && at(apart[3], 2) && at(apart[4], 4), "{apart:?}");
}

#[test]
fn two_people_share_a_season_each_scored_and_lit_in_the_table() {
    let dir = tempfile::tempdir().unwrap();
    let s = season(dir.path(), &["--players", "2", "--rounds", "2"]);
    for r in s["rounds"].as_array().unwrap() {
        let results = r["results"].as_array().unwrap();
        assert_eq!(results.len(), 6, "the cup's field of six, both people in it: {r}");
        let names: Vec<&str> = results.iter().map(|l| l["driver"].as_str().unwrap()).collect();
        assert!(names.contains(&"Player") && names.contains(&"Player 2"), "{names:?}");
        // Both people are raced by the AI at its top setting against a rookie field: both finish.
        assert!(results.iter().all(|l| l["position"].as_u64().is_some()), "{r}");
    }
    let table = s["standings"].as_array().unwrap();
    let people: Vec<&str> = table
        .iter()
        .filter(|l| l["player"].as_bool() == Some(true))
        .map(|l| l["driver"].as_str().unwrap())
        .collect();
    assert_eq!(people.len(), 2, "both people's rows are the players': {table:?}");
    // The second round's grid follows the table after the first: each person's slot is
    // their place in it.
    let first = &s["rounds"][0]["results"];
    let grid2: Vec<&str> = s["rounds"][1]["grid"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_str().unwrap())
        .collect();
    for who in ["Player", "Player 2"] {
        let place = first
            .as_array()
            .unwrap()
            .iter()
            .position(|l| l["driver"] == who)
            .unwrap();
        assert_eq!(
            grid2[place], who,
            "{who} starts round 2 where round 1 placed them: {grid2:?}"
        );
    }
    // A continued season keeps its people: a third round from the save, still two.
    let rest = season(dir.path(), &[]);
    let last = &rest["rounds"][0]["results"];
    let names: Vec<&str> = last
        .as_array()
        .unwrap()
        .iter()
        .map(|l| l["driver"].as_str().unwrap())
        .collect();
    assert!(names.contains(&"Player 2"), "{names:?}");
}
