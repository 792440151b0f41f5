//! `skidpad play`: the interactive game loop. The platform supplies events, pads, the GL
//! context and the clock (the [`Stage`]); the screens of the [`Flow`] do the rest. The loop
//! reads as its steps: pump the events, advance the screen, draw it, show it, account the
//! frame.

use super::driving::FinishedRun;
use super::feed::TickFeed;
use super::flow::{Flow, PlayStart};
use super::frame::{Frame, FrameAccount, FrameKind};
use super::launcher::Launcher;
use super::stage::Stage;
use crate::app::setup::Setup;
use crate::content::PlatformProfile;
use crate::error::Error;
use crate::replay::{Replay, ReplayHeader};
use crate::sim::TickInput;
use crate::time::Phase;
use crate::vehicle::CarDef;
use skidpad_platform::Clock;
use std::path::Path;

/// Play options.
#[derive(Debug, Clone, Default)]
pub struct PlayOptions {
    /// Quit after this many frames (smoke tests, unattended runs).
    pub max_frames: Option<u64>,
    /// Write every tick's input here when the game ends (atomically).
    pub record: Option<std::path::PathBuf>,
    /// Drive from these recorded inputs instead of the player's; quit when they end.
    pub replay: Option<Vec<TickInput>>,
    /// The guests' recorded inputs, with `replay` (a replay of several players).
    pub guest_replays: Vec<Vec<TickInput>>,
    /// How the recording names what was played: (level, car, platform) as given.
    pub identity: (String, String, String),
    /// The player's settings.
    pub settings: crate::settings::Settings,
    /// Nobody watches (`play --unattended`, the monkey test): nothing is drawn or shown,
    /// and frames run on a stepped clock (a frame of play is exactly one tick, a menu
    /// frame its pace) as fast as the machine goes. The screens, their input and the
    /// simulation are the same as in a watched game.
    pub unattended: bool,
    /// The AI drives the player's car in every race, as `run --ai-driver` (scripted runs
    /// of the real loop through laps, demos); the pad still pauses and works the menus.
    pub ai_driver: bool,
    /// Frames to save as PNG images: (frame, file), frames of play and menus counted from
    /// 0 as `--max-frames` counts them (tests look at what a scripted game showed).
    pub capture: Vec<(u64, std::path::PathBuf)>,
}

/// Runs the game until the player quits: from the title screen when `setup` is None, else
/// straight into its level, with `opponents` (their car and count: `--ai N`) added once the
/// loading screen has found their racing line. `launcher` starts what the menus choose and
/// saves the options.
pub fn play(
    setup: Option<Setup>,
    opponents: Option<(CarDef, usize)>,
    launcher: Launcher,
    mut opts: PlayOptions,
) -> Result<(), Error> {
    let profile = launcher.profile.clone();
    let title = match &setup {
        Some(s) => format!("Skidpad — {} — {}", s.level.level.info.name, s.car.name),
        None => "Skidpad".to_string(),
    };
    let mut stage = Stage::open(&profile, title, opts.max_frames, opts.unattended)?;
    let feed = TickFeed::new(opts.replay.take(), opts.record.is_some())
        .with_guest_replays(std::mem::take(&mut opts.guest_replays));
    // What the command line named (as given: a path stays a path), to tell its level from
    // one chosen in the menus when the recording is written.
    let cli_names = setup.as_ref().map(|s| (s.level.level.name.clone(), s.car.name.clone()));
    let start = setup.map_or(PlayStart::Title, |s| {
        PlayStart::Level(Box::new(s), opponents.map(Box::new))
    });
    let mut flow = Flow::start(start, launcher, opts.settings.clone(), feed, opts.ai_driver, &mut stage);
    let mut account = FrameAccount::new(&profile, opts.max_frames);
    let mut screen = flow.screen_name();
    let mut menu_frames = MenuFrames::default();
    log_screen(screen, 0);
    loop {
        account.set_frame_cap_hz(flow.settings().display.frame_cap_hz);
        let mut frame = Frame::start(&stage.clock);
        stage.pump(flow.takes_pads(&stage));
        if !flow.update(&mut stage, &mut frame) {
            break;
        }
        let mut shot = None;
        if !opts.unattended {
            flow.draw(&mut stage, &mut frame, &account);
            shot = capture_wanted(&opts.capture, account.all_frames()).map(|path| {
                let (w, h) = stage.platform.drawable_size();
                (path, crate::render::read_back_buffer(w, h))
            });
            stage.platform.swap();
        }
        frame.mark(&stage.clock, Phase::Swap);
        // Unattended there is no vblank: the account paces frames of play on the clock.
        let vsync = stage.platform.vsync() && !opts.unattended;
        let kind = flow.end_frame(&mut stage, &mut frame);
        // A loading frame shares its number with the counted frame after it: that one is kept.
        if let (Some((path, image)), false) = (shot, kind == FrameKind::Wait) {
            image
                .write_png(path)
                .map_err(|e| Error::runtime(format!("{}: cannot write the captured frame: {e}", path.display())))?;
            log::info!("frame {} captured to {}", account.all_frames(), path.display());
        }
        let go_on = match kind {
            FrameKind::Play => account.end(frame, &stage.clock, vsync),
            FrameKind::Menu => {
                menu_frames.add(stage.clock.now().saturating_sub(frame.started()));
                account.end_menu()
            }
            FrameKind::Wait => true,
        };
        if flow.screen_name() != screen {
            screen = flow.screen_name();
            log_screen(screen, account.all_frames());
        }
        if !go_on {
            break;
        }
    }
    log::debug!(target: SCREENS_LOG, "frames {} in all", account.all_frames());
    menu_frames.log();
    // No race was played: nothing to report.
    let Some(mut run) = flow.end() else {
        log::info!("played {} frames", account.frames());
        return Ok(());
    };
    if let (Some(path), Some(inputs)) = (&opts.record, run.inputs.take()) {
        save_recording(path, inputs, &opts, &profile, &run, cli_names.as_ref())?;
    }
    log::info!(
        "played {} frames, {} ticks; {} over the {:.2} ms budget",
        account.frames(),
        run.ticks,
        account.over_budget(),
        profile.frame_budget.as_secs_f64() * 1e3
    );
    Ok(())
}

/// How long menu frames were held: their count, the longest and how many were held past
/// [`MenuFrames::SLOW`] (a menu frame is 16 ms; a longer one is a hitch the player feels,
/// e.g. a level preview made on the frame its level is focused).
#[derive(Debug, Default)]
struct MenuFrames {
    count: u64,
    longest: std::time::Duration,
    slow: u64,
}

impl MenuFrames {
    /// Two menu frames.
    const SLOW: std::time::Duration = std::time::Duration::from_millis(33);

    fn add(&mut self, held: std::time::Duration) {
        self.count += 1;
        self.longest = self.longest.max(held);
        self.slow += u64::from(held > Self::SLOW);
    }

    fn log(&self) {
        if self.count > 0 {
            log::info!(
                "menu frames: {}, longest {:.1} ms, {} held over {} ms",
                self.count,
                self.longest.as_secs_f64() * 1e3,
                self.slow,
                Self::SLOW.as_millis()
            );
        }
    }
}

/// The file frame `frame` is to be captured to, if any.
fn capture_wanted(capture: &[(u64, std::path::PathBuf)], frame: u64) -> Option<&Path> {
    capture.iter().find(|(f, _)| *f == frame).map(|(_, p)| p.as_path())
}

/// The log target of screen changes (`RUST_LOG=skidpad::screens=debug`): the monkey test
/// reads from them how long each screen was kept.
const SCREENS_LOG: &str = "skidpad::screens";

/// Logs that `screen` is shown from frame `frame` on (frames of play and menus counted).
fn log_screen(screen: &str, frame: u64) {
    log::debug!(target: SCREENS_LOG, "screen {screen} at frame {frame}");
}

/// Writes the recorded `inputs` of `run` to `path` as a replay, atomically. The replay
/// names the level and car as the command line gave them when `run` is of those
/// (`cli_names`), else by the names of what was chosen in the menus.
fn save_recording(
    path: &Path,
    inputs: Vec<TickInput>,
    opts: &PlayOptions,
    profile: &PlatformProfile,
    run: &FinishedRun,
    cli_names: Option<&(String, String)>,
) -> Result<(), Error> {
    let (cli_level, cli_car, platform) = &opts.identity;
    let (level, car) = if cli_names == Some(&(run.level.clone(), run.car.clone())) {
        (cli_level.as_str(), cli_car.as_str())
    } else {
        (run.level.as_str(), run.car.as_str())
    };
    Replay {
        header: ReplayHeader {
            ai_difficulty: run.ai_difficulty.clone(),
            guest_cars: run.guest_cars.clone(),
            opponent_skills: run.grid.opponent_skills.clone(),
            grid_slots: run.grid.grid_slots.clone(),
            ..ReplayHeader::new(
                level,
                car,
                platform,
                profile.loop_config.tick_rate_hz,
                run.opponents,
                &run.opponents_car,
                run.final_hash,
            )
        },
        inputs,
        guest_inputs: run.guest_inputs.clone(),
    }
    .save(path)?;
    log::info!("replay of {level} in the {car} written to {}", path.display());
    Ok(())
}
