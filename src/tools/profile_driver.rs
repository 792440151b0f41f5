//! Who drives the player's car while `skidpad profile` measures: the level's scenario
//! script, run after run (a circle where the level has none), or the AI along the level's
//! racing line (`--ai-driver`), which takes the camera round whole laps among the field.
//!
//! If a profile's frames look nothing like play, check which drove: the scenario script
//! teleports the car to each run's spawn, so its frames repeat a few seconds of the level.

use crate::app::{AiPlayer, Session, Setup};
use crate::content::scenario::Run;
use crate::sim::{SimWorld, TickInput, VehicleControl};
use glam::{Quat, Vec3};

/// The player's input source for a profile.
pub enum ProfileDriver {
    /// The level's scenario runs in turn, or a circle when it has none.
    Scenario {
        /// The runs, played in turn and round again.
        runs: Vec<Run>,
        /// The run being played (modulo the runs).
        run: usize,
        /// Time into that run, s.
        t_s: f32,
    },
    /// The AI at the wheel, on the level's racing line at its top setting.
    Ai(Box<AiPlayer>),
}

impl ProfileDriver {
    /// The scenario script of `setup`'s level (a circle when it has none).
    pub fn scenario(setup: &Setup) -> Self {
        ProfileDriver::Scenario {
            runs: setup
                .level
                .level
                .scenario
                .as_ref()
                .map(|s| s.runs.clone())
                .unwrap_or_default(),
            run: 0,
            t_s: 0.0,
        }
    }

    /// The input for the next tick, `dt` s long. A scenario run's first tick puts the car
    /// at its spawn at its launch speed.
    pub fn input(&mut self, setup: &Setup, session: &mut Session, dt: f32) -> TickInput {
        match self {
            ProfileDriver::Ai(ai) => ai.input(session.world()),
            ProfileDriver::Scenario { runs, run, t_s } => scenario_input(runs, run, t_s, setup, session, dt),
        }
    }

    /// Times the AI's laps from the world after a tick (the scenario's runs are not laps).
    pub fn after_tick(&mut self, world: &SimWorld) {
        if let ProfileDriver::Ai(ai) = self {
            ai.after_tick(world);
        }
    }

    /// The AI's completed laps in seconds of `dt_s` ticks; none for the scenario.
    pub fn laps_s(&self, dt_s: f32) -> Option<Vec<f64>> {
        match self {
            ProfileDriver::Ai(ai) => Some(ai.laps_ticks().iter().map(|&t| t as f64 * f64::from(dt_s)).collect()),
            ProfileDriver::Scenario { .. } => None,
        }
    }
}

fn scenario_input(
    runs: &[Run],
    run: &mut usize,
    t_s: &mut f32,
    setup: &Setup,
    session: &mut Session,
    dt: f32,
) -> TickInput {
    // Borrowed, not cloned: a run's inputs and names would allocate every frame.
    let Some(current) = runs.get(*run % runs.len().max(1)) else {
        return TickInput {
            control: VehicleControl {
                throttle: 0.7,
                steer: 0.5,
                hand_brake: (*t_s as u32) % 4 == 3,
                ..VehicleControl::default()
            },
            ..Default::default()
        };
    };
    if *t_s == 0.0 {
        if let Some(spawn) = setup.level.level.spawn(&current.spawn) {
            let q = Quat::from_rotation_y(spawn.heading_rad);
            session.world_mut_for_tools().teleport_player(spawn.position_m, q);
            session
                .world_mut_for_tools()
                .set_player_velocity(q * Vec3::Z * current.speed_mps, Vec3::ZERO);
        }
    }
    let i = current.inputs.iter().take_while(|i| i.at_s <= *t_s).last();
    let control = i.map_or(VehicleControl::default(), |i| VehicleControl {
        throttle: i.throttle,
        steer: i.steer,
        brake: i.brake,
        hand_brake: i.hand_brake,
        ..VehicleControl::default()
    });
    *t_s += dt;
    if *t_s >= current.seconds {
        *t_s = 0.0;
        *run += 1;
    }
    TickInput {
        control,
        ..Default::default()
    }
}
