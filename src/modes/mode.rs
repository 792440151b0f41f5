//! The one list of game modes: what the main menu offers, what `run --mode` takes and what a
//! record names. A new mode is a variant here (its names and what a level needs for it) and
//! its type in `crate::app::game_mode`; the menus, the command line and the records read
//! this list and need nothing more.

use crate::content::Level;
use serde::{Deserialize, Serialize};

/// A way to play.
///
/// Its serialised name (`time-trial`, `challenge`, ...) is written in record files and must
/// never change; `--mode` takes the same names (free drive also as `free`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize, clap::ValueEnum)]
#[serde(rename_all = "kebab-case")]
pub enum Mode {
    /// Drive, no goal (any level, any car; with AI opponents on a level with a track if
    /// chosen). What `run` always did.
    #[default]
    #[value(name = "free", alias = "free-drive", help = "Drive, no goal.")]
    FreeDrive,
    /// Laps timed alone on a level with a course (a track or an AI loop), from a rolling
    /// start: lap and sector times; the best lap, its ghost and a medal are kept.
    #[value(help = "Laps from a rolling start; best lap, ghost and medal saved.")]
    TimeTrial,
    /// Laps raced against the AI opponents from a grid after a 3-2-1 countdown.
    #[value(help = "The --ai N opponents from a standing start after a countdown, to --laps laps.")]
    Race,
    /// A scenario level's `[challenge]`: its runs measured and awarded bronze, silver or
    /// gold against the level's targets.
    #[value(help = "A scenario level's challenge: its scripted runs' figures against its medals.")]
    Challenge,
    /// A cup's season of races for points (`--cup`), round by round: the main menu's
    /// championship page (and *Continue championship*), or `run --mode championship`.
    #[value(help = "A cup's season (--cup NAME), every round raced for points; needs --ai-driver.")]
    Championship,
}

/// What a level must have for a mode.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LevelNeeds {
    /// Any level.
    Nothing,
    /// A closed course to time laps on: a track or an AI loop.
    Course,
    /// A `[challenge]` (and the `[scenario]` it scores).
    Challenge,
}

impl Mode {
    /// Every mode, in the main menu's order.
    pub const ALL: [Mode; 5] = [
        Mode::FreeDrive,
        Mode::TimeTrial,
        Mode::Race,
        Mode::Championship,
        Mode::Challenge,
    ];

    /// The main menu's name for it.
    pub fn label(self) -> &'static str {
        match self {
            Mode::FreeDrive => "Free drive",
            Mode::TimeTrial => "Time trial",
            Mode::Race => "Race",
            Mode::Challenge => "Challenges",
            Mode::Championship => "Championship",
        }
    }

    /// Its name in files and on the command line (`time-trial`), as serialised.
    pub fn name(self) -> &'static str {
        match self {
            Mode::FreeDrive => "free-drive",
            Mode::TimeTrial => "time-trial",
            Mode::Race => "race",
            Mode::Challenge => "challenge",
            Mode::Championship => "championship",
        }
    }

    /// What a level must have to be played in this mode.
    pub fn needs(self) -> LevelNeeds {
        match self {
            Mode::FreeDrive => LevelNeeds::Nothing,
            Mode::TimeTrial | Mode::Race | Mode::Championship => LevelNeeds::Course,
            Mode::Challenge => LevelNeeds::Challenge,
        }
    }

    /// Why a level with (`has_course`, `has_challenge`) cannot be played in this mode, as
    /// the level select says it; None when it can.
    pub fn unfit(self, has_course: bool, has_challenge: bool) -> Option<&'static str> {
        match (self, self.needs()) {
            (_, LevelNeeds::Nothing) => None,
            (_, LevelNeeds::Course) if has_course => None,
            (Mode::Race, LevelNeeds::Course) => Some("No laps here: a race needs a track or an AI loop."),
            (_, LevelNeeds::Course) => Some("No laps here: a time trial needs a track or an AI loop."),
            (_, LevelNeeds::Challenge) if has_challenge => None,
            (_, LevelNeeds::Challenge) => Some("No challenge here: try slip, jump, crash or bump."),
        }
    }

    /// Whether `level` can be played in this mode.
    pub fn fits(self, level: &Level) -> bool {
        let has_course = level.track.is_some() || level.ai_line.is_some();
        self.unfit(has_course, level.challenge.is_some()).is_none()
    }

    /// Whether the car select offers free drive's optional AI opponents in this mode (a
    /// time trial is driven alone; a race has rows of its own).
    pub fn has_opponents(self) -> bool {
        self == Mode::FreeDrive
    }

    /// Whether several people can play it on one screen (the car select's "press A to
    /// join"): free drive and a race. A time trial and a challenge are one driver's
    /// records.
    pub fn has_split_screen(self) -> bool {
        matches!(self, Mode::FreeDrive | Mode::Race)
    }

    /// Whether the car select asks for a number of laps.
    pub fn has_laps(self) -> bool {
        matches!(self, Mode::TimeTrial | Mode::Race)
    }

    /// Whether records of this mode are kept (and the record file's stem says which).
    pub fn keeps_records(self) -> bool {
        matches!(self, Mode::TimeTrial | Mode::Challenge)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Record files written by earlier builds name their mode this way (or not at all,
    /// which reads as a time trial): the names are a file format.
    #[test]
    fn the_names_records_persist_do_not_change() {
        assert_eq!(serde_json::to_string(&Mode::TimeTrial).unwrap(), "\"time-trial\"");
        assert_eq!(serde_json::to_string(&Mode::Challenge).unwrap(), "\"challenge\"");
        for m in Mode::ALL {
            assert_eq!(serde_json::to_string(&m).unwrap(), format!("\"{}\"", m.name()));
        }
    }

    #[test]
    fn the_command_line_takes_free_and_the_modes_names() {
        use clap::ValueEnum;
        assert_eq!(Mode::from_str("free", false), Ok(Mode::FreeDrive));
        assert_eq!(Mode::from_str("free-drive", false), Ok(Mode::FreeDrive));
        assert_eq!(Mode::from_str("time-trial", false), Ok(Mode::TimeTrial));
        assert_eq!(Mode::from_str("race", false), Ok(Mode::Race));
        assert_eq!(Mode::from_str("challenge", false), Ok(Mode::Challenge));
    }
}
