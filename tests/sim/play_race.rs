//! The race as `skidpad play` drives it (`app::game_mode::race::RaceMode` over a `Session`, the
//! play loop's own pieces without the window): three AI opponents (pro) and a player who
//! stays on the grid, one lap of the proving ground's loop. The countdown holds the world
//! before the go; the results table has every car once, the finishers in the order of
//! their times and the player, not finished, last.

use skidpad::ai::AiDifficulty;
use skidpad::app::game_mode::race::RaceMode;
use skidpad::app::GameMode;
use skidpad::app::{Session, Setup};
use skidpad::content::{ContentRoot, PlatformProfile};
use skidpad::sim::TickInput;

#[test]
fn a_race_holds_for_its_countdown_and_ends_in_a_table_ordered_by_time() {
    let root = ContentRoot::Embedded;
    let mut setup = Setup::load(
        &root,
        "proving_ground",
        "coupe",
        PlatformProfile::load("desktop").unwrap(),
    )
    .unwrap();
    setup.add_opponents(&root, 3, "sedan").unwrap();
    setup.ai_difficulty = AiDifficulty::Pro;
    let rate = setup.profile.loop_config.tick_rate_hz;
    let mut session = Session::start(&setup);
    let mut race = RaceMode::new(&setup, session.world(), 1).unwrap();
    assert_eq!(race.board().countdown, Some(3));
    assert_eq!(race.board().cars, 4, "the player and three opponents");

    // 3-2-1: exactly three seconds of ticks are held (the rules' COUNTDOWN_S), then go.
    // A beep at each number as it shows, a higher one once at the go (440 and 880 Hz).
    let mut held = 0;
    let mut beeps = Vec::new();
    loop {
        let hold = race.hold();
        beeps.extend(race.beep_hz());
        if !hold {
            break;
        }
        held += 1;
    }
    assert_eq!(held, 3 * rate);
    assert_eq!(beeps, [440.0, 440.0, 440.0, 880.0]);
    assert_eq!(race.beep_hz(), None, "the go beeps once");
    assert_eq!(race.board().countdown, None);

    // The AI's loop lap is about 40 s in the sedan (the proving ground's ai_line speed):
    // two minutes is room enough for all three to finish.
    let idle = TickInput::default();
    for _ in 0..120 * rate {
        session.tick(&idle);
        race.after_tick(session.world(), &idle, &[]);
        if (1..4).all(|c| race.rules().finished(c)) {
            break;
        }
    }
    assert!(
        (1..4).all(|c| race.rules().finished(c)),
        "every opponent finished its lap"
    );
    assert!(!race.finished(), "the player never left the grid");

    let names = ["coupe", "sedan", "sedan", "sedan"];
    let table = race.rules().results(&names);
    let mut cars: Vec<usize> = table.iter().map(|r| r.car_index).collect();
    cars.sort_unstable();
    assert_eq!(cars, [0, 1, 2, 3], "every car once");
    let times: Vec<f64> = table[..3].iter().map(|r| r.total_time_s.unwrap()).collect();
    assert!(times.windows(2).all(|w| w[0] <= w[1]), "finishers by time: {times:?}");
    // A lap, not a crossing of the line at the start: about the loop's 40 s (measured
    // 37.2, 38.5 and 39.9 s), well over what a car covers in half of it.
    assert!(times.iter().all(|t| (30.0..50.0).contains(t)), "{times:?}");
    assert_eq!(table[3].car_index, 0, "the unfinished player last");
    assert_eq!(table[3].total_time_s, None);
    let board = race.board();
    assert_eq!((board.position, board.lap, board.laps), (4, 1, 1));
}
