//! The author time (#18: the gold target, the AI's lap at its top setting) of a level the
//! AI has never driven: a small ring given by path, as `--content` levels are, gets one
//! measured on first use and kept in the record, and the kept one is used after that.

use skidpad::app::mode_run::author_time_kept;
use skidpad::app::Setup;
use skidpad::assists::AssistSet;
use skidpad::content::{ContentRoot, PlatformProfile};
use skidpad::modes::{RecordKey, RecordMode, RecordStore};

/// The ring's centre-line radius and half-width, m.
const RADIUS_M: f64 = 60.0;
const HALF_WIDTH_M: f64 = 6.0;

/// A flat asphalt ring, 12 m wide, its start on the centre line.
fn ring_level(dir: &std::path::Path) -> std::path::PathBuf {
    let csv: String = (0..48)
        .map(|i| {
            let a = i as f64 / 48.0 * std::f64::consts::TAU;
            format!(
                "{:.3},{:.3},{HALF_WIDTH_M},{HALF_WIDTH_M}\n",
                RADIUS_M * a.cos(),
                RADIUS_M * a.sin()
            )
        })
        .collect();
    std::fs::write(
        dir.join("track.csv"),
        format!("# x_m,y_m,w_tr_right_m,w_tr_left_m\n{csv}"),
    )
    .unwrap();
    let level = dir.join("level.toml");
    std::fs::write(
        &level,
        format!(
            "description = \"a ring\"\n[terrain]\nsize_m = [300, 300]\nmaterial = \"asphalt\"\n\
             [track]\ncenterline = \"track.csv\"\n\
             [[spawns]]\nname = \"start\"\nposition_m = [{RADIUS_M}, 0.6, 0.0]\n"
        ),
    )
    .unwrap();
    level
}

#[test]
fn a_level_without_an_author_time_gets_one_measured_once_and_kept() {
    let dir = tempfile::tempdir().unwrap();
    let level = ring_level(dir.path());
    let root = ContentRoot::Embedded;
    let setup = Setup::load(
        &root,
        level.to_str().unwrap(),
        "coupe",
        PlatformProfile::load("desktop").unwrap(),
    )
    .unwrap();
    let store = RecordStore::new(dir.path().join("records"));
    let key = RecordKey {
        mode: RecordMode::TimeTrial,
        level: setup.level.level.name.clone(),
        car: "coupe".into(),
        assists: AssistSet::default(),
    };
    assert!(store.load(&key).record.is_none(), "nothing on record to start with");

    let author_s = author_time_kept(&root, &setup, &store, &key)
        .unwrap()
        .expect("the AI laps the ring");
    // Steady cornering (circular motion, v = √(μ g r)): no line round the ring beats the
    // inside edge's length at the outside edge's grip-limited speed, with μ = 1.3 more
    // than any shipped tyre on asphalt holds; and the AI at its top setting is not slower
    // than 5 m/s round the centre line.
    let (r_in, r_out) = (RADIUS_M - HALF_WIDTH_M, RADIUS_M + HALF_WIDTH_M);
    let fastest_s = std::f64::consts::TAU * r_in / (1.3 * 9.81 * r_out).sqrt();
    let slowest_s = std::f64::consts::TAU * RADIUS_M / 5.0;
    eprintln!("author time {author_s:.3} s (bounds {fastest_s:.2}..{slowest_s:.2} s)");
    assert!(
        (fastest_s..slowest_s).contains(&author_s),
        "author time {author_s:.2} s, outside {fastest_s:.2}..{slowest_s:.2} s"
    );
    // Kept: the record holds it, with no lap of the player's.
    let kept = store.load(&key).record.expect("a record was made for it");
    assert_eq!(kept.author_s, Some(author_s));
    assert_eq!(kept.best_lap_s, None);
    // And used from there: a time on record is not measured again.
    let mut marked = kept;
    marked.author_s = Some(author_s + 1.0);
    store.save(&key, &marked).unwrap();
    assert_eq!(
        author_time_kept(&root, &setup, &store, &key).unwrap(),
        Some(author_s + 1.0)
    );
}
