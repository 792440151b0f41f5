//! What every front end starts from: a level with its chunks, the player's car, the
//! level's parked cars, the platform profile and, with `--ai N`, the opponents and the line
//! they drive, all loaded and validated. [`super::race::Race`] builds the world from it.

use crate::ai::AiDifficulty;
use crate::content::load_level;
use crate::content::{ContentError, ContentRoot, LoadedLevel, PlatformProfile};
use crate::error::Error;
use crate::raceline::{level_line, RaceLine};
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
    /// AI opponents (`--ai N`), one definition per car.
    pub opponents: Vec<CarDef>,
    /// The line the opponents drive, when there are any.
    pub opponents_line: Option<RaceLine>,
    /// How well the AI drives (`--ai-difficulty`): the opponents and `run --ai-driver`.
    pub ai_difficulty: AiDifficulty,
    /// The player's paint (settings `display.car_paint`); none: the car file's colour.
    /// Every other car is painted from the AI palette, never in the player's colour.
    pub player_paint: Option<glam::Vec3>,
    /// Each opponent's own difficulty, in grid order (a championship's field); empty:
    /// every opponent at `ai_difficulty`.
    pub opponent_skills: Vec<AiDifficulty>,
    /// The player's grid slot, 0 for pole (a championship's grid follows its table); the
    /// opponents fill the other slots in order.
    pub player_grid_slot: usize,
    /// Each opponent's paint, in grid order, as a slot of the AI palette
    /// (`render::ai_paint`; a championship driver wears theirs all season); empty: the
    /// palette in grid order.
    pub opponent_paint_slots: Vec<usize>,
    /// The players after the first in a split-screen game (none: one player), each on the
    /// grid right behind the one before, ahead of the opponents (unless
    /// `guest_grid_slots` says otherwise).
    pub guests: Vec<Guest>,
    /// Each guest's grid slot (a championship's table); empty: each right behind the
    /// player before.
    pub guest_grid_slots: Vec<usize>,
}

/// What a replay keeps of a race's grid beyond its cars: each opponent's difficulty by name
/// where they differ, each person's slot where they start apart (both empty for a race
/// from pole at one difficulty).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ReplayGrid {
    /// Each opponent's difficulty, in grid order.
    pub opponent_skills: Vec<String>,
    /// Each person's grid slot: the first player's, then each guest's.
    pub grid_slots: Vec<usize>,
}

/// A player after the first in a split-screen game: the car they chose and its paint.
#[derive(Debug, Clone)]
pub struct Guest {
    /// Their car.
    pub car: CarDef,
    /// Their paint, linear RGB (none: the car file's colour).
    pub paint: Option<glam::Vec3>,
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
        Ok(Setup::new(level, car, parked, profile))
    }

    /// A setup from parts already loaded (tests and tools that build a level in code), with
    /// no opponents. `parked` holds one car per `level.parked_cars`, in order.
    pub fn new(level: LoadedLevel, car: CarDef, parked: Vec<CarDef>, profile: PlatformProfile) -> Setup {
        Setup {
            level,
            car,
            parked,
            profile,
            opponents: Vec::new(),
            opponents_line: None,
            ai_difficulty: AiDifficulty::default(),
            player_paint: None,
            opponent_skills: Vec::new(),
            player_grid_slot: 0,
            opponent_paint_slots: Vec::new(),
            guests: Vec::new(),
            guest_grid_slots: Vec::new(),
        }
    }

    /// What a replay of this race keeps of its grid (see [`ReplayGrid`]).
    pub fn replay_grid(&self) -> ReplayGrid {
        let slots = self.grid_slots();
        ReplayGrid {
            opponent_skills: self.opponent_skills.iter().map(|d| d.name().to_string()).collect(),
            grid_slots: if slots.iter().enumerate().all(|(p, &s)| s == p) {
                Vec::new()
            } else {
                slots
            },
        }
    }

    /// Puts a replay's grid (`grid`, from [`Setup::replay_grid`]) back; an unknown
    /// difficulty is refused by name.
    pub fn set_replay_grid(&mut self, grid: &ReplayGrid) -> Result<(), String> {
        self.opponent_skills = grid
            .opponent_skills
            .iter()
            .map(|d| d.parse::<AiDifficulty>())
            .collect::<Result<_, _>>()?;
        if let Some((&first, guests)) = grid.grid_slots.split_first() {
            self.player_grid_slot = first;
            self.guest_grid_slots = guests.to_vec();
        }
        Ok(())
    }

    /// Each person's grid slot in seat order: the first player's, then each guest's (right
    /// behind the one before, where the setup names none).
    pub fn grid_slots(&self) -> Vec<usize> {
        let first = self.player_grid_slot;
        let guest = |g: usize| self.guest_grid_slots.get(g).copied().unwrap_or(first + 1 + g);
        std::iter::once(first)
            .chain((0..self.guests.len()).map(guest))
            .collect()
    }

    /// Adds `count` AI opponents in `ai_car` (name or path), driving the level's racing
    /// line profiled for that car. A level without a track is bad input.
    pub fn add_opponents(&mut self, root: &ContentRoot, count: usize, ai_car: &str) -> Result<(), Error> {
        if count == 0 {
            return Ok(());
        }
        let def = CarDef::load(root, ai_car)?;
        let line = level_line(root, &self.level, &def)?;
        self.set_opponents(def, count, line);
        Ok(())
    }

    /// The paint world car `car` wears (0 the player's, then the parked cars in the AI
    /// palette, the guests' own and the opponents in the AI palette, as the session paints
    /// them), linear RGB.
    pub fn car_paint(&self, car: usize) -> glam::Vec3 {
        let player = self.player_paint.unwrap_or(self.car.color);
        if car == 0 {
            return player;
        }
        let first_guest = 1 + self.parked.len();
        if let Some(guest) = car.checked_sub(first_guest).and_then(|g| self.guests.get(g)) {
            return guest.paint.unwrap_or(guest.car.color);
        }
        // The AI palette counts the world's cars without the guests, so a field wears the
        // same paints whoever plays.
        let ai_car = if car > first_guest {
            car - self.guests.len()
        } else {
            car
        };
        let slot = crate::render::ai_paint_slot(ai_car, first_guest, &self.opponent_paint_slots);
        let mut players = [player; crate::sim::MAX_PLAYERS];
        for (p, guest) in players[1..].iter_mut().zip(&self.guests) {
            *p = guest.paint.unwrap_or(guest.car.color);
        }
        crate::render::ai_paint_avoiding(slot, &players[..self.player_count().min(crate::sim::MAX_PLAYERS)])
    }

    /// Seats `count` guests in `car` (name or path), each in the next paint of the
    /// palette that is not near the first player's (`run`, `screenshot` and `profile`
    /// with `--players`; the car select lets players choose theirs).
    pub fn add_guests(&mut self, root: &ContentRoot, count: usize, car: &str) -> Result<(), Error> {
        let first = self.player_paint.unwrap_or(self.car.color);
        for g in 0..count {
            self.add_guest(root, car)?;
            if let Some(guest) = self.guests.last_mut() {
                guest.paint = Some(crate::render::ai_paint(g, first));
            }
        }
        Ok(())
    }

    /// Adds a guest (a player after the first) in `car` (name or path), in its file's
    /// colour.
    pub fn add_guest(&mut self, root: &ContentRoot, car: &str) -> Result<(), Error> {
        let car = CarDef::load(root, car)?;
        self.guests.push(Guest { car, paint: None });
        Ok(())
    }

    /// People playing: the first player and the guests.
    pub fn player_count(&self) -> usize {
        1 + self.guests.len()
    }

    /// The world index of the first AI opponent's car (after the first player's, the
    /// level's parked cars and the guests').
    pub fn first_opponent_car(&self) -> usize {
        1 + self.parked.len() + self.guests.len()
    }

    /// Sets `count` AI opponents in `car` driving `line`, the level's racing line for that
    /// car found already (`raceline::level_line`; the loading screen searches it on a
    /// worker: `RunPrep::opponents_line`).
    pub fn set_opponents(&mut self, car: CarDef, count: usize, line: RaceLine) {
        self.opponents_line = (count > 0).then_some(line);
        self.opponents = vec![car; count];
    }
}
