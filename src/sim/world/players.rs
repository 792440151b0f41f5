//! The cars people drive: one seat per player, each with the car it drives, its own
//! assists and the place its restart input puts it back. The first player drives car 0,
//! the level's spawn; players joining a split-screen game drive cars added after it
//! ([`SimWorld::add_player`]). Every other car takes the controls a caller gives it.

use super::slots::CarSlot;
use super::SimWorld;
use crate::sim::assist_hook::PlayerAssists;
use crate::vehicle::{Car, CarDef};
use glam::{Quat, Vec3};
use rapier3d::prelude::*;

/// The most players one world takes: four pads on one screen, as the consoles had.
pub const MAX_PLAYERS: usize = 4;

/// What the world keeps for one player.
#[derive(Debug, Clone)]
pub(super) struct PlayerSeat {
    /// The car the player drives (an index into the world's cars).
    pub(super) car: usize,
    /// The player's assists and what they know of the car, across ticks.
    pub(super) assists: PlayerAssists,
    /// Where the restart input puts the car: the chassis origin and heading about +Y.
    pub(super) start: (Vec3, f32),
}

impl SimWorld {
    /// Seats another player in a car of `def` at `position` facing `heading_rad`, after
    /// every car already in the world (its restart input puts it back there). Returns the
    /// player's number (1 for the second player), or `None` when [`MAX_PLAYERS`] are
    /// already seated (the car is then not added).
    pub fn add_player(&mut self, def: &CarDef, position: Vec3, heading_rad: f32) -> Option<usize> {
        if self.players.len() >= MAX_PLAYERS {
            return None;
        }
        let car = self.add_car(def, position, heading_rad);
        self.players.push(PlayerSeat {
            car,
            assists: PlayerAssists::default(),
            start: (position, heading_rad),
        });
        Some(self.players.len() - 1)
    }

    /// Players seated: 1 unless others joined.
    pub fn player_count(&self) -> usize {
        self.players.len()
    }

    /// The index among the world's cars of the car player `player` drives (`None` past the
    /// last player).
    pub fn player_car_index(&self, player: usize) -> Option<usize> {
        self.players.get(player).map(|seat| seat.car)
    }

    /// Which of player `player`'s assists acted in the latest tick (their HUD's lamps; none
    /// past the last player).
    pub fn player_assist_lamps(&self, player: usize) -> crate::assists::AssistLamps {
        self.players
            .get(player)
            .map(|seat| seat.assists.lamps())
            .unwrap_or_default()
    }

    /// Puts player `player`'s car back where it started, upright and at rest.
    pub(super) fn restart_player(&mut self, player: usize) {
        let seat = &self.players[player];
        let (origin, heading_rad) = if player == 0 {
            (self.spawn.position_m, self.spawn.heading_rad)
        } else {
            seat.start
        };
        self.put_car(seat.car, origin, heading_rad);
    }

    /// Puts car `car` at `origin` facing `heading_rad`, upright and at rest.
    pub(super) fn put_car(&mut self, car: usize, origin: Vec3, heading_rad: f32) {
        let pose = Pose::from_parts(origin, Quat::from_rotation_y(heading_rad));
        let slot: &mut CarSlot = &mut self.cars[car];
        slot.car.teleport(&mut self.physics, pose);
        slot.velocity_before_mps = Vec3::ZERO;
        slot.air_ticks = 0;
    }

    /// Player `player`'s car (the first player's, car 0, past the last).
    pub fn player_car(&self, player: usize) -> &Car {
        let car = self.player_car_index(player).unwrap_or(0);
        &self.cars[car].car
    }
}
