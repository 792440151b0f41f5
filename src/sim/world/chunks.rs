//! Streaming glue: the chunks the streamer plans brought into rapier as colliders and
//! taken out again, their events kept for a renderer, and the query structures refreshed so
//! ray casts see what just came in.

use super::{SimWorld, MAX_STREAMING_CARS};
use crate::sim::streaming::chunk_key;
use crate::sim::{ChunkEvent, StreamStats};
use crate::vehicle::Surfaces;
use glam::Vec3;
use rapier3d::prelude::*;
use skidpad_bake::chunk::{BakedChunk, BakedShape};

impl SimWorld {
    /// Puts every collider in the broad phase now (rapier does it in the next step), so
    /// wheel rays cast before that step see what was just inserted.
    pub(super) fn refresh_query_structures(&mut self) {
        self.static_generation += 1;
        let p = &mut self.physics;
        for (handle, collider) in p.colliders.iter() {
            p.broad_phase
                .set_aabb(&p.integration_parameters, handle, collider.compute_aabb());
        }
    }

    /// Brings chunks near `positions` into the world and drops far ones.
    pub(super) fn stream(&mut self, positions: &[Vec3]) {
        let (enter, leave) = self.streamer.plan(positions, &self.resident);
        if enter.is_empty() && leave.is_empty() {
            // Most ticks: nothing moved in or out, so the counters stand as they are.
            return;
        }
        self.static_generation += 1;
        for c in leave {
            let k = chunk_key(c);
            for h in self.resident.remove(&k).unwrap_or_default() {
                self.physics.remove_collider(h);
            }
            self.resident_bytes.remove(&k);
            self.streamer.stats_mut().left += 1;
            if self.keep_chunk_events {
                self.events.push(ChunkEvent::Left(c));
            }
        }
        let entered_any = !enter.is_empty();
        for c in enter {
            let k = chunk_key(c);
            match self.streamer.take(c) {
                Ok(chunk) => {
                    let handles = self.insert_chunk(&chunk);
                    self.resident.insert(k, handles);
                    self.resident_bytes.insert(k, chunk.resident_bytes());
                    self.streamer.stats_mut().entered += 1;
                    if self.keep_chunk_events {
                        self.events.push(ChunkEvent::Entered(chunk));
                    }
                }
                Err(e) => {
                    // The rest of the level stays playable; the hole is logged once.
                    log::error!("chunk {},{} not loaded: {e}", c.x, c.y);
                    self.resident.insert(k, Vec::new());
                    self.streamer.stats_mut().failures += 1;
                }
            }
        }
        let stats = self.streamer.stats_mut();
        stats.resident_chunks = self.resident.len();
        stats.resident_bytes = self.resident_bytes.values().sum();
        stats.peak_resident_bytes = stats.peak_resident_bytes.max(stats.resident_bytes);
        if entered_any && self.tick > 0 {
            self.refresh_query_structures();
        }
    }

    pub(super) fn insert_chunk(&mut self, chunk: &BakedChunk) -> Vec<ColliderHandle> {
        chunk
            .colliders
            .iter()
            .map(|c| {
                let shape = match &c.shape {
                    BakedShape::Slab(s) => SharedShape::new(*s),
                    BakedShape::Heights(h) => SharedShape::new(h.clone()),
                    BakedShape::Compound(comp) => SharedShape::new(comp.clone()),
                    BakedShape::Triangles(t) => SharedShape::new(t.clone()),
                };
                let friction = self.materials.get(c.material).friction;
                let collider = ColliderBuilder::new(shape)
                    .position(Pose::from_parts(c.translation, c.rotation))
                    .friction(friction)
                    .user_data(Surfaces::user_data(c.material));
                self.physics.insert_collider(collider, None)
            })
            .collect()
    }

    /// Brings chunks near the cars into the world and drops far ones: the tick's streaming.
    pub(super) fn stream_around_cars(&mut self) {
        let mut positions = [Vec3::ZERO; MAX_STREAMING_CARS];
        let n = self.car_positions(&mut positions);
        self.stream(&positions[..n]);
    }

    /// Streams around every car and `extra` (so staging one place drops nothing another
    /// car stands on), and makes what came in visible to ray casts at once.
    pub(super) fn stream_around_cars_and(&mut self, extra: Vec3) {
        let mut positions = [Vec3::ZERO; MAX_STREAMING_CARS];
        self.car_positions(&mut positions);
        let n = self.cars.len().min(MAX_STREAMING_CARS - 1);
        positions[n] = extra;
        self.stream(&positions[..=n]);
        self.refresh_query_structures();
    }

    /// Writes the cars' chassis positions into `out` (a fixed array: the tick allocates
    /// nothing), the first [`MAX_STREAMING_CARS`] of them; returns how many it wrote.
    fn car_positions(&self, out: &mut [Vec3; MAX_STREAMING_CARS]) -> usize {
        for (p, slot) in out.iter_mut().zip(&self.cars) {
            *p = self.physics.bodies[slot.car.body()].translation();
        }
        self.cars.len().min(MAX_STREAMING_CARS)
    }

    /// Stops keeping chunk events, and drops those kept: for runs that draw nothing
    /// (headless runs, soaks, scenarios). Otherwise every chunk that enters stays referenced
    /// by its event until drained: a headless hour on the circuit grew by megabytes.
    pub fn discard_chunk_events(&mut self) {
        self.keep_chunk_events = false;
        self.events = Vec::new();
    }

    /// Moves the chunk changes since the last call into `out` (render uploads and frees
    /// meshes from them).
    pub fn drain_chunk_events(&mut self, out: &mut Vec<ChunkEvent>) {
        out.append(&mut self.events);
    }

    /// Streaming counters.
    pub fn stream_stats(&self) -> StreamStats {
        self.streamer.stats()
    }
}
