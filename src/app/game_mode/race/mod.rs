//! A race in play and headless: the race's rules ([`crate::modes::RaceRules`]) after every
//! tick — the grid where the cars stand, the 3-2-1 countdown the world is held through
//! (nothing steps, so nobody moves before the go), every car's laps, positions and the gaps
//! around the player — its HUD (`panel`: the board and the countdown; the minimap, `hud::minimap`), its
//! results table (`results`) and `run --mode race`'s report.

mod mode;
mod panel;
mod results;

pub use mode::{RaceMode, RaceReport, COUNT_BEEP_HZ, GO_BEEP_HZ};
pub use panel::{draw, draw_countdown, panel_size, write_gap, write_lap, write_position, RaceBoard, RacePanel};
pub use results::{driver_columns, gap_text, race_heading, race_table, Who};
