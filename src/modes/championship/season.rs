//! A season under way: the cup's rounds and points as they were when it began (a cup file
//! edited mid-season does not change a season in progress), the field, the results so
//! far and the table; the grid of the next round; the player's trophy at the end. Saved
//! after every round ([`SeasonStore`]), so quitting mid-round loses only that round.

use super::cup::{CupDef, Round};
use super::drivers::{generate_field_of, Driver, SeasonPlayer, SeasonRng};
use super::standings::{PointsTable, RoundFinish, Standings};
use crate::error::Error;
use crate::modes::checked_file::{self, SetAside};
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};

/// The format version this build reads and writes.
pub const SEASON_VERSION: u32 = 1;
const MAGIC: &str = "skidpad-championship";
/// The save's file name in the store's directory: one season at a time.
pub const SEASON_FILE: &str = "championship.season";

/// How the grid of each round after the first is formed from the table.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum GridOrder {
    /// The leader on pole.
    #[default]
    Standings,
    /// The leader at the back: the quick have to pass.
    Reversed,
}

/// The player's trophy for a season finished in the top three.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Trophy {
    /// Champion.
    Gold,
    /// Second.
    Silver,
    /// Third.
    Bronze,
}

/// A season.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Season {
    /// The cup's name (its file stem).
    pub cup: String,
    /// The cup's title as players read it.
    pub title: String,
    /// The seed its field and first grid were drawn from.
    pub seed: u64,
    /// How grids follow the table.
    pub grid_order: GridOrder,
    /// The field: the people playing first (one, or a split screen's two to four), then
    /// the AI.
    pub drivers: Vec<Driver>,
    /// The rounds, in order.
    pub rounds: Vec<Round>,
    /// Points by place.
    pub points: PointsTable,
    /// Every round run, in order: each driver's finish.
    pub results: Vec<Vec<RoundFinish>>,
    /// The table after the rounds run.
    pub standings: Standings,
}

impl Season {
    /// A new season of `cup` scored on `points`, the player named `player_name` in
    /// `player_car`, its field drawn from `seed`.
    pub fn start(
        cup: &CupDef,
        points: &PointsTable,
        seed: u64,
        player_name: &str,
        player_car: &str,
        grid_order: GridOrder,
    ) -> Self {
        Self::start_with(
            cup,
            points,
            seed,
            &[SeasonPlayer::new(player_name, player_car)],
            grid_order,
        )
    }

    /// A new season of `cup` for everyone in `players` (seat order, the first player
    /// first), the AI filling the rest of the cup's field.
    pub fn start_with(
        cup: &CupDef,
        points: &PointsTable,
        seed: u64,
        players: &[SeasonPlayer],
        grid_order: GridOrder,
    ) -> Self {
        let drivers = generate_field_of(seed, cup.field.max(players.len()), players, &cup.cars, |k, n| {
            cup.driver_skill(k, n)
        });
        Self {
            cup: cup.name.clone(),
            title: cup.title.clone(),
            seed,
            grid_order,
            standings: Standings::new(drivers.len()),
            drivers,
            rounds: cup.rounds.clone(),
            points: points.clone(),
            results: Vec::new(),
        }
    }

    /// People playing: drivers `0..players()` (at least the first).
    pub fn players(&self) -> usize {
        self.drivers.iter().take_while(|d| d.is_player).count().max(1)
    }

    /// The next round to run and its number from 0, or None when the season is over.
    pub fn next_round(&self) -> Option<(usize, &Round)> {
        let i = self.results.len();
        self.rounds.get(i).map(|r| (i, r))
    }

    /// Every round has been run.
    pub fn is_over(&self) -> bool {
        self.results.len() >= self.rounds.len()
    }

    /// The next round's grid: driver indices, pole first. The first round's is a draw from
    /// the season's seed; later ones follow the table (reversed if the season says so).
    pub fn grid(&self) -> Vec<usize> {
        if self.results.is_empty() {
            let mut order: Vec<usize> = (0..self.drivers.len()).collect();
            let mut rng = SeasonRng::new(self.seed ^ 0x6772_6964);
            // Fisher–Yates.
            for i in (1..order.len()).rev() {
                order.swap(i, rng.below(i + 1));
            }
            return order;
        }
        let mut order: Vec<usize> = self.standings.order().iter().map(|t| t.driver).collect();
        if self.grid_order == GridOrder::Reversed {
            order.reverse();
        }
        order
    }

    /// Counts the next round's `finishes` (one per driver, each driver once). Refused when
    /// the season is over or the finishes do not name every driver once.
    pub fn record_round(&mut self, finishes: Vec<RoundFinish>) -> Result<(), String> {
        if self.is_over() {
            return Err("the season is over: no round left to record".into());
        }
        let mut seen = vec![false; self.drivers.len()];
        for f in &finishes {
            match seen.get_mut(f.driver) {
                Some(s) if !*s => *s = true,
                Some(_) => return Err(format!("driver {} finishes twice", f.driver)),
                None => return Err(format!("no driver {} in a field of {}", f.driver, self.drivers.len())),
            }
        }
        if seen.iter().any(|s| !s) {
            return Err(format!(
                "{} finishes for a field of {}",
                finishes.len(),
                self.drivers.len()
            ));
        }
        self.standings.add_round(&finishes, &self.points);
        self.results.push(finishes);
        Ok(())
    }

    /// The first player's place in the table, 1 for the leader.
    pub fn player_position(&self) -> usize {
        self.position_of(0)
    }

    /// Driver `driver`'s place in the table, 1 for the leader.
    pub fn position_of(&self, driver: usize) -> usize {
        self.standings.position_of(driver).unwrap_or(self.drivers.len())
    }

    /// The person placed highest in the table (the first player when alone): whose
    /// trophy a shared screen's season wins.
    pub fn leading_player(&self) -> usize {
        (0..self.players()).min_by_key(|&d| self.position_of(d)).unwrap_or(0)
    }

    /// The trophy once the season is over, won by the best-placed person (None before, or outside the top three).
    pub fn trophy(&self) -> Option<Trophy> {
        if !self.is_over() {
            return None;
        }
        match self.position_of(self.leading_player()) {
            1 => Some(Trophy::Gold),
            2 => Some(Trophy::Silver),
            3 => Some(Trophy::Bronze),
            _ => None,
        }
    }
}

/// What loading the saved season found.
#[derive(Debug, Clone, Default)]
pub struct SeasonLoaded {
    /// The season, when there was a sound one.
    pub season: Option<Season>,
    /// A save that was set aside, and why (tell the player once).
    pub set_aside: Option<SetAside>,
}

/// Where the season in progress is kept: `championship.season` in a directory (the
/// per-user data directory, or `--save-dir`), written atomically.
#[derive(Debug, Clone)]
pub struct SeasonStore {
    dir: PathBuf,
}

impl SeasonStore {
    /// A store in `dir`.
    pub fn new(dir: impl Into<PathBuf>) -> Self {
        Self { dir: dir.into() }
    }

    /// The save's path.
    pub fn path(&self) -> PathBuf {
        self.dir.join(SEASON_FILE)
    }

    /// The saved season, if any; a corrupt, foreign or other-version save is moved aside.
    pub fn load(&self) -> SeasonLoaded {
        load_file(&self.path())
    }

    /// Saves `season` atomically (a failure leaves the old save).
    pub fn save(&self, season: &Season) -> Result<PathBuf, Error> {
        let path = self.path();
        let cannot = |e: &dyn std::fmt::Display| {
            Error::runtime(format!(
                "{}: cannot save the championship: {e} (the save already there is unchanged)",
                path.display()
            ))
        };
        std::fs::create_dir_all(&self.dir).map_err(|e| cannot(&e))?;
        skidpad_platform::files::write_atomically(&path, &encode(season)).map_err(|e| cannot(&e))?;
        Ok(path)
    }

    /// Forgets the saved season (it is over and its trophy kept). No save is no error.
    pub fn clear(&self) -> Result<(), Error> {
        match std::fs::remove_file(self.path()) {
            Ok(()) => Ok(()),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(()),
            Err(e) => Err(Error::runtime(format!(
                "{}: cannot remove the finished championship: {e}",
                self.path().display()
            ))),
        }
    }
}

/// A season as the save's bytes.
pub fn encode(season: &Season) -> Vec<u8> {
    checked_file::encode(MAGIC, SEASON_VERSION, season)
}

/// Parses a save's bytes; the error says what is wrong.
pub fn decode(bytes: &[u8]) -> Result<Season, String> {
    let season: Season = checked_file::decode(MAGIC, SEASON_VERSION, "championship", bytes)?;
    // A sound checksum over an impossible season (edited by hand) is corrupt too.
    if season.drivers.is_empty()
        || season.rounds.is_empty()
        || season.results.len() > season.rounds.len()
        || season.standings.tally(season.drivers.len() - 1).is_none()
    {
        return Err("corrupt (the season does not add up)".into());
    }
    Ok(season)
}

fn load_file(path: &Path) -> SeasonLoaded {
    let bytes = match std::fs::read(path) {
        Ok(b) => b,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return SeasonLoaded::default(),
        Err(e) => {
            return SeasonLoaded {
                season: None,
                set_aside: Some(checked_file::set_aside(
                    path,
                    format!("cannot read: {e}"),
                    "championship",
                )),
            }
        }
    };
    match decode(&bytes) {
        Ok(season) => SeasonLoaded {
            season: Some(season),
            set_aside: None,
        },
        Err(problem) => SeasonLoaded {
            season: None,
            set_aside: Some(checked_file::set_aside(path, problem, "championship")),
        },
    }
}

#[cfg(test)]
mod tests;
