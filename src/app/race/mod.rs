//! A race: the one set-up of "a level's world plus its AI opponents" that every front end
//! builds the same way (play's session, `skidpad run`, the soak, the tests),
//! and the rule of a tick written once: the opponents choose, then the world steps.
//!
//! - [`opponents`]: AI cars on the grid and their drivers.
//! - [`ai_player`]: the AI at the player's wheel, lap timing, and [`AiRace`].
//! - [`track_room`]: the room beside the racing line the opponents pass within.
//!
//! The line the AI drives comes from [`crate::raceline::level_line`]. AI controls are
//! recomputed from the world each tick and never recorded: a replay stores the player's
//! inputs and the opponent count.

mod ai_player;
mod grid;
mod opponents;
mod track_borders;
mod track_room;

pub use ai_player::{AiPlayer, AiRace};
pub use grid::grid_slot;
pub(crate) use opponents::footprint_m;
pub use opponents::Opponents;
pub use track_borders::{PastBorder, TrackBorders};
pub use track_room::line_room;

use crate::ai::AiDifficulty;
use crate::app::setup::Setup;
use crate::sim::{ChunkProvider, SimWorld, SyncProvider, TickInput, TickPart};

/// A level's world with the setup's AI opponents on the grid behind the player.
///
/// Bodies go into the world in one order (the player, the level's parked cars and props,
/// then the opponents), so the same setup gives the same state hash whichever front end
/// built it. If a front end's hashes differ from `skidpad run`'s, look here first.
pub struct Race {
    /// The simulation.
    pub world: SimWorld,
    /// The AI opponents and their drivers (none without `--ai N`).
    pub opponents: Opponents,
}

impl Race {
    /// `setup`'s level with chunks decoded on this thread; chunk events are kept for a
    /// renderer to drain.
    pub fn new(setup: &Setup) -> Race {
        Self::with_provider(setup, Box::new(SyncProvider::new(setup.level.chunks.clone())))
    }

    /// As [`Race::new`], with chunks from `provider` (play's loader thread).
    pub fn with_provider(setup: &Setup, provider: Box<dyn ChunkProvider>) -> Race {
        Self::on(Self::level_world(setup, provider), setup)
    }

    /// As [`Race::new`], for a race nothing draws (`run`, the soak, the tests): the world
    /// keeps no chunk events.
    pub fn headless(setup: &Setup) -> Race {
        Self::headless_field(setup, setup_skills(setup), true)
    }

    /// As [`Race::headless`], opponent `k` at `difficulties[k]` (the last repeated for the
    /// rest): a mixed field; with `racecraft` (the default race's), racing each other, else
    /// only following (a baseline for the tests).
    pub fn headless_field(setup: &Setup, difficulties: &[AiDifficulty], racecraft: bool) -> Race {
        let mut world = Self::level_world(setup, Box::new(SyncProvider::new(setup.level.chunks.clone())));
        world.discard_chunk_events();
        Self::on_field(world, setup, difficulties, racecraft)
    }

    /// The world of `setup` with only the player's car and the level's own bodies in it,
    /// at the profile's tick rate; [`Race::on`] completes it. (Split so a front end can
    /// look at the world before the grid fills: the chase camera is placed there.)
    pub fn level_world(setup: &Setup, provider: Box<dyn ChunkProvider>) -> SimWorld {
        SimWorld::with_provider(
            &setup.level,
            &setup.car,
            &setup.parked,
            setup.profile.loop_config.tick_rate_hz,
            provider,
        )
    }

    /// Puts `setup`'s opponents on the grid of `world` (from [`Race::level_world`]), driving the
    /// setup's line and racing each other ([`crate::ai::Racecraft`]).
    pub fn on(world: SimWorld, setup: &Setup) -> Race {
        Self::on_field(world, setup, setup_skills(setup), true)
    }

    /// As [`Race::on`], opponent `k` at `difficulties[k]` (the last repeated for the rest);
    /// with `racecraft` (the default), racing each other within the room beside the line
    /// that the level's track leaves (a level without a track leaves none: they follow);
    /// without, only following.
    pub fn on_field(mut world: SimWorld, setup: &Setup, difficulties: &[AiDifficulty], racecraft: bool) -> Race {
        let line = setup.opponents_line.as_ref().map(|l| &l.line);
        let guest_cars = seat_guests(&mut world, setup, line.map(|l| &**l));
        let opponents = match (line, setup.opponents.first()) {
            (Some(line), Some(car)) => {
                let room = racecraft.then(|| std::sync::Arc::new(line_room(&setup.level, line, car)));
                let opponents = Opponents::spawn_field(
                    &mut world,
                    line,
                    room.as_ref(),
                    &setup.opponents,
                    difficulties,
                    setup.player_count(),
                );
                let slots = setup.grid_slots();
                if slots.iter().enumerate().any(|(p, &slot)| slot != p) {
                    grid::arrange_grid(&mut world, line, &slots, &guest_cars, setup.opponents.len());
                }
                opponents
            }
            _ => Opponents::default(),
        };
        Race { world, opponents }
    }

    /// One tick: every opponent chooses its controls from the world as it is, then the
    /// world steps with the first player's `input` (the guests', if any, get none).
    pub fn step(&mut self, input: &TickInput) {
        self.step_timed(input, &mut |_| {});
    }

    /// [`Race::step`] with the world's parts reported to `mark` (the profiler).
    pub fn step_timed(&mut self, input: &TickInput, mark: &mut dyn FnMut(TickPart)) {
        self.step_players_timed(std::slice::from_ref(input), mark);
    }

    /// One tick with `inputs[p]` driving player `p`'s car (the first player's, then each
    /// guest's).
    pub fn step_players(&mut self, inputs: &[TickInput]) {
        self.step_players_timed(inputs, &mut |_| {});
    }

    /// [`Race::step_players`] with the world's parts reported to `mark`.
    pub fn step_players_timed(&mut self, inputs: &[TickInput], mark: &mut dyn FnMut(TickPart)) {
        self.opponents.drive(&mut self.world);
        self.world.step_players_timed(inputs, mark);
    }
}

/// Seats `setup`'s guests in `world`, each in the grid slot behind the player before
/// (along `line` when the race has one, else straight back from the first player's car);
/// their world indices. A guest past the world's limit of players is left out with a log
/// line (the front end never offers more).
fn seat_guests(world: &mut SimWorld, setup: &Setup, line: Option<&crate::ai::DrivingLine>) -> Vec<usize> {
    let pole = world.player_body();
    let pole = (pole.translation(), *pole.rotation());
    let mut cars = Vec::with_capacity(setup.guests.len());
    for (g, guest) in setup.guests.iter().enumerate() {
        let (position, heading_rad) = grid::slot_pose(world, line, pole, g + 1);
        match world.add_player(&guest.car, position, heading_rad) {
            Some(player) => cars.push(world.player_car_index(player).unwrap_or(0)),
            None => log::warn!(
                "guest {} left out: the world seats at most {} players",
                g + 2,
                crate::sim::MAX_PLAYERS
            ),
        }
    }
    cars
}

/// The opponents' difficulties `setup` asks for: each its own, else all at one.
fn setup_skills(setup: &Setup) -> &[AiDifficulty] {
    if setup.opponent_skills.is_empty() {
        std::slice::from_ref(&setup.ai_difficulty)
    } else {
        &setup.opponent_skills
    }
}
