//! Centre lines as exported CSVs often come: the loop closed by repeating its first point,
//! or a point written twice. The level loads repaired (the repair logged), and what a run
//! measures against the track's borders is the clean line's: before the repair a repeated
//! closing point made a zero-length segment, and the footprint check reported a car on the
//! road as 1 001 m off it.

use crate::common::track_level::{write_track_level, TrackLevel};
use glam::{Quat, Vec3};
use skidpad::app::{Race, Setup, TrackBorders};
use skidpad::content::{ContentRoot, PlatformProfile};
use std::path::Path;

const RADIUS_M: f64 = 70.0;
const HALF_WIDTH_M: f64 = 6.0;
const POINTS: usize = 48;

fn ring(i: usize) -> (f64, f64) {
    let a = i as f64 / POINTS as f64 * std::f64::consts::TAU;
    (RADIUS_M * a.cos(), RADIUS_M * a.sin())
}

/// The ring's level in `dir` with its points `centre`.
fn level(dir: &Path, centre: Vec<(f64, f64)>) -> Setup {
    let level = TrackLevel {
        description: "a ring",
        terrain_m: 300,
        material: "asphalt",
        start_xz_m: (RADIUS_M, 0.0),
    };
    let path = write_track_level(dir, &level, centre, HALF_WIDTH_M);
    let root = ContentRoot::Embedded;
    Setup::load(
        &root,
        path.to_str().unwrap(),
        "sedan",
        PlatformProfile::load("desktop").unwrap(),
    )
    .unwrap()
}

/// How far the car's footprint is past the borders with its centre at each centre-line
/// point, heading along the line (world x is the CSV's −x).
fn footprint_past_at_every_point(setup: &Setup) -> Vec<f32> {
    let mut race = Race::headless(setup);
    let mut borders = TrackBorders::new(&setup.level, &setup.car).expect("the level has a track");
    (0..POINTS)
        .map(|i| {
            let (x, y) = ring(i);
            let (nx, ny) = ring(i + 1);
            let heading = f64::atan2(-(nx - x), ny - y) as f32;
            race.world
                .teleport_player(Vec3::new(-x as f32, 0.6, y as f32), Quat::from_rotation_y(heading));
            borders.past(race.world.player_body()).footprint_m
        })
        .collect()
}

#[test]
fn a_repeated_closing_point_and_a_doubled_point_are_repaired_and_measure_as_the_clean_line() {
    let clean_dir = tempfile::tempdir().unwrap();
    let clean = level(clean_dir.path(), (0..POINTS).map(ring).collect());
    // The database habit: the first point again at the end; and point 10 written twice.
    let mut repeated: Vec<(f64, f64)> = (0..POINTS).map(ring).collect();
    repeated.insert(11, ring(10));
    repeated.push(ring(0));
    let dirty_dir = tempfile::tempdir().unwrap();
    let dirty = level(dirty_dir.path(), repeated);

    let track = |s: &Setup| s.level.level.track.clone().unwrap();
    assert_eq!(track(&dirty).track.len(), POINTS, "both repeats dropped");
    assert_eq!(
        track(&dirty).track,
        track(&clean).track,
        "the repaired line is the clean one"
    );
    let repairs = track(&dirty).repairs;
    assert_eq!(repairs.len(), 2, "{repairs:?}");
    assert!(
        repairs.iter().all(|r| r.contains("track.csv")),
        "each names the file: {repairs:?}"
    );
    assert!(track(&clean).repairs.is_empty());

    // A sedan (1.8 m wide) on the centre line of a 12 m road: every corner of its footprint
    // is inside the borders by about 6 − 0.9 m wherever it stands (negative: inside), on
    // the repaired line as on the clean one (the repeated point used to read 1 001 m out).
    let clean_past = footprint_past_at_every_point(&clean);
    let dirty_past = footprint_past_at_every_point(&dirty);
    assert!(clean_past.iter().all(|m| (-5.2..-4.0).contains(m)), "{clean_past:?}");
    assert_eq!(dirty_past, clean_past);
}
