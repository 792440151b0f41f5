//! A race's results page: the table in finishing order.

use crate::app::hud::lap_clock;
use crate::modes::ResultRow;

/// A race's results page: a heading, then one line per car in finishing order — position,
/// who ("You" or the AI's grid number), total time (or the laps done by a car still running
/// when the player finished), best lap. Kept short enough for one line at 640×480 with
/// eight cars. `player` is the player's car index; `laps` the race's length.
pub fn race_lines(level: &str, laps: u32, rows: &[ResultRow], player: usize) -> Vec<String> {
    let mut lines = Vec::with_capacity(rows.len() + 1);
    lines.push(format!("{level}, {laps} lap{}", if laps == 1 { "" } else { "s" }));
    for r in rows {
        let who = if r.car_index == player {
            "You".to_string()
        } else {
            format!("AI {}", r.car_index)
        };
        let time = match r.total_time_s {
            Some(t) => lap_clock(t),
            None => format!("{}/{laps} laps", r.laps),
        };
        let best = r.best_lap_s.map_or("—".to_string(), lap_clock);
        lines.push(format!("P{}  {who}  {time}  best {best}", r.position));
    }
    lines
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

    #[test]
    fn a_race_table_names_the_player_and_says_who_is_still_running() {
        let rows = [
            row(1, 2, Some(125.04), 3),
            row(2, 0, Some(126.5), 3),
            row(3, 1, None, 2),
        ];
        let lines = race_lines("circuit", 3, &rows, 0);
        assert_eq!(lines[0], "circuit, 3 laps");
        assert_eq!(lines.len(), 4, "a heading and one line per car");
        assert_eq!(lines[1], "P1  AI 2  2:05.040  best 0:41.680");
        assert!(lines[2].starts_with("P2  You  2:06.500"), "{}", lines[2]);
        assert_eq!(lines[3], "P3  AI 1  2/3 laps  best —");
        assert_eq!(race_lines("slip", 1, &[], 0)[0], "slip, 1 lap");
    }
}
