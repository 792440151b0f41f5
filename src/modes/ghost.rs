//! The ghost of a best lap. The simulation is deterministic, so a ghost is a replay, not a
//! recorded path: a [`Ghost`] steps a world of its own (the same level with the player's
//! car only, as the lap was driven: same car, same assists, which ride in each input)
//! through the recorded inputs, and gives the car's pose each tick for the renderer to
//! draw translucent. Its state hash at the lap's end is the recorded one (the record's
//! replay file holds it; `tests/sim/modes_time_trial.rs` checks it).

use crate::sim::{SimWorld, Snapshot, TickInput};
use std::sync::Arc;

/// A best lap replayed in a world of its own.
pub struct Ghost {
    world: SimWorld,
    inputs: Arc<[TickInput]>,
    next: usize,
    lap_start_tick: u64,
    snapshot: Snapshot,
}

impl Ghost {
    /// The ghost of `inputs` (from the run's first tick to the lap's end) in `world` (a
    /// fresh world of the level with the player's car only); its lap starts at
    /// `lap_start_tick`.
    pub fn new(world: SimWorld, inputs: Arc<[TickInput]>, lap_start_tick: u64) -> Self {
        let mut snapshot = Snapshot::default();
        world.snapshot_into(&mut snapshot);
        Self {
            world,
            inputs,
            next: 0,
            lap_start_tick,
            snapshot,
        }
    }

    /// Steps one recorded tick; false once the inputs are used up (the ghost then stays
    /// where its lap ended).
    pub fn step(&mut self) -> bool {
        let Some(input) = self.inputs.get(self.next) else {
            return false;
        };
        self.world.step(input);
        self.world.snapshot_into(&mut self.snapshot);
        self.next += 1;
        true
    }

    /// Steps until the ghost's lap begins (so it sets off with a player starting a lap),
    /// all at once: for a trial's start, not for a frame in play (see [`Ghost::prepare`]).
    pub fn skip_to_lap_start(&mut self) {
        while self.world.tick() < self.lap_start_tick && self.step() {}
    }

    /// Steps towards `lap_ticks` ticks into the ghost's lap, at most `budget_ticks` ticks
    /// (a frame's share of the fast-forward, so no frame steps the whole out-lap); returns
    /// the ticks stepped. Stepping in pieces reaches the same state as in one go (the
    /// simulation is deterministic: the same inputs in the same order).
    pub fn prepare(&mut self, lap_ticks: u64, budget_ticks: u32) -> u32 {
        let target = self.lap_start_tick + lap_ticks;
        let mut stepped = 0;
        while stepped < budget_ticks && self.world.tick() < target && self.step() {
            stepped += 1;
        }
        stepped
    }

    /// Whether the ghost has reached `lap_ticks` ticks into its lap (or used up its
    /// inputs short of it): ready to race a player that far into a lap.
    pub fn ready_at(&self, lap_ticks: u64) -> bool {
        self.world.tick() >= self.lap_start_tick + lap_ticks || self.finished()
    }

    /// The tick the ghost's lap starts on.
    pub fn lap_start_tick(&self) -> u64 {
        self.lap_start_tick
    }

    /// Recorded inputs, from its run's first tick to its lap's end.
    pub fn inputs_len(&self) -> usize {
        self.inputs.len()
    }

    /// The ghost's poses after its latest tick: `cars[0]` is its car (chassis and wheels),
    /// what the renderer draws translucent.
    pub fn snapshot(&self) -> &Snapshot {
        &self.snapshot
    }

    /// Whether every recorded input has been stepped.
    pub fn finished(&self) -> bool {
        self.next >= self.inputs.len()
    }

    /// The ghost world's state hash (after the last input: the recorded lap-end hash).
    pub fn state_hash(&self) -> u64 {
        self.world.state_hash()
    }

    /// Ticks stepped.
    pub fn tick(&self) -> u64 {
        self.world.tick()
    }
}
