//! What every command starts from: the content root and platform profile the global
//! options name, the player's settings, and a replay's set-up.

use crate::app::Setup;
use crate::content::{ContentRoot, PlatformProfile};
use crate::error::Error;
use crate::replay::Replay;
use crate::settings::Settings;
use std::path::{Path, PathBuf};

/// The global options, checked and loaded: what a command's `run` is given.
#[derive(Debug)]
pub struct Context {
    /// Where levels and cars come from (`--content DIR`, or the copy built in).
    pub root: ContentRoot,
    /// The platform profile `--platform` names.
    pub profile: PlatformProfile,
    /// `--platform` as given (a name or a path): recordings name the platform this way.
    pub platform_arg: String,
    /// `--settings FILE`, if given.
    pub settings_path: Option<PathBuf>,
}

impl Context {
    /// Checks `--content` and loads `--platform`; either failing is bad input, the content
    /// directory's checked first.
    pub fn new(content: Option<&Path>, platform: &str, settings_path: Option<PathBuf>) -> Result<Self, Error> {
        let root = match content {
            Some(dir) if !dir.is_dir() => {
                return Err(Error::bad_argument(
                    "--content",
                    format!("{} is not a directory", dir.display()),
                ))
            }
            Some(dir) => ContentRoot::Dir(dir.to_path_buf()),
            None => ContentRoot::Embedded,
        };
        Ok(Self {
            root,
            profile: PlatformProfile::load(platform)?,
            platform_arg: platform.to_string(),
            settings_path,
        })
    }

    /// Where the player's settings are read and saved: `--settings FILE`, else
    /// `settings.toml` in the per-user settings directory (None when there is none).
    pub fn settings_file(&self) -> Option<PathBuf> {
        self.settings_path
            .clone()
            .or_else(|| skidpad_platform::files::config_dir().map(|d| d.join("settings.toml")))
    }

    /// The player's settings, with any warnings logged (never an error: a console game
    /// starts with defaults rather than refuse).
    pub fn settings(&self) -> Settings {
        let Some(path) = self.settings_file() else {
            log::warn!("no settings directory (neither XDG_CONFIG_HOME nor HOME is set); using the default settings");
            return Settings::default();
        };
        let (settings, warnings) = Settings::load(&path);
        for w in warnings {
            log::warn!("{w}");
        }
        settings
    }

    /// A replay and the level, car and platform it was recorded on, refused if another
    /// build recorded it.
    pub fn replay_setup(&self, path: &Path) -> Result<(Setup, Replay), Error> {
        let replay = Replay::load(path)?;
        replay.check_build(&path.display().to_string())?;
        let h = &replay.header;
        let mut setup = Setup::load(&self.root, &h.level, &h.car, PlatformProfile::load(&h.platform)?)?;
        for car in &h.guest_cars {
            setup.add_guest(&self.root, car)?;
        }
        setup.add_opponents(&self.root, h.ai_opponents as usize, &h.ai_car)?;
        let grid = crate::app::ReplayGrid {
            opponent_skills: h.opponent_skills.clone(),
            grid_slots: h.grid_slots.clone(),
        };
        setup
            .set_replay_grid(&grid)
            .map_err(|e| crate::content::ContentError::new(path.display().to_string(), "header.opponent_skills", e))?;
        if !h.ai_difficulty.is_empty() {
            setup.ai_difficulty = h.ai_difficulty.parse().map_err(|e: String| {
                crate::content::ContentError::new(path.display().to_string(), "header.ai_difficulty", e)
            })?;
        }
        Ok((setup, replay))
    }
}
