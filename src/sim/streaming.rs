//! Level streaming, the simulation's side: which chunks must be in the world, decided from
//! the cars' positions alone, so chunks enter and leave between the same ticks on every run.
//!
//! Loading itself goes through a [`ChunkProvider`]: in play a background thread (the
//! platform's worker) decodes chunks ahead of need; headless runs and tests decode on
//! demand. Either way a chunk enters the world at the tick its distance says, in coordinate
//! order; if it is not ready then, the tick waits for it (and the wait is counted).

use crate::content::{ChunkSource, ContentError};
use glam::{Vec2, Vec3};
use skidpad_bake::chunk::{BakedChunk, ChunkCoord};
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
    /// Per chunk (`all`'s order): asked of the provider ahead of need and not released.
    prefetched: Vec<bool>,
    provider: Box<dyn ChunkProvider>,
    stats: StreamStats,
    near: NearCounts,
}

/// Kept below the exact distance a car may move before an answer must be recomputed, m:
/// covers the rounding of `distance_to_chunk` (a few ulps of coordinates of a few km).
const SLACK_MARGIN_M: f32 = 0.01;

/// How far a car moves before all its answers are recomputed from where it is, m: until
/// then a tick recomputes only the chunks whose distance was that near a radius.
const REANCHOR_M: f32 = 25.0;

/// Which chunks each car is near, and how many cars are near each chunk, at each of the
/// three radii: the plan's inputs kept between ticks, so a tick recomputes only the answers
/// a car's move could have changed, and plans only when an answer changed.
///
/// Exact, not approximate: a distance to a chunk changes no faster than the car moves, so
/// once a car has moved `m` from where its answers were all computed (its anchor), only the
/// chunks whose distance there was within `m` (plus a margin) of a radius can have changed;
/// those are recomputed every tick from then on, nearest gap first, until the car is
/// `REANCHOR_M` from its anchor and everything is recomputed. "Any car within r" is a count
/// above zero. If chunks enter or leave when they should not, compare with answers from
/// scratch (the unit test does).
#[derive(Default)]
struct NearCounts {
    /// Per car (the index in the positions planned for).
    cars: Vec<CarAnswers>,
    /// Per car, per chunk (`all`'s order): bit k set when within radius k (resident, drop,
    /// prefetch).
    bits: Vec<u8>,
    /// Per car, every chunk as (gap between its distance from the anchor and the nearest
    /// radius, chunk index), nearest gap first.
    gaps: Vec<(f32, u32)>,
    /// Per chunk: how many cars are within each radius.
    counts: Vec<[u32; 3]>,
    /// Chunks whose "some car within radius k" answer changed since the latest plan
    /// (`marked` says which are listed, so none is listed twice).
    flipped: Vec<u32>,
    marked: Vec<bool>,
    /// `resident`'s size the latest plan left behind: another size means the resident set
    /// changed outside the plan, and the plan must run.
    expected_resident: Option<usize>,
}

/// Where one car's answers were all computed, and how many of its nearest gaps are
/// recomputed every tick since.
#[derive(Debug, Clone, Copy, Default)]
struct CarAnswers {
    anchor: Option<Vec2>,
    recomputing: usize,
}

/// Sets one car's answers for one chunk to `new`, keeping the chunk's counts; true when a
/// count went from zero or to zero.
fn set_answers(old: &mut u8, count: &mut [u32; 3], new: u8) -> bool {
    let diff = new ^ *old;
    let mut changed = false;
    for (k, n) in count.iter_mut().enumerate() {
        if diff & (1 << k) != 0 {
            let was = *n > 0;
            if new & (1 << k) != 0 {
                *n += 1;
            } else {
                *n -= 1;
            }
            changed |= was != (*n > 0);
        }
    }
    *old = new;
    changed
}

/// Distance from the ground point `p` to chunk `c`'s square.
fn distance_to_chunk(p: Vec2, c: ChunkCoord, chunk_m: f32) -> f32 {
    let lo = c.as_vec2() * chunk_m;
    let hi = lo + Vec2::splat(chunk_m);
    (p.clamp(lo, hi) - p).length()
}

/// Indices of the radii in [`NearCounts`].
const RESIDENT: usize = 0;
const DROP: usize = 1;
const PREFETCH: usize = 2;

fn key(c: ChunkCoord) -> (i32, i32) {
    (c.y, c.x)
}

impl Streamer {
    /// A streamer over a level's chunks.
    pub fn new(all: Vec<ChunkCoord>, chunk_m: f32, provider: Box<dyn ChunkProvider>) -> Self {
        Self {
            chunk_m,
            radii: StreamRadii::for_chunk_size(chunk_m),
            prefetched: vec![false; all.len()],
            all,
            provider,
            stats: StreamStats::default(),
            near: NearCounts::default(),
        }
    }

    /// Counters so far.
    pub fn stats(&self) -> StreamStats {
        self.stats
    }

    pub(crate) fn stats_mut(&mut self) -> &mut StreamStats {
        &mut self.stats
    }

    /// The chunks that must be resident for cars at `positions` and are not, and the
    /// resident ones that must leave, in coordinate order. `resident` says, per chunk in
    /// [`Streamer::coords`] order, whether it is in the world. A convenience over
    /// [`Streamer::plan_into`] for tests: it allocates its answer.
    #[cfg(test)]
    fn plan(&mut self, positions: &[Vec3], resident: &[bool]) -> (Vec<ChunkCoord>, Vec<ChunkCoord>) {
        let (mut enter, mut leave) = (Vec::new(), Vec::new());
        self.plan_into(positions, resident, &mut enter, &mut leave);
        let coords = |list: Vec<u32>| list.into_iter().map(|i| self.all[i as usize]).collect();
        (coords(enter), coords(leave))
    }

    /// [`Streamer::plan`] into the caller's lists, as indices into [`Streamer::coords`]:
    /// with lists reserved for every chunk (see [`Streamer::chunk_count`]) a plan allocates
    /// nothing, which the tick relies on.
    pub fn plan_into(&mut self, positions: &[Vec3], resident: &[bool], enter: &mut Vec<u32>, leave: &mut Vec<u32>) {
        enter.clear();
        leave.clear();
        self.update_near(positions);
        // A chunk whose answers did not change since the latest plan gets the same decision
        // again, which changes nothing (the plan is idempotent): only the flipped ones are
        // decided, in `all`'s order, unless the resident set changed outside the plan.
        let resident_count = resident.iter().filter(|&&r| r).count();
        let every = self.near.expected_resident != Some(resident_count);
        let near = &mut self.near;
        if !every && near.flipped.is_empty() {
            return;
        }
        near.flipped.sort_unstable();
        let chunks = if every { self.all.len() } else { near.flipped.len() };
        for n in 0..chunks {
            let i = if every { n } else { near.flipped[n] as usize };
            let c = self.all[i];
            let near = |radius: usize| near.counts[i][radius] > 0;
            let is_resident = resident.get(i).copied().unwrap_or(false);
            if near(PREFETCH) {
                if !self.prefetched[i] {
                    self.prefetched[i] = true;
                    self.stats.prefetched += 1;
                    self.provider.prefetch(c);
                }
            } else if std::mem::take(&mut self.prefetched[i]) {
                self.provider.release(c);
            }
            if !is_resident && near(RESIDENT) {
                enter.push(i as u32);
            } else if is_resident && !near(DROP) {
                leave.push(i as u32);
                // Its decoded data went into the world and goes with it: to come back it
                // must be loaded again, so forget the prefetch (the next plan renews it).
                self.prefetched[i] = false;
            }
        }
        for &i in &near.flipped {
            near.marked[i as usize] = false;
        }
        near.flipped.clear();
        // A chunk that left while still within the prefetch radius had its prefetch
        // forgotten above: the next plan must renew it, as a plan from scratch would.
        for &i in leave.iter() {
            let i = i as usize;
            if near.counts[i][PREFETCH] > 0 && !near.marked[i] {
                near.marked[i] = true;
                near.flipped.push(i as u32);
            }
        }
        // Unstable sorts: they allocate nothing, and no two chunks share a key.
        let all = &self.all;
        enter.sort_unstable_by_key(|&i| key(all[i as usize]));
        leave.sort_unstable_by_key(|&i| key(all[i as usize]));
        near.expected_resident = Some(resident_count + enter.len() - leave.len());
    }

    /// Every chunk of the level, in the order plans index them.
    pub fn coords(&self) -> &[ChunkCoord] {
        &self.all
    }

    /// How many chunks the level has: what plan lists are reserved for.
    pub fn chunk_count(&self) -> usize {
        self.all.len()
    }

    /// Brings [`NearCounts`] up to date with `positions`: from scratch when the number of
    /// positions changed, else only the answers each car's move could have changed. Lists
    /// in `flipped` the chunks whose "some car within radius k" answer changed.
    fn update_near(&mut self, positions: &[Vec3]) {
        let chunks = self.all.len();
        let near = &mut self.near;
        if near.cars.len() != positions.len() || near.counts.len() != chunks {
            near.cars.clear();
            near.cars.resize(positions.len(), CarAnswers::default());
            near.bits.clear();
            near.bits.resize(positions.len() * chunks, 0);
            near.gaps.clear();
            near.gaps.resize(positions.len() * chunks, (0.0, 0));
            near.counts.clear();
            near.counts.resize(chunks, [0; 3]);
            near.marked.clear();
            near.marked.resize(chunks, false);
            near.flipped.clear();
            near.flipped.reserve(chunks);
            near.expected_resident = None;
        }
        let radii = [self.radii.resident_m, self.radii.drop_m, self.radii.prefetch_m];
        let answers = |d: f32| {
            radii
                .iter()
                .enumerate()
                .fold(0u8, |a, (k, r)| a | (u8::from(d <= *r) << k))
        };
        for (car, p) in positions.iter().enumerate() {
            let p = Vec2::new(p.x, p.z);
            let state = &mut near.cars[car];
            let bits = &mut near.bits[car * chunks..(car + 1) * chunks];
            let gaps = &mut near.gaps[car * chunks..(car + 1) * chunks];
            match state.anchor.map(|a| p.distance(a) + SLACK_MARGIN_M) {
                Some(moved) if moved < REANCHOR_M => {
                    while state.recomputing < chunks && gaps[state.recomputing].0 <= moved {
                        state.recomputing += 1;
                    }
                    for &(_, i) in &gaps[..state.recomputing] {
                        let i = i as usize;
                        let d = distance_to_chunk(p, self.all[i], self.chunk_m);
                        if set_answers(&mut bits[i], &mut near.counts[i], answers(d)) && !near.marked[i] {
                            near.marked[i] = true;
                            near.flipped.push(i as u32);
                        }
                    }
                }
                _ => {
                    let all = self.all.iter().zip(bits.iter_mut()).zip(near.counts.iter_mut());
                    for (i, ((&c, old), count)) in all.enumerate() {
                        let d = distance_to_chunk(p, c, self.chunk_m);
                        if set_answers(old, count, answers(d)) && !near.marked[i] {
                            near.marked[i] = true;
                            near.flipped.push(i as u32);
                        }
                        let gap = radii.iter().fold(f32::INFINITY, |g, r| g.min((d - r).abs()));
                        gaps[i] = (gap, i as u32);
                    }
                    gaps.sort_unstable_by(|a, b| a.0.total_cmp(&b.0).then(a.1.cmp(&b.1)));
                    *state = CarAnswers {
                        anchor: Some(p),
                        recomputing: 0,
                    };
                }
            }
        }
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

#[cfg(test)]
mod tests {
    use super::*;

    /// A provider that hands out nothing: these tests look at plans only.
    struct NoChunks;

    impl ChunkProvider for NoChunks {
        fn prefetch(&mut self, _coord: ChunkCoord) {}
        fn take(&mut self, _coord: ChunkCoord) -> (Result<Arc<BakedChunk>, ContentError>, bool) {
            unreachable!("plans only")
        }
        fn release(&mut self, _coord: ChunkCoord) {}
    }

    /// The plan's inputs from scratch: whether any position is within each radius.
    fn near_from_scratch(s: &Streamer, positions: &[Vec3]) -> Vec<[bool; 3]> {
        let radii = [s.radii.resident_m, s.radii.drop_m, s.radii.prefetch_m];
        s.all
            .iter()
            .map(|&c| {
                radii.map(|r| {
                    positions
                        .iter()
                        .any(|p| distance_to_chunk(Vec2::new(p.x, p.z), c, s.chunk_m) <= r)
                })
            })
            .collect()
    }

    /// The plan as it was before answers were kept: every chunk, every position, every
    /// tick (prefetching left out: `NoChunks` ignores it).
    fn plan_from_scratch(s: &Streamer, positions: &[Vec3], resident: &[bool]) -> (Vec<ChunkCoord>, Vec<ChunkCoord>) {
        let near = |c: ChunkCoord, r: f32| {
            positions
                .iter()
                .any(|p| distance_to_chunk(Vec2::new(p.x, p.z), c, s.chunk_m) <= r)
        };
        let enter = s
            .all
            .iter()
            .zip(resident)
            .filter(|&(&c, &r)| !r && near(c, s.radii.resident_m))
            .map(|(&c, _)| c)
            .collect();
        let leave = s
            .all
            .iter()
            .zip(resident)
            .filter(|&(&c, &r)| r && !near(c, s.radii.drop_m))
            .map(|(&c, _)| c)
            .collect();
        (enter, leave)
    }

    #[test]
    fn plans_match_plans_from_scratch() {
        let all: Vec<ChunkCoord> = (-6..6)
            .flat_map(|y| (-6..6).map(move |x| ChunkCoord::new(x, y)))
            .collect();
        let mut s = Streamer::new(all, 100.0, Box::new(NoChunks));
        let mut resident = vec![false; s.chunk_count()];
        let (mut entered, mut left) = (0, 0);
        for tick in 0..3000 {
            let t = tick as f32;
            // Two cars: one circling, one driving out across the level and back.
            let positions = [
                Vec3::new(250.0 * (t * 0.005).cos(), 0.0, 250.0 * (t * 0.005).sin()),
                Vec3::new(-500.0 + 0.7 * (t % 1500.0), 0.0, -300.0 + 0.2 * t),
            ];
            let expected = plan_from_scratch(&s, &positions, &resident);
            // The prefetches a plan from scratch keeps: every chunk within the prefetch
            // radius, less those leaving now (renewed by the next plan).
            let prefetch_m = s.radii.prefetch_m;
            let (enter, leave) = s.plan(&positions, &resident);
            assert_eq!((&enter, &leave), (&expected.0, &expected.1), "tick {tick}");
            let want: Vec<(i32, i32)> = s
                .all
                .iter()
                .filter(|&&c| {
                    !leave.contains(&c)
                        && positions
                            .iter()
                            .any(|p| distance_to_chunk(Vec2::new(p.x, p.z), c, s.chunk_m) <= prefetch_m)
                })
                .map(|&c| key(c))
                .collect();
            let have: Vec<(i32, i32)> = s
                .all
                .iter()
                .zip(&s.prefetched)
                .filter(|(_, &p)| p)
                .map(|(&c, _)| key(c))
                .collect();
            assert_eq!(have, want, "prefetched at tick {tick}");
            let index = |c: ChunkCoord| s.all.iter().position(|&a| a == c).unwrap();
            for c in leave {
                resident[index(c)] = false;
                left += 1;
            }
            for c in enter {
                resident[index(c)] = true;
                entered += 1;
            }
        }
        assert!(
            entered > 20 && left > 20,
            "chunks came and went ({entered} in, {left} out)"
        );
    }

    #[test]
    fn kept_answers_match_answers_from_scratch() {
        let all: Vec<ChunkCoord> = (-6..6)
            .flat_map(|y| (-6..6).map(move |x| ChunkCoord::new(x, y)))
            .collect();
        let mut s = Streamer::new(all, 100.0, Box::new(NoChunks));
        let resident = vec![false; s.chunk_count()];
        let mut updates = 0;
        let mut skipped = 0;
        // Three cars circling at different speeds and radii (up to 2.4 m a tick), so every
        // chunk's answers flip many times and most ticks recompute only some cars.
        for tick in 0..3000 {
            let t = tick as f32;
            let positions = [
                Vec3::new(300.0 * (t * 0.004).cos(), 0.0, 300.0 * (t * 0.004).sin()),
                Vec3::new(-150.0 + 0.3 * t, 1.0, 50.0),
                Vec3::new(420.0 * (t * 0.0057).sin(), 0.0, 80.0 * (t * 0.011).cos()),
            ];
            s.update_near(&positions);
            let changed = !s.near.flipped.is_empty();
            let kept: Vec<[bool; 3]> = s.near.counts.iter().map(|c| c.map(|n| n > 0)).collect();
            let scratch = near_from_scratch(&s, &positions);
            assert_eq!(kept, scratch, "tick {tick}");
            updates += usize::from(changed);
            // A car not recomputed from scratch this tick has its anchor elsewhere.
            skipped += s
                .near
                .cars
                .iter()
                .zip(&positions)
                .filter(|(car, p)| car.anchor != Some(Vec2::new(p.x, p.z)))
                .count();
            let _ = s.plan(&positions, &resident);
        }
        assert!(updates > 20, "the cars crossed radii ({updates} changes)");
        assert!(skipped > 1000, "answers were kept ({skipped} car-ticks)");
    }
}
