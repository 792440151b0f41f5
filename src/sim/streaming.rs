//! Level streaming, the simulation's side: which chunks must be in the world, decided from
//! the cars' positions alone, so chunks enter and leave between the same ticks on every run.
//!
//! Loading itself goes through a [`ChunkProvider`]: in play a background thread (the
//! platform's worker) decodes chunks ahead of need; headless runs and tests decode on
//! demand. Either way a chunk enters the world at the tick its distance says, in coordinate
//! order; if it is not ready then, the tick waits for it (and the wait is counted).

use crate::content::{ChunkSource, ContentError};
use glam::{IVec2, Vec2, Vec3};
use skidpad_bake::chunk::{BakedChunk, ChunkCoord};
use std::collections::BTreeMap;
use std::sync::Arc;

/// Hands out baked chunks.
pub trait ChunkProvider {
    /// A chunk will probably be needed soon: start loading it if the provider can.
    fn prefetch(&mut self, coord: ChunkCoord);
    /// The chunk, now: blocks until it is loaded. Returns whether it had to wait.
    fn take(&mut self, coord: ChunkCoord) -> (Result<Arc<BakedChunk>, ContentError>, bool);
    /// The chunk left the prefetch area: the provider may free it.
    fn release(&mut self, coord: ChunkCoord);
}

/// Decodes chunks on the calling thread when asked (headless runs, tests).
pub struct SyncProvider {
    source: ChunkSource,
}

impl SyncProvider {
    /// A provider over `source`.
    pub fn new(source: ChunkSource) -> Self {
        Self { source }
    }
}

impl ChunkProvider for SyncProvider {
    fn prefetch(&mut self, _coord: ChunkCoord) {}
    fn take(&mut self, coord: ChunkCoord) -> (Result<Arc<BakedChunk>, ContentError>, bool) {
        (self.source.load(coord), false)
    }
    fn release(&mut self, _coord: ChunkCoord) {}
}

/// Distances that drive streaming, from the level's chunk size.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct StreamRadii {
    /// Chunks nearer than this to a car are in the world.
    pub resident_m: f32,
    /// Chunks further than this from every car leave it (hysteresis above `resident_m`).
    pub drop_m: f32,
    /// Chunks nearer than this are loaded ahead.
    pub prefetch_m: f32,
}

impl StreamRadii {
    /// 1.5 chunks resident (never less than 100 m), one chunk of hysteresis, and two chunks
    /// of look-ahead: at 80 m/s a car crosses a 128 m chunk in 1.6 s, far longer than a
    /// chunk takes to decode.
    pub fn for_chunk_size(chunk_m: f32) -> Self {
        let resident_m = (chunk_m * 1.5).max(100.0);
        Self {
            resident_m,
            drop_m: resident_m + chunk_m,
            prefetch_m: resident_m + chunk_m * 2.0,
        }
    }
}

/// Streaming counters, for the profiler and the closing figures.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct StreamStats {
    /// Chunks in the world now.
    pub resident_chunks: usize,
    /// Their estimated memory, bytes.
    pub resident_bytes: usize,
    /// Peak of `resident_bytes`.
    pub peak_resident_bytes: usize,
    /// Chunks that entered the world so far.
    pub entered: u64,
    /// Chunks asked of the provider ahead of need so far (each starts a load).
    pub prefetched: u64,
    /// Chunks that left it.
    pub left: u64,
    /// Entries that had to wait for their chunk (zero in a healthy game).
    pub waits: u64,
    /// Chunks that failed to load (logged; the level stays playable without them).
    pub failures: u64,
}

/// What changed in the world's chunks.
#[derive(Debug, Clone)]
pub enum ChunkEvent {
    /// A chunk entered: render uploads its mesh.
    Entered(Arc<BakedChunk>),
    /// A chunk left: render frees its mesh.
    Left(ChunkCoord),
}

/// The chunks of `all` within `radius_m` of any of `positions`, in coordinate order: what
/// a world at those positions will want resident (the loading screen waits for these).
pub fn chunks_near(all: &[ChunkCoord], positions: &[Vec3], radius_m: f32, chunk_m: f32) -> Vec<ChunkCoord> {
    let mut out: Vec<ChunkCoord> = all
        .iter()
        .copied()
        .filter(|c| {
            positions
                .iter()
                .any(|p| distance_to_chunk(Vec2::new(p.x, p.z), *c, chunk_m) <= radius_m)
        })
        .collect();
    out.sort_by_key(|c| key(*c));
    out
}

/// Decides the resident set and asks the provider.
pub struct Streamer {
    chunk_m: f32,
    radii: StreamRadii,
    all: Vec<ChunkCoord>,
    prefetched: BTreeMap<(i32, i32), ()>,
    provider: Box<dyn ChunkProvider>,
    stats: StreamStats,
}

/// Distance from the ground point `p` to chunk `c`'s square.
fn distance_to_chunk(p: Vec2, c: ChunkCoord, chunk_m: f32) -> f32 {
    let lo = c.as_vec2() * chunk_m;
    let hi = lo + Vec2::splat(chunk_m);
    (p.clamp(lo, hi) - p).length()
}

fn key(c: ChunkCoord) -> (i32, i32) {
    (c.y, c.x)
}

impl Streamer {
    /// A streamer over a level's chunks.
    pub fn new(all: Vec<ChunkCoord>, chunk_m: f32, provider: Box<dyn ChunkProvider>) -> Self {
        Self {
            chunk_m,
            radii: StreamRadii::for_chunk_size(chunk_m),
            all,
            prefetched: BTreeMap::new(),
            provider,
            stats: StreamStats::default(),
        }
    }

    /// Counters so far.
    pub fn stats(&self) -> StreamStats {
        self.stats
    }

    pub(crate) fn stats_mut(&mut self) -> &mut StreamStats {
        &mut self.stats
    }

    /// The chunks that must be resident for cars at `positions`, and the ones that may stay,
    /// in coordinate order.
    pub fn plan(
        &mut self,
        positions: &[Vec3],
        resident: &BTreeMap<(i32, i32), Vec<rapier3d::prelude::ColliderHandle>>,
    ) -> (Vec<ChunkCoord>, Vec<ChunkCoord>) {
        let near = |c: ChunkCoord, r: f32| {
            positions
                .iter()
                .any(|p| distance_to_chunk(Vec2::new(p.x, p.z), c, self.chunk_m) <= r)
        };
        let mut enter = Vec::new();
        let mut leave = Vec::new();
        for &c in &self.all {
            let k = key(c);
            if near(c, self.radii.prefetch_m) {
                if self.prefetched.insert(k, ()).is_none() {
                    self.stats.prefetched += 1;
                    self.provider.prefetch(c);
                }
            } else if self.prefetched.remove(&k).is_some() {
                self.provider.release(c);
            }
            if !resident.contains_key(&k) && near(c, self.radii.resident_m) {
                enter.push(c);
            } else if resident.contains_key(&k) && !near(c, self.radii.drop_m) {
                leave.push(c);
                // Its decoded data went into the world and goes with it: to come back it
                // must be loaded again, so forget the prefetch (the next plan renews it).
                self.prefetched.remove(&k);
            }
        }
        enter.sort_by_key(|c| key(*c));
        leave.sort_by_key(|c| key(*c));
        (enter, leave)
    }

    /// Takes a chunk from the provider, counting waits.
    pub fn take(&mut self, c: ChunkCoord) -> Result<Arc<BakedChunk>, ContentError> {
        let (result, waited) = self.provider.take(c);
        if waited {
            self.stats.waits += 1;
        }
        result
    }
}

/// Chunk coordinates as map keys, in row-major order.
pub(crate) fn chunk_key(c: IVec2) -> (i32, i32) {
    key(c)
}
