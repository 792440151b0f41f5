//! The trophies a player has won, kept with the records: one file per cup,
//! `CUP.trophy` in the records directory (the save format of `checked_file`: magic line,
//! checksum, JSON), holding the best finish in that cup. Record files (`*.rec`) are not
//! touched, so records saved before trophies load as they did; a corrupt trophy file is
//! set aside like a corrupt record.

use super::season::{Season, Trophy};
use crate::error::Error;
use crate::modes::checked_file::{self, SetAside};
use serde::{Deserialize, Serialize};
use std::path::PathBuf;

/// The format version this build reads and writes.
pub const TROPHY_VERSION: u32 = 1;
const MAGIC: &str = "skidpad-trophy";

/// A cup's best finish.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct TrophyRecord {
    /// The cup's name (its file stem) and title.
    pub cup: String,
    /// See `cup`.
    pub title: String,
    /// The trophy.
    pub trophy: Trophy,
    /// The player's final place and points, the field's size, the rounds, the car.
    pub position: usize,
    /// See `position`.
    pub points: u32,
    /// See `position`.
    pub field: usize,
    /// See `position`.
    pub rounds: usize,
    /// See `position`.
    pub car: String,
}

impl TrophyRecord {
    /// The trophy `season` won, if it is over and the player finished in the top three.
    pub fn of(season: &Season) -> Option<Self> {
        let trophy = season.trophy()?;
        let winner = season.leading_player();
        Some(Self {
            cup: season.cup.clone(),
            title: season.title.clone(),
            trophy,
            position: season.position_of(winner),
            points: season.standings.tally(winner).map_or(0, |t| t.points),
            field: season.drivers.len(),
            rounds: season.rounds.len(),
            car: season.drivers[winner].car.clone(),
        })
    }
}

/// The trophies in a records directory.
#[derive(Debug, Clone)]
pub struct TrophyShelf {
    dir: PathBuf,
}

impl TrophyShelf {
    /// The shelf in `dir` (the records directory).
    pub fn new(dir: impl Into<PathBuf>) -> Self {
        Self { dir: dir.into() }
    }

    fn path(&self, cup: &str) -> PathBuf {
        let clean: String = cup
            .chars()
            .map(|c| {
                if c.is_ascii_alphanumeric() || c == '-' || c == '_' {
                    c
                } else {
                    '_'
                }
            })
            .collect();
        self.dir.join(format!("{clean}.trophy"))
    }

    /// Keeps `record` unless the cup's kept trophy is as good or better (gold beats
    /// silver beats bronze; the same trophy with more points replaces it). Whether it was
    /// kept.
    pub fn keep(&self, record: &TrophyRecord) -> Result<bool, Error> {
        let path = self.path(&record.cup);
        let better = match std::fs::read(&path).ok().and_then(|b| decode(&b).ok()) {
            Some(old) => {
                (record.trophy, std::cmp::Reverse(record.points)) < (old.trophy, std::cmp::Reverse(old.points))
            }
            None => true,
        };
        if !better {
            return Ok(false);
        }
        let cannot = |e: &dyn std::fmt::Display| {
            Error::runtime(format!(
                "{}: cannot keep the trophy: {e} (any trophy already there is unchanged)",
                path.display()
            ))
        };
        std::fs::create_dir_all(&self.dir).map_err(|e| cannot(&e))?;
        skidpad_platform::files::write_atomically(&path, &encode(record)).map_err(|e| cannot(&e))?;
        Ok(true)
    }

    /// Every trophy on the shelf, by file name; corrupt files are moved aside and listed.
    pub fn list(&self) -> Result<(Vec<TrophyRecord>, Vec<SetAside>), Error> {
        let files = checked_file::files_in(&self.dir, "trophy", "trophies")?;
        let (mut trophies, mut aside) = (Vec::new(), Vec::new());
        for f in files {
            match std::fs::read(&f)
                .map_err(|e| format!("cannot read: {e}"))
                .and_then(|b| decode(&b))
            {
                Ok(t) => trophies.push(t),
                Err(problem) => aside.push(checked_file::set_aside(&f, problem, "trophy")),
            }
        }
        Ok((trophies, aside))
    }
}

fn encode(record: &TrophyRecord) -> Vec<u8> {
    checked_file::encode(MAGIC, TROPHY_VERSION, record)
}

fn decode(bytes: &[u8]) -> Result<TrophyRecord, String> {
    checked_file::decode(MAGIC, TROPHY_VERSION, "trophy", bytes)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn record(trophy: Trophy, points: u32) -> TrophyRecord {
        TrophyRecord {
            cup: "rookie".into(),
            title: "Rookie Cup".into(),
            trophy,
            position: 1,
            points,
            field: 6,
            rounds: 3,
            car: "coupe".into(),
        }
    }

    #[test]
    fn a_cups_best_trophy_is_kept_and_a_worse_one_is_not() {
        let dir = tempfile::tempdir().unwrap();
        let shelf = TrophyShelf::new(dir.path());
        assert!(shelf.list().unwrap().0.is_empty());
        assert!(shelf.keep(&record(Trophy::Silver, 50)).unwrap());
        assert!(!shelf.keep(&record(Trophy::Bronze, 60)).unwrap(), "bronze after silver");
        assert!(
            shelf.keep(&record(Trophy::Silver, 55)).unwrap(),
            "silver with more points"
        );
        assert!(shelf.keep(&record(Trophy::Gold, 40)).unwrap());
        let (kept, aside) = shelf.list().unwrap();
        assert_eq!(kept, [record(Trophy::Gold, 40)]);
        assert!(aside.is_empty());
        // A record file beside it is not a trophy, and a corrupt trophy is set aside.
        std::fs::write(dir.path().join("circuit+coupe+a0.rec"), b"skidpad-record 1\n").unwrap();
        std::fs::write(dir.path().join("saloon.trophy"), b"skidpad-trophy 1\nxxh3 0\n{}").unwrap();
        let (kept, aside) = shelf.list().unwrap();
        assert_eq!(kept.len(), 1);
        assert_eq!(aside.len(), 1);
        assert!(aside[0].problem.contains("checksum"), "{}", aside[0].problem);
    }
}
