//! Races headless: three AI opponents and the AI at the player's wheel race a lap of the
//! circuit from a standing start after the countdown; the results table lists every car
//! with consistent positions, times and gaps. The mode only reads the world: a run with
//! the race's rules ends on the same state hash as one without.

use crate::common::cli::{json, skidpad};

#[test]
fn a_race_with_three_ai_to_the_finish_gives_every_car_a_result() {
    let r = json(&skidpad(&[
        "run",
        "--level",
        "circuit",
        "--ai",
        "3",
        "--ai-driver",
        "--mode",
        "race",
        "--laps",
        "1",
        "--json",
    ]));
    let race = &r["mode"];
    assert_eq!(race["name"], "race", "{r}");
    assert_eq!(race["countdown_ticks"], 180, "3 s at 60 Hz");
    assert_eq!(race["all_finished"], true, "{race}");
    let rows = race["results"].as_array().unwrap();
    assert_eq!(rows.len(), 4, "the player and three opponents");
    let mut cars: Vec<u64> = rows.iter().map(|row| row["car_index"].as_u64().unwrap()).collect();
    cars.sort();
    assert_eq!(cars, [0, 1, 2, 3], "every car once");
    let mut previous: Option<f64> = None;
    for (i, row) in rows.iter().enumerate() {
        assert_eq!(row["position"].as_u64().unwrap(), i as u64 + 1);
        assert_eq!(row["laps"], 1);
        let total = row["total_time_s"].as_f64().unwrap();
        let best = row["best_lap_s"].as_f64().unwrap();
        // One lap from a standing start behind the line: the total is the lap (its
        // clock runs from the go).
        assert!((total - best).abs() < 1e-9, "{row}");
        // A lap of the 4.3 km circuit at racing speeds: 1.5 to 3 minutes.
        assert!((90.0..180.0).contains(&total), "{row}");
        if let Some(p) = previous {
            assert!(total >= p, "finishing order follows the times: {rows:?}");
            let gap = row["gap_ahead_s"].as_f64().unwrap();
            assert!(
                (gap - (total - p)).abs() < 1e-6,
                "the gap at the finish is the time between: {row}"
            );
        }
        previous = Some(total);
    }
}

#[test]
fn the_race_rules_only_read_the_world() {
    let base = [
        "run",
        "--level",
        "circuit",
        "--ai",
        "3",
        "--ticks",
        "600",
        "--throttle",
        "1",
        "--json",
    ];
    let free = json(&skidpad(&base));
    let mut with_mode = base.to_vec();
    with_mode.extend(["--mode", "race", "--laps", "2"]);
    let raced = json(&skidpad(&with_mode));
    assert_eq!(free["state_hash"], raced["state_hash"]);
    assert_eq!(raced["mode"]["results"].as_array().unwrap().len(), 4);
}

#[test]
fn modes_that_do_not_fit_the_level_are_bad_input_naming_the_option() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path().to_str().unwrap();
    for (args, says) in [
        (
            vec!["run", "--level", "circuit", "--mode", "challenge", "--save-dir", d],
            "has no [challenge]",
        ),
        (
            vec![
                "run",
                "--level",
                "circuit",
                "--mode",
                "time-trial",
                "--ai",
                "2",
                "--ticks",
                "10",
                "--save-dir",
                d,
            ],
            "driven alone",
        ),
        (
            vec![
                "run", "--level", "circuit", "--mode", "race", "--laps", "0", "--ticks", "10",
            ],
            "--laps",
        ),
    ] {
        let o = skidpad(&args);
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {err}");
        assert!(err.contains(says), "{args:?}: {err}");
    }
}

#[test]
fn the_countdown_shows_three_two_one_then_go() {
    use glam::Vec2;
    use skidpad::modes::{Course, RaceRules};
    let pts = (0..32)
        .map(|i| {
            let a = i as f32 / 32.0 * std::f32::consts::TAU;
            Vec2::new(a.cos(), a.sin()) * 50.0
        })
        .collect();
    let course = Course::new(pts, &[]).unwrap();
    let mut race = RaceRules::new(course.clone(), 1, &[course.point_at(-3.0)], 60);
    let mut shown = Vec::new();
    loop {
        let now = race.countdown_shown();
        if shown.last() != Some(&now) {
            shown.push(now);
        }
        if !race.hold() {
            break;
        }
    }
    assert_eq!(shown, [Some(3), Some(2), Some(1), None]);
}

/// A one-lap race from a standing start: the results' best lap is the lap raced, whether
/// the car stood behind the line (a full lap) or ahead of it (the lap short by where it
/// stood, the race's only lap; it was None). A car at 30 m/s round a 50 m-radius circle:
/// the lap takes the course's length over the speed, less the 3 m ahead of the line.
#[test]
fn a_one_lap_race_from_a_standing_start_has_the_lap_as_its_best() {
    use glam::Vec2;
    use skidpad::modes::{Course, RaceRules};
    let pts = (0..32)
        .map(|i| {
            let a = i as f32 / 32.0 * std::f32::consts::TAU;
            Vec2::new(a.cos(), a.sin()) * 50.0
        })
        .collect();
    let course = Course::new(pts, &[]).unwrap();
    let length = course.length_m() as f64;
    let (rate, speed_mps) = (60u32, 30.0f32);
    for start_m in [-3.0f32, 3.0] {
        let mut race = RaceRules::new(course.clone(), 1, &[course.point_at(start_m)], rate);
        while race.hold() {}
        let mut tick = 0u64;
        while !race.finished(0) {
            tick += 1;
            assert!(tick < 100 * rate as u64, "start {start_m} m: never finished");
            let s = start_m + speed_mps * tick as f32 / rate as f32;
            race.after_tick(std::iter::once(course.point_at(s)), tick);
        }
        let row = &race.results(&["coupe"])[0];
        let total = row.total_time_s.expect("finished");
        let best = row
            .best_lap_s
            .unwrap_or_else(|| panic!("start {start_m} m: no best lap in {row:?}"));
        assert!(
            (best - total).abs() < 1e-9,
            "start {start_m} m: best {best} s, total {total} s"
        );
        // The lap from the go: the distance to the line over the speed, within a tick.
        // Behind the line the car crosses it and runs a full lap on (length + 3 m); ahead
        // of it, the line ends its only lap (length − 3 m).
        let expected_s = (length - start_m as f64) / speed_mps as f64;
        assert!(
            (total - expected_s).abs() < 2.0 / rate as f64,
            "start {start_m} m: {total} s, expected {expected_s} s"
        );
    }
}
