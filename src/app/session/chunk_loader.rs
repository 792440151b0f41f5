//! Level chunks decoded on a background thread (the platform's worker), ahead of need.
//!
//! The simulation decides when a chunk enters the world (see `sim::streaming`); this
//! provider only makes sure the chunk is decoded by then. If it is not, `take` waits for
//! it and says so, and the wait is counted: a lap that never waits is the target.

use crate::content::{ChunkSource, ContentError};
use crate::sim::ChunkProvider;
use skidpad_bake::chunk::{BakedChunk, ChunkCoord};
use skidpad_platform::Worker;
use std::sync::Arc;

type Loaded = (ChunkCoord, Result<Arc<BakedChunk>, ContentError>);

/// Where one chunk of the level is.
enum Slot {
    /// Not asked for, or released.
    Idle,
    /// Submitted to the worker, not back yet.
    Requested,
    /// Decoded (or failed), waiting to be taken.
    Ready(Result<Arc<BakedChunk>, ContentError>),
}

/// A [`ChunkProvider`] that decodes on a worker thread. Its side on the game loop's thread
/// allocates nothing: a slot per chunk of the level and the worker's channels are made at
/// the start, with room for every chunk at once (the chunks ever outstanding).
pub struct ThreadedChunks {
    worker: Worker<ChunkCoord, Loaded>,
    /// The level's chunks, sorted: a chunk's slot is its index here.
    keys: Vec<(i32, i32)>,
    slots: Vec<Slot>,
}

fn key(c: ChunkCoord) -> (i32, i32) {
    (c.x, c.y)
}

impl ThreadedChunks {
    /// Starts the loader thread over `source`.
    pub fn new(source: ChunkSource) -> std::io::Result<Self> {
        let mut keys: Vec<(i32, i32)> = source.coords().into_iter().map(key).collect();
        keys.sort_unstable();
        keys.dedup();
        let slots = keys.iter().map(|_| Slot::Idle).collect();
        Ok(Self {
            worker: Worker::spawn_bounded("chunk-loader", keys.len().max(1), move |c: ChunkCoord| {
                crate::alloc_count::count_as_game_worker();
                (c, source.load(c))
            })?,
            keys,
            slots,
        })
    }

    /// The slot of chunk `c`, if the level has it.
    fn slot(&mut self, c: ChunkCoord) -> Option<&mut Slot> {
        let i = self.keys.binary_search(&key(c)).ok()?;
        self.slots.get_mut(i)
    }

    /// Files a result from the worker; a chunk released meanwhile drops it.
    fn file(&mut self, (c, r): Loaded) {
        if let Some(slot) = self.slot(c) {
            if matches!(slot, Slot::Requested) {
                *slot = Slot::Ready(r);
            }
        }
    }

    fn collect(&mut self) {
        while let Some(loaded) = self.worker.try_recv() {
            self.file(loaded);
        }
    }

    /// How many of `coords` are decoded (for the loading screen).
    pub fn ready_count(&mut self, coords: &[ChunkCoord]) -> usize {
        self.collect();
        coords
            .iter()
            .filter(|c| matches!(self.slot(**c), Some(Slot::Ready(_))))
            .count()
    }
}

impl ChunkProvider for ThreadedChunks {
    fn prefetch(&mut self, coord: ChunkCoord) {
        self.collect();
        let Some(slot) = self.slot(coord) else {
            // Not in the level: `take` says so.
            return;
        };
        if !matches!(slot, Slot::Idle) {
            return;
        }
        *slot = Slot::Requested;
        if !self.worker.submit(coord) {
            log::error!(
                "chunk loader thread is gone; chunk {},{} will load on demand",
                coord.x,
                coord.y
            );
            if let Some(slot) = self.slot(coord) {
                *slot = Slot::Idle;
            }
        }
    }

    fn take(&mut self, coord: ChunkCoord) -> (Result<Arc<BakedChunk>, ContentError>, bool) {
        let failed = |why: &str| {
            Err(ContentError::new(
                format!("chunk {},{}", coord.x, coord.y),
                "chunk",
                why,
            ))
        };
        self.collect();
        let Some(slot) = self.slot(coord) else {
            return (failed("not in this level"), false);
        };
        if let Slot::Ready(_) = slot {
            let Slot::Ready(r) = std::mem::replace(slot, Slot::Idle) else {
                unreachable!("matched above")
            };
            return (r, false);
        }
        if matches!(slot, Slot::Idle) {
            self.prefetch(coord);
        }
        while matches!(self.slot(coord), Some(Slot::Requested)) {
            match self.worker.recv() {
                Some(loaded) => self.file(loaded),
                None => return (failed("the loader thread stopped"), true),
            }
        }
        match self.slot(coord).map(|slot| std::mem::replace(slot, Slot::Idle)) {
            Some(Slot::Ready(r)) => (r, true),
            _ => (failed("not loaded"), true),
        }
    }

    fn release(&mut self, coord: ChunkCoord) {
        if let Some(slot) = self.slot(coord) {
            if matches!(slot, Slot::Ready(_)) {
                *slot = Slot::Idle;
            }
        }
    }
}
