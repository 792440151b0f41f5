//! The championship's pages: the cup page, continuing a saved season, a round's results
//! leading to the standings and the next round, and retiring from a round.

use super::*;

#[test]
fn the_championship_page_chooses_a_cup_its_car_and_the_grid_then_starts_a_season() {
    use NavAction::*;
    let mut fe = FrontEnd::main_menu(Settings::default(), catalog());
    let Page::Main(menu) = fe.page() else { panic!() };
    let rows: Vec<&str> = menu.items().iter().map(|i| i.label.as_str()).collect();
    assert_eq!(
        rows,
        [
            "Free drive",
            "Time trial",
            "Race",
            "Championship",
            "Challenges",
            "Options",
            "Credits",
            "Quit"
        ],
        "no season saved: no Continue"
    );
    nav(&mut fe, &[Down, Down, Down, Accept]);
    assert!(matches!(fe.page(), Page::Cup(_)), "{:?}", fe.page().name());
    assert_eq!(fe.choice().mode, Mode::Championship);
    // The second cup offers only its own car; the grid reversed; Start season.
    nav(&mut fe, &[Right]);
    let Page::Cup(menu) = fe.page() else { panic!() };
    assert_eq!(menu.items()[1].value_text(), "sedan");
    let out = nav(&mut fe, &[Down, Down, Right, Down, Down, Accept]);
    assert_eq!(
        out,
        Outcome::StartSeason(SeasonChoice {
            cup: "saloon".into(),
            car: "sedan".into(),
            grid_order: crate::modes::championship::GridOrder::Reversed,
            party: Party::solo(InputDevice::Keyboard),
        })
    );
    // Back on the first cup, its second car.
    let mut fe = FrontEnd::main_menu(Settings::default(), catalog());
    nav(&mut fe, &[Down, Down, Down, Accept, Down, Right]);
    let out = nav(&mut fe, &[Down, Down, Down, Accept]);
    let Outcome::StartSeason(c) = out else {
        panic!("{out:?}")
    };
    assert_eq!((c.cup.as_str(), c.car.as_str()), ("rookie", "sedan"));
    // Without cups there is no championship row.
    let mut bare = catalog();
    bare.cups.clear();
    let fe = FrontEnd::main_menu(Settings::default(), bare);
    let Page::Main(menu) = fe.page() else { panic!() };
    assert!(!menu.items().iter().any(|i| i.label == "Championship"));
}

/// `pad` asks to join and is seated (the poll after it passes with no seated pad pressing).
fn join(fe: &mut FrontEnd, pad: usize) {
    let seats = &mut fe.party_mut().seats;
    seats.ask_to_join(InputDevice::Pad(skidpad_platform::PadId(pad)), PadButton::South);
    seats.end_poll(&mut Vec::new());
    seats.end_poll(&mut Vec::new());
    fe.seat_new_guests();
}

#[test]
fn friends_join_on_the_championship_page_and_choose_among_the_cups_cars() {
    use NavAction::*;
    let mut fe = FrontEnd::main_menu(Settings::default(), catalog());
    nav(&mut fe, &[Down, Down, Down, Accept]);
    assert!(fe.party_open(), "the championship page seats friends");
    join(&mut fe, 1);
    assert_eq!(fe.party().guests[0].car, "coupe", "the rookie cup's first car");
    // A guest's ◀ ▶ go through the cup's cars only: coupe, sedan.
    fe.apply_guest(0, Pressed::Nav(Right));
    assert_eq!(fe.party().guests[0].car, "sedan");
    fe.apply_guest(0, Pressed::Nav(Right));
    assert_eq!(
        fe.party().guests[0].car,
        "coupe",
        "and wrap: the electric is no rookie's"
    );
    // The cup row to the saloon series, which races no coupe: the guest takes its sedan.
    nav(&mut fe, &[Right]);
    assert_eq!(fe.party().guests[0].car, "sedan");
    let out = nav(&mut fe, &[Down, Down, Down, Down, Accept]);
    let Outcome::StartSeason(c) = out else {
        panic!("{out:?}")
    };
    assert_eq!(c.party.players(), 2, "the season starts with both");
    let guests = c.party.season_guests();
    assert_eq!((guests[0].name.as_str(), guests[0].car.as_str()), ("Player 2", "sedan"));
    assert_eq!(guests[0].paint, Some(c.party.guests[0].paint));
}

#[test]
fn a_shared_season_continued_seats_its_people_again_in_the_cars_it_keeps() {
    use NavAction::*;
    let kept = |car: &str, paint| GuestChoice {
        car: car.into(),
        paint,
        assists: AssistPreset::default(),
    };
    let page = StandingsPage {
        title: "Rookie Cup".into(),
        lines: vec!["After round 1 of 3".into()],
        table: crate::app::hud::Table {
            columns: Vec::new(),
            rows: Vec::new(),
        },
        next_round: Some("Next round".into()),
        trophy: None,
    };
    let mut fe = FrontEnd::standings(Settings::default(), page.clone())
        .with_season_guests(InputDevice::Keyboard, vec![kept("sedan", 4)]);
    assert!(fe.party_open() && !fe.guests_choose_cars());
    assert_eq!(fe.season_party().map(Party::players), Some(1), "nobody seated yet");
    join(&mut fe, 2);
    join(&mut fe, 3);
    assert_eq!(fe.party().players(), 2, "no more seats than the season has people");
    assert_eq!(fe.party().guests[0], kept("sedan", 4), "the season's car and paint");
    // The car and paint stay the season's; the assists are the guest's to choose.
    assert_eq!(fe.apply_guest(0, Pressed::Nav(Right)), Outcome::Nothing);
    fe.apply_guest(0, Pressed::Nav(Down));
    fe.apply_guest(0, Pressed::Key(Key::Tab, None));
    let guest = &fe.party().guests[0];
    assert_eq!((guest.car.as_str(), guest.paint), ("sedan", 4));
    assert_eq!(guest.assists, AssistPreset::BrakesAndTraction);
    assert_eq!(nav(&mut fe, &[Accept]), Outcome::NextRound);
    assert_eq!(fe.season_party().map(Party::players), Some(2));
    // A season of one opens nothing.
    let solo = FrontEnd::standings(Settings::default(), page);
    assert!(!solo.party_open() && solo.season_party().is_none());
}

#[test]
fn a_saved_season_is_continued_from_the_first_row_of_the_main_menu() {
    use NavAction::*;
    let with_season = || {
        let mut c = catalog();
        c.season = Some(SavedSeason {
            title: "Rookie Cup".into(),
            rounds_done: 1,
            rounds_total: 3,
            position: 2,
        });
        c
    };
    let mut fe = FrontEnd::main_menu(Settings::default(), with_season());
    let Page::Main(menu) = fe.page() else { panic!() };
    assert_eq!(menu.items()[0].label, "Continue championship");
    assert_eq!(menu.focus(), 0, "focused first");
    assert_eq!(nav(&mut fe, &[Accept]), Outcome::ContinueSeason);
    // The rows below still do what they did: Options is now sixth.
    let mut fe = FrontEnd::main_menu(Settings::default(), with_season());
    nav(&mut fe, &[Down, Down, Down, Down, Down, Down, Accept]);
    assert!(matches!(fe.page(), Page::Options(_)));
}

/// A round's results and the standings after it, as `ChampionshipMode` hands them over.
fn round_results(next_round: Option<&str>) -> ModeResults {
    use crate::app::hud::{Cell, Column, Table, TableRow};
    let table = Table {
        columns: vec![Column::right("Pos"), Column::fill("Driver"), Column::right("Pts")],
        rows: vec![TableRow {
            cells: vec![Cell::text("1"), Cell::text("Ana"), Cell::Count { from: 18, to: 43 }],
            lit: true,
            from_row: Some(1),
        }],
    };
    ModeResults {
        lines: vec!["Rookie Cup: round 2 of 3".into()],
        table: Some(table.clone()),
        next_label: None,
        standings: Some(StandingsPage {
            title: "Rookie Cup".into(),
            lines: vec!["After round 2 of 3".into()],
            table,
            next_round: next_round.map(str::to_string),
            trophy: None,
        }),
    }
}

#[test]
fn a_rounds_results_lead_to_the_standings_which_move_then_race_the_next_round() {
    use NavAction::*;
    let mut fe = FrontEnd::results(Settings::default(), round_results(Some("Next round: Monza")), None);
    let Page::Results(menu) = fe.page() else { panic!() };
    let rows: Vec<&str> = menu.items().iter().map(|i| i.label.as_str()).collect();
    assert_eq!(rows, ["Standings", "Main menu"], "the round is counted: no Retry");
    assert_eq!(nav(&mut fe, &[Accept]), Outcome::Accepted);
    assert!(matches!(fe.page(), Page::Standings(_)));
    assert_eq!(fe.page().name(), "standings");
    // The rows hold, the points count up, then the rows move.
    assert_eq!(fe.standings_progress(), TableMotion { count: 0.0, rows: 0.0 });
    fe.advance(0.4 + 0.4);
    let halfway = fe.standings_progress();
    assert!((halfway.count - 0.5).abs() < 1e-4 && halfway.rows == 0.0, "{halfway:?}");
    fe.advance(0.4 + 0.3);
    let moving = fe.standings_progress();
    assert!(moving.count == 1.0 && (moving.rows - 0.5).abs() < 1e-4, "{moving:?}");
    // A press while they move settles them and does nothing else.
    assert_eq!(nav(&mut fe, &[Down]), Outcome::Accepted);
    assert!(fe.standings_progress().done());
    let Page::Standings(menu) = fe.page() else { panic!() };
    assert_eq!(menu.focus(), 0, "the settling press did not move the focus");
    assert_eq!(nav(&mut fe, &[Accept]), Outcome::NextRound);
    assert_eq!(nav(&mut fe, &[Down, Accept]), Outcome::QuitToMenu);
    // Back from the standings returns to the round's results, settled.
    assert_eq!(fe.apply(Pressed::Nav(Back)), Outcome::Accepted);
    assert!(matches!(fe.page(), Page::Results(_)));
    // After the last round: Main menu only.
    let mut last = FrontEnd::results(Settings::default(), round_results(None), None);
    nav(&mut last, &[Accept]);
    last.advance(5.0);
    let Page::Standings(menu) = last.page() else { panic!() };
    assert_eq!(menu.items().len(), 1);
    assert_eq!(nav(&mut last, &[Accept]), Outcome::QuitToMenu);
    // A season continued from the menu opens on its standings, settled.
    let page = round_results(Some("Next round: Monza")).standings.unwrap();
    let mut cont = FrontEnd::standings(Settings::default(), page);
    assert!(cont.standings_progress().done());
    assert_eq!(nav(&mut cont, &[Accept]), Outcome::NextRound);
    assert_eq!(cont.apply(Pressed::Nav(Back)), Outcome::QuitToMenu);
}

#[test]
fn a_championship_round_is_retired_only_when_asked_twice() {
    use NavAction::*;
    let mut fe = FrontEnd::pause(Settings::default(), Some("Retire"), Vec::new());
    let Page::Pause(menu) = fe.page() else { panic!() };
    assert_eq!(menu.items()[2].label, "Retire", "after Restart, as Finish is");
    // Retire asks first, No focused: a stray press goes back to the pause menu.
    assert_eq!(nav(&mut fe, &[Down, Down, Accept]), Outcome::Accepted);
    assert!(matches!(fe.page(), Page::Confirm(_, Question::Retire)));
    assert_eq!(nav(&mut fe, &[Accept]), Outcome::Accepted);
    assert!(matches!(fe.page(), Page::Pause(_)));
    // Yes, retire: the run ends for its results.
    assert_eq!(nav(&mut fe, &[Accept, Down, Accept]), Outcome::Finish);
    // Back from the question is No.
    let mut fe = FrontEnd::pause(Settings::default(), Some("Retire"), Vec::new());
    nav(&mut fe, &[Down, Down, Accept]);
    assert_eq!(fe.apply(Pressed::Nav(Back)), Outcome::Accepted);
    assert!(matches!(fe.page(), Page::Pause(_)));
}
