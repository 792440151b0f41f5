//! Championships: cups of rounds raced for points, a field that stays through the season,
//! the table after each round, the player's trophy at the end, the season saved between
//! rounds. The rules only: which round, which grid, what each finish scores, who leads;
//! the front end runs the races through the race mode and shows the tables.
//!
//! - [`CupDef`], [`load_cups`]: cups and the points table from `content/cups/`.
//! - [`Standings`]: points, count-back and total time.
//! - [`Driver`], [`generate_field_of`]: the field (the people at the screen, then AI with
//!   generated names, paints, skills).
//! - [`Season`], [`SeasonStore`]: a season under way and its save.
//! - [`RoundPlan`]: the next round's grid and cars, and a race's classification counted
//!   back into each driver's finish.
//! - [`TrophyShelf`]: the trophies won, kept with the records.

mod cup;
mod drivers;
mod round;
mod season;
mod standings;
mod trophies;

pub use cup::{load_cups, parse_points, CupDef, Round, MAX_FIELD, MAX_LAPS, MAX_ROUNDS};
pub use drivers::{generate_field, generate_field_of, Driver, SeasonPlayer, SeasonRng};
pub use round::{Classified, RoundPlan};
pub use season::{
    decode as decode_season, encode as encode_season, GridOrder, Season, SeasonLoaded, SeasonStore, Trophy,
    SEASON_FILE, SEASON_VERSION,
};
pub use standings::{DriverTally, PointsTable, RoundFinish, Standings};
pub use trophies::{TrophyRecord, TrophyShelf, TROPHY_VERSION};
