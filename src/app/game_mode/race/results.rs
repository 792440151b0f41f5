//! A race's results page: a heading, then the table in finishing order (the layout the
//! championship's tables share, `app::hud::Table`).

use crate::app::hud::{lap_clock, Cell, Column, Table, TableRow};
use crate::modes::ResultRow;

/// The heading above a race's table: the circuit and the laps.
pub fn race_heading(level: &str, laps: u32) -> String {
    format!("{level}, {laps} lap{}", if laps == 1 { "" } else { "s" })
}

/// A gap behind the winner as the tables write it: "+1.234", or "+1:02.345" past a minute.
pub fn gap_text(gap_s: f64) -> String {
    if gap_s < 60.0 {
        format!("+{gap_s:.3}")
    } else {
        format!("+{}", lap_clock(gap_s))
    }
}

/// The columns every table of drivers begins with — place, paint, the driver's name
/// (taking the room the others leave) — then `more`.
pub fn driver_columns(more: &[Column]) -> Vec<Column> {
    [Column::right("Pos"), Column::left(""), Column::fill("Driver")]
        .into_iter()
        .chain(more.iter().copied())
        .collect()
}

/// Who drives a car in a results table: the name shown and the paint (linear RGB).
pub type Who<'a> = &'a dyn Fn(usize) -> (String, [f32; 3]);

/// A race's table: one row per car in finishing order — place, paint, driver, the winner's
/// time and everyone else's gap to it (or the laps done by a car still running when the
/// player finished), best lap. `who` names and paints each car by its index; `players`
/// are the cars people drove (their rows lit); `laps` the race's length.
pub fn race_table(rows: &[ResultRow], laps: u32, players: &[usize], who: Who) -> Table {
    let winner_s = rows.first().and_then(|r| r.total_time_s);
    Table {
        columns: driver_columns(&[Column::right("Time"), Column::right("Best lap")]),
        rows: rows
            .iter()
            .map(|r| {
                let (name, paint) = who(r.car_index);
                let time = match (r.total_time_s, winner_s) {
                    (Some(t), Some(w)) if r.position > 1 => gap_text(t - w),
                    (Some(t), _) => lap_clock(t),
                    (None, _) => format!("{}/{laps} laps", r.laps),
                };
                TableRow {
                    cells: vec![
                        Cell::text(r.position.to_string()),
                        Cell::Swatch(paint),
                        Cell::Text(name),
                        Cell::Text(time),
                        Cell::text(r.best_lap_s.map_or("—".to_string(), lap_clock)),
                    ],
                    lit: players.contains(&r.car_index),
                    from_row: None,
                }
            })
            .collect(),
    }
}

#[cfg(test)]
mod race_tests {
    use super::*;

    fn row(position: usize, car_index: usize, total: Option<f64>, laps: u32) -> ResultRow {
        ResultRow {
            position,
            car_index,
            car: "sedan".into(),
            laps,
            total_time_s: total,
            best_lap_s: total.map(|t| t / laps as f64),
            gap_ahead_s: None,
        }
    }

    fn text(t: &Table, row: usize, col: usize) -> String {
        match &t.rows[row].cells[col] {
            Cell::Text(s) => s.clone(),
            other => format!("{other:?}"),
        }
    }

    #[test]
    fn a_race_table_times_the_winner_gaps_the_rest_and_says_who_is_still_running() {
        let rows = [
            row(1, 2, Some(125.04), 3),
            row(2, 0, Some(126.5), 3),
            row(3, 1, None, 2),
        ];
        let who = |car: usize| {
            if car == 0 {
                ("Ana".to_string(), [1.0, 0.0, 0.0])
            } else {
                (format!("AI {car}"), [0.0, 0.0, 1.0])
            }
        };
        let t = race_table(&rows, 3, &[0], &who);
        assert_eq!(t.rows.len(), 3, "one row per car");
        assert_eq!(t.columns.len(), 5);
        assert!(t.rows.iter().all(|r| r.cells.len() == t.columns.len()));
        assert_eq!(text(&t, 0, 0), "1");
        assert_eq!(text(&t, 0, 2), "AI 2");
        assert_eq!(text(&t, 0, 3), "2:05.040", "the winner's own time");
        assert_eq!(text(&t, 1, 3), "+1.460", "the rest: the gap to the winner");
        assert_eq!(text(&t, 1, 4), "0:42.167");
        assert_eq!(text(&t, 2, 3), "2/3 laps");
        assert_eq!(text(&t, 2, 4), "—");
        assert_eq!(t.rows[1].cells[1], Cell::Swatch([1.0, 0.0, 0.0]));
        assert!(t.rows[1].lit && !t.rows[0].lit, "the player's row is lit");
        let split = race_table(&rows, 3, &[0, 1], &who);
        let lit: Vec<bool> = split.rows.iter().map(|r| r.lit).collect();
        assert_eq!(lit, [false, true, true], "with two players, both rows are lit");
        assert_eq!(race_heading("Monza", 1), "Monza, 1 lap");
        assert_eq!(gap_text(75.5), "+1:15.500");
    }
}
