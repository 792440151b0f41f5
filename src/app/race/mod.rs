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
mod opponents;
mod track_borders;
mod track_room;

pub use ai_player::{AiPlayer, AiRace};
pub(crate) use opponents::footprint_m;
pub use opponents::{grid_slot, Opponents};
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
        let opponents = match (&setup.opponents_line, setup.opponents.first()) {
            (Some(line), Some(car)) => {
                let room = racecraft.then(|| std::sync::Arc::new(line_room(&setup.level, &line.line, car)));
                let opponents =
                    Opponents::spawn_field(&mut world, &line.line, room.as_ref(), &setup.opponents, difficulties);
                if setup.player_grid_slot > 0 {
                    move_player_back(&mut world, &line.line, setup.player_grid_slot, setup.opponents.len());
                }
                opponents
            }
            _ => Opponents::default(),
        };
        Race { world, opponents }
    }

    /// One tick: every opponent chooses its controls from the world as it is, then the
    /// world steps with the player's `input`.
    pub fn step(&mut self, input: &TickInput) {
        self.step_timed(input, &mut |_| {});
    }

    /// [`Race::step`] with the world's parts reported to `mark` (the profiler).
    pub fn step_timed(&mut self, input: &TickInput, mark: &mut dyn FnMut(TickPart)) {
        self.opponents.drive(&mut self.world);
        self.world.step_timed(input, mark);
    }
}

/// The opponents' difficulties `setup` asks for: each its own, else all at one.
fn setup_skills(setup: &Setup) -> &[AiDifficulty] {
    if setup.opponent_skills.is_empty() {
        std::slice::from_ref(&setup.ai_difficulty)
    } else {
        &setup.opponent_skills
    }
}

/// Puts the player in grid slot `slot` (of 1 + `opponents`; 0 is pole, where the level
/// spawned it), the opponents spawned in slots 1.. ahead of it moving up one slot each:
/// before the first tick, so no driver has seen the old grid.
fn move_player_back(world: &mut SimWorld, line: &crate::ai::DrivingLine, slot: usize, opponents: usize) {
    let slot = slot.min(opponents);
    let pole = world.player_body();
    let (pole_position, pole_rotation) = (pole.translation(), *pole.rotation());
    let start = glam::Vec2::new(pole_position.x, pole_position.z);
    let pose_of = |world: &mut SimWorld, k: usize| -> (glam::Vec3, glam::Quat) {
        if k == 0 {
            return (pole_position, pole_rotation);
        }
        let (p, heading) = opponents::grid_slot(line, start, k);
        let y = world.ground_height_at(p.x, p.y).unwrap_or(pole_position.y) + 0.4;
        (glam::Vec3::new(p.x, y, p.y), glam::Quat::from_rotation_y(heading))
    };
    // Opponent k sat in slot k + 1; those ahead of the player's new slot move up one. The
    // opponents are the world's last cars (after any parked ones).
    let first = world.cars().len().saturating_sub(opponents);
    for k in 0..slot {
        let (p, r) = pose_of(world, k);
        world.teleport_car(first + k, p, r);
    }
    let (p, r) = pose_of(world, slot);
    world.teleport_player(p, r);
}
