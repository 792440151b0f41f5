//! The lap-time search's seeds, and the line a level with a track but no shipped racing
//! line gets at load: the genetic algorithm ([`super::ga`]) started from the
//! minimum-curvature and shortest-path lines, then the pattern polish, the minimum-time
//! descent ([`super::descend`]) and the polish again, on this thread (the game spawns no threads),
//! with a budget that converges in seconds, and kept on disk ([`LineCache`]) by a hash of
//! everything the search reads, so the next load reads it back bit for bit.
//!
//! If a level's AI line looks stale after a change to the search, bump [`CACHE_VERSION`];
//! a cache file that does not parse or does not fit is ignored (with a log line) and
//! searched again.

use super::ga::{self, Fitness, GaParams, Problem, Progress};
use super::{descend, qp_line, DescentParams, Laterals, LineShape, ProfileCar};
use std::path::PathBuf;

/// Part of every cache key: bump it when the search or the laterals change what they find.
pub const CACHE_VERSION: u32 = 2;
/// First line of a cache file.
const CACHE_HEADER: &str = "# skidpad racing-line cache: one f32 per lateral, hex bits";
/// Most evaluations of each polish after the GA at load.
const POLISH_EVALUATIONS: usize = 10_000;
/// Most gradients of the minimum-time descent after the GA and its polish at load (each
/// about three lap-time evaluations). The descent moves every lateral at once along the lap
/// time's exact gradient, where the GA and the polish move windows: on Montreal with the
/// sedan it took the line from 136.24 s to 135.92 s, and the polish after it to 135.84 s,
/// 1.39 % faster than the minimum-curvature line (`tests/raceline`'s `MONTREAL_GAIN_PCT`
/// asks 1.28 %; without the descent 1.10 % once the laterals kept the yawed footprint's
/// margin). 400 gradients reached 135.67 s, a line the drivers lost more on (the sedan
/// 3.1 %, the big wheeler 3.1 % over it). Either costs half a second more load on
/// Montreal in the release build (no link-time optimisation) (1.0 s to 1.5 s, the second polish included).
const DESCENT_GRADIENTS: usize = 100;
/// Generations between progress lines in the log.
const PROGRESS_EVERY: usize = 25;

/// The first population's seeds: the minimum-curvature and the shortest-path lines (both
/// solved exactly, [`qp_line`]) and blends between them. A minimum-time line lies between
/// the two (it trades the first's corner speed against the second's distance), so the
/// blends start the search near it.
pub fn seed_lines(laterals: &Laterals) -> Vec<Vec<f32>> {
    let curvature = qp_line(laterals, LineShape::MinimumCurvature);
    let shortest = qp_line(laterals, LineShape::ShortestPath);
    let mut seeds = vec![curvature.clone(), shortest.clone()];
    for w in [0.15f32, 0.3, 0.5] {
        seeds.push(curvature.iter().zip(&shortest).map(|(c, s)| c + w * (s - c)).collect());
    }
    seeds
}

/// The search a level gets at load: a small population and an early convergence test (a
/// 4 km circuit converges in 1–3 s on one core of a release build, within a few tenths
/// of a percent of the tool's full search).
pub fn load_time_params() -> GaParams {
    GaParams {
        population: 24,
        generations: 400,
        convergence_generations: 40,
        convergence_epsilon: 1e-4,
        ..GaParams::default()
    }
}

/// Where searched lines are kept between runs.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LineCache {
    /// Not kept: searched on every load.
    Off,
    /// One file per key in this directory (created on the first write).
    Dir(PathBuf),
}

impl LineCache {
    /// The per-user cache (`skidpad_platform::files::cache_dir()/racelines`), off when
    /// there is no per-user directory.
    pub fn per_user() -> Self {
        skidpad_platform::files::cache_dir().map_or(LineCache::Off, |d| LineCache::Dir(d.join("racelines")))
    }

    fn path(&self, key: u64) -> Option<PathBuf> {
        match self {
            LineCache::Off => None,
            LineCache::Dir(d) => Some(d.join(format!("{key:016x}.txt"))),
        }
    }

    /// The line kept under `key`, if there is one of `n` values in [0, 1].
    fn read(&self, key: u64, n: usize) -> Option<Vec<f32>> {
        let path = self.path(key)?;
        let text = std::fs::read_to_string(&path).ok()?;
        let values: Option<Vec<f32>> = text
            .lines()
            .filter(|l| !l.starts_with('#'))
            .map(|l| u32::from_str_radix(l.trim(), 16).ok().map(f32::from_bits))
            .collect();
        match values {
            Some(v) if v.len() == n && v.iter().all(|t| (0.0..=1.0).contains(t)) => Some(v),
            _ => {
                log::warn!(
                    "{}: not a racing-line cache of {n} laterals; searching again",
                    path.display()
                );
                None
            }
        }
    }

    /// Keeps `line` under `key`; a failure is logged (the line is still used).
    fn write(&self, key: u64, line: &[f32]) {
        let Some(path) = self.path(key) else { return };
        let mut text = String::from(CACHE_HEADER);
        text.push('\n');
        for t in line {
            text += &format!("{:08x}\n", t.to_bits());
        }
        let written = path
            .parent()
            .map_or(Ok(()), std::fs::create_dir_all)
            .and_then(|_| skidpad_platform::files::write_atomically(&path, text.as_bytes()));
        if let Err(e) = written {
            log::warn!("{}: cannot keep the searched racing line: {e}", path.display());
        }
    }
}

/// The key of a search: everything it reads (the laterals' ends, the car's speed model,
/// the settings) and [`CACHE_VERSION`], hashed.
fn cache_key(lat: &Laterals, model: &ProfileCar, params: &GaParams) -> u64 {
    let mut bytes: Vec<u8> = CACHE_VERSION.to_le_bytes().to_vec();
    for p in lat.left_m.iter().chain(&lat.right_m) {
        bytes.extend(p.x.to_bits().to_le_bytes());
        bytes.extend(p.y.to_bits().to_le_bytes());
    }
    // Debug prints every f32 exactly (shortest round trip), so equal models print alike.
    bytes.extend(format!("{model:?}{params:?}{POLISH_EVALUATIONS}{DESCENT_GRADIENTS}").as_bytes());
    xxhash_rust::xxh3::xxh3_64(&bytes)
}

/// The key of the load-time search of `lat` for `model`: what a cache file is named by,
/// and what a shipped line ([`super::ShippedLine`]) must carry to be used.
pub fn line_key(lat: &Laterals, model: &ProfileCar) -> u64 {
    cache_key(lat, model, &load_time_params())
}

/// Whether a searched line was read back or searched now.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Searched {
    /// Read from the cache.
    Cached,
    /// Searched now (and kept, if the cache is on).
    Now {
        /// Generations run.
        generations: usize,
        /// Lines evaluated.
        evaluations: usize,
    },
}

/// The fastest line across `lat` for `model` the load-time search finds (`label` names the
/// level in progress lines), from `cache` when it has it.
pub fn searched_line(label: &str, lat: &Laterals, model: &ProfileCar, cache: &LineCache) -> (Vec<f32>, Searched) {
    searched_line_reporting(label, lat, model, cache, &mut |_| {})
}

/// Share of the search's progress the GA's generations fill; the polish and descent after
/// it the rest.
const GA_SHARE: f32 = 0.9;

/// [`searched_line`], telling `on_progress` how far it is, from 0 to 1, after each
/// generation (the share of the most generations run; it jumps ahead when the run
/// converges early) and 1 once the line is found; never called when the line is read
/// from the cache. For a loading screen's bar: it never goes back.
pub fn searched_line_reporting(
    label: &str,
    lat: &Laterals,
    model: &ProfileCar,
    cache: &LineCache,
    on_progress: &mut dyn FnMut(f32),
) -> (Vec<f32>, Searched) {
    let params = load_time_params();
    let key = cache_key(lat, model, &params);
    if let Some(line) = cache.read(key, lat.len()) {
        return (line, Searched::Cached);
    }
    let problem = Problem {
        laterals: lat,
        car: model,
        fitness: Fitness::LapTime,
    };
    log::info!(
        "{label}: no racing line shipped; searching one ({} laterals, at most {} generations)",
        lat.len(),
        params.generations
    );
    let mut progress = |p: &Progress| {
        on_progress(GA_SHARE * (p.generation as f32 / params.generations.max(1) as f32).min(1.0));
        if p.generation % PROGRESS_EVERY == 0 {
            log::info!(
                "{label}: racing-line search, generation {}, best lap {:.2} s",
                p.generation,
                p.best
            );
        }
    };
    let mut found = ga::run(&problem, &params, &seed_lines(lat), &mut progress);
    // One round of the tool's finish (`refine`): the polish, the descent, and the polish
    // again where the descent gained (each stalls where the other does not); more rounds
    // gained Montreal's sedan 0.16 s more for twice the load time.
    let (mut best, polished) = ga::polish(
        &problem,
        &mut found.best,
        params.convergence_epsilon,
        POLISH_EVALUATIONS,
    );
    found.evaluations += polished;
    on_progress(GA_SHARE + 0.3 * (1.0 - GA_SHARE));
    let mut trial = found.best.clone();
    let descent = DescentParams {
        max_gradients: DESCENT_GRADIENTS,
        ..DescentParams::default()
    };
    descend(lat, model, &mut trial, &descent, &mut |_, _| {});
    let descended = problem.evaluate(&trial, &mut ga::EvalScratch::default());
    found.evaluations += 1;
    on_progress(GA_SHARE + 0.6 * (1.0 - GA_SHARE));
    if descended < best {
        found.best = trial;
        let (polished_again, used) = ga::polish(
            &problem,
            &mut found.best,
            params.convergence_epsilon,
            POLISH_EVALUATIONS,
        );
        best = polished_again.min(descended);
        found.evaluations += used;
    }
    found.best_fitness = best;
    log::info!(
        "{label}: racing line found, {:.2} s after {} generations",
        found.best_fitness,
        found.generations
    );
    cache.write(key, &found.best);
    on_progress(1.0);
    let searched = Searched::Now {
        generations: found.generations,
        evaluations: found.evaluations,
    };
    (found.best, searched)
}
