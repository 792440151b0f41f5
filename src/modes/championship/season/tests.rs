use super::*;
use crate::ai::AiDifficulty;

fn cup(rounds: usize) -> CupDef {
    CupDef {
        name: "test".into(),
        title: "Test Cup".into(),
        description: String::new(),
        class: "Arcade".into(),
        cars: vec!["coupe".into()],
        field: 4,
        skill: AiDifficulty::Pro,
        skill_spread: 1,
        rounds: (0..rounds)
            .map(|_| Round {
                level: "circuit".into(),
                laps: 1,
            })
            .collect(),
    }
}

/// Finishes in the order `order` (driver indices, winner first), 60 s plus a second a
/// place.
fn finishes(order: &[usize]) -> Vec<RoundFinish> {
    order
        .iter()
        .enumerate()
        .map(|(i, &driver)| RoundFinish {
            driver,
            position: Some(i + 1),
            time_s: Some(60.0 + i as f64),
        })
        .collect()
}

fn season(rounds: usize, grid: GridOrder) -> Season {
    Season::start(&cup(rounds), &PointsTable::default(), 42, "You", "coupe", grid)
}

#[test]
fn a_season_runs_its_rounds_in_order_and_awards_the_trophy_at_the_end() {
    let mut s = season(2, GridOrder::Standings);
    assert_eq!(s.next_round().map(|(i, _)| i), Some(0));
    s.record_round(finishes(&[1, 0, 2, 3])).unwrap();
    assert_eq!(s.trophy(), None, "not before the last round");
    s.record_round(finishes(&[0, 2, 1, 3])).unwrap();
    // The player: 18 + 25 = 43, champion.
    assert!(s.is_over() && s.next_round().is_none());
    assert_eq!(s.trophy(), Some(Trophy::Gold));
    assert!(s.record_round(finishes(&[0, 1, 2, 3])).is_err(), "no round left");
}

#[test]
fn the_trophy_follows_the_final_place() {
    for (order, trophy) in [
        ([1, 0, 2, 3], Some(Trophy::Silver)),
        ([1, 2, 0, 3], Some(Trophy::Bronze)),
        ([1, 2, 3, 0], None),
    ] {
        let mut s = season(1, GridOrder::Standings);
        s.record_round(finishes(&order)).unwrap();
        assert_eq!(s.trophy(), trophy, "{order:?}");
    }
}

#[test]
fn a_round_must_name_every_driver_once() {
    let mut s = season(2, GridOrder::Standings);
    assert!(s.record_round(finishes(&[0, 1, 2])).is_err(), "one missing");
    assert!(s.record_round(finishes(&[0, 1, 2, 2])).is_err(), "one twice");
    assert!(s.record_round(finishes(&[0, 1, 2, 9])).is_err(), "one unknown");
    assert!(s.results.is_empty(), "a refused round counts nothing");
}

#[test]
fn the_grid_follows_the_table_or_its_reverse() {
    let mut s = season(3, GridOrder::Standings);
    // The first grid is a draw: every driver once, the same for the same seed.
    let mut first = s.grid();
    assert_eq!(first, season(3, GridOrder::Standings).grid());
    first.sort_unstable();
    assert_eq!(first, [0, 1, 2, 3]);
    s.record_round(finishes(&[2, 3, 0, 1])).unwrap();
    assert_eq!(s.grid(), [2, 3, 0, 1], "the leader on pole");
    let mut r = season(3, GridOrder::Reversed);
    r.record_round(finishes(&[2, 3, 0, 1])).unwrap();
    assert_eq!(r.grid(), [1, 0, 3, 2], "the leader at the back");
}

#[test]
fn a_saved_season_loads_as_it_was_and_a_corrupt_save_is_set_aside() {
    let dir = tempfile::tempdir().unwrap();
    let store = SeasonStore::new(dir.path());
    assert!(store.load().season.is_none(), "nothing saved yet");
    let mut s = season(3, GridOrder::Reversed);
    s.record_round(finishes(&[3, 2, 1, 0])).unwrap();
    store.save(&s).unwrap();
    let loaded = store.load();
    assert_eq!(loaded.season.as_ref(), Some(&s));
    assert!(loaded.set_aside.is_none());
    // One byte changed in the body: set aside, kept, and the next load finds nothing.
    let mut bytes = std::fs::read(store.path()).unwrap();
    let last = bytes.len() - 3;
    bytes[last] ^= 0x20;
    std::fs::write(store.path(), &bytes).unwrap();
    let loaded = store.load();
    assert!(loaded.season.is_none());
    let aside = loaded.set_aside.expect("the corrupt save is reported");
    assert!(aside.problem.contains("checksum"), "{}", aside.problem);
    assert!(aside.moved_to.exists() && !store.path().exists());
    assert!(store.load().set_aside.is_none(), "reported once");
    // A finished season is cleared; clearing nothing is fine.
    store.save(&s).unwrap();
    store.clear().unwrap();
    store.clear().unwrap();
    assert!(store.load().season.is_none());
}

#[test]
fn a_checksummed_season_that_does_not_add_up_is_refused() {
    let mut s = season(1, GridOrder::Standings);
    s.rounds.clear();
    let e = decode(&encode(&s)).unwrap_err();
    assert!(e.contains("does not add up"), "{e}");
    assert!(decode(b"skidpad-record 1\nxxh3 0\n{}")
        .unwrap_err()
        .contains("not a Skidpad championship"));
}
