//! `skidpad run --mode championship --cup NAME --ai-driver`: a whole season played headless,
//! round by round, each round a race through the race mode as `run --mode race` plays it:
//! the field of the season in its own skills, the grid from the table (the player's slot
//! included), the results counted into the table, the season saved after every round so
//! a run stopped midway continues from the last round finished.

use super::mode_run::{self, ModeOptions, ModeRun};
use super::runner::{RunInput, RunOptions};
use crate::app::setup::Setup;
use crate::content::{level_names, ContentRoot, PlatformProfile};
use crate::error::Error;
use crate::modes::championship::{
    load_cups, Classified, CupDef, GridOrder, RoundFinish, RoundPlan, Season, SeasonPlayer, SeasonStore, Trophy,
    TrophyRecord, TrophyShelf,
};
use crate::modes::{Mode, RecordStore, Start};
use crate::vehicle::CarDef;
use serde::{Deserialize, Serialize};
use std::path::PathBuf;

/// What to play.
#[derive(Debug, Clone)]
pub struct SeasonOptions {
    /// The cup's name (`content/cups/NAME.toml`).
    pub cup: String,
    /// The player's car (None: the cup's first).
    pub car: Option<String>,
    /// How grids follow the table.
    pub grid_order: GridOrder,
    /// The seed of the field's names and the first grid.
    pub seed: u64,
    /// Where the season is saved (None: the per-user data directory).
    pub save_dir: Option<PathBuf>,
    /// Rounds to play in this run at most (None: to the season's end).
    pub rounds: Option<usize>,
    /// The player's name in the tables (the settings').
    pub player_name: String,
    /// People after the first (`--players N`: N − 1), each in `guest_car` (default: the
    /// player's car), named "Player 2" and on.
    pub guests: usize,
    /// See `guests`.
    pub guest_car: Option<String>,
}

/// One finisher of a round, as the report lists it.
#[derive(Debug, Clone, Serialize)]
pub struct RoundLine {
    /// Place, 1 for the winner; None: did not finish.
    pub position: Option<usize>,
    /// Driver's name.
    pub driver: String,
    /// Race time, s.
    pub time_s: Option<f64>,
    /// Points scored.
    pub points: u32,
}

/// One round played.
#[derive(Debug, Clone, Serialize)]
pub struct RoundReport {
    /// Its number, 1 for the first.
    pub round: usize,
    /// The level raced.
    pub level: String,
    /// Laps raced.
    pub laps: u32,
    /// The grid, pole first (drivers' names).
    pub grid: Vec<String>,
    /// The finishers in order, then those who did not finish.
    pub results: Vec<RoundLine>,
}

/// A driver's line in the table.
#[derive(Debug, Clone, Serialize)]
pub struct StandingLine {
    /// Place in the championship.
    pub position: usize,
    /// Driver's name.
    pub driver: String,
    /// Whether this is the player.
    pub player: bool,
    /// Points.
    pub points: u32,
    /// Wins.
    pub wins: u32,
    /// Total race time of the rounds finished, s.
    pub total_time_s: f64,
}

/// What `run --mode championship` reports.
#[derive(Debug, Clone, Serialize)]
pub struct SeasonReport {
    /// `championship`.
    pub name: &'static str,
    /// The cup's name and title.
    pub cup: String,
    /// See `cup`.
    pub title: String,
    /// The rounds played in this run.
    pub rounds: Vec<RoundReport>,
    /// Rounds run in the season so far, and in all.
    pub rounds_done: usize,
    /// See `rounds_done`.
    pub rounds_total: usize,
    /// The table after the last round played.
    pub standings: Vec<StandingLine>,
    /// The player's trophy, once the season is over.
    pub trophy: Option<Trophy>,
    /// Where the season is saved (until it is over; then the save is cleared).
    pub saved_to: String,
    /// Whether the trophy was kept with the records (a better one of the cup's stays).
    pub trophy_kept: bool,
}

impl SeasonReport {
    /// The report for people: each round's result, then the table.
    pub fn text(&self) -> String {
        let mut out = format!(
            "{} ({} of {} rounds)\n",
            self.title, self.rounds_done, self.rounds_total
        );
        for r in &self.rounds {
            out += &format!("round {}: {} ({} laps)\n", r.round, r.level, r.laps);
            for l in &r.results {
                let place = l.position.map_or("DNF".to_string(), |p| format!("{p:>2}."));
                out += &format!("  {place:>4} {:<22} {:>3} pts\n", l.driver, l.points);
            }
        }
        out += "standings\n";
        for s in &self.standings {
            out += &format!(
                "  {:>2}. {:<22} {:>4} pts {:>2} wins\n",
                s.position, s.driver, s.points, s.wins
            );
        }
        if let Some(t) = self.trophy {
            let kept = if self.trophy_kept {
                "kept with the records"
            } else {
                "a better one is kept"
            };
            out += &format!("trophy: {t:?} ({kept})\n");
        }
        out
    }
}

/// The race mode's report, as much of it as a round needs.
#[derive(Deserialize)]
struct RaceResults {
    results: Vec<RaceRow>,
}

#[derive(Deserialize)]
struct RaceRow {
    car_index: usize,
    total_time_s: Option<f64>,
}

/// Plays `opts`' season (a saved season of the same cup continues) under `profile`, the
/// player's car driven by the AI.
pub fn run_season(root: &ContentRoot, profile: &PlatformProfile, opts: &SeasonOptions) -> Result<SeasonReport, Error> {
    let (cups, points) = load_cups(root, &level_names(root), &CarDef::names(root))?;
    let cup = find_cup(&cups, &opts.cup)?;
    let store = match &opts.save_dir {
        Some(d) => SeasonStore::new(d),
        None => SeasonStore::new(
            skidpad_platform::files::data_dir()
                .ok_or_else(|| Error::bad_argument("--save-dir", "no per-user data directory; give --save-dir DIR"))?,
        ),
    };
    let loaded = store.load();
    if let Some(other) = loaded.season.as_ref().filter(|s| s.cup != cup.name && !s.is_over()) {
        log::warn!(
            "{}: the {} season (round {} of {}) is replaced by a new {}",
            store.path().display(),
            other.title,
            other.results.len() + 1,
            other.rounds.len(),
            cup.title
        );
    }
    let mut season = match loaded.season.filter(|s| s.cup == cup.name && !s.is_over()) {
        Some(s) => s,
        None => {
            let car = opts.car.clone().unwrap_or_else(|| cup.cars[0].clone());
            if !cup.cars.contains(&car) {
                return Err(Error::bad_argument(
                    "--car",
                    format!("the {} is raced in {} (got `{car}`)", cup.title, cup.cars.join(", ")),
                ));
            }
            let guest_car = opts.guest_car.clone().unwrap_or_else(|| car.clone());
            if opts.guests > 0 && !cup.cars.contains(&guest_car) {
                return Err(Error::bad_argument(
                    "--guest-car",
                    format!(
                        "the {} is raced in {} (got `{guest_car}`)",
                        cup.title,
                        cup.cars.join(", ")
                    ),
                ));
            }
            let mut players = vec![SeasonPlayer::new(&opts.player_name, &car)];
            for g in 0..opts.guests {
                let mut guest = SeasonPlayer::new(&format!("Player {}", g + 2), &guest_car);
                guest.paint = Some(g + 1);
                players.push(guest);
            }
            Season::start_with(cup, &points, opts.seed, &players, opts.grid_order)
        }
    };
    let mut rounds = Vec::new();
    while let Some(plan) = season.round_plan() {
        if opts.rounds.is_some_and(|n| rounds.len() >= n) {
            break;
        }
        let (i, round) = (plan.round, season.rounds[plan.round].clone());
        let grid = season.grid();
        let finishes = play_round(root, profile, &season, &plan)?;
        let lines = round_lines(&season, &finishes);
        season.record_round(finishes).map_err(Error::runtime)?;
        store.save(&season)?;
        rounds.push(RoundReport {
            round: i + 1,
            level: round.level.clone(),
            laps: round.laps,
            grid: grid.iter().map(|&d| season.drivers[d].name.clone()).collect(),
            results: lines,
        });
    }
    let mut trophy_kept = false;
    if season.is_over() {
        if let Some(t) = TrophyRecord::of(&season) {
            let dir = match &opts.save_dir {
                Some(d) => d.clone(),
                None => RecordStore::per_user()?.dir().to_path_buf(),
            };
            trophy_kept = TrophyShelf::new(dir).keep(&t)?;
        }
        store.clear()?;
    }
    let mut report = report(&season, rounds, store.path());
    report.trophy_kept = trophy_kept;
    Ok(report)
}

fn find_cup<'a>(cups: &'a [CupDef], name: &str) -> Result<&'a CupDef, Error> {
    cups.iter().find(|c| c.name == name).ok_or_else(|| {
        let known: Vec<&str> = cups.iter().map(|c| c.name.as_str()).collect();
        Error::bad_argument("--cup", format!("no cup `{name}` (known: {})", known.join(", ")))
    })
}

/// Races `season`'s next round (`plan`) with its field on its grid; each driver's finish.
fn play_round(
    root: &ContentRoot,
    profile: &PlatformProfile,
    season: &Season,
    plan: &RoundPlan,
) -> Result<Vec<RoundFinish>, Error> {
    let level = plan.level.as_str();
    let mut setup = Setup::load(root, level, &plan.player_car, profile.clone())?;
    for car in &plan.guest_cars {
        setup.add_guest(root, car)?;
    }
    setup.add_opponents(root, plan.ai_drivers.len(), &plan.ai_car)?;
    setup.opponent_skills = plan.ai_skills.clone();
    setup.opponent_paint_slots = plan.ai_paint_slots.clone();
    setup.player_grid_slot = plan.player_grid_slot;
    setup.guest_grid_slots = plan.guest_grid_slots.clone();
    let line = crate::raceline::level_line(root, &setup.level, &setup.car)?;
    let guest_lines = (setup.guests.iter())
        .map(|g| crate::raceline::level_line(root, &setup.level, &g.car))
        .collect::<Result<Vec<_>, _>>()?;
    let max_ticks = line.ai_run_ticks(plan.laps, profile.loop_config.tick_rate_hz);
    let run = mode_run::run(
        &setup,
        RunOptions {
            input: RunInput::AiDriven {
                race: line,
                laps: plan.laps,
                max_ticks,
                guest_lines,
            },
            record: false,
            telemetry: false,
        },
        &ModeOptions {
            mode: Mode::Race,
            laps: plan.laps,
            start: Start::Standing,
            save_dir: None,
            root: root.clone(),
        },
    )?;
    let ModeRun::Ticked(_, Some(mode)) = run else {
        return Err(Error::runtime(format!("round on {level}: the race reported nothing")));
    };
    let race: RaceResults = serde_json::from_str(mode.json())
        .map_err(|e| Error::runtime(format!("round on {level}: the race's report: {e}")))?;
    // The race ran until every car finished or the time ran out: a car without a time did
    // not finish.
    Ok(plan.finishes_in_order(
        season.drivers.len(),
        setup.parked.len(),
        race.results
            .iter()
            .map(|r| (r.car_index, Classified::from_time(r.total_time_s))),
    ))
}

fn round_lines(season: &Season, finishes: &[RoundFinish]) -> Vec<RoundLine> {
    let mut lines: Vec<RoundLine> = finishes
        .iter()
        .map(|f| RoundLine {
            position: f.position,
            driver: season.drivers[f.driver].name.clone(),
            time_s: f.time_s,
            points: f.position.map_or(0, |p| season.points.for_position(p)),
        })
        .collect();
    lines.sort_by_key(|l| l.position.unwrap_or(usize::MAX));
    lines
}

fn report(season: &Season, rounds: Vec<RoundReport>, saved_to: PathBuf) -> SeasonReport {
    let standings = season
        .standings
        .order()
        .iter()
        .enumerate()
        .map(|(i, t)| StandingLine {
            position: i + 1,
            driver: season.drivers[t.driver].name.clone(),
            player: t.driver < season.players(),
            points: t.points,
            wins: t.places.first().copied().unwrap_or(0),
            total_time_s: t.total_time_s,
        })
        .collect();
    SeasonReport {
        name: "championship",
        cup: season.cup.clone(),
        title: season.title.clone(),
        rounds,
        rounds_done: season.results.len(),
        rounds_total: season.rounds.len(),
        standings,
        trophy: season.trophy(),
        saved_to: saved_to.display().to_string(),
        trophy_kept: false,
    }
}
