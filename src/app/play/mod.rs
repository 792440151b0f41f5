//! `skidpad play`: the interactive game. `game_loop` is the loop (pump events, update the
//! screen, draw, swap, account the frame); `flow` the screens as states of one machine
//! (`menus`, `loading`, `driving` with its `pause_menu`) and which follows which; `stage`
//! the devices every screen plays through; `frame` a frame's timing and accounting; `feed`
//! replay in and recording out; `feedback` sound and rumble; `seat_inputs` each player's
//! input from their own controller; `race_view` the race drawn, a view a player on a
//! split screen. Before a level: `launcher`
//! builds what the menus chose, `run_prep` runs the work that takes seconds (the author
//! lap, the opponents' racing line) on a worker, `level_preview` and `car_preview` draw
//! the level and car selects' pictures.
//!
//! The game modes come in through `app::game_mode`'s one seam: play never names a mode's
//! type.

mod car_preview;
mod driving;
mod feed;
mod feedback;
mod flow;
mod frame;
mod game_loop;
mod launcher;
mod level_preview;
mod loading;
mod menus;
mod pause_menu;
mod race_view;
mod run_prep;
mod seat_inputs;
mod stage;

pub use car_preview::CarPreview;
pub use game_loop::{play, PlayOptions};
pub use launcher::Launcher;
pub use level_preview::{draw_level_preview, overview_camera, LevelPreviews, PreviewStep, PREVIEW_SIZE};
pub use run_prep::{draw_prep_screen, prep_label, PrepOutcome, PrepScreen, Prepared, RunPrep, CANCELLED};
