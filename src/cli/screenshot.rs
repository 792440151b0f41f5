//! `skidpad screenshot`: render a level offscreen after some frames, or a screen of the
//! front end (`--screen`), and write a PNG.

use super::context::Context;
use crate::app::menu::Device;
use crate::app::Setup;
use crate::app::{MenuShot, ShotCamera, ShotOptions};
use crate::content::DEFAULT_LEVEL;
use crate::error::Error;
use crate::vehicle::DEFAULT_CAR;
use clap::Args;
use std::path::PathBuf;

/// Options of `screenshot`.
#[derive(Debug, Args)]
pub struct ShotArgs {
    /// PNG file to write.
    #[arg(long, value_name = "FILE.png")]
    pub out: PathBuf,
    /// Level name (see `skidpad levels`) or path to a level TOML.
    #[arg(long, value_name = "NAME|PATH", default_value = DEFAULT_LEVEL)]
    pub level: String,
    /// Car name (see `skidpad cars`) or path to a car TOML.
    #[arg(long, value_name = "NAME|PATH", default_value = DEFAULT_CAR)]
    pub car: String,
    /// Frames (one tick each) to simulate before capturing.
    #[arg(long, value_name = "N", default_value_t = 120)]
    pub frames: u32,
    /// Image width (default: the platform profile's).
    #[arg(long, value_name = "PX")]
    pub width: Option<u32>,
    /// Image height (default: the platform profile's).
    #[arg(long, value_name = "PX")]
    pub height: Option<u32>,
    /// Leave the HUD (speedometer) out of the picture.
    #[arg(long)]
    pub no_hud: bool,
    /// Throttle held during the frames, 0..1.
    #[arg(long, value_name = "X", default_value_t = 0.0)]
    pub throttle: f32,
    /// Steering held during the frames, −1 (left) .. 1 (right).
    #[arg(long, value_name = "X", default_value_t = 0.0, allow_negative_numbers = true)]
    pub steer: f32,
    /// Brake held during the last `--brake-frames` frames, 0..1.
    #[arg(long, value_name = "X", default_value_t = 0.0)]
    pub brake: f32,
    /// How many of the last frames brake (with `--brake`).
    #[arg(long, value_name = "N", default_value_t = 0)]
    pub brake_frames: u32,
    /// AI opponents on a grid behind the player (levels with a track).
    #[arg(long, value_name = "N", default_value_t = 0)]
    pub ai: usize,
    /// The opponents' car.
    #[arg(long, value_name = "NAME|PATH", default_value = "sedan")]
    pub ai_car: String,
    /// `friction` colours the ground by the friction μ the physics uses (blue low, red high).
    #[arg(long, value_name = "VIEW", default_value = "normal", value_parser = ["normal", "friction"])]
    pub view: String,
    /// Where the camera stands: `chase` (behind the player, as in play) or `field` (raised
    /// behind the last car, looking along the grid at every car: with `--ai N`, the field).
    #[arg(long, value_name = "CAMERA", default_value = "chase", value_parser = ["chase", "field"])]
    pub camera: String,
    /// Render a screen of the front end instead (level and car select focused on
    /// `--level` and `--car`, a challenge level's select as Challenges shows it; the pause menu, the pad-unplugged screen and the time trial's
    /// HUD (`trial`) and the race's (`race`: the countdown and the panel; `--ai N` puts
    /// opponents on the grid), sample figures, over `--level`; `results`: a time trial's,
    /// `race-results`: a race's table of eight cars, sample figures; on a challenge level
    /// `challenge`: its HUD on the first run braked from the launch for `--frames` ticks,
    /// `challenge-results`: every goal at silver, sample figures; `loading`: the loading
    /// screen timing an author lap, at 42 %; `championship`: the championship page;
    /// `round-results` and `standings`: a championship round's results and the standings
    /// after it, `season-end` the final standings with the player's trophy, eight drivers,
    /// sample figures on `--level`),
    /// with the pad's prompts on the xbox profile and the keyboard's elsewhere.
    #[arg(long, value_name = "SCREEN", value_parser = ["title", "menu", "levels", "cars", "options", "pause", "credits", "unplugged", "results", "trial", "trial-author", "race", "race-overlays", "race-results", "challenge", "challenge-results", "loading", "championship", "round-results", "standings", "season-end"])]
    pub screen: Option<String>,
    /// People playing, 1 to 4 (split screen): the players after the first on the grid
    /// behind them in `--car`, each in a paint of their own; each gets a view with its own
    /// chase camera and HUD, all on the same held controls. With `--screen cars`: the car
    /// select as the guests' pads have joined it.
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = clap::value_parser!(u8).range(1..=4))]
    pub players: u8,
    /// How two players share the screen: `stacked` (one above the other) or `side-by-side`.
    #[arg(long, value_name = "SPLIT", value_enum, default_value = "stacked")]
    pub split: crate::app::split_screen::TwoPlayerSplit,
}

/// Runs `skidpad screenshot`.
pub fn run(ctx: &Context, a: &ShotArgs) -> Result<(), Error> {
    let mut setup = Setup::load(&ctx.root, &a.level, &a.car, ctx.profile.clone())?;
    // The player's paint from the settings, as play paints it.
    setup.player_paint = ctx.settings().display.car_paint_color();
    setup.add_guests(&ctx.root, usize::from(a.players) - 1, &a.car)?;
    setup.add_opponents(&ctx.root, a.ai, &a.ai_car)?;
    let opts = ShotOptions {
        frames: a.frames,
        width: a.width.unwrap_or(ctx.profile.width),
        height: a.height.unwrap_or(ctx.profile.height),
        hud: !a.no_hud,
        throttle: a.throttle,
        steer: a.steer,
        brake: a.brake,
        brake_frames: a.brake_frames,
        view: match a.view.as_str() {
            "friction" => crate::render::GroundView::Friction,
            _ => crate::render::GroundView::Albedo,
        },
        camera: match a.camera.as_str() {
            "field" => ShotCamera::Field,
            _ => ShotCamera::Chase,
        },
        players: usize::from(a.players),
        two_player_split: a.split,
    };
    check_pedals(a)?;
    check_size(&opts)?;
    if let Some(name) = &a.screen {
        let which = MenuShot::NAMES
            .iter()
            .find(|(_, n)| n == name)
            .map(|(s, _)| *s)
            .ok_or_else(|| Error::bad_argument("--screen", format!("no screen called `{name}`")))?;
        // Console and handheld are played with a pad (`[input] pad_only`): their shots
        // show its glyphs.
        let device = if ctx.profile.pad_only {
            Device::Pad
        } else {
            Device::Keyboard
        };
        let mut catalog =
            crate::app::frontend::Catalog::load(&ctx.root, ctx.profile.name == crate::content::DEFAULT_PROFILE);
        catalog.frame_caps_hz = ctx.profile.frame_caps_hz.clone();
        let preview = match which {
            MenuShot::Cars => Some(crate::app::CarPreview::new(&ctx.root, &ctx.profile, &setup.car.name)?),
            _ => None,
        };
        let image = crate::app::capture_screen(&setup, catalog, which, device, preview.as_ref(), opts)?;
        image
            .write_png(&a.out)
            .map_err(|e| Error::runtime(format!("{}: cannot write PNG: {e}", a.out.display())))?;
        log::info!("wrote {}", a.out.display());
        return Ok(());
    }
    crate::app::screenshot(&setup, opts, &a.out)?;
    log::info!("wrote {}", a.out.display());
    Ok(())
}

/// Throttle and brake in 0..1, steering in −1..1, all finite.
fn check_pedals(a: &ShotArgs) -> Result<(), Error> {
    for (name, v, lo) in [
        ("--throttle", a.throttle, 0.0),
        ("--steer", a.steer, -1.0),
        ("--brake", a.brake, 0.0),
    ] {
        if !(v.is_finite() && (lo..=1.0).contains(&v)) {
            return Err(Error::bad_argument(
                name,
                format!("must be between {lo} and 1, got {v}"),
            ));
        }
    }
    Ok(())
}

/// An image the GL framebuffer can hold and a PNG is worth writing for.
fn check_size(opts: &ShotOptions) -> Result<(), Error> {
    for (name, v) in [("--width", opts.width), ("--height", opts.height)] {
        if !(16..=8192).contains(&v) {
            return Err(Error::bad_argument(
                name,
                format!("must be between 16 and 8192 pixels, got {v}"),
            ));
        }
    }
    Ok(())
}
