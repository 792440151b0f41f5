//! What every front end starts from: a level with its chunks, the player's car, the
//! level's parked cars, and the platform profile, all loaded and validated.

use super::{Failure, Session};
use crate::content::levels::load_level;
use crate::content::{ContentError, ContentRoot, LoadedLevel, PlatformProfile};
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
}

impl Setup {
    /// Loads `level` and `car` (names or paths) from `root` under `profile`.
    pub fn load(root: &ContentRoot, level: &str, car: &str, profile: PlatformProfile) -> Result<Setup, Failure> {
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
        })
    }

    /// A session of this level, chunks decoded on this thread.
    pub fn session(&self) -> Session {
        Session::new(&self.level, &self.car, &self.parked, &self.profile)
    }
}
