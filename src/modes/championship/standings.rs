//! A season's table: points by finishing place from the cup's points table, and the order
//! a championship's rules give (the FIA's count-back): more points first; tied on points,
//! more wins, then more second places, and so on down the places; still tied, the lower
//! total race time. A car that does not finish scores nothing and counts no place.

use serde::{Deserialize, Serialize};
use std::cmp::Ordering;

/// Points for each finishing place, first place first; places past its end score 0.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PointsTable(pub Vec<u32>);

impl Default for PointsTable {
    /// The FIA's table since 2010: 25-18-15-12-10-8-6-4-2-1.
    fn default() -> Self {
        Self(vec![25, 18, 15, 12, 10, 8, 6, 4, 2, 1])
    }
}

impl PointsTable {
    /// Points for finishing `position` (1 = first); 0 past the table or for position 0.
    pub fn for_position(&self, position: usize) -> u32 {
        position
            .checked_sub(1)
            .and_then(|i| self.0.get(i))
            .copied()
            .unwrap_or(0)
    }
}

/// One driver's finish in one round.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct RoundFinish {
    /// The driver (index into the season's drivers).
    pub driver: usize,
    /// Finishing place, 1 for the winner; None: did not finish.
    pub position: Option<usize>,
    /// Race time from the go to the finish, s (None: did not finish).
    pub time_s: Option<f64>,
}

/// One driver's season so far.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct DriverTally {
    /// The driver (index into the season's drivers).
    pub driver: usize,
    /// Points scored.
    pub points: u32,
    /// How many times they finished in each place: `places[0]` wins, `places[1]`
    /// seconds, ... (as long as the field).
    pub places: Vec<u32>,
    /// Race time of every finished round, s.
    pub total_time_s: f64,
    /// Rounds not finished.
    pub retirements: u32,
}

/// The table of a season of `drivers` drivers.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Standings {
    tallies: Vec<DriverTally>,
}

impl Standings {
    /// A season of `drivers` drivers, nothing scored.
    pub fn new(drivers: usize) -> Self {
        Self {
            tallies: (0..drivers)
                .map(|driver| DriverTally {
                    driver,
                    points: 0,
                    places: vec![0; drivers],
                    total_time_s: 0.0,
                    retirements: 0,
                })
                .collect(),
        }
    }

    /// Counts one round's `finishes` under `points`. A finish naming a driver the table
    /// does not have, or a place past the field, is ignored (never from a real race).
    pub fn add_round(&mut self, finishes: &[RoundFinish], points: &PointsTable) {
        for f in finishes {
            let Some(t) = self.tallies.get_mut(f.driver) else {
                continue;
            };
            match f.position {
                Some(p) if p >= 1 && p <= t.places.len() => {
                    t.points += points.for_position(p);
                    t.places[p - 1] += 1;
                    t.total_time_s += f.time_s.filter(|s| s.is_finite()).unwrap_or(0.0);
                }
                _ => t.retirements += 1,
            }
        }
    }

    /// Each driver's tally, by driver index.
    pub fn tally(&self, driver: usize) -> Option<&DriverTally> {
        self.tallies.get(driver)
    }

    /// The drivers in championship order, leader first.
    pub fn order(&self) -> Vec<&DriverTally> {
        let mut rows: Vec<&DriverTally> = self.tallies.iter().collect();
        rows.sort_by(|a, b| compare(a, b));
        rows
    }

    /// `driver`'s place in the championship, 1 for the leader.
    pub fn position_of(&self, driver: usize) -> Option<usize> {
        self.order().iter().position(|t| t.driver == driver).map(|i| i + 1)
    }
}

/// Championship order: points, then count-back of places, then lower total time, then the
/// driver's index (so the order is total and the same every time).
fn compare(a: &DriverTally, b: &DriverTally) -> Ordering {
    b.points
        .cmp(&a.points)
        .then_with(|| b.places.cmp(&a.places))
        .then_with(|| a.total_time_s.total_cmp(&b.total_time_s))
        .then_with(|| a.driver.cmp(&b.driver))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn finish(driver: usize, position: usize, time_s: f64) -> RoundFinish {
        RoundFinish {
            driver,
            position: Some(position),
            time_s: Some(time_s),
        }
    }

    fn dnf(driver: usize) -> RoundFinish {
        RoundFinish {
            driver,
            position: None,
            time_s: None,
        }
    }

    #[test]
    fn points_follow_the_table_and_stop_past_its_end() {
        let t = PointsTable::default();
        let got: Vec<u32> = (0..=12).map(|p| t.for_position(p)).collect();
        assert_eq!(got, [0, 25, 18, 15, 12, 10, 8, 6, 4, 2, 1, 0, 0]);
    }

    #[test]
    fn a_season_adds_up_and_orders_by_points() {
        let mut s = Standings::new(3);
        let table = PointsTable::default();
        s.add_round(&[finish(2, 1, 60.0), finish(0, 2, 61.0), finish(1, 3, 62.0)], &table);
        s.add_round(&[finish(0, 1, 60.0), finish(1, 2, 61.0), dnf(2)], &table);
        // Driver 0: 18 + 25 = 43; driver 1: 15 + 18 = 33; driver 2: 25 + 0.
        let order: Vec<(usize, u32)> = s.order().iter().map(|t| (t.driver, t.points)).collect();
        assert_eq!(order, [(0, 43), (1, 33), (2, 25)]);
        assert_eq!(s.tally(2).unwrap().retirements, 1);
        assert_eq!(s.position_of(1), Some(2));
    }

    #[test]
    fn a_tie_on_points_goes_to_the_better_places_then_the_lower_total_time() {
        let table = PointsTable(vec![10, 6, 4]);
        // Drivers 0 and 1 tie on 16, each with a win and a second, so the count-back ties
        // too: the lower total time wins.
        let mut s = Standings::new(3);
        s.add_round(&[finish(0, 1, 100.0), finish(1, 2, 101.0), finish(2, 3, 103.0)], &table);
        s.add_round(&[finish(1, 1, 98.0), finish(0, 2, 100.5), finish(2, 3, 99.0)], &table);
        let order: Vec<usize> = s.order().iter().map(|t| t.driver).collect();
        assert_eq!(order, [1, 0, 2], "1 took 199.0 s, 0 took 200.5 s");
        // A tie on points where one has the win: with 4-2-1, driver 0 wins once (4) and
        // retires; driver 1 is second twice (4).
        let table = PointsTable(vec![4, 2, 1]);
        let mut s = Standings::new(3);
        s.add_round(&[finish(0, 1, 50.0), finish(1, 2, 51.0), finish(2, 3, 52.0)], &table);
        s.add_round(&[dnf(0), finish(1, 2, 51.0), finish(2, 1, 49.0)], &table);
        let rows: Vec<(usize, u32)> = s.order().iter().map(|t| (t.driver, t.points)).collect();
        assert_eq!(rows, [(2, 5), (0, 4), (1, 4)], "the win beats two seconds");
    }

    #[test]
    fn a_car_that_does_not_finish_scores_nothing() {
        let mut s = Standings::new(2);
        s.add_round(&[dnf(0), finish(1, 1, 60.0)], &PointsTable::default());
        assert_eq!(s.tally(0).unwrap().points, 0);
        assert_eq!(s.tally(0).unwrap().places, [0, 0]);
        // A place past the field or a driver the table lacks changes nothing.
        let before = s.clone();
        s.add_round(&[finish(0, 7, 1.0), finish(9, 1, 1.0)], &PointsTable::default());
        assert_eq!(s.tally(1), before.tally(1));
        assert_eq!(s.tally(0).unwrap().points, 0);
    }
}
