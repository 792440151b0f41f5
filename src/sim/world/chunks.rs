//! Streaming glue: the chunks the streamer plans brought into rapier as colliders and
//! taken out again, their events kept for a renderer, and the query structures refreshed so
//! ray casts see what just came in.

use super::{SimWorld, MAX_STREAMING_CARS};
use crate::content::{ChunkMeshSizes, ChunkShapes};
use crate::sim::{ChunkEvent, StreamStats};
use crate::vehicle::Surfaces;
use glam::Vec3;
use rapier3d::prelude::*;
use std::sync::Arc;

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

    /// Brings chunks near `positions` into the world and drops far ones. Colliders come
    /// from the level's pool and their handles go to lists reserved at load; with chunk
    /// events discarded (nothing draws) nothing here allocates.
    pub(super) fn stream(&mut self, positions: &[Vec3]) {
        let mut enter = std::mem::take(&mut self.plan_enter);
        let mut leave = std::mem::take(&mut self.plan_leave);
        self.streamer
            .plan_into(positions, &self.resident, &mut enter, &mut leave);
        if !(enter.is_empty() && leave.is_empty()) {
            self.apply_plan(&enter, &leave);
        }
        self.plan_enter = enter;
        self.plan_leave = leave;
    }

    /// Takes the chunks of `leave` out of the world and puts those of `enter` in (indices
    /// in the streamer's order).
    fn apply_plan(&mut self, enter: &[u32], leave: &[u32]) {
        self.static_generation += 1;
        for &i in leave {
            let i = i as usize;
            let c = self.streamer.coords()[i];
            for h in self.resident_handles[i].drain(..) {
                self.physics.remove_collider(h);
            }
            self.resident[i] = false;
            self.resident_bytes[i] = 0;
            self.streamer.stats_mut().left += 1;
            if self.keep_chunk_events {
                self.events.push(ChunkEvent::Left(c));
            }
        }
        for &i in enter {
            let i = i as usize;
            let c = self.streamer.coords()[i];
            self.resident[i] = true;
            // A renderer needs the chunk's mesh: the provider decodes it (ahead, on the
            // worker, in play). Without one the provider is not asked at all.
            let event = self.keep_chunk_events.then(|| self.streamer.take(c));
            let pool = Arc::clone(&self.chunk_pool);
            let shapes = match (pool.chunk(i), event) {
                (_, Some(Err(e))) => Err(e.to_string()),
                (Some(Err(e)), _) => Err(e.to_string()),
                (None, _) => Err("not in the level's collider pool".to_string()),
                (Some(Ok(shapes)), chunk) => Ok((shapes, chunk.and_then(Result::ok))),
            };
            match shapes {
                Ok((shapes, chunk)) => {
                    self.insert_chunk(i, shapes);
                    self.resident_bytes[i] = shapes.resident_bytes;
                    self.streamer.stats_mut().entered += 1;
                    if let Some(chunk) = chunk {
                        self.events.push(ChunkEvent::Entered(chunk));
                    }
                }
                Err(e) => {
                    // The rest of the level stays playable; the hole is logged once.
                    log::error!("chunk {},{} not loaded: {e}", c.x, c.y);
                    self.streamer.stats_mut().failures += 1;
                }
            }
        }
        let resident_bytes = self.resident_bytes.iter().sum();
        let resident_chunks = self.resident.iter().filter(|&&r| r).count();
        let stats = self.streamer.stats_mut();
        stats.resident_chunks = resident_chunks;
        stats.resident_bytes = resident_bytes;
        stats.peak_resident_bytes = stats.peak_resident_bytes.max(stats.resident_bytes);
        if !enter.is_empty() && self.tick > 0 {
            self.refresh_query_structures();
        }
    }

    /// Inserts chunk `index`'s colliders, shared shapes from the pool, keeping their
    /// handles.
    fn insert_chunk(&mut self, index: usize, shapes: &ChunkShapes) {
        for c in &shapes.colliders {
            let friction = self.materials.get(c.material).friction;
            let collider = ColliderBuilder::new(c.shape.clone())
                .position(Pose::from_parts(c.translation, c.rotation))
                .friction(friction)
                .user_data(Surfaces::user_data(c.material));
            let handle = self.physics.insert_collider(collider, None);
            self.resident_handles[index].push(handle);
        }
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

    /// The level's chunk count and largest chunk mesh: what a renderer reserves when the
    /// level starts (`Renderer::reserve_chunks`).
    pub fn chunk_mesh_sizes(&self) -> ChunkMeshSizes {
        self.chunk_pool.mesh_sizes()
    }

    /// Streaming counters.
    pub fn stream_stats(&self) -> StreamStats {
        self.streamer.stats()
    }
}
