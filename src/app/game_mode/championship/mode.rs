//! A championship in play: one object kept by the flow from round to round
//! ([`GameMode::carries_over`]). Each round is a race (the race mode's rules, HUD and
//! countdown) on the grid the table gives; when the player's run ends — their flag, or
//! Retire from the pause menu — the round is classified (cars still running at the pace
//! they kept), counted into the table and the season saved, and at the season's end the
//! trophy kept with the records and the save cleared. Quitting mid-round counts nothing:
//! the season stays as it was saved after the last round.

use super::tables::{round_table, standings_table, trophy_line};
use crate::app::game_mode::race::{race_heading, RaceMode};
use crate::app::game_mode::seam::{GameMode, ModeResults, NextRound, RoundGuest, StandingsPage, TickPlan, WorldHost};
use crate::app::hud::HudPanel;
use crate::app::setup::Setup;
use crate::error::Error;
use crate::modes::championship::{
    CupDef, GridOrder, PointsTable, RoundFinish, RoundPlan, Season, SeasonPlayer, SeasonStore, Standings, TrophyRecord,
    TrophyShelf,
};
use crate::modes::Mode;
use crate::sim::{SimWorld, TickInput};

/// Where a championship keeps what it keeps: the season's save and the trophy shelf
/// (None: not kept, as in tests that play a season in memory).
#[derive(Debug, Clone, Default)]
pub struct SeasonKeeping {
    /// The season's save.
    pub store: Option<SeasonStore>,
    /// The trophies won.
    pub shelf: Option<TrophyShelf>,
}

/// The round being raced.
struct Round {
    plan: RoundPlan,
    race: RaceMode,
    /// The level's parked cars (between the player and the AI in the world).
    parked: usize,
    /// The table before the round (where the standings' rows move from).
    before: Standings,
    /// The round's finishes once counted; whether they had a time projected (still
    /// running at the player's finish).
    counted: Option<(Vec<RoundFinish>, Vec<bool>)>,
}

/// A season in play.
pub struct ChampionshipMode {
    season: Season,
    keeping: SeasonKeeping,
    /// Each round's level as players know it ("Hungaroring"), in the season's order.
    round_titles: Vec<String>,
    round: Option<Round>,
}

impl ChampionshipMode {
    /// A new season of `cup` for `players` (the first player, then any guests), the
    /// field drawn from `seed`; saved at once, so it can be continued from its first round.
    /// A failed save is logged and the season played (it cannot then be continued).
    pub fn begin(
        cup: &CupDef,
        points: &PointsTable,
        seed: u64,
        players: &[SeasonPlayer],
        grid_order: GridOrder,
        keeping: SeasonKeeping,
        round_titles: Vec<String>,
    ) -> Self {
        let season = Season::start_with(cup, points, seed, players, grid_order);
        let mode = Self::resume(season, keeping, round_titles);
        mode.save();
        mode
    }

    /// Goes on with `season` (a saved one), keeping it in `keeping`.
    pub fn resume(season: Season, keeping: SeasonKeeping, round_titles: Vec<String>) -> Self {
        Self {
            season,
            keeping,
            round_titles,
            round: None,
        }
    }

    /// The season as it stands.
    pub fn season(&self) -> &Season {
        &self.season
    }

    fn save(&self) {
        if let Some(store) = &self.keeping.store {
            if let Err(e) = store.save(&self.season) {
                log::error!("{e}");
            }
        }
    }

    /// The title the rounds' pages share: the cup's, and which round.
    fn round_title(&self, round: usize) -> String {
        format!(
            "{}, round {} of {}",
            self.season.title,
            round + 1,
            self.season.rounds.len()
        )
    }

    fn level_title(&self, round: usize) -> String {
        self.round_titles
            .get(round)
            .cloned()
            .or_else(|| self.season.rounds.get(round).map(|r| r.level.clone()))
            .unwrap_or_default()
    }

    /// The standings as a page: rows moving from `before` (None: where they stand), the
    /// player's in `player_paint` (linear RGB), the next round's button until the last.
    pub fn standings_page(&self, before: Option<&Standings>, player_paint: glam::Vec3) -> StandingsPage {
        let done = self.season.results.len();
        let mut lines = vec![if self.season.is_over() {
            "Final standings".to_string()
        } else if done == 0 {
            "Before the first round".to_string()
        } else {
            format!("After round {done} of {}", self.season.rounds.len())
        }];
        if self.season.is_over() {
            lines.push(trophy_line(&self.season));
        }
        let next = self.season.round_plan();
        if let Some(p) = &next {
            lines.push(format!(
                "Next, round {} of {}: {}",
                p.round + 1,
                self.season.rounds.len(),
                race_heading(&self.level_title(p.round), p.laps)
            ));
        }
        StandingsPage {
            title: self.season.title.clone(),
            lines,
            table: standings_table(&self.season, before, self.season.results.last(), player_paint),
            next_round: next.map(|_| "Next round".to_string()),
            trophy: self.season.trophy(),
        }
    }

    /// Counts the round on `world` as it stands, once: the player out of it when they have
    /// not finished (retired).
    fn count_round(&mut self, world: &SimWorld) {
        let Some(round) = self.round.as_mut().filter(|r| r.counted.is_none()) else {
            return;
        };
        let race_s = round.race.race_s(world);
        let rules = round.race.rules();
        // The run ends at the last person's flag or at Retire: whoever of them has not
        // taken the flag then has retired.
        let retired: Vec<usize> = round
            .plan
            .player_cars(round.parked)
            .filter(|&car| !rules.finished(car))
            .collect();
        let drivers = self.season.drivers.len();
        let finishes = round.plan.finishes(drivers, round.parked, rules, race_s, &retired);
        // Which finishes were projected: the cars that had not taken the flag.
        let projected: Vec<bool> = finishes
            .iter()
            .map(|f| {
                f.time_s.is_some()
                    && (0..world.cars().len())
                        .find(|&car| round.plan.driver_of_car(car, round.parked) == Some(f.driver))
                        .is_some_and(|car| !rules.finished(car))
            })
            .collect();
        match self.season.record_round(finishes.clone()) {
            Ok(()) => {
                log::info!(
                    "{}: round {} counted; {} is P{} in the table",
                    self.season.title,
                    self.season.results.len(),
                    self.season.drivers[0].name,
                    self.season.player_position()
                );
                round.counted = Some((finishes, projected));
            }
            Err(e) => {
                log::error!("{}: the round cannot be counted: {e}", self.season.title);
                return;
            }
        }
        self.save();
        if self.season.is_over() {
            self.keep_trophy();
        }
    }

    /// At the season's end: the trophy on the shelf (a better one of the cup's stays) and
    /// the save cleared, so the cup starts afresh next time.
    fn keep_trophy(&self) {
        if let (Some(shelf), Some(record)) = (&self.keeping.shelf, TrophyRecord::of(&self.season)) {
            match shelf.keep(&record) {
                Ok(true) => log::info!("{}: {:?} trophy kept", self.season.title, record.trophy),
                Ok(false) => log::info!("{}: a better trophy is kept already", self.season.title),
                Err(e) => log::error!("{e}"),
            }
        }
        if let Some(store) = &self.keeping.store {
            if let Err(e) = store.clear() {
                log::error!("{e}");
            }
        }
    }
}

impl GameMode for ChampionshipMode {
    fn mode(&self) -> Mode {
        Mode::Championship
    }

    fn carries_over(&self) -> bool {
        true
    }

    /// The season's next round on `setup` (set up from [`GameMode::next_round`]). Refused
    /// when the season is over or `setup` is not the round's level.
    fn start_round(&mut self, setup: &Setup, world: &SimWorld) -> Result<(), Error> {
        let plan = self
            .season
            .round_plan()
            .ok_or_else(|| Error::runtime(format!("{}: the season is over", self.season.title)))?;
        if plan.level != setup.level.level.name {
            return Err(Error::runtime(format!(
                "{}: round {} is on {}, not {}",
                self.season.title,
                plan.round + 1,
                plan.level,
                setup.level.level.name
            )));
        }
        if plan.guest_cars.len() != setup.guests.len() {
            return Err(Error::runtime(format!(
                "{}: round {} seats {} people, the race {}",
                self.season.title,
                plan.round + 1,
                1 + plan.guest_cars.len(),
                1 + setup.guests.len()
            )));
        }
        let race = RaceMode::new(setup, world, plan.laps)?;
        self.round = Some(Round {
            plan,
            race,
            parked: setup.parked.len(),
            before: self.season.standings.clone(),
            counted: None,
        });
        Ok(())
    }

    fn before_tick(&mut self, host: &mut dyn WorldHost) -> Result<TickPlan, Error> {
        match self.round.as_mut() {
            Some(r) => r.race.before_tick(host),
            None => Ok(TickPlan::STEP),
        }
    }

    fn after_tick(&mut self, world: &SimWorld, input: &TickInput, recorded: &[TickInput]) {
        if let Some(r) = self.round.as_mut() {
            r.race.after_tick(world, input, recorded);
        }
    }

    fn is_over(&self) -> bool {
        self.round.as_ref().is_some_and(|r| r.race.finished())
    }

    fn field_finished(&self) -> bool {
        self.round.as_ref().is_some_and(|r| r.race.field_finished())
    }

    fn offers_finish(&self) -> bool {
        self.round.is_some()
    }

    fn finish_label(&self) -> &'static str {
        "Retire"
    }

    fn end_run(&mut self, world: &SimWorld) {
        self.count_round(world);
    }

    fn next_round(&self) -> Option<NextRound> {
        let plan = self.season.round_plan()?;
        Some(NextRound {
            level: plan.level,
            car: plan.player_car,
            laps: plan.laps,
            opponents_car: plan.ai_car,
            opponent_skills: plan.ai_skills,
            opponent_paint_slots: plan.ai_paint_slots,
            player_grid_slot: plan.player_grid_slot,
            guests: (0..plan.guest_cars.len())
                .map(|g| RoundGuest {
                    car: plan.guest_cars[g].clone(),
                    paint: plan.guest_paints[g],
                    grid_slot: plan.guest_grid_slots[g],
                })
                .collect(),
        })
    }

    fn show_panel(&mut self, world: &SimWorld, player: usize, show: &mut dyn FnMut(&dyn HudPanel)) {
        if let Some(r) = self.round.as_mut() {
            r.race.show_panel(world, player, show);
        }
    }

    fn results(&self, setup: &Setup) -> ModeResults {
        let Some(round) = &self.round else {
            return ModeResults::default();
        };
        let player_paint = setup.car_paint(0);
        let heading = format!(
            "{}: {}",
            self.round_title(round.plan.round),
            race_heading(&self.level_title(round.plan.round), round.plan.laps)
        );
        let mut lines = vec![heading];
        let Some((finishes, projected)) = &round.counted else {
            return ModeResults {
                lines,
                ..ModeResults::default()
            };
        };
        if projected.iter().any(|p| *p) {
            lines.push("~ still running at the flag: placed at the pace they kept".to_string());
        }
        ModeResults {
            lines,
            table: Some(round_table(&self.season, finishes, projected, player_paint)),
            next_label: None,
            standings: Some(self.standings_page(Some(&round.before), player_paint)),
        }
    }
}
