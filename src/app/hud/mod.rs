//! The heads-up display over a driven frame: the dial, the assist lamps, the frame graph
//! (F1) and telemetry page (F2), the paused and unplugged messages (`overlay`), every
//! element placed by `layout` inside the title-safe area, none overlapping; a game mode's
//! figures come in through a [`HudPanel`] the mode hands over (its drawing lives with the
//! mode, in `game_mode/`). `level_map` is a level's top-down map (the level select's
//! picture, the race's minimap); `clock` writes lap times; `table` lays out and draws the
//! results and standings tables the front end shows.
//!
//! Namespaces callers read through: `layout` (rectangles and priorities), `speedo`,
//! `frame_graph`, `telemetry_page` (each element's pure formatting, tested alone).

mod clock;
pub mod frame_graph;
pub mod layout;
mod level_map;
pub mod minimap;
mod overlay;
mod panel;
pub mod speedo;
mod table;
pub mod telemetry_page;

pub use clock::{lap_clock, write_clock};
pub use layout::{place, Element, Layout, Rect, Request};
pub use level_map::{LevelMap, LINE_POINTS};
pub use overlay::{assist_lamps, compose, dial_reading, lamps_size, request, request_for, HudInputs, HudState};
pub use panel::HudPanel;
pub use table::{cut_to, ease, Align, Cell, Column, Measure, Table, TableColours, TableLayout, TableMotion, TableRow};
