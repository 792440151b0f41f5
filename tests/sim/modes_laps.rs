//! Lap and sector timing on a course built in code: a circle of 100 m radius driven at
//! 1 m per tick at 60 Hz, so a lap of length L takes L/60 s and each crossing's time is
//! known exactly (the expected values below are that arithmetic). The course's lines are
//! at 0, L/3 and 2L/3 along it.

use glam::Vec2;
use skidpad::modes::{Course, LapTracker, RaceRules, Start};

const RATE_HZ: u32 = 60;

fn circle() -> Course {
    let n = 128;
    let pts = (0..n)
        .map(|i| {
            let a = i as f32 / n as f32 * std::f32::consts::TAU;
            Vec2::new(a.cos(), a.sin()) * 100.0
        })
        .collect();
    Course::new(pts, &[]).expect("a circle is a course")
}

/// Drives `tracker` along `path` (positions one tick apart) from tick `from` on; returns
/// the ticks (world counts) on which laps completed and the next tick.
fn drive(course: &Course, t: &mut LapTracker, path: &[Vec2], from: u64) -> (Vec<u64>, u64) {
    let mut laps = Vec::new();
    let mut tick = from;
    for p in path {
        tick += 1;
        if t.update(course, *p, tick).is_some() {
            laps.push(tick);
        }
    }
    (laps, tick)
}

/// Points along the course from `s0` to `s1` (either direction), 1 m apart.
fn along(c: &Course, s0: f32, s1: f32) -> Vec<Vec2> {
    let n = (s1 - s0).abs().round() as usize;
    (1..=n)
        .map(|i| c.point_at(s0 + (s1 - s0) * i as f32 / n as f32))
        .collect()
}

#[test]
fn a_rolling_start_times_laps_and_sectors_from_the_line() {
    let c = circle();
    let l = c.length_m();
    let mut t = LapTracker::new(&c, Start::Rolling, c.point_at(-0.25 * l), RATE_HZ, 4);
    let (laps, _) = drive(&c, &mut t, &along(&c, -0.25 * l, 1.9 * l), 0);
    assert_eq!(laps.len(), 1, "the out-lap arms the clock; one full lap then: {laps:?}");
    let lap = t.best_lap().unwrap();
    // 1 m per tick: L metres take L ticks, L/60 s; the chords between the path's points
    // are shorter than the arc by under 0.1 %.
    let expected = l as f64 / RATE_HZ as f64;
    assert!(
        (lap.lap_s - expected).abs() < 0.002 * expected,
        "{} vs {expected}",
        lap.lap_s
    );
    for k in 0..3 {
        let want = expected * (k + 1) as f64 / 3.0;
        assert!(
            (lap.splits_s[k] - want).abs() < 0.01,
            "split {k}: {} vs {want}",
            lap.splits_s[k]
        );
    }
    assert_eq!(
        t.current_splits_s().count(),
        2,
        "0.9 L into lap 2: both sector lines passed"
    );
    assert!(t.split_delta_s(0).unwrap().abs() < 0.02, "same pace, same split");
}

#[test]
fn a_car_wiggling_across_the_line_scores_one_lap() {
    let c = circle();
    let l = c.length_m();
    let mut t = LapTracker::new(&c, Start::Rolling, c.point_at(-10.0), RATE_HZ, 8);
    let (mut laps, mut tick) = drive(&c, &mut t, &along(&c, -10.0, l + 2.0), 0);
    assert_eq!(laps.len(), 1);
    // Back and forth across the line ten times, 4 m each way.
    for _ in 0..10 {
        let (a, t1) = drive(&c, &mut t, &along(&c, l + 2.0, l - 2.0), tick);
        let (b, t2) = drive(&c, &mut t, &along(&c, l - 2.0, l + 2.0), t1);
        laps.extend(a.into_iter().chain(b));
        tick = t2;
    }
    assert_eq!(laps.len(), 1, "wiggling across the line is not a lap: {laps:?}");
    assert_eq!(t.laps_done(), 1);
    // And the next real lap still counts.
    let (more, _) = drive(&c, &mut t, &along(&c, l + 2.0, 2.0 * l + 5.0), tick);
    assert_eq!(more.len(), 1);
}

#[test]
fn cutting_the_course_past_a_sector_line_does_not_count_a_lap() {
    let c = circle();
    let l = c.length_m();
    let mut t = LapTracker::new(&c, Start::Rolling, c.point_at(-5.0), RATE_HZ, 8);
    let (_, tick) = drive(&c, &mut t, &along(&c, -5.0, l / 6.0), 0);
    // Straight across the middle of the circle to the far side, past the first sector line.
    let (a, b) = (c.point_at(l / 6.0), c.point_at(l / 6.0 + l / 2.0));
    let cut: Vec<Vec2> = (1..=200).map(|i| a.lerp(b, i as f32 / 200.0)).collect();
    let (laps, tick) = drive(&c, &mut t, &cut, tick);
    assert!(laps.is_empty());
    let (laps, tick) = drive(&c, &mut t, &along(&c, 2.0 * l / 3.0, l + 5.0), tick);
    assert!(laps.is_empty(), "the line after a cut is not a lap: {laps:?}");
    assert_eq!(t.laps_done(), 0);
    // Back on the course, the sector lines passed in order, the line then ends the lap.
    let (laps, _) = drive(&c, &mut t, &along(&c, 5.0, l + 5.0), tick);
    assert_eq!(laps.len(), 1, "sectors in order then the line: a lap");
}

#[test]
fn driving_the_course_backwards_never_scores() {
    let c = circle();
    let l = c.length_m();
    let mut t = LapTracker::new(&c, Start::Rolling, c.point_at(10.0), RATE_HZ, 8);
    let (laps, _) = drive(&c, &mut t, &along(&c, 10.0, -3.0 * l), 0);
    assert!(laps.is_empty(), "{laps:?}");
}

#[test]
fn a_standing_start_times_the_first_lap_from_the_go() {
    let c = circle();
    let l = c.length_m();
    // On the grid 20 m behind the line: the first lap is the run-up plus a full lap.
    let mut t = LapTracker::new(&c, Start::Standing, c.point_at(-20.0), RATE_HZ, 4);
    let (laps, _) = drive(&c, &mut t, &along(&c, -20.0, l + 10.0), 0);
    assert_eq!(laps.len(), 1);
    let want = (l as f64 + 20.0) / RATE_HZ as f64;
    let got = t.best_lap().unwrap().lap_s;
    assert!((got - want).abs() < 0.002 * want, "{got} vs {want}");
}

#[test]
fn a_race_orders_the_field_and_finishes_it() {
    let c = circle();
    let l = c.length_m();
    // Two cars from the same spot behind the line; car 1 is 10 % faster.
    let start = c.point_at(-5.0);
    let mut race = RaceRules::new(c.clone(), 2, &[start, start], RATE_HZ);
    let mut held = 0;
    while race.hold() {
        held += 1;
    }
    assert_eq!(held, 3 * RATE_HZ, "3-2-1 at 60 Hz");
    let mut tick = 0;
    while !race.all_finished() && tick < 10_000 {
        tick += 1;
        let s0 = -5.0 + tick as f32;
        let s1 = -5.0 + 1.1 * tick as f32;
        race.after_tick([c.point_at(s0), c.point_at(s1)].into_iter(), tick);
        if tick == 100 {
            assert_eq!(race.order(), &[1, 0], "the faster car leads");
            let gap = race.gap_s(1, 0).expect("both passed the line");
            assert!(gap > 0.0, "{gap}");
        }
    }
    assert!(race.all_finished());
    let table = race.results(&["slow", "fast"]);
    assert_eq!(table[0].car, "fast");
    assert_eq!((table[0].position, table[1].position), (1, 2));
    let (t0, t1) = (table[0].total_time_s.unwrap(), table[1].total_time_s.unwrap());
    // Two laps and the 5 m run-up: (2L + 5)/60 s at 1 m per tick, /1.1 for the faster.
    let slow = (2.0 * l as f64 + 5.0) / RATE_HZ as f64;
    assert!((t1 - slow).abs() < 0.002 * slow, "{t1} vs {slow}");
    assert!((t0 - slow / 1.1).abs() < 0.002 * slow, "{t0} vs {}", slow / 1.1);
    assert!((table[1].gap_ahead_s.unwrap() - (t1 - t0)).abs() < 0.05);
    assert!(table.iter().all(|r| r.laps == 2 && r.best_lap_s.is_some()));
}

/// Right after a pass the last gate both cars crossed still has them the other way round:
/// the gaps wait for the next gate rather than read as the pass undone (a gap ahead
/// behind the car in front).
#[test]
fn right_after_a_pass_the_gaps_wait_for_a_gate_in_the_new_order() {
    let c = circle();
    let start = c.point_at(-5.0);
    let mut race = RaceRules::new(c.clone(), 2, &[start, start], RATE_HZ);
    while race.hold() {}
    // Car 0 leads at 1 m a tick; car 1 follows at 0.9 and then passes at 3 m a tick.
    let (mut s0, mut s1) = (-5.0f32, -5.0f32);
    let mut passed_at = None;
    for tick in 1..4_000u64 {
        s0 += 1.0;
        s1 += if tick < 300 { 0.9 } else { 3.0 };
        race.after_tick([c.point_at(s0), c.point_at(s1)].into_iter(), tick);
        if passed_at.is_none() && race.order() == [1, 0] {
            passed_at = Some(tick);
            // The pass has just happened: the gate both last crossed has car 0 first.
            let (ahead, _) = race.gaps_around(2);
            let (_, behind) = race.gaps_around(1);
            assert_eq!((ahead, behind), (None, None), "no gap of the wrong sign at tick {tick}");
        }
        if let Some(p) = passed_at {
            for (a, b) in [race.gaps_around(1), race.gaps_around(2)] {
                assert!(
                    a.is_none_or(|g| g >= 0.0) && b.is_none_or(|g| g >= 0.0),
                    "tick {tick} (pass at {p})"
                );
            }
        }
    }
    let p = passed_at.expect("car 1 passed");
    assert!(
        race.gaps_around(2).0.is_some_and(|g| g > 0.0),
        "a gate later, the gap shows (pass at {p})"
    );
}

/// A race that ends with cars still running (the player's flag, or the player retiring)
/// classifies them at the pace they kept: a car at 1 m a tick, halfway through a two-lap
/// race after a 5 m run-up, is projected to finish at twice the time it has taken.
#[test]
fn a_car_still_running_is_projected_to_finish_at_the_pace_it_kept() {
    let c = circle();
    let l = c.length_m();
    let start = c.point_at(-5.0);
    let mut race = RaceRules::new(c.clone(), 2, &[start, start], RATE_HZ);
    while race.hold() {}
    assert_eq!(
        race.projected_finish_s(0, 0.0),
        None,
        "on the grid: nothing to project from"
    );
    // Car 0 at 1 m a tick, car 1 at 2 m a tick, until car 1 has finished.
    let mut tick = 0;
    while !race.finished(1) {
        tick += 1;
        race.after_tick(
            [c.point_at(-5.0 + tick as f32), c.point_at(-5.0 + 2.0 * tick as f32)].into_iter(),
            tick,
        );
    }
    let now_s = tick as f64 / RATE_HZ as f64;
    let finisher = race.results(&["a", "b"])[0].total_time_s.unwrap();
    assert_eq!(
        race.projected_finish_s(1, now_s),
        Some(finisher),
        "a finisher keeps its own time"
    );
    // Car 0 covered about (2L + 5) / 2 - 5 m of the 2L race in `now_s`: at that speed it
    // finishes at now_s * 2L / covered.
    let covered = -5.0 + tick as f64;
    let want = now_s * 2.0 * l as f64 / covered;
    let got = race.projected_finish_s(0, now_s).unwrap();
    assert!((got - want).abs() < 0.01 * want, "{got} vs {want}");
    assert!(got > finisher, "the slower car is classified behind");
}

#[test]
fn a_course_takes_its_sector_lines_from_the_level_or_refuses_them() {
    let n = 128;
    let pts: Vec<Vec2> = (0..n)
        .map(|i| {
            let a = i as f32 / n as f32 * std::f32::consts::TAU;
            Vec2::new(a.cos(), a.sin()) * 100.0
        })
        .collect();
    let c = Course::new(pts.clone(), &[0.25, 0.5]).unwrap();
    assert_eq!(c.sectors(), 3);
    assert!((c.gate_m(1) - 0.25 * c.length_m()).abs() < 1e-3);
    assert!((c.gate_m(2) - 0.5 * c.length_m()).abs() < 1e-3);
    assert_eq!(c.gate_m(3), 0.0, "the last gate is the finish line");
    assert!(Course::new(pts.clone(), &[0.5, 0.25]).is_none(), "not rising");
    assert!(Course::new(pts.clone(), &[1.0]).is_none(), "the line itself");
    assert!(Course::new(pts, &[0.1; 8]).is_none(), "too many");
}

/// A level file's `[track] sectors` out of order is bad input naming the field.
#[test]
fn track_sectors_out_of_order_are_refused_on_load() {
    let dir = tempfile::tempdir().unwrap();
    let csv: String = (0..16)
        .map(|i| {
            let a = i as f64 / 16.0 * std::f64::consts::TAU;
            format!("{:.3},{:.3},6,6\n", 80.0 * a.cos(), 80.0 * a.sin())
        })
        .collect();
    std::fs::write(
        dir.path().join("track.csv"),
        format!("# x_m,y_m,w_tr_right_m,w_tr_left_m\n{csv}"),
    )
    .unwrap();
    let toml = |sectors: &str| {
        format!(
            "description = \"a ring\"\n[terrain]\nsize_m = [400, 400]\nmaterial = \"grass\"\n\
             [track]\ncenterline = \"track.csv\"\nsectors = {sectors}\n\
             [[spawns]]\nname = \"start\"\nposition_m = [-80.0, 0.6, 0.0]\n"
        )
    };
    let level = dir.path().join("level.toml");
    std::fs::write(&level, toml("[0.6, 0.3]")).unwrap();
    let o = std::process::Command::new(env!("CARGO_BIN_EXE_skidpad"))
        .args(["run", "--level", level.to_str().unwrap(), "--ticks", "1"])
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(err.contains("track.sectors[1]"), "{err}");
    std::fs::write(&level, toml("[0.6]")).unwrap();
    let o = std::process::Command::new(env!("CARGO_BIN_EXE_skidpad"))
        .args(["run", "--level", level.to_str().unwrap(), "--ticks", "1"])
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
}

#[test]
fn a_standing_start_ahead_of_the_line_makes_a_short_first_lap_that_is_never_best() {
    let c = circle();
    let l = c.length_m();
    // Standing 50 m past the line: lap 1 is L − 50 m long.
    let mut t = LapTracker::new(&c, Start::Standing, c.point_at(50.0), RATE_HZ, 4);
    let (laps, _) = drive(&c, &mut t, &along(&c, 50.0, 2.0 * l + 10.0), 0);
    assert_eq!(laps.len(), 2);
    let (first, second) = (t.laps()[0], t.laps()[1]);
    assert!(!first.full && second.full);
    let short = (l as f64 - 50.0) / RATE_HZ as f64;
    assert!(
        (first.lap_s - short).abs() < 0.002 * short,
        "{} vs {short}",
        first.lap_s
    );
    assert_eq!(t.best_lap(), Some(second), "the short lap is faster but not a best lap");
}
