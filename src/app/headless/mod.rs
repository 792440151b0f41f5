//! `skidpad run`: levels simulated with no window. `runner` steps a level on held controls,
//! a replay's inputs or the AI driver and reports its state hash (and how far the car left
//! the track); `mode_run` plays a game mode through it (`run --mode`); `telemetry_csv`
//! writes `--telemetry`; `audio_render` renders a replay's sound (`--audio-out`).

mod audio_render;
mod mode_run;
mod runner;
mod season_run;
mod telemetry_csv;

pub use audio_render::{render_audio, save_wav, wav_bytes};
pub use mode_run::{run as run_mode, ModeOptions, ModeRun};
pub use runner::{run, run_race, GuestReport, RecordedInputs, RunInput, RunOptions, RunReport, TelemetryRow};
pub use season_run::{run_season, SeasonOptions, SeasonReport};
pub use telemetry_csv::{save_telemetry, telemetry_csv, telemetry_header};
