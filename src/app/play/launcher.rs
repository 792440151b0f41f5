//! What the front end needs to start what the player chose and to keep the options: the
//! content, the platform profile and where the settings file is.

use crate::app::frontend::{Catalog, Choice};
use crate::app::game_mode::championship::SeasonKeeping;
use crate::app::game_mode::NextRound;
use crate::app::setup::Setup;
use crate::content::{ContentRoot, PlatformProfile};
use crate::error::Error;
use crate::modes::championship::{SeasonStore, TrophyShelf};
use crate::modes::RecordStore;
use crate::settings::Settings;
use crate::vehicle::CarDef;
use std::path::PathBuf;

/// The opponents' car when the player asks for opponents from the menus (as `--ai-car`'s
/// default).
const OPPONENTS_CAR: &str = "sedan";

/// Content, profile and settings file of a game of `skidpad play`.
#[derive(Debug, Clone)]
pub struct Launcher {
    /// Where levels and cars are read.
    pub root: ContentRoot,
    /// The platform profile in force.
    pub profile: PlatformProfile,
    /// The settings file options are saved to (None: nowhere to save; they apply for
    /// this game only).
    pub settings_file: Option<PathBuf>,
}

impl Launcher {
    /// The levels and cars the menus list, with the records kept.
    pub fn catalog(&self) -> Catalog {
        let mut catalog = Catalog::load(&self.root, self.window_options());
        catalog.frame_caps_hz = self.profile.frame_caps_hz.clone();
        self.note_records(&mut catalog);
        self.note_season(&mut catalog);
        catalog
    }

    /// Notes the season saved and not finished in `catalog` (the main menu's *Continue
    /// championship*).
    pub fn note_season(&self, catalog: &mut Catalog) {
        // A corrupt save is set aside, and said so in the log, as it loads.
        let loaded = self.season_store().map(|s| s.load()).unwrap_or_default();
        catalog.set_season(loaded.season.as_ref());
    }

    /// Where the season in progress is saved: the per-user data directory (None, logged,
    /// when there is none: a season is then played but not kept).
    pub fn season_store(&self) -> Option<SeasonStore> {
        match skidpad_platform::files::data_dir() {
            Some(dir) => Some(SeasonStore::new(dir)),
            None => {
                log::warn!("no per-user data directory: a championship is not saved");
                None
            }
        }
    }

    /// What a championship keeps: its season's save and the trophy shelf beside the
    /// records.
    pub fn season_keeping(&self) -> SeasonKeeping {
        SeasonKeeping {
            store: self.season_store(),
            shelf: self.records().map(|r| TrophyShelf::new(r.dir())),
        }
    }

    /// A round of a season: its level and the player's car loaded, its grid arranged, its
    /// opponents' car and count beside it (their racing line is found by the loading
    /// screen, as a race's).
    pub fn round_setup(&self, round: &NextRound) -> Result<(Setup, Option<(CarDef, usize)>), Error> {
        let mut setup = Setup::load(&self.root, &round.level, &round.car, self.profile.clone())?;
        for guest in &round.guests {
            setup.add_guest(&self.root, &guest.car)?;
            if let Some(seated) = setup.guests.last_mut() {
                seated.paint = paint_of(guest.paint);
            }
        }
        round.arrange(&mut setup);
        let opponents = match round.opponent_skills.len() {
            0 => None,
            n => Some((CarDef::load(&self.root, &round.opponents_car)?, n)),
        };
        Ok((setup, opponents))
    }

    /// Notes the records kept in `catalog`'s levels (after a time trial saved one).
    pub fn note_records(&self, catalog: &mut Catalog) {
        let Some(store) = self.records() else {
            return;
        };
        match store.list() {
            Ok((records, aside)) => {
                for a in aside {
                    a.log();
                }
                catalog.set_records(&records);
            }
            Err(e) => log::warn!("no records shown: {e}"),
        }
    }

    /// Where records and ghosts are kept: the per-user data directory's `records` (None,
    /// logged, when there is none: records are then not kept).
    pub fn records(&self) -> Option<RecordStore> {
        RecordStore::per_user()
            .map_err(|e| log::warn!("records are not kept: {e}"))
            .ok()
    }

    /// Whether the window's size and fullscreen are the player's to choose (the desktop
    /// profile; a console's display is fixed).
    pub fn window_options(&self) -> bool {
        self.profile.name == crate::content::DEFAULT_PROFILE
    }

    /// The window `settings` ask for: (width, height, fullscreen); the profile's size when
    /// they name none, or when the profile's display is fixed.
    pub fn window(&self, settings: &Settings) -> (u32, u32, bool) {
        let d = settings.display;
        if !self.window_options() {
            return (self.profile.width, self.profile.height, false);
        }
        match d.window_height_px {
            0 => (self.profile.width, self.profile.height, d.fullscreen),
            h => (h * 16 / 9, h, d.fullscreen),
        }
    }

    /// The level, car and opponents' difficulty of `choice`, loaded and validated, without
    /// its opponents yet: their car and count come beside it (None when there are none), for
    /// the loading screen to find their racing line on a worker (a level without a shipped
    /// line has it searched: seconds) and set them ([`Setup::set_opponents`]).
    pub fn setup(&self, choice: &Choice) -> Result<(Setup, Option<(CarDef, usize)>), Error> {
        let mut setup = Setup::load(&self.root, &choice.level, &choice.car, self.profile.clone())?;
        if let Some(d) = choice.difficulty {
            setup.ai_difficulty = d;
        }
        for guest in &choice.party.guests {
            setup.add_guest(&self.root, &guest.car)?;
            if let Some(seated) = setup.guests.last_mut() {
                seated.paint = paint_of(Some(guest.paint));
            }
        }
        let opponents = match choice.opponents {
            0 => None,
            n => Some((CarDef::load(&self.root, OPPONENTS_CAR)?, n)),
        };
        Ok((setup, opponents))
    }

    /// Saves `settings` atomically; a failure is logged once, and play goes on.
    pub fn save_settings(&self, settings: &Settings) {
        match &self.settings_file {
            Some(path) => match settings.save(path) {
                Ok(()) => log::debug!("settings saved to {}", path.display()),
                Err(e) => log::warn!("{e}"),
            },
            None => log::warn!("no settings directory: options apply to this game only"),
        }
    }
}

/// Paint `index` of render's palette as linear RGB (None: the car's own colour).
fn paint_of(index: Option<usize>) -> Option<glam::Vec3> {
    crate::render::PAINTS.get(index?).map(|(_, c)| glam::Vec3::from(*c))
}
