//! A championship in play: a season's rounds raced one after another by one
//! [`ChampionshipMode`] the flow keeps between them (`mode`), begun from the player's
//! choice or continued from the save (`start`), and its tables — a round's result and the
//! standings after it — in the layout the race results share (`tables`).
//! The rules (cups, points, the table, the season's save, trophies) are
//! `crate::modes::championship`'s; `run --mode championship` plays a season headless
//! (`app::headless::season_run`) from the same round plan and classification.

mod mode;
mod start;
mod tables;

pub use mode::{ChampionshipMode, SeasonKeeping};
pub use start::{begin, resume, Resumed, SeasonStart};
pub use tables::{round_table, standings_table, trophy_line};
