//! The simulation, modes, tools and command line, as one test binary (each file a module;
//! one binary links the crate once instead of once a file). Physics tests build their
//! worlds in code (`common`); command-line tests run the built `skidpad` binary.

#[path = "../common/mod.rs"]
mod common;

mod ai_driver;
mod ai_pace;
mod ai_racecraft;
mod arcade_car;
mod architecture;
mod assists;
mod audio_loudness;
mod audio_render;
mod author_time;
mod bad_centre_lines;
mod boxes_settle;
mod championship;
mod chase_camera;
mod cli;
mod content_paths;
mod crash_camera;
mod determinism;
mod field_camera;
#[cfg(target_os = "linux")]
mod file_faults;
mod fuzz_regressions;
mod impact_struck;
mod input_shaping;
mod modes_challenge;
mod modes_laps;
mod modes_race;
mod modes_records;
mod modes_time_trial;
mod monkey;
mod non_finite_edges;
mod pad_unplugged;
mod play_race;
mod play_time_trial;
mod race;
mod raceline_command;
mod replay_lap;
mod reset_in_place;
mod rollover;
mod sand;
mod scenarios;
mod sim_car;
mod sim_faults;
mod slipstream;
mod soak;
mod sound_scene;
mod split_screen;
mod streaming;
mod surface_lanes;
mod validation;
mod wet_spray;
mod wheel_sizes;
