//! A round as it is raced: the season's next level, laps and grid turned into who drives
//! which car from which slot ([`RoundPlan`]), and a race's classification turned back into
//! each driver's finish ([`RoundPlan::finishes`]). Play and `run --mode championship` both
//! race a round from one plan and count it through one classification.

use super::season::Season;
use super::standings::RoundFinish;
use crate::ai::AiDifficulty;
use crate::modes::RaceRules;

/// How a car's race ended, for the classification.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Classified {
    /// Finished (or projected to) at this time from the go, s.
    Time(f64),
    /// Classified where it stands, with no time (it had not left the grid).
    Placed,
    /// Out of the race: did not finish.
    Out,
}

impl Classified {
    /// Timed first, then placed, then out.
    fn rank(self) -> u8 {
        match self {
            Classified::Time(_) => 0,
            Classified::Placed => 1,
            Classified::Out => 2,
        }
    }

    /// A race report's time: finished at it, or (None) out.
    pub fn from_time(time_s: Option<f64>) -> Self {
        time_s.map_or(Classified::Out, Classified::Time)
    }
}

/// The next round of a season, as the race is set up.
#[derive(Debug, Clone, PartialEq)]
pub struct RoundPlan {
    /// The round's number from 0.
    pub round: usize,
    /// The level raced.
    pub level: String,
    /// Laps.
    pub laps: u32,
    /// The first player's car.
    pub player_car: String,
    /// Each guest's car (a split-screen season's drivers `1..players`; none alone).
    pub guest_cars: Vec<String>,
    /// Each guest's paint (index into render's palette).
    pub guest_paints: Vec<Option<usize>>,
    /// Each guest's grid slot, 0 for pole.
    pub guest_grid_slots: Vec<usize>,
    /// The AI field's car (the class's first: one racing line serves the field).
    pub ai_car: String,
    /// The AI drivers in grid order, pole first, the people's slots left out (driver
    /// indices into the season's field).
    pub ai_drivers: Vec<usize>,
    /// Each of `ai_drivers`' skill.
    pub ai_skills: Vec<AiDifficulty>,
    /// Each of `ai_drivers`' paint slot (kept all season).
    pub ai_paint_slots: Vec<usize>,
    /// The player's grid slot, 0 for pole.
    pub player_grid_slot: usize,
}

impl Season {
    /// The next round's plan, or None when the season is over.
    pub fn round_plan(&self) -> Option<RoundPlan> {
        let (i, round) = self.next_round()?;
        let grid = self.grid();
        let players = self.players();
        let ai_drivers: Vec<usize> = grid.iter().copied().filter(|&d| d >= players).collect();
        let driver = |d: usize| &self.drivers[d];
        let slot_of = |d: usize| grid.iter().position(|&x| x == d).unwrap_or(d);
        Some(RoundPlan {
            round: i,
            level: round.level.clone(),
            laps: round.laps,
            player_car: driver(0).car.clone(),
            guest_cars: (1..players).map(|d| driver(d).car.clone()).collect(),
            guest_paints: (1..players).map(|d| driver(d).paint).collect(),
            guest_grid_slots: (1..players).map(slot_of).collect(),
            ai_car: ai_drivers
                .first()
                .map_or_else(|| driver(0).car.clone(), |&d| driver(d).car.clone()),
            ai_skills: ai_drivers.iter().map(|&d| driver(d).skill).collect(),
            ai_paint_slots: ai_drivers.iter().map(|&d| driver(d).paint_slot).collect(),
            player_grid_slot: slot_of(0),
            ai_drivers,
        })
    }
}

impl RoundPlan {
    /// The driver at the wheel of world car `car`: car 0 is the first player, then come
    /// the level's `parked` cars (nobody's), the guests (drivers `1..`), then the AI in
    /// grid order.
    pub fn driver_of_car(&self, car: usize, parked: usize) -> Option<usize> {
        let guests = self.guest_cars.len();
        match car.checked_sub(1 + parked) {
            _ if car == 0 => Some(0),
            None => None,
            Some(g) if g < guests => Some(1 + g),
            Some(k) => self.ai_drivers.get(k - guests).copied(),
        }
    }

    /// The world car of each person playing, in seat order (the inverse of
    /// [`RoundPlan::driver_of_car`] for drivers `0..players`).
    pub fn player_cars(&self, parked: usize) -> impl Iterator<Item = usize> + '_ {
        std::iter::once(0).chain((0..self.guest_cars.len()).map(move |g| 1 + parked + g))
    }

    /// Each of `drivers` drivers' finish from a race's classification: `classified` is
    /// (world car, how it ended) in race order. Those classified are placed in that order;
    /// a driver not listed, or out of the race, did not finish.
    pub fn finishes_in_order(
        &self,
        drivers: usize,
        parked: usize,
        classified: impl IntoIterator<Item = (usize, Classified)>,
    ) -> Vec<RoundFinish> {
        let mut finishes: Vec<RoundFinish> = Vec::with_capacity(drivers);
        let mut place = 0;
        for (car, how) in classified {
            let Some(driver) = self.driver_of_car(car, parked).filter(|&d| d < drivers) else {
                continue;
            };
            if finishes.iter().any(|f| f.driver == driver) {
                continue;
            }
            let (placed, time_s) = match how {
                Classified::Time(t) if t.is_finite() => (true, Some(t)),
                Classified::Time(_) | Classified::Out => (false, None),
                Classified::Placed => (true, None),
            };
            place += usize::from(placed);
            finishes.push(RoundFinish {
                driver,
                position: placed.then_some(place),
                time_s,
            });
        }
        for driver in 0..drivers {
            if !finishes.iter().any(|f| f.driver == driver) {
                finishes.push(RoundFinish {
                    driver,
                    position: None,
                    time_s: None,
                });
            }
        }
        finishes
    }

    /// Each driver's finish from `rules` at `race_s` from the go: the cars that finished
    /// at their times, the cars still running at the times their pace so far projects
    /// ([`RaceRules::projected_finish_s`]), in the race's order; the world cars in
    /// `retired` (people who left the race before their flag) did not finish. A car with no
    /// pace to project (the player retired before it left the grid) is placed where it
    /// stands, after those timed, with no time.
    pub fn finishes(
        &self,
        drivers: usize,
        parked: usize,
        rules: &RaceRules,
        race_s: f64,
        retired: &[usize],
    ) -> Vec<RoundFinish> {
        let classified = rules.order().iter().map(|&car| {
            let how = match rules.projected_finish_s(car, race_s) {
                _ if retired.contains(&car) => Classified::Out,
                Some(t) => Classified::Time(t),
                None => Classified::Placed,
            };
            (car, how)
        });
        // Projections can only come after every finish (a car still running has been
        // running longer than any finisher took), but a retired player must not hold a
        // place: by time, then those placed without one, the retired last (a stable sort
        // keeps the race's order within each).
        let mut timed: Vec<(usize, Classified)> = classified.collect();
        timed.sort_by(|a, b| match (a.1, b.1) {
            (Classified::Time(x), Classified::Time(y)) => x.total_cmp(&y),
            (x, y) => x.rank().cmp(&y.rank()),
        });
        self.finishes_in_order(drivers, parked, timed)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::modes::championship::{CupDef, GridOrder, PointsTable};

    fn cup() -> CupDef {
        CupDef {
            name: "test".into(),
            title: "Test Cup".into(),
            description: String::new(),
            class: "Arcade".into(),
            cars: vec!["coupe".into(), "big_wheeler".into()],
            field: 4,
            skill: AiDifficulty::Pro,
            skill_spread: 1,
            rounds: vec![
                crate::modes::championship::Round {
                    level: "circuit".into(),
                    laps: 2,
                },
                crate::modes::championship::Round {
                    level: "monza".into(),
                    laps: 3,
                },
            ],
        }
    }

    fn season() -> Season {
        Season::start(
            &cup(),
            &PointsTable::default(),
            11,
            "Ana",
            "big_wheeler",
            GridOrder::Standings,
        )
    }

    #[test]
    fn a_plan_seats_every_driver_once_with_their_own_skill_and_paint() {
        let s = season();
        let plan = s.round_plan().unwrap();
        assert_eq!((plan.round, plan.level.as_str(), plan.laps), (0, "circuit", 2));
        assert_eq!(plan.player_car, "big_wheeler");
        assert_eq!(plan.ai_car, "coupe", "the AI field drives the class's first car");
        let grid = s.grid();
        assert_eq!(grid[plan.player_grid_slot], 0);
        assert_eq!(
            plan.ai_drivers,
            grid.iter().copied().filter(|&d| d != 0).collect::<Vec<_>>()
        );
        for (k, &d) in plan.ai_drivers.iter().enumerate() {
            assert_eq!(plan.ai_skills[k], s.drivers[d].skill);
            assert_eq!(plan.ai_paint_slots[k], s.drivers[d].paint_slot);
        }
        // Two parked cars sit between the player and the AI in the world.
        assert_eq!(plan.driver_of_car(0, 2), Some(0));
        assert_eq!(plan.driver_of_car(1, 2), None, "a parked car is nobody's");
        assert_eq!(plan.driver_of_car(3, 2), Some(plan.ai_drivers[0]));
        assert_eq!(plan.driver_of_car(3 + 3, 2), None, "past the field");
    }

    #[test]
    fn a_shared_screen_seats_each_person_on_their_own_slot_and_scores_each() {
        use crate::modes::championship::SeasonPlayer;
        let mut guest = SeasonPlayer::new("Player 2", "coupe");
        guest.paint = Some(3);
        let players = [SeasonPlayer::new("Ana", "big_wheeler"), guest];
        let mut s = Season::start_with(&cup(), &PointsTable::default(), 11, &players, GridOrder::Standings);
        assert_eq!((s.players(), s.drivers.len()), (2, 4), "two people and two AI");
        let plan = s.round_plan().unwrap();
        let grid = s.grid();
        assert_eq!(grid[plan.player_grid_slot], 0);
        assert_eq!(
            grid[plan.guest_grid_slots[0]], 1,
            "the guest on their own slot of the draw"
        );
        assert_eq!(
            (plan.guest_cars.clone(), plan.guest_paints.clone()),
            (vec!["coupe".to_string()], vec![Some(3)])
        );
        assert_eq!(plan.ai_drivers.len(), 2);
        assert!(plan.ai_drivers.iter().all(|&d| d >= 2), "no person among the AI");
        // World: player, one parked car, the guest, then the AI in grid order.
        assert_eq!(plan.driver_of_car(0, 1), Some(0));
        assert_eq!(plan.driver_of_car(1, 1), None, "parked");
        assert_eq!(plan.driver_of_car(2, 1), Some(1), "the guest");
        assert_eq!(plan.driver_of_car(3, 1), Some(plan.ai_drivers[0]));
        assert_eq!(plan.player_cars(1).collect::<Vec<_>>(), [0, 2]);
        // The guest wins, the first player retires: the guest scores the win, the first
        // player nothing.
        let f = plan.finishes_in_order(
            4,
            1,
            [
                (2, Classified::Time(60.0)),
                (3, Classified::Time(61.0)),
                (4, Classified::Time(62.0)),
                (0, Classified::Out),
            ],
        );
        s.record_round(f).unwrap();
        assert_eq!(s.position_of(1), 1);
        assert_eq!(s.position_of(0), 4);
        assert_eq!(s.leading_player(), 1, "the guest leads the people");
        // The next grid follows the table: the guest on pole, the first player last.
        let plan = s.round_plan().unwrap();
        assert_eq!((plan.guest_grid_slots[0], plan.player_grid_slot), (0, 3));
    }

    #[test]
    fn a_classification_places_finishers_in_order_and_the_rest_out() {
        let s = season();
        let plan = s.round_plan().unwrap();
        let [a, b, c] = [plan.ai_drivers[0], plan.ai_drivers[1], plan.ai_drivers[2]];
        // World: player 0, AI at 1, 2, 3 (no parked cars). AI 2 did not finish; the third AI
        // is not listed at all.
        let f = plan.finishes_in_order(
            4,
            0,
            [
                (2, Classified::Time(60.0)),
                (0, Classified::Time(61.5)),
                (1, Classified::Out),
            ],
        );
        let of = |d: usize| f.iter().find(|x| x.driver == d).copied().unwrap();
        assert_eq!((of(b).position, of(b).time_s), (Some(1), Some(60.0)));
        assert_eq!(of(0).position, Some(2));
        assert_eq!(of(a).position, None, "no time: did not finish");
        assert_eq!(of(c).position, None, "not listed: did not finish");
        assert_eq!(f.len(), 4, "every driver once");
        let mut season = s.clone();
        season.record_round(f).expect("a classification the season accepts");
    }

    /// A race of four cars on a 100 m circle, two laps, after the countdown.
    fn race_on_circle() -> (crate::modes::Course, RaceRules) {
        let pts: Vec<glam::Vec2> = (0..128)
            .map(|i| {
                let a = i as f32 / 128.0 * std::f32::consts::TAU;
                glam::Vec2::new(a.cos(), a.sin()) * (100.0 / std::f32::consts::TAU)
            })
            .collect();
        let course = crate::modes::Course::new(pts, &[]).unwrap();
        let grid: Vec<glam::Vec2> = (0..4).map(|k| course.point_at(-2.0 - k as f32)).collect();
        let mut rules = RaceRules::new(course.clone(), 2, &grid, 60);
        while rules.hold() {}
        (course, rules)
    }

    #[test]
    fn a_player_who_retires_scores_nothing_and_the_field_is_placed_at_its_pace() {
        let s = season();
        let plan = s.round_plan().unwrap();
        let (course, mut rules) = race_on_circle();
        // Retired on the grid: nobody has a pace, the AI are placed as they stand.
        let f = plan.finishes(4, 0, &rules, 0.0, &[0]);
        let of = |f: &[RoundFinish], d: usize| f.iter().find(|x| x.driver == d).copied().unwrap();
        assert_eq!(of(&f, 0).position, None, "the retired player is out");
        let placed: Vec<Option<usize>> = (1..4).map(|car| of(&f, plan.ai_drivers[car - 1]).position).collect();
        assert_eq!(placed, [Some(1), Some(2), Some(3)], "grid order, each with a place");
        assert!(f.iter().all(|x| x.time_s.is_none()));
        // 50 ticks at 0.4, 0.5, 0.6 and 0.3 m a tick: the player (car 0) retires; the rest are
        // projected in the order of their pace.
        let speeds = [0.4, 0.5, 0.6, 0.3];
        for tick in 1..=50u64 {
            let at = (0..4).map(|k| course.point_at(-2.0 - k as f32 + speeds[k] * tick as f32));
            rules.after_tick(at, tick);
        }
        let f = plan.finishes(4, 0, &rules, 50.0 / 60.0, &[0]);
        let by_place: Vec<usize> = (1..=3)
            .map(|p| f.iter().find(|x| x.position == Some(p)).unwrap().driver)
            .collect();
        assert_eq!(by_place, [plan.ai_drivers[1], plan.ai_drivers[0], plan.ai_drivers[2]]);
        assert_eq!(of(&f, 0).position, None);
        // Car 2 (0.6 m a tick from 4 m behind the line) has covered 26 m of the 200 m race in
        // 50 ticks: it is projected to finish at 50/60 s × 200 / 26.
        let want = 50.0 / 60.0 * 200.0 / 26.0;
        let got = of(&f, plan.ai_drivers[1]).time_s.unwrap();
        assert!((got - want).abs() < 0.02 * want, "{got} vs {want}");
        // Not retired, the player is classified at their own pace too.
        let f = plan.finishes(4, 0, &rules, 50.0 / 60.0, &[]);
        assert_eq!(of(&f, 0).position, Some(3), "0.4 m a tick: behind 0.6 and 0.5");
    }
}
