//! The reset input (issue 17, part 5): the car is put upright, at rest, at the nearest free
//! place behind where it was; on the circuit that is on the track facing the racing
//! direction, on a scenario level the nearest spawn or checkpoint; never inside another
//! car. The restart input puts it back at the level's start.
//!
//! Expected places come from the level's own data (the track's centre line and widths as
//! `track.csv` gives them, the spawns in `level.toml`), projected here by brute force over
//! the line's segments, independently of the game's code.

use glam::{Quat, Vec2, Vec3};
use skidpad::content::{load_level, ContentRoot, LoadedLevel};
use skidpad::sim::{SimWorld, TickInput, VehicleControl};
use skidpad::vehicle::CarDef;

fn car() -> CarDef {
    CarDef::load(&ContentRoot::Embedded, "coupe").unwrap()
}

fn level(name: &str) -> LoadedLevel {
    load_level(&ContentRoot::Embedded, name).unwrap()
}

fn reset() -> TickInput {
    TickInput {
        reset: true,
        ..Default::default()
    }
}

fn held() -> TickInput {
    TickInput {
        control: VehicleControl {
            brake: 1.0,
            ..Default::default()
        },
        ..Default::default()
    }
}

/// A point's place on the track: distance along the centre line, m, signed lateral offset
/// (+ left), m, the half width on that side, m, and the driving direction there.
struct OnTrack {
    s_m: f32,
    offset_m: f32,
    half_width_m: f32,
    dir: Vec2,
}

fn locate(level: &LoadedLevel, p: Vec2) -> OnTrack {
    let t = &level.level.track.as_ref().unwrap().track;
    let n = t.centre.len();
    let mut s0 = 0.0;
    let mut best: Option<(f32, OnTrack)> = None;
    for i in 0..n {
        let (a, b) = (t.centre[i], t.centre[(i + 1) % n]);
        let len = a.distance(b);
        let dir = (b - a) / len;
        let u = ((p - a).dot(dir)).clamp(0.0, len);
        let q = a + dir * u;
        let d = p.distance(q);
        // +X is left of +Z in the world's (x, z).
        let left = Vec2::new(dir.y, -dir.x);
        let offset = (p - q).dot(left);
        let half = if offset >= 0.0 {
            t.width_left_m[i]
        } else {
            t.width_right_m[i]
        };
        if best.as_ref().is_none_or(|(bd, _)| d < *bd) {
            best = Some((
                d,
                OnTrack {
                    s_m: s0 + u,
                    offset_m: offset,
                    half_width_m: half,
                    dir,
                },
            ));
        }
        s0 += len;
    }
    best.unwrap().1
}

fn xz(w: &SimWorld) -> Vec2 {
    let p = w.player_body().translation();
    Vec2::new(p.x, p.z)
}

fn forward(w: &SimWorld) -> Vec3 {
    *w.player_body().rotation() * Vec3::Z
}

fn up_y(w: &SimWorld) -> f32 {
    (*w.player_body().rotation() * Vec3::Y).y
}

/// The circuit with the coupe lying on its side 8 m beyond the left border of the track,
/// halfway round the lap, and where that is along the track.
fn off_track_on_the_circuit() -> (LoadedLevel, SimWorld, f32) {
    let level = level("circuit");
    let t = &level.level.track.as_ref().unwrap().track;
    let i = t.centre.len() / 2;
    let off = t.centre[i] + t.left(i) * (t.width_left_m[i] + 8.0);
    let mut w = SimWorld::new(&level, &car(), &[], 60);
    let y = w.ground_height_at(off.x, off.y).unwrap() + 1.0;
    w.teleport_player(
        Vec3::new(off.x, y, off.y),
        Quat::from_rotation_y(1.0) * Quat::from_rotation_z(std::f32::consts::FRAC_PI_2),
    );
    w.step(&held());
    let s = locate(&level, xz(&w)).s_m;
    (level, w, s)
}

#[test]
fn reset_on_the_circuit_lands_on_the_track_just_behind_upright_at_rest_facing_the_race() {
    let (level, mut w, s_before) = off_track_on_the_circuit();
    assert!(up_y(&w) < 0.3, "the set-up has the car on its side");
    let before = locate(&level, xz(&w));
    assert!(
        before.offset_m.abs() > before.half_width_m + 5.0,
        "the set-up is off the track"
    );

    w.step(&reset());
    let at = locate(&level, xz(&w));
    assert!(
        at.offset_m.abs() < at.half_width_m,
        "on the track: {:.2} m from the centre line, half width {:.2} m",
        at.offset_m,
        at.half_width_m
    );
    // Behind the car's projection, and by no more than the first step back (2 m) plus
    // one segment's worth of projection difference (the track's points are ~5 m apart).
    let behind_m = s_before - at.s_m;
    assert!(
        (0.0..8.0).contains(&behind_m),
        "{behind_m:.2} m behind the car's place on the track"
    );
    let f = forward(&w);
    let heading_err = Vec2::new(f.x, f.z).normalize().angle_to(at.dir).abs();
    assert!(
        heading_err < 10f32.to_radians(),
        "faces the racing direction within 10°: {:.1}°",
        heading_err.to_degrees()
    );
    assert!(up_y(&w) > 0.999, "upright: up.y = {}", up_y(&w));
    let v = w.player_body().linvel();
    // One tick of falling onto the suspension: g·dt = 0.16 m/s, nothing sideways.
    assert!(Vec2::new(v.x, v.z).length() < 0.05 && v.length() < 0.5, "at rest: {v}");

    // It stands on its wheels there: a second later it is still, upright, where it was put.
    let put = xz(&w);
    for _ in 0..60 {
        w.step(&held());
    }
    assert!(w.player_body().linvel().length() < 0.3, "{}", w.player_body().linvel());
    assert!(up_y(&w) > 0.99);
    assert!(xz(&w).distance(put) < 0.3, "settled {:.2} m away", xz(&w).distance(put));
    assert!(w.player().wheels().iter().all(|wh| wh.grounded), "all four wheels down");
}

#[test]
fn reset_steps_further_back_when_another_car_stands_there() {
    // Where the reset lands with the track clear ...
    let (_, mut clear, _) = off_track_on_the_circuit();
    clear.step(&reset());
    let taken = clear.player_body().translation();
    let heading = {
        let f = forward(&clear);
        f.x.atan2(f.z)
    };
    // ... is taken by a parked car in the same set-up.
    let (level, mut w, s_before) = off_track_on_the_circuit();
    w.add_car(&car(), taken + Vec3::Y * 0.1, heading);
    w.step(&reset());
    let p = w.player_body().translation();
    assert!(
        p.distance(taken) > 4.5,
        "not on the parked car: {:.2} m from it",
        p.distance(taken)
    );
    let at = locate(&level, Vec2::new(p.x, p.z));
    assert!(at.offset_m.abs() < at.half_width_m, "still on the track");
    let behind_m = s_before - at.s_m;
    assert!(
        (4.5..30.0).contains(&behind_m),
        "further back along the track: {behind_m:.2} m behind"
    );
    assert!(up_y(&w) > 0.999);
}

#[test]
fn reset_on_a_scenario_level_goes_to_the_nearest_spawn() {
    // The crash level: spawn "wall" at (0, -20), "stacks" at (25, -20), "parked" at
    // (-20, -20), its ai_line's points all 20 m or more from (3, -24).
    let level = level("crash");
    let mut w = SimWorld::new(&level, &car(), &[], 60);
    w.teleport_player(Vec3::new(3.0, 0.6, -24.0), Quat::from_rotation_y(2.0));
    w.step(&held());
    w.step(&reset());
    let p = xz(&w);
    assert!(p.distance(Vec2::new(0.0, -20.0)) < 0.05, "at the wall spawn: {p}");
    let f = forward(&w);
    assert!(f.z > 0.999, "facing the spawn's heading (+Z): {f}");
    assert!(up_y(&w) > 0.999);
}

#[test]
fn restart_goes_back_to_the_level_start() {
    let (level, mut w, _) = off_track_on_the_circuit();
    w.step(&TickInput {
        restart: true,
        reset: true,
        ..Default::default()
    });
    let start = level.level.player_spawn();
    let p = xz(&w);
    assert!(
        p.distance(Vec2::new(start.position_m.x, start.position_m.z)) < 0.05,
        "at the start: {p}"
    );
}
