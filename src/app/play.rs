//! `skidpad play`: the interactive game loop. The platform supplies events, pads, the GL
//! context and the clock (the [`Stage`]); the screens of the [`Flow`] do the rest. The loop
//! reads as its steps: pump the events, advance the screen, draw it, show it, account the
//! frame.

use super::flow::Flow;
use super::flow::{Ended, Frame, FrameAccount, FrameKind, Stage, TickFeed};
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

/// Runs the game until the player quits.
pub fn play(setup: &Setup, mut opts: PlayOptions) -> Result<(), Error> {
    let mut stage = Stage::open(setup, opts.max_frames)?;
    let feed = TickFeed::new(opts.replay.take(), opts.record.is_some());
    let mut flow = Flow::start(setup, &opts.settings, feed, &stage);
    let mut account = FrameAccount::new(&setup.profile, opts.max_frames);
    loop {
        let mut frame = Frame::start(&stage.clock);
        stage.pump(flow.takes_pads());
        if !flow.update(&mut stage, &mut frame) {
            break;
        }
        flow.draw(&mut stage, &mut frame, &account);
        stage.platform.swap();
        frame.mark(&stage.clock, Phase::Swap);
        let kind = flow.end_frame(&stage, &mut frame);
        if kind == FrameKind::Play && !account.end(frame, &stage.clock, stage.platform.vsync()) {
            break;
        }
    }
    // Closed while loading: nothing was played.
    let Some(Ended { session, recording }) = flow.end() else {
        return Ok(());
    };
    if let (Some(path), Some(inputs)) = (&opts.record, recording) {
        save_recording(path, inputs, &opts, &setup.profile, &session)?;
    }
    log::info!(
        "played {} frames, {} ticks; {} over the {:.2} ms budget",
        account.frames(),
        session.world().tick(),
        account.over_budget(),
        setup.profile.frame_budget.as_secs_f64() * 1e3
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
