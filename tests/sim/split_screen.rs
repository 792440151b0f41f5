//! Several people in one world (split screen): each player's input drives their own car,
//! resets and restarts move only theirs, guests line up on the grid between the first
//! player and the opponents, and a replay of every player reproduces the race.

use crate::common::cli::{json, skidpad};
use crate::common::{coupe, flat, input, world};
use glam::{Vec2, Vec3};
use skidpad::sim::{SimWorld, TickInput, MAX_PLAYERS};

/// Where car `index` stands on the ground plane.
fn ground_xz(w: &SimWorld, index: usize) -> Vec2 {
    let p = w.car_body(index).translation();
    Vec2::new(p.x, p.z)
}

/// A coupe at the flat level's spawn and a guest's coupe 6 m to its left, both settled.
fn two_on_flat() -> (SimWorld, usize) {
    let car = coupe();
    let mut w = world(flat(), &car, 60);
    let spawn = w.car_body(0).translation();
    let guest = w.add_player(&car, spawn + Vec3::new(6.0, 0.0, 0.0), 0.0).unwrap();
    assert_eq!(guest, 1);
    for _ in 0..60 {
        w.step_players(&[input(0.0, 0.0, 1.0), input(0.0, 0.0, 1.0)]);
    }
    let guest_car = w.player_car_index(1).unwrap();
    (w, guest_car)
}

const BRAKE: f32 = 1.0;

#[test]
fn each_players_input_drives_their_own_car_only() {
    // Full throttle for 3 s from rest: the coupe reaches 100 km/h in about 6 s (its car
    // file), so at least 2.5 m/s² on average, 11 m in 3 s. A car held on its brakes moves
    // only as its suspension settles, well under 0.1 m.
    let (mut w, guest) = two_on_flat();
    let (first_at, guest_at) = (ground_xz(&w, 0), ground_xz(&w, guest));
    for _ in 0..180 {
        w.step_players(&[input(1.0, 0.0, 0.0), input(0.0, 0.0, BRAKE)]);
    }
    let first_went = ground_xz(&w, 0).distance(first_at);
    let guest_went = ground_xz(&w, guest).distance(guest_at);
    assert!(first_went > 11.0, "the first player's car went {first_went} m");
    assert!(guest_went < 0.1, "the braked guest's car went {guest_went} m");

    // And the other way round: the guest's throttle moves the guest's car.
    let (first_at, guest_at) = (ground_xz(&w, 0), ground_xz(&w, guest));
    for _ in 0..600 {
        w.step_players(&[input(0.0, 0.0, BRAKE), TickInput::default()]);
    }
    let first_at_rest = ground_xz(&w, 0);
    for _ in 0..180 {
        w.step_players(&[input(0.0, 0.0, BRAKE), input(1.0, 0.0, 0.0)]);
    }
    assert!(ground_xz(&w, guest).distance(guest_at) > 11.0);
    assert!(ground_xz(&w, 0).distance(first_at_rest) < 0.1);
    assert!(
        first_at_rest.distance(first_at) > 1.0,
        "the first car coasted, then braked"
    );
}

#[test]
fn a_guests_restart_puts_only_their_car_back() {
    let (mut w, guest) = two_on_flat();
    let guest_start = ground_xz(&w, guest);
    for _ in 0..180 {
        w.step_players(&[input(1.0, 0.0, 0.0), input(1.0, 0.3, 0.0)]);
    }
    for _ in 0..240 {
        w.step_players(&[input(0.0, 0.0, BRAKE), input(0.0, 0.0, BRAKE)]);
    }
    let first_before = ground_xz(&w, 0);
    assert!(ground_xz(&w, guest).distance(guest_start) > 10.0);
    let restart = TickInput {
        restart: true,
        ..input(0.0, 0.0, BRAKE)
    };
    w.step_players(&[input(0.0, 0.0, BRAKE), restart]);
    // Back where the guest was seated (settled 0.4 m up, within the settling's few cm).
    assert!(ground_xz(&w, guest).distance(guest_start) < 0.1);
    assert!(ground_xz(&w, 0).distance(first_before) < 0.01, "the first car moved");

    // The first player's restart goes to the level's spawn, and leaves the guest be.
    for _ in 0..60 {
        w.step_players(&[input(0.0, 0.0, BRAKE), input(0.0, 0.0, BRAKE)]);
    }
    let guest_before = ground_xz(&w, guest);
    let restart_first = TickInput {
        restart: true,
        ..input(0.0, 0.0, BRAKE)
    };
    w.step_players(&[restart_first, input(0.0, 0.0, BRAKE)]);
    assert!(ground_xz(&w, 0).distance(Vec2::new(0.0, -200.0)) < 0.1);
    assert!(ground_xz(&w, guest).distance(guest_before) < 0.01);
}

#[test]
fn the_world_seats_at_most_four_players() {
    let car = coupe();
    let mut w = world(flat(), &car, 60);
    for p in 1..MAX_PLAYERS {
        let at = Vec3::new(6.0 * p as f32, 0.3, -200.0);
        assert_eq!(w.add_player(&car, at, 0.0), Some(p));
    }
    let cars = w.cars().len();
    assert_eq!(w.add_player(&car, Vec3::new(30.0, 0.3, -200.0), 0.0), None);
    assert_eq!(w.cars().len(), cars, "a refused player adds no car");
    assert_eq!(w.player_count(), MAX_PLAYERS);
}

#[test]
fn one_player_steps_the_same_whichever_call() {
    // `step` is `step_players` with the one input; inputs past the players are unused.
    let car = coupe();
    let (mut a, mut b, mut c) = (
        world(flat(), &car, 60),
        world(flat(), &car, 60),
        world(flat(), &car, 60),
    );
    for t in 0..240 {
        let i = input(1.0, (t as f32 * 0.05).sin(), 0.0);
        a.step(&i);
        b.step_players(&[i]);
        c.step_players(&[i, input(0.0, 1.0, 1.0)]);
    }
    assert_eq!(a.state_hash(), b.state_hash());
    assert_eq!(a.state_hash(), c.state_hash());
}

#[test]
fn guests_line_up_behind_the_first_player_ahead_of_the_opponents() {
    use skidpad::app::{Guest, Race, Setup};
    use skidpad::content::{ContentRoot, PlatformProfile};
    let root = ContentRoot::Embedded;
    let mut setup = Setup::load(&root, "circuit", "coupe", PlatformProfile::load("desktop").unwrap()).unwrap();
    let car = setup.car.clone();
    setup.guests.push(Guest { car, paint: None });
    setup.add_opponents(&root, 2, "sedan").unwrap();
    let race = Race::headless(&setup);
    let w = &race.world;
    assert_eq!(w.player_count(), 2);
    let guest = w.player_car_index(1).unwrap();
    assert_eq!(guest, setup.first_opponent_car() - 1);
    // Grid slots are 10 m apart along the line (the circuit's grid is on its straight),
    // alternate slots 1.6 m either side: slot k is √((10k)² + 3.2²) or 10k m from pole.
    let pole = ground_xz(w, 0);
    let from_pole = |car: usize| ground_xz(w, car).distance(pole);
    let slot_m = |k: f32| (10.0 * k, (100.0 * k * k + 3.2 * 3.2_f32).sqrt());
    for (car, k) in [(guest, 1.0), (guest + 1, 2.0), (guest + 2, 3.0)] {
        let (near, far) = slot_m(k);
        let d = from_pole(car);
        assert!(
            d > near - 0.5 && d < far + 0.5,
            "car {car} is {d} m from pole, slot {k}"
        );
    }
}

#[test]
fn every_players_ai_laps_and_the_replay_reproduces_them() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("two.rpl");
    let file = file.to_str().unwrap();
    // 20 s of two AI-driven players among two opponents, recorded.
    let recorded = json(&skidpad(&[
        "run",
        "--level",
        "circuit",
        "--players",
        "2",
        "--guest-car",
        "sedan",
        "--ai",
        "2",
        "--ai-driver",
        "--ticks",
        "1200",
        "--record",
        file,
        "--json",
    ]));
    assert_eq!(recorded["ticks"], 1200);
    assert_eq!(recorded["guests"][0]["car"], "sedan");
    let replayed = json(&skidpad(&["run", "--replay", file, "--json"]));
    assert_eq!(replayed["replay_matches"], true);
    assert_eq!(replayed["state_hash"], recorded["state_hash"]);
    // The guest's inputs were recorded, not left out: without them the race differs.
    let alone = json(&skidpad(&[
        "run",
        "--level",
        "circuit",
        "--players",
        "2",
        "--guest-car",
        "sedan",
        "--ai",
        "2",
        "--ticks",
        "1200",
        "--json",
    ]));
    assert_ne!(alone["state_hash"], recorded["state_hash"]);
}

#[test]
fn more_than_four_players_a_challenge_and_a_guest_outside_the_cup_are_refused_by_name() {
    let o = skidpad(&["run", "--players", "5", "--ticks", "1"]);
    assert_eq!(o.status.code(), Some(2));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("--players"), "{err}");
    // A challenge is one player's: it says so rather than leave the guests out (a
    // championship seats them: tests/sim/championship.rs).
    let o = skidpad(&["run", "--mode", "challenge", "--players", "2", "--level", "slip"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("one player"));
    // A guest in a car the cup does not race is refused, naming the flag and the cars.
    let dir = tempfile::tempdir().unwrap();
    let o = skidpad(&[
        "run",
        "--mode",
        "championship",
        "--cup",
        "rookie",
        "--ai-driver",
        "--players",
        "2",
        "--guest-car",
        "sedan",
        "--save-dir",
        dir.path().to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(2));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("--guest-car") && err.contains("coupe"), "{err}");
}
