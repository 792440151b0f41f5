//! The racecraft decisions on hand-made traffic: who passes, on which side, who gives room.

use super::*;
use crate::ai::traffic::CarPlace;
use glam::Vec2;

/// Two 500 m straights joined by half circles of 30 m radius, driven +x first (the
/// turns are to the right: +z is right of +x); the line slows to 15 m/s over the last
/// 40 m of each straight and through each end.
fn oval() -> DrivingLine {
    let mut pts = Vec::new();
    let mut speeds = Vec::new();
    for (x0, dir, centre_a) in [(0.0, 1.0, -0.5), (500.0, -1.0, 0.5)] {
        for i in 0..50 {
            pts.push(Vec2::new(
                x0 + dir * i as f32 * 10.0,
                if dir > 0.0 { 0.0 } else { 60.0 },
            ));
            speeds.push(if i > 45 { 15.0 } else { 40.0 });
        }
        for i in 0..10 {
            let a = std::f32::consts::PI * (i as f32 / 10.0 + centre_a);
            let cx = if dir > 0.0 { 500.0 } else { 0.0 };
            pts.push(Vec2::new(cx + 30.0 * a.cos(), 30.0 + 30.0 * a.sin()));
            speeds.push(15.0);
        }
    }
    DrivingLine::new(pts, speeds).unwrap()
}

fn room(line: &DrivingLine, m: f32) -> LineRoom {
    let n = line.points().len();
    LineRoom::new(vec![m; n], vec![m; n]).unwrap()
}

fn craft() -> Racecraft {
    Racecraft::new(RacecraftSettings::default(), 1.8, 4.5)
}

/// Traffic around car 0 at `me` (s, offset, speed), the others numbered from 1.
fn traffic(me: (f32, f32, f32), others: &[(f32, f32, f32)], line: &DrivingLine) -> Traffic {
    let place = |id, (s_m, offset_m, speed_mps)| CarPlace {
        id,
        s_m,
        offset_m,
        speed_mps,
    };
    let mut t = Traffic::new(place(0, me));
    for (k, &o) in others.iter().enumerate() {
        t.see(place(k + 1, o), line.length_m());
    }
    t
}

/// Runs `ticks` of 1/60 s with the others where they are and this car at `me`, driving
/// exactly where it steers; the last plan.
fn run(
    c: &mut Racecraft,
    me: (f32, f32, f32),
    others: &[(f32, f32, f32)],
    (line, room): (&DrivingLine, &LineRoom),
    speed_scale: f32,
    ticks: usize,
) -> Plan {
    let mut offset = me.1;
    let mut plan = Plan::default();
    for _ in 0..ticks {
        let t = traffic((me.0, offset, me.2), others, line);
        plan = c.plan(&t, line, room, speed_scale, 0.0, 1.0 / 60.0);
        offset = plan.offset_m;
    }
    plan
}

#[test]
fn the_oval_turns_right_and_brakes_before_its_ends() {
    let line = oval();
    assert_eq!(corner_inside(&line, 470.0), -1.0);
    assert_eq!(corner_inside(&line, 100.0), 0.0);
    assert_eq!(braking_zone(&line, 400.0), Some(460.0));
    assert_eq!(braking_zone(&line, 100.0), None);
}

#[test]
fn a_follower_is_capped_to_keep_its_gap_and_a_clear_road_is_not() {
    let line = oval();
    let none = LineRoom::none();
    let mut c = craft();
    // 10 m behind a car at 20 m/s, itself at 30: wants 8 + 0.3·30 = 17 m, so aims at
    // 20 + 0.5·(10 − 17).
    let t = traffic((100.0, 0.0, 30.0), &[(110.0, 0.0, 20.0)], &line);
    let p = c.plan(&t, &line, &none, 1.0, 0.0, 1.0 / 60.0);
    assert!((p.speed_cap_mps - 16.5).abs() < 1e-4, "{p:?}");
    // The same car 4 m to the side is not in the path (3.7 m: side by side, 2.7 m, and
    // 0.1 m per m/s it is slower).
    let t = traffic((100.0, 0.0, 30.0), &[(110.0, 4.0, 20.0)], &line);
    let p = c.plan(&t, &line, &none, 1.0, 0.0, 1.0 / 60.0);
    assert_eq!(p.speed_cap_mps, f32::INFINITY);
}

#[test]
fn a_faster_car_passes_on_the_free_inside_and_comes_back_once_clear() {
    let line = oval();
    let room = room(&line, 4.0);
    let mut c = craft();
    // 20 m behind a slower car, on the straight 300 m before the right-hand end.
    let p = run(
        &mut c,
        (200.0, 0.0, 35.0),
        &[(220.0, 0.0, 25.0)],
        (&line, &room),
        1.0,
        250,
    );
    assert!(c.passing());
    assert!(
        (p.offset_m + 3.0).abs() < 1e-3,
        "beside it on the inside (right): {p:?}"
    );
    // The inside taken by a third car (running with this one): the outside.
    let mut c = craft();
    let p = run(
        &mut c,
        (200.0, 0.0, 35.0),
        &[(220.0, 0.0, 25.0), (210.0, -3.5, 35.0)],
        (&line, &room),
        1.0,
        250,
    );
    assert!((p.offset_m - 3.0).abs() < 1e-3, "the outside: {p:?}");
    // Just ahead of the passed car it does not cut across its nose...
    let p = run(
        &mut c,
        (200.0, p.offset_m, 35.0),
        &[(190.0, 0.0, 25.0)],
        (&line, &room),
        1.0,
        240,
    );
    assert!(!c.passing());
    assert!((p.offset_m - 2.7).abs() < 1e-3, "no nearer than side by side: {p:?}");
    // ...and once clear of it, goes back to the line.
    let p = run(
        &mut c,
        (200.0, p.offset_m, 35.0),
        &[(170.0, 0.0, 25.0)],
        (&line, &room),
        1.0,
        240,
    );
    assert!(p.offset_m.abs() < 0.05, "{p:?}");
}

#[test]
fn no_room_means_no_pass_and_a_small_edge_means_no_pass_either() {
    let line = oval();
    let me = (200.0, 0.0, 35.0);
    let ahead = [(220.0, 0.0, 25.0)];
    let mut c = craft();
    let p = run(&mut c, me, &ahead, (&line, &room(&line, 1.0)), 1.0, 250);
    assert!(!c.passing() && p.offset_m == 0.0, "{p:?}");
    // Not faster by the margin: the car ahead runs at 62.5 % of the line's 40 m/s, a
    // driver at 64 % is not 2.5 % faster: followed, not passed.
    let mut c = craft();
    let p = run(&mut c, me, &ahead, (&line, &room(&line, 4.0)), 0.64, 250);
    assert!(!c.passing() && p.offset_m == 0.0, "{p:?}");
    // Nor a pass started with a braking zone ahead: it could not be completed.
    let mut c = craft();
    let p = run(
        &mut c,
        (400.0, 0.0, 35.0),
        &[(420.0, 0.0, 25.0)],
        (&line, &room(&line, 4.0)),
        1.0,
        250,
    );
    assert!(!c.passing() && p.offset_m == 0.0, "{p:?}");
}

#[test]
fn a_car_alongside_is_given_room_and_the_outside_car_brakes_earlier() {
    let line = oval();
    let room = room(&line, 4.0);
    // Defending the inside (right) would move it 1.5 m; a car alongside there holds it.
    let mut c = craft();
    let p = run(
        &mut c,
        (400.0, 0.0, 35.0),
        &[(388.0, 0.0, 38.0), (399.0, -2.0, 35.0)],
        (&line, &room),
        1.0,
        120,
    );
    // 0.2 m body to body: it moves away to the squeeze clearance, and no farther.
    let clear = -2.0 + 1.8 + SQUEEZE_CLEARANCE_M;
    assert!(
        (p.offset_m - clear).abs() < 1e-4,
        "never toward the car alongside: {p:?}"
    );
    assert_eq!(p.preview_extra_s, OUTSIDE_BRAKE_EARLY_S, "{p:?}");
    // Without it the same car defends, and brakes as usual.
    let mut c = craft();
    let p = run(
        &mut c,
        (400.0, 0.0, 35.0),
        &[(388.0, 0.0, 38.0)],
        (&line, &room),
        1.0,
        120,
    );
    assert!((p.offset_m + DEFEND_OFFSET_M).abs() < 1e-3, "{p:?}");
    assert_eq!(p.preview_extra_s, 0.0);
}

#[test]
fn a_leader_defends_the_inside_once_before_a_braking_zone() {
    let line = oval();
    let room = room(&line, 4.0);
    let mut c = craft();
    let p = run(
        &mut c,
        (400.0, 0.0, 35.0),
        &[(388.0, 0.0, 38.0)],
        (&line, &room),
        1.0,
        120,
    );
    assert!((p.offset_m + DEFEND_OFFSET_M).abs() < 1e-3, "covers the inside: {p:?}");
    // Later in the same braking zone, still attacked: it holds, no second move.
    let p = run(
        &mut c,
        (430.0, p.offset_m, 30.0),
        &[(418.0, 0.0, 32.0)],
        (&line, &room),
        1.0,
        60,
    );
    assert!((p.offset_m + DEFEND_OFFSET_M).abs() < 1e-3, "{p:?}");
    // Past the corner it goes back to the line.
    let p = run(
        &mut c,
        (560.0, p.offset_m, 20.0),
        &[(548.0, 0.0, 22.0)],
        (&line, &room),
        1.0,
        300,
    );
    assert!(p.offset_m.abs() < 0.05, "{p:?}");
    // A rookie does not defend.
    let mut rookie = Racecraft::new(
        RacecraftSettings {
            defends: false,
            ..RacecraftSettings::default()
        },
        1.8,
        4.5,
    );
    assert_eq!(
        run(
            &mut rookie,
            (400.0, 0.0, 35.0),
            &[(388.0, 0.0, 38.0)],
            (&line, &room),
            1.0,
            120
        )
        .offset_m,
        0.0
    );
}

#[test]
fn a_car_rejoining_does_not_cut_across_a_car_coming_from_behind() {
    let line = oval();
    let room = room(&line, 4.0);
    let mut c = craft();
    c.rejoin_from(-4.0);
    // A car 20 m behind, on the line, faster: stay out of its lane.
    let p = run(
        &mut c,
        (200.0, -4.0, 5.0),
        &[(180.0, 0.0, 35.0)],
        (&line, &room),
        1.0,
        240,
    );
    assert!(p.offset_m <= -2.7 + 1e-4, "kept out of its lane: {p:?}");
    assert!(c.rejoining());
    // Gone: onto the line.
    let p = run(&mut c, (200.0, p.offset_m, 5.0), &[], (&line, &room), 1.0, 300);
    assert!(p.offset_m.abs() < 0.05 && !c.rejoining(), "{p:?}");
    // A car 20 m behind at its own pace is following it, not coming by: it rejoins (waiting
    // for it, the two ran at the rejoining speed for laps).
    let mut c = craft();
    c.rejoin_from(-4.0);
    let p = run(
        &mut c,
        (200.0, -4.0, 20.0),
        &[(180.0, 0.0, 20.5)],
        (&line, &room),
        1.0,
        300,
    );
    assert!(p.offset_m.abs() < 0.05 && !c.rejoining(), "{p:?}");
}

#[test]
fn a_car_off_the_track_rejoins_from_where_it_is() {
    let line = oval();
    let mut c = craft();
    let t = traffic((200.0, 6.0, 20.0), &[], &line);
    let p = c.plan(&t, &line, &room(&line, 4.0), 1.0, 0.0, 1.0 / 60.0);
    assert!(c.rejoining());
    // From its own place, one tick's lateral step (1.5 m/s) toward the line: steered at
    // the track's edge from metres beyond it, cars swung back across the field.
    assert!(
        (p.offset_m - (6.0 - 1.5 / 60.0)).abs() < 1e-4,
        "steers from where it is: {p:?}"
    );
    // A car alongside on the line: it holds its distance out, off the track, until the
    // car has gone by.
    let p = run(
        &mut c,
        (200.0, 6.0, 20.0),
        &[(201.0, 0.0, 20.0)],
        (&line, &room(&line, 4.0)),
        1.0,
        240,
    );
    assert!(
        p.offset_m >= 2.7 - 1e-4 && c.rejoining(),
        "kept out beyond the edge: {p:?}"
    );
    // Within the room, however far from where it steers: not off.
    let mut c = craft();
    let t = traffic((200.0, 3.0, 20.0), &[], &line);
    c.plan(&t, &line, &room(&line, 4.0), 1.0, 0.0, 1.0 / 60.0);
    assert!(!c.rejoining());
}

#[test]
fn behind_a_slower_car_on_a_straight_a_car_drafts_closer_and_pulls_out_once_close() {
    let line = oval();
    let room = room(&line, 6.0);
    // The car ahead at 36 m/s where the line runs 40: 90 % of the line's pace, slower than
    // this car's 100 % by more than its pass margin (watched for 4 s).
    let drafting = |s_m: f32, gap_m: f32| {
        let mut c = craft();
        let plan = run(
            &mut c,
            (s_m, 0.0, 36.0),
            &[(s_m + gap_m, 0.0, 36.0)],
            (&line, &room),
            1.0,
            240,
        );
        (plan, c.passing())
    };
    // 18 m behind on the straight, 360 m before its braking zone: following as close as
    // Gipps' speed with 8 m/s² and 0.1 s allows, −0.8 + √(0.8² + 36² + 2·8·11.5) = 37.7 m/s
    // (room 18 − 4.5 − 2 m), not yet pulled out (from 18 m it would not be alongside in time).
    let (plan, passing) = drafting(100.0, 18.0);
    assert!((plan.speed_cap_mps - 37.67).abs() < 0.05, "{plan:?}");
    assert!(!passing);
    // Near the braking zone (within 2.5 s): its usual time gap again, 8 + 0.3·36 = 18.8 m,
    // capped below the car ahead's speed to open it.
    let (plan, _) = drafting(380.0, 18.0);
    assert!(plan.speed_cap_mps < 36.0, "{plan:?}");
    // Close in the tow (16 m or less): it pulls out to pass.
    let (plan, passing) = drafting(100.0, 14.0);
    assert!(passing && plan.offset_m != 0.0, "{plan:?}");
}

#[test]
fn a_passer_moving_out_is_held_only_by_the_passed_cars_body_and_a_clearance() {
    let line = oval();
    let room = room(&line, 4.0);
    // 20 m behind a car 10 m/s slower: held 0.5 s, then out to the right at 1.5 m/s.
    let me = (200.0, 0.0, 35.0);
    let ahead = [(220.0, 0.0, 25.0)];
    let mut c = craft();
    // Half a metre out: still in its lane, capped behind it.
    let p = run(&mut c, me, &ahead, (&line, &room), 1.0, 50);
    assert!(c.passing() && p.speed_cap_mps.is_finite(), "{p:?}");
    // 2.4 m out: within the 2.7 m side by side and the 1 m berth of a car 10 m/s slower,
    // but clear of its body by more than [`PASS_CLEARANCE_M`]: no longer held behind it.
    let mut c = craft();
    let p = run(&mut c, me, &ahead, (&line, &room), 1.0, 138);
    assert!((p.offset_m + 2.4).abs() < 0.05, "{p:?}");
    assert_eq!(p.speed_cap_mps, f32::INFINITY, "{p:?}");
    // A car it is not passing, as close across, holds it behind.
    let t = traffic(
        (200.0, p.offset_m, 35.0),
        &[(220.0, 0.0, 25.0), (215.0, -4.8, 25.0)],
        &line,
    );
    let p = c.plan(&t, &line, &room, 1.0, 0.0, 1.0 / 60.0);
    assert!(p.speed_cap_mps.is_finite(), "{p:?}");
}

#[test]
fn a_pass_on_the_outside_is_given_up_farther_before_the_braking_zone() {
    let line = oval();
    let room = room(&line, 4.0);
    // A pass under way on the inside (right) of the end ahead, 10 m behind the car passed,
    // 80 m before the braking point: kept (given up only within 20 m).
    let mut c = craft();
    run(
        &mut c,
        (200.0, 0.0, 35.0),
        &[(220.0, 0.0, 25.0)],
        (&line, &room),
        1.0,
        250,
    );
    let p = run(
        &mut c,
        (380.0, -3.0, 35.0),
        &[(390.0, 0.0, 25.0)],
        (&line, &room),
        1.0,
        1,
    );
    assert!(c.passing(), "{p:?}");
    // The same on the outside (left, the inside taken by a third car when it began):
    // given up, to fall in behind while there is room to.
    let mut c = craft();
    let others = [(220.0, 0.0, 25.0), (210.0, -3.5, 35.0)];
    run(&mut c, (200.0, 0.0, 35.0), &others, (&line, &room), 1.0, 250);
    assert!(c.passing());
    let p = run(
        &mut c,
        (380.0, 3.0, 35.0),
        &[(390.0, 0.0, 25.0)],
        (&line, &room),
        1.0,
        1,
    );
    assert!(!c.passing(), "{p:?}");
}

#[test]
fn a_car_squeezed_at_the_edge_beside_one_ahead_drops_back_and_the_one_ahead_does_not() {
    let line = oval();
    let room = room(&line, 3.5);
    // At the right edge, 1.9 m from the car 5 m ahead: 0.1 m body to body and no room to
    // move away. It keeps to the room and aims 2.5 m/s under the other car (slow, where
    // following alone, 4.5 m short of its gap, would aim 2.25 m/s under).
    let mut c = craft();
    let p = run(
        &mut c,
        (200.0, -3.5, 5.0),
        &[(205.0, -1.6, 5.0)],
        (&line, &room),
        1.0,
        1,
    );
    assert_eq!(p.speed_cap_mps, 5.0 - SQUEEZE_DROP_BACK_MPS, "{p:?}");
    assert!(p.offset_m >= -3.5, "inside the room: {p:?}");
    assert_eq!(c.stance(), Stance::GivingRoom);
    // The same two the other way round: the squeezed car is ahead and keeps its pace.
    let mut c = craft();
    let p = run(
        &mut c,
        (205.0, -3.5, 5.0),
        &[(200.0, -1.6, 5.0)],
        (&line, &room),
        1.0,
        1,
    );
    assert_eq!(p.speed_cap_mps, f32::INFINITY, "{p:?}");
}

#[test]
fn a_car_giving_room_holds_where_it_will_be_with_its_wander() {
    let line = oval();
    let room = room(&line, 4.0);
    // Its wander (at the point it steers for) grows to 1 m while a car 2.1 m to its left is
    // alongside: the plan moves right by as much, so the car does not wander into it.
    let mut c = craft();
    let t = traffic((200.0, 0.5, 35.0), &[(199.0, 2.6, 35.0)], &line);
    let p = c.plan(&t, &line, &room, 1.0, 1.0, 1.0 / 60.0);
    assert!(p.offset_m < 0.0, "the plan gives back the wander: {p:?}");
    // Without the wander it holds its place.
    let mut c = craft();
    let t = traffic((200.0, 0.5, 35.0), &[(199.0, 2.6, 35.0)], &line);
    let p = c.plan(&t, &line, &room, 1.0, 0.0, 1.0 / 60.0);
    assert!(p.offset_m >= 0.0, "{p:?}");
}

#[test]
fn a_car_closing_on_one_in_the_next_lane_holds_its_lane_where_the_room_narrows() {
    let line = oval();
    // 8 m each side, but the left narrows to 1 m from 400 m on (the line's points are 10 m
    // apart along the first straight): 70 m ahead of the car, where it could come back
    // from its 5 m out only at 1.5 m/s across, so the room ahead asks it in toward 2.9 m.
    let n = line.points().len();
    let left: Vec<f32> = (0..n).map(|i| if (40..50).contains(&i) { 1.0 } else { 8.0 }).collect();
    let room = LineRoom::new(left, vec![8.0; n]).unwrap();
    // A car 10 m ahead at 30 m/s, 2.8 m to its right: at 40 m/s this one cannot stop behind
    // it (Gipps' safe speed there is 29 m/s), so moving in would put its nose into that
    // car's rear corner. It holds its lane (the car ahead's offset, a width and the side
    // clearance: 2.2 + 2.7 m) and brakes, rather than follow the narrowing onto it.
    let mut c = craft();
    c.offset_m = 5.0;
    let p = run(
        &mut c,
        (330.0, 5.0, 40.0),
        &[(340.0, 2.2, 30.0)],
        (&line, &room),
        1.0,
        30,
    );
    assert!(p.offset_m >= 2.2 + 1.8 + SIDE_CLEARANCE_M - 0.01, "{p:?}");
    assert!(p.speed_cap_mps < 30.0, "it brakes to fit behind: {p:?}");
    assert_eq!(c.stance(), Stance::GivingRoom);
    // With no car there it follows the room in.
    let mut c = craft();
    c.offset_m = 5.0;
    let p = run(&mut c, (330.0, 5.0, 40.0), &[], (&line, &room), 1.0, 30);
    assert!(p.offset_m < 4.5, "{p:?}");
}
