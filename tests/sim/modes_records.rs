//! Records on disk: a corrupt or foreign record is reported once and kept aside, never
//! overwritten; a write that fails leaves the old record as it was.

use skidpad::assists::AssistSet;
use skidpad::modes::{decode_record, Medal, Mode, Record, RecordKey, RecordStore};

use crate::common::cli::{json, skidpad};

fn key() -> RecordKey {
    RecordKey {
        mode: Mode::TimeTrial,
        level: "proving_ground".into(),
        car: "coupe".into(),
        assists: AssistSet::default(),
    }
}

fn record(best: f64) -> Record {
    Record {
        mode: Mode::TimeTrial,
        level: "proving_ground".into(),
        car: "coupe".into(),
        assists: 0,
        best_lap_s: Some(best),
        best_splits_s: vec![best / 3.0, 2.0 * best / 3.0, best],
        medal: Some(Medal::Bronze),
        author_s: None,
        ghost_file: None,
        ghost_lap_start_tick: None,
        author_ghost_file: None,
        author_ghost_lap_start_tick: None,
        build: "test".into(),
        challenge_runs: Vec::new(),
    }
}

#[test]
fn a_corrupt_record_is_reported_once_and_kept_aside() {
    let dir = tempfile::tempdir().unwrap();
    let store = RecordStore::new(dir.path());
    store.save(&key(), &record(40.0)).unwrap();
    let path = store.path(&key());
    // A flipped byte in the JSON: the checksum no longer matches.
    let mut bytes = std::fs::read(&path).unwrap();
    let at = bytes.len() - 5;
    bytes[at] ^= 0x20;
    std::fs::write(&path, &bytes).unwrap();

    let d = dir.path().to_str().unwrap();
    let listed = json(&skidpad(&["records", "--save-dir", d, "--json"]));
    let aside = listed["set_aside"].as_array().unwrap();
    assert_eq!(aside.len(), 1, "{listed}");
    assert!(aside[0]["problem"].as_str().unwrap().contains("checksum"), "{listed}");
    let moved = aside[0]["moved_to"].as_str().unwrap();
    assert_eq!(std::fs::read(moved).unwrap(), bytes, "kept byte for byte");
    assert!(!path.exists());
    // Reported once: the next listing finds nothing wrong.
    let again = json(&skidpad(&["records", "--save-dir", d, "--json"]));
    assert!(again["set_aside"].as_array().unwrap().is_empty(), "{again}");

    // A foreign file where a record should be: a time trial reports it, sets it aside and
    // saves its own record; the foreign file is kept.
    std::fs::write(&path, b"not a record at all").unwrap();
    let tt = json(&skidpad(&[
        "run",
        "--level",
        "proving_ground",
        "--car",
        "coupe",
        "--mode",
        "time-trial",
        "--ai-driver",
        "--laps",
        "1",
        "--save-dir",
        d,
        "--json",
    ]));
    let note = &tt["mode"]["set_aside"];
    assert!(
        note["problem"].as_str().unwrap().contains("not a Skidpad record"),
        "{tt}"
    );
    let kept = note["moved_to"].as_str().unwrap();
    assert_eq!(std::fs::read(kept).unwrap(), b"not a record at all");
    assert_ne!(kept, moved, "an earlier file set aside is not overwritten");
    assert_eq!(std::fs::read(moved).unwrap(), bytes);
    let fresh = decode_record(&std::fs::read(&path).unwrap()).unwrap();
    assert_eq!(fresh.best_lap_s, tt["mode"]["best_lap_s"].as_f64());
}

#[test]
fn a_failed_write_leaves_the_old_record() {
    let dir = tempfile::tempdir().unwrap();
    let store = RecordStore::new(dir.path());
    store.save(&key(), &record(40.0)).unwrap();
    let path = store.path(&key());
    let before = std::fs::read(&path).unwrap();
    // The atomic write's temporary file is `.NAME.tmpPID` beside the target: a directory
    // there makes creating it fail, as a full or read-only disk would.
    let name = path.file_name().unwrap().to_string_lossy().into_owned();
    let blocker = dir.path().join(format!(".{name}.tmp{}", std::process::id()));
    std::fs::create_dir(&blocker).unwrap();
    let err = store.save(&key(), &record(30.0)).unwrap_err();
    assert!(err.message().contains("unchanged"), "{}", err.message());
    assert_eq!(std::fs::read(&path).unwrap(), before, "the old record is untouched");
    assert_eq!(store.load(&key()).record.unwrap().best_lap_s, Some(40.0));
    std::fs::remove_dir(&blocker).unwrap();
    store.save(&key(), &record(30.0)).unwrap();
    assert_eq!(store.load(&key()).record.unwrap().best_lap_s, Some(30.0));
}

/// A level with both a lap course and a challenge (`crash`) keeps one record of each: the
/// challenge's medal never overwrites the time trial's lap and medal, nor the other way.
#[test]
fn time_trial_and_challenge_records_of_one_level_are_kept_apart() {
    let dir = tempfile::tempdir().unwrap();
    let store = RecordStore::new(dir.path());
    let trial = key();
    let challenge = RecordKey {
        mode: Mode::Challenge,
        ..key()
    };
    assert_ne!(store.path(&trial), store.path(&challenge));
    store.save(&trial, &record(61.5)).unwrap();
    let kept = skidpad::modes::keep_medal(&store, &challenge, Some(Medal::Gold)).unwrap();
    assert_eq!(kept.record, Some(Medal::Gold));
    let lap = store.load(&trial).record.unwrap();
    assert_eq!(
        (lap.mode, lap.best_lap_s, lap.medal),
        (Mode::TimeTrial, Some(61.5), Some(Medal::Bronze))
    );
    let medal = store.load(&challenge).record.unwrap();
    assert_eq!(
        (medal.mode, medal.best_lap_s, medal.medal),
        (Mode::Challenge, None, Some(Medal::Gold))
    );
    // A record written before modes were told apart (no `mode` field) reads as a time trial.
    let old = serde_json::to_string(&lap)
        .unwrap()
        .replace("\"mode\":\"time-trial\",", "");
    assert!(!old.contains("mode"), "{old}");
    let back: Record = serde_json::from_str(&old).unwrap();
    assert_eq!(back.mode, Mode::TimeTrial);
}
