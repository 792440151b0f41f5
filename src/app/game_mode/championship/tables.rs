//! A championship's tables in the layout the race results share (`app::hud::Table`): a
//! round's finishing order with the points it scored, and the standings with each row
//! moving from its place before the round and the points counting up.

use crate::app::game_mode::race::{driver_columns, gap_text};
use crate::app::hud::{lap_clock, Cell, Column, Table, TableRow};
use crate::modes::championship::{RoundFinish, Season, Standings, Trophy};
use crate::render::{ai_paint_avoiding, PAINTS};
use glam::Vec3;

/// Driver `d`'s paint in `season`: the first player's own, a guest's chosen paint, each AI
/// driver's palette slot avoiding every person's paint (as the race paints the cars).
fn paint_of(season: &Season, d: usize, player_paint: Vec3) -> [f32; 3] {
    let person = |p: usize| match season.drivers.get(p).and_then(|x| x.paint).and_then(|i| PAINTS.get(i)) {
        Some((_, rgb)) if p > 0 => Vec3::from(*rgb),
        _ => player_paint,
    };
    let people = season.players();
    if d < people {
        return person(d).to_array();
    }
    let mut paints = [player_paint; crate::sim::MAX_PLAYERS];
    for (p, paint) in paints.iter_mut().enumerate().take(people) {
        *paint = person(p);
    }
    let slot = season.drivers.get(d).map_or(0, |x| x.paint_slot);
    ai_paint_avoiding(slot, &paints[..people.min(crate::sim::MAX_PLAYERS)]).to_array()
}

/// Whether driver `d` is a person at the screen (their row is lit).
fn is_person(season: &Season, d: usize) -> bool {
    d < season.players()
}

/// A round's table: place, paint, driver, the winner's time and the others' gaps (a `~`
/// before a time projected for a car still running at the player's finish; DNF for a car
/// out of it), and the points scored. `projected` is per finish.
pub fn round_table(season: &Season, finishes: &[RoundFinish], projected: &[bool], player_paint: Vec3) -> Table {
    let mut order: Vec<usize> = (0..finishes.len()).collect();
    order.sort_by_key(|&i| finishes[i].position.unwrap_or(usize::MAX));
    let winner_s = order.first().and_then(|&i| finishes[i].time_s);
    Table {
        columns: driver_columns(&[Column::right("Time"), Column::right("Pts")]),
        rows: order
            .iter()
            .map(|&i| {
                let f = &finishes[i];
                let guess = if projected.get(i).copied().unwrap_or(false) {
                    "~"
                } else {
                    ""
                };
                let time = match (f.position, f.time_s, winner_s) {
                    (Some(1), Some(t), _) => format!("{guess}{}", lap_clock(t)),
                    (Some(_), Some(t), Some(w)) => format!("{guess}{}", gap_text(t - w)),
                    // Placed where it stood, with no pace to time it by.
                    (Some(_), _, _) => "—".to_string(),
                    (None, _, _) => "DNF".to_string(),
                };
                let points = f.position.map_or(0, |p| season.points.for_position(p));
                TableRow {
                    cells: vec![
                        Cell::text(f.position.map_or("—".to_string(), |p| p.to_string())),
                        Cell::Swatch(paint_of(season, f.driver, player_paint)),
                        Cell::text(season.drivers.get(f.driver).map_or("?", |d| d.name.as_str())),
                        Cell::Text(time),
                        Cell::text(if points > 0 {
                            format!("+{points}")
                        } else {
                            String::new()
                        }),
                    ],
                    lit: is_person(season, f.driver),
                    from_row: None,
                }
            })
            .collect(),
    }
}

/// The standings: place, paint, driver, wins, the points the last round added and the
/// total, which counts up from the total `before` the round while each row moves from its
/// place then (None: no movement, the table as it stands).
pub fn standings_table(
    season: &Season,
    before: Option<&Standings>,
    last_round: Option<&Vec<RoundFinish>>,
    player_paint: Vec3,
) -> Table {
    let before_order: Option<Vec<usize>> = before.map(|b| b.order().iter().map(|t| t.driver).collect());
    let scored = |d: usize| {
        last_round
            .filter(|_| before.is_some())
            .and_then(|r| r.iter().find(|f| f.driver == d))
            .and_then(|f| f.position)
            .map_or(0, |p| season.points.for_position(p))
    };
    Table {
        columns: driver_columns(&[Column::right("Wins"), Column::right("Round"), Column::right("Pts")]),
        rows: season
            .standings
            .order()
            .iter()
            .enumerate()
            .map(|(i, t)| {
                let d = t.driver;
                let was = before.and_then(|b| b.tally(d)).map_or(t.points, |b| b.points);
                let round = scored(d);
                TableRow {
                    cells: vec![
                        Cell::text((i + 1).to_string()),
                        Cell::Swatch(paint_of(season, d, player_paint)),
                        Cell::text(season.drivers.get(d).map_or("?", |x| x.name.as_str())),
                        Cell::text(t.places.first().copied().unwrap_or(0).to_string()),
                        Cell::text(if round > 0 { format!("+{round}") } else { String::new() }),
                        Cell::Count {
                            from: was,
                            to: t.points,
                        },
                    ],
                    lit: is_person(season, d),
                    from_row: before_order.as_ref().and_then(|o| o.iter().position(|&x| x == d)),
                }
            })
            .collect(),
    }
}

/// What the final standings say of the player's season: the trophy, or the place. A
/// shared screen's season names the person placed highest, whose trophy it is.
pub fn trophy_line(season: &Season) -> String {
    let best = season.leading_player();
    let place = season.position_of(best);
    let line = match season.trophy() {
        Some(Trophy::Gold) => format!("Champion! The {} gold trophy is yours", season.title),
        Some(Trophy::Silver) => format!("Second in the {}: the silver trophy", season.title),
        Some(Trophy::Bronze) => format!("Third in the {}: the bronze trophy", season.title),
        None => format!("{} of {}: no trophy this time", ordinal(place), season.drivers.len()),
    };
    match season.drivers.get(best).filter(|_| season.players() > 1) {
        Some(d) => format!("{}: {line}", d.name),
        None => line,
    }
}

/// 1st, 2nd, 3rd, 4th... 11th, 12th, 13th, 21st.
fn ordinal(n: usize) -> String {
    let suffix = match (n % 10, n % 100) {
        (_, 11..=13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    };
    format!("{n}{suffix}")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::AiDifficulty;
    use crate::modes::championship::{CupDef, GridOrder, PointsTable, Round};

    fn cup(rounds: usize) -> CupDef {
        CupDef {
            name: "test".into(),
            title: "Test Cup".into(),
            description: String::new(),
            class: "Arcade".into(),
            cars: vec!["coupe".into()],
            field: 3,
            skill: AiDifficulty::Pro,
            skill_spread: 0,
            rounds: vec![
                Round {
                    level: "circuit".into(),
                    laps: 1,
                };
                rounds
            ],
        }
    }

    fn season(rounds: usize) -> Season {
        Season::start(
            &cup(rounds),
            &PointsTable::default(),
            5,
            "Ana",
            "coupe",
            GridOrder::Standings,
        )
    }

    fn finish(driver: usize, position: Option<usize>, time_s: Option<f64>) -> RoundFinish {
        RoundFinish {
            driver,
            position,
            time_s,
        }
    }

    fn text(t: &Table, row: usize, col: usize) -> String {
        match &t.rows[row].cells[col] {
            Cell::Text(s) => s.clone(),
            Cell::Count { from, to } => format!("{from}->{to}"),
            Cell::Swatch(_) => "swatch".into(),
        }
    }

    #[test]
    fn the_standings_move_each_driver_from_their_old_place_and_count_their_points_up() {
        let mut s = season(2);
        s.record_round(vec![
            finish(1, Some(1), Some(60.0)),
            finish(0, Some(2), Some(61.0)),
            finish(2, Some(3), Some(62.0)),
        ])
        .unwrap();
        let before = s.standings.clone();
        // Round 2: the player wins, driver 1 retires: the player (43) passes driver 1 (25).
        let round = vec![
            finish(0, Some(1), Some(59.0)),
            finish(2, Some(2), Some(60.0)),
            finish(1, None, None),
        ];
        s.record_round(round.clone()).unwrap();
        let t = standings_table(&s, Some(&before), s.results.last(), Vec3::ONE);
        let names: Vec<String> = (0..3).map(|r| text(&t, r, 2)).collect();
        assert_eq!(names[0], "Ana");
        assert_eq!(text(&t, 0, 5), "18->43", "the player's points count up from before");
        assert_eq!(text(&t, 0, 4), "+25");
        assert_eq!(t.rows[0].from_row, Some(1), "the player moves up from second");
        assert!(t.rows[0].lit);
        // Driver 2 (15 + 18) passes the retired leader (25 + 0).
        assert_eq!(text(&t, 1, 5), "15->33");
        assert_eq!(text(&t, 1, 4), "+18");
        assert_eq!(t.rows[1].from_row, Some(2));
        assert_eq!(text(&t, 2, 5), "25->25", "the retired leader keeps 25");
        assert_eq!(text(&t, 2, 4), "", "and scored nothing");
        assert_eq!(t.rows[2].from_row, Some(0), "down from first");
        assert_eq!(text(&t, 0, 3), "1", "one win each for the player and driver 1");
        assert_eq!(text(&t, 1, 3), "0");
        assert_eq!(text(&t, 2, 3), "1");
        // Without a before, nothing moves and nothing is counted up.
        let still = standings_table(&s, None, s.results.last(), Vec3::ONE);
        assert!(still.rows.iter().all(|r| r.from_row.is_none()));
        assert_eq!(text(&still, 0, 5), "43->43");
        assert_eq!(text(&still, 0, 4), "");
        assert!(trophy_line(&s).contains("gold"), "{}", trophy_line(&s));
    }

    #[test]
    fn a_round_table_gaps_to_the_winner_marks_projections_and_scores_points() {
        let s = season(1);
        let finishes = [
            finish(2, Some(2), Some(75.5)),
            finish(0, None, None),
            finish(1, Some(1), Some(70.25)),
        ];
        let t = round_table(&s, &finishes, &[true, false, false], Vec3::ONE);
        assert_eq!(text(&t, 0, 0), "1");
        assert_eq!(text(&t, 0, 3), "1:10.250");
        assert_eq!(text(&t, 0, 4), "+25");
        assert_eq!(text(&t, 1, 3), "~+5.250", "a projected finish is marked");
        assert_eq!(text(&t, 1, 4), "+18");
        assert_eq!(text(&t, 2, 0), "—");
        assert_eq!(text(&t, 2, 3), "DNF");
        assert_eq!(text(&t, 2, 4), "", "no points out of the race");
        assert!(t.rows[2].lit, "the player's row");
        assert_eq!(ordinal(1), "1st");
        assert_eq!(ordinal(12), "12th");
        assert_eq!(ordinal(22), "22nd");
    }

    #[test]
    fn a_shared_screens_tables_light_every_person_and_name_whose_trophy_it_is() {
        use crate::modes::championship::SeasonPlayer;
        let mut guest = SeasonPlayer::new("Player 2", "coupe");
        guest.paint = Some(5);
        let players = [SeasonPlayer::new("Ana", "coupe"), guest];
        let mut s = Season::start_with(&cup(1), &PointsTable::default(), 5, &players, GridOrder::Standings);
        s.record_round(vec![
            finish(2, Some(1), Some(60.0)),
            finish(1, Some(2), Some(61.0)),
            finish(0, Some(3), Some(62.0)),
        ])
        .unwrap();
        let t = standings_table(&s, None, s.results.last(), Vec3::ONE);
        let lit: Vec<bool> = t.rows.iter().map(|r| r.lit).collect();
        assert_eq!(lit, [false, true, true], "both people's rows, not the AI's");
        assert!(
            matches!(t.rows[1].cells[1], Cell::Swatch(c) if c == PAINTS[5].1),
            "the guest's own paint"
        );
        let line = trophy_line(&s);
        assert!(line.starts_with("Player 2: ") && line.contains("silver"), "{line}");
    }
}
