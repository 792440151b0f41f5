//! Level chunks decoded on a background thread (the platform's worker), ahead of need.
//!
//! The simulation decides when a chunk enters the world (see `sim::streaming`); this
//! provider only makes sure the chunk is decoded by then. If it is not, `take` waits for
//! it and says so, and the wait is counted: a lap that never waits is the target.

use crate::content::{ChunkSource, ContentError};
use crate::sim::ChunkProvider;
use skidpad_bake::chunk::{BakedChunk, ChunkCoord};
use skidpad_platform::Worker;
use std::collections::{BTreeMap, BTreeSet};
use std::sync::Arc;

type Loaded = (ChunkCoord, Result<Arc<BakedChunk>, ContentError>);

/// A [`ChunkProvider`] that decodes on a worker thread.
pub struct ThreadedChunks {
    worker: Worker<ChunkCoord, Loaded>,
    requested: BTreeSet<(i32, i32)>,
    ready: BTreeMap<(i32, i32), Result<Arc<BakedChunk>, ContentError>>,
}

fn key(c: ChunkCoord) -> (i32, i32) {
    (c.x, c.y)
}

impl ThreadedChunks {
    /// Starts the loader thread over `source`.
    pub fn new(source: ChunkSource) -> std::io::Result<Self> {
        Ok(Self {
            worker: Worker::spawn("chunk-loader", move |c: ChunkCoord| (c, source.load(c)))?,
            requested: BTreeSet::new(),
            ready: BTreeMap::new(),
        })
    }

    fn collect(&mut self) {
        while let Some((c, r)) = self.worker.try_recv() {
            if self.requested.remove(&key(c)) {
                self.ready.insert(key(c), r);
            }
        }
    }

    /// How many of `coords` are decoded (for the loading screen).
    pub fn ready_count(&mut self, coords: &[ChunkCoord]) -> usize {
        self.collect();
        coords.iter().filter(|c| self.ready.contains_key(&key(**c))).count()
    }
}

impl ChunkProvider for ThreadedChunks {
    fn prefetch(&mut self, coord: ChunkCoord) {
        self.collect();
        if !self.ready.contains_key(&key(coord)) && self.requested.insert(key(coord)) && !self.worker.submit(coord) {
            log::error!(
                "chunk loader thread is gone; chunk {},{} will load on demand",
                coord.x,
                coord.y
            );
            self.requested.remove(&key(coord));
        }
    }

    fn take(&mut self, coord: ChunkCoord) -> (Result<Arc<BakedChunk>, ContentError>, bool) {
        self.collect();
        if let Some(r) = self.ready.remove(&key(coord)) {
            return (r, false);
        }
        if !self.requested.contains(&key(coord)) {
            self.prefetch(coord);
        }
        while self.requested.contains(&key(coord)) {
            match self.worker.recv() {
                Some((c, r)) => {
                    if self.requested.remove(&key(c)) {
                        self.ready.insert(key(c), r);
                    }
                }
                None => {
                    return (
                        Err(ContentError::new(
                            format!("chunk {},{}", coord.x, coord.y),
                            "chunk",
                            "the loader thread stopped",
                        )),
                        true,
                    )
                }
            }
        }
        (
            self.ready.remove(&key(coord)).unwrap_or_else(|| {
                Err(ContentError::new(
                    format!("chunk {},{}", coord.x, coord.y),
                    "chunk",
                    "not loaded",
                ))
            }),
            true,
        )
    }

    fn release(&mut self, coord: ChunkCoord) {
        self.ready.remove(&key(coord));
    }
}
