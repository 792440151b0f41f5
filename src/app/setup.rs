//! What every front end starts from: a level with its chunks, the player's car, the
//! level's parked cars, and the platform profile, all loaded and validated.

use super::race::{level_line, RaceLine};
use super::Session;
use crate::content::levels::load_level;
use crate::content::{ContentError, ContentRoot, LoadedLevel, PlatformProfile};
use crate::error::Error;
use crate::vehicle::CarDef;

/// A level ready to play.
#[derive(Clone)]
pub struct Setup {
    /// The level and its chunks.
    pub level: LoadedLevel,
    /// The player's car.
    pub car: CarDef,
    /// One definition per `level.parked_cars`, in order.
    pub parked: Vec<CarDef>,
    /// The platform profile in force.
    pub profile: PlatformProfile,
    /// AI opponents and the line they drive (`--ai N`).
    pub opponents: Vec<CarDef>,
    /// The racing line the opponents drive, when there are any.
    pub race: Option<RaceLine>,
}

impl Setup {
    /// Loads `level` and `car` (names or paths) from `root` under `profile`.
    pub fn load(root: &ContentRoot, level: &str, car: &str, profile: PlatformProfile) -> Result<Setup, Error> {
        let level = load_level(root, level)?;
        let car = CarDef::load(root, car)?;
        let parked = level
            .level
            .parked_cars
            .iter()
            .enumerate()
            .map(|(i, p)| {
                CarDef::load(root, &p.car).map_err(|e| {
                    ContentError::new(
                        format!("level {}", level.level.name),
                        format!("parked_cars[{i}].car"),
                        e.to_string(),
                    )
                })
            })
            .collect::<Result<Vec<_>, ContentError>>()?;
        Ok(Setup {
            level,
            car,
            parked,
            profile,
            opponents: Vec::new(),
            race: None,
        })
    }

    /// Adds `count` AI opponents in `ai_car` (name or path), driving the level's racing
    /// line profiled for that car. A level without a track is bad input.
    pub fn add_opponents(&mut self, root: &ContentRoot, count: usize, ai_car: &str) -> Result<(), Error> {
        if count == 0 {
            return Ok(());
        }
        let def = CarDef::load(root, ai_car)?;
        self.race = Some(level_line(root, &self.level, &def)?);
        self.opponents = vec![def; count];
        Ok(())
    }

    /// A session of this level, chunks decoded on this thread.
    pub fn session(&self) -> Session {
        let mut s = Session::new(&self.level, &self.car, &self.parked, &self.profile);
        self.add_opponents_to(&mut s);
        s
    }

    /// Puts this setup's AI opponents into `session` (a new one).
    pub fn add_opponents_to(&self, session: &mut Session) {
        if let Some(race) = &self.race {
            session.add_opponents(&self.opponents, &race.line);
        }
    }
}
