//! `skidpad play`: the interactive game loop. The platform supplies events, pads, the GL
//! context and the clock (the [`Stage`]); the screens of the [`Flow`] do the rest. The loop
//! reads as its steps: pump the events, advance the screen, draw it, show it, account the
//! frame.

use super::flow::{Ended, Frame, FrameAccount, FrameKind, Stage, TickFeed};
use super::flow::{Flow, Start};
use super::launcher::Launcher;
use super::session::Session;
use super::setup::Setup;
use crate::content::PlatformProfile;
use crate::error::Error;
use crate::replay::{Replay, ReplayHeader};
use crate::sim::TickInput;
use crate::time::Phase;
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
    /// How the recording names what was played: (level, car, platform) as given.
    pub identity: (String, String, String),
    /// The player's settings.
    pub settings: crate::settings::Settings,
}

/// Runs the game until the player quits: from the title screen when `setup` is None, else
/// straight into its level. `launcher` starts what the menus choose and saves the options.
pub fn play(setup: Option<Setup>, launcher: Launcher, mut opts: PlayOptions) -> Result<(), Error> {
    let profile = launcher.profile.clone();
    let title = match &setup {
        Some(s) => format!("Skidpad — {} — {}", s.level.level.name, s.car.name),
        None => "Skidpad".to_string(),
    };
    let mut stage = Stage::open(&profile, title, opts.max_frames)?;
    let feed = TickFeed::new(opts.replay.take(), opts.record.is_some());
    let start = setup.map_or(Start::Title, |s| Start::Level(Box::new(s)));
    let mut flow = Flow::start(start, launcher, opts.settings.clone(), feed, &mut stage);
    let mut account = FrameAccount::new(&profile, opts.max_frames);
    loop {
        account.set_frame_cap_hz(flow.settings().display.frame_cap_hz);
        let mut frame = Frame::start(&stage.clock);
        stage.pump(flow.takes_pads());
        if !flow.update(&mut stage, &mut frame) {
            break;
        }
        flow.draw(&mut stage, &mut frame, &account);
        stage.platform.swap();
        frame.mark(&stage.clock, Phase::Swap);
        let go_on = match flow.end_frame(&mut stage, &mut frame) {
            FrameKind::Play => account.end(frame, &stage.clock, stage.platform.vsync()),
            FrameKind::Menu => account.end_menu(),
            FrameKind::Wait => true,
        };
        if !go_on {
            break;
        }
    }
    // Closed in the menus or while loading: no race to report.
    let Some(Ended { session, recording }) = flow.end() else {
        log::info!("played {} frames", account.frames());
        return Ok(());
    };
    if let (Some(path), Some(inputs)) = (&opts.record, recording) {
        save_recording(path, inputs, &opts, &profile, &session)?;
    }
    log::info!(
        "played {} frames, {} ticks; {} over the {:.2} ms budget",
        account.frames(),
        session.world().tick(),
        account.over_budget(),
        profile.frame_budget.as_secs_f64() * 1e3
    );
    Ok(())
}

/// Writes the recorded `inputs` of `session` to `path` as a replay, atomically.
fn save_recording(
    path: &Path,
    inputs: Vec<TickInput>,
    opts: &PlayOptions,
    profile: &PlatformProfile,
    session: &Session,
) -> Result<(), Error> {
    let (level, car, platform) = &opts.identity;
    Replay {
        header: ReplayHeader {
            ai_difficulty: difficulty_name(session.opponents()),
            ..ReplayHeader::new(
                level,
                car,
                platform,
                profile.loop_config.tick_rate_hz,
                session.opponents().len(),
                session.opponents().defs().next().map_or("", |c| c.name.as_str()),
                session.world().state_hash(),
            )
        },
        inputs,
    }
    .save(path)?;
    log::info!("replay written to {}", path.display());
    Ok(())
}

/// The opponents' difficulty as a replay names it: empty with none.
pub(crate) fn difficulty_name(opponents: &super::Opponents) -> String {
    if opponents.is_empty() {
        String::new()
    } else {
        opponents.difficulty().name().to_string()
    }
}
