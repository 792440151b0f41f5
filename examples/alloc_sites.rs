//! Where a tick allocates: races the AI (the player's coupe and three sedans) for three laps
//! of a level and prints, for the third lap, every heap allocation made inside a tick,
//! grouped by call site, split into steady ticks and ticks that stream chunks or form
//! contacts (see `SimWorld::contact_topology`). The tool behind PERFORMANCE.md's
//! allocation figures and the first thing to run when `tests/alloc/no_alloc_tick.rs` fails.
//!
//! ```text
//! cargo run --release --example alloc_sites -- circuit
//! cargo run --release --example alloc_sites -- circuit --profile [AI_CARS]
//! ```
//!
//! With `--profile` it plays the level as `skidpad profile --headless --platform xbox`
//! does (the path `tests/alloc/play_alloc_every_level.rs` measures) and prints the call sites of
//! the allocations made inside frames after the profiler's warm-up, the tick's and the
//! input's (a scenario run's teleport) alike.
//!
//! Build with debug info for file and line numbers (the release profile keeps symbols).

use skidpad::alloc_count::CountingAlloc;
use skidpad::app::AiRace;
use skidpad::app::Setup;
use skidpad::content::DEFAULT_PROFILE;
use skidpad::content::{ContentRoot, PlatformProfile};
use skidpad::sim::SimWorld;
use std::alloc::{GlobalAlloc, Layout};
use std::backtrace::Backtrace;
use std::cell::{Cell, RefCell};
use std::collections::BTreeMap;

/// Records a backtrace of every allocation made on this thread while `TRACING` is set.
struct TracingAlloc;

thread_local! {
    static TRACING: Cell<bool> = const { Cell::new(false) };
    /// Set while a backtrace is being taken: its own allocations are not traced.
    static INSIDE: Cell<bool> = const { Cell::new(false) };
    static TRACES: RefCell<Vec<String>> = const { RefCell::new(Vec::new()) };
    /// Profile mode: keep only the traces of allocations made by a frame's work.
    static FRAMES_ONLY: Cell<bool> = const { Cell::new(false) };
}

/// Whether an allocation was made by the profiler's frame work: a tick, or the input that
/// teleports the car between a scenario's runs, or the audio mix.
fn in_frame(trace: &str) -> bool {
    trace.contains("step_timed")
        || trace.contains("tick_timed")
        || trace.contains("Driver::input")
        || trace.contains("Mixer")
}

unsafe impl GlobalAlloc for TracingAlloc {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        if INSIDE.with(Cell::get) {
            // The backtrace's own allocations: uncounted, so the profiler's report (and
            // with it the number of sites printed) counts only the game's.
            // SAFETY: forwarded unchanged to the system allocator; `dealloc` below frees
            // through `CountingAlloc`, which frees with `System` too.
            return unsafe { std::alloc::System.alloc(layout) };
        }
        if TRACING.with(Cell::get) {
            INSIDE.with(|i| i.set(true));
            let trace = format!("{} bytes\n{}", layout.size(), Backtrace::force_capture());
            if !FRAMES_ONLY.with(Cell::get) || in_frame(&trace) {
                TRACES.with(|t| t.borrow_mut().push(trace));
            }
            INSIDE.with(|i| i.set(false));
        }
        // SAFETY: forwarded unchanged to the system allocator, through the game's counter
        // (so the profiler's report counts, in profile mode).
        unsafe { CountingAlloc.alloc(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: `ptr` came from `CountingAlloc.alloc` with this layout.
        unsafe { CountingAlloc.dealloc(ptr, layout) }
    }
}

#[global_allocator]
static ALLOC: TracingAlloc = TracingAlloc;

/// The innermost frames of ours, rapier's or parry's: the call site that allocated.
fn site(trace: &str) -> String {
    trace
        .lines()
        .map(str::trim)
        .filter(|l| {
            ["skidpad::", "rapier3d::", "parry3d::"].iter().any(|c| l.contains(c))
                && !l.contains("TracingAlloc")
                && !l.starts_with("at ")
        })
        .take(2)
        .map(|l| l.split_once(": ").map_or(l, |(_, f)| f))
        .collect::<Vec<_>>()
        .join("\n      <- ")
}

/// `--profile`: the profiler's own loop, traced. The profiler's warm-up is one second of
/// ticks; allocations are numbered, and those after the warm-up's last are the ones the
/// report charges, so the sites of the last `report total` allocations are printed.
fn profile_mode(level: &str, ai: usize) {
    use skidpad::tools::profile::{profile, ProfileOptions};
    let root = ContentRoot::Embedded;
    let xbox = PlatformProfile::load("xbox").expect("the xbox profile ships");
    let mut setup = Setup::load(&root, level, "coupe", xbox).unwrap_or_else(|e| {
        eprintln!("alloc_sites: {e}");
        std::process::exit(1)
    });
    if let Err(e) = setup.add_opponents(&root, ai, "sedan") {
        eprintln!("alloc_sites: {e}");
        std::process::exit(1);
    }
    let opts = ProfileOptions::headless(600);
    FRAMES_ONLY.with(|t| t.set(true));
    TRACING.with(|t| t.set(true));
    let report = profile(&setup, &opts).expect("a headless profile runs");
    TRACING.with(|t| t.set(false));
    let traces = TRACES.with(|t| std::mem::take(&mut *t.borrow_mut()));
    let in_frames: Vec<&String> = traces.iter().filter(|t| in_frame(t)).collect();
    let charged = (report.allocations_per_tick * report.ticks_per_frame * report.frames as f64).round() as usize;
    println!(
        "{level} with {ai} AI: {charged} allocations after warm-up, by phase {:?}",
        report.phase_allocations_per_tick
    );
    let mut sites: BTreeMap<String, u64> = BTreeMap::new();
    for t in &in_frames[in_frames.len().saturating_sub(charged)..] {
        *sites.entry(site(t)).or_default() += 1;
        if std::env::var_os("ALLOC_SITES_FULL").is_some() {
            println!("{t}");
        }
    }
    let mut by_count: Vec<_> = sites.into_iter().collect();
    by_count.sort_by_key(|s| std::cmp::Reverse(s.1));
    for (site, n) in by_count {
        println!("  {n:6}  {site}");
    }
}

fn main() {
    let level = std::env::args().nth(1).unwrap_or_else(|| "circuit".into());
    if std::env::args().nth(2).as_deref() == Some("--profile") {
        let ai = std::env::args().nth(3).and_then(|n| n.parse().ok()).unwrap_or(0);
        profile_mode(&level, ai);
        return;
    }
    let root = ContentRoot::Embedded;
    let profile = PlatformProfile::load(DEFAULT_PROFILE).expect("the default profile ships");
    let mut setup = match Setup::load(&root, &level, "coupe", profile) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("alloc_sites: {e}");
            std::process::exit(1);
        }
    };
    if let Err(e) = setup.add_opponents(&root, 3, "sedan") {
        eprintln!("alloc_sites: {e}");
        std::process::exit(1);
    }
    let mut ai = match AiRace::new(&root, &setup) {
        Ok(r) => r,
        Err(e) => {
            eprintln!("alloc_sites: {e}");
            std::process::exit(1);
        }
    };

    let churn = |w: &SimWorld| {
        let s = w.stream_stats();
        (s.entered, s.left, s.prefetched, w.contact_topology())
    };
    // Per kind of tick (steady, churn): call site -> (allocations, one full trace).
    let mut sites: [BTreeMap<String, (u64, String)>; 2] = Default::default();
    let mut ticks = [0u64; 2];
    while ai.player.laps_ticks().len() < 3 && ai.race.world.tick() < 60_000 {
        let measuring = ai.player.laps_ticks().len() == 2;
        let before = churn(&ai.race.world);
        TRACING.with(|t| t.set(measuring));
        ai.tick();
        TRACING.with(|t| t.set(false));
        let traces = TRACES.with(|t| std::mem::take(&mut *t.borrow_mut()));
        if measuring {
            let kind = usize::from(churn(&ai.race.world) != before);
            ticks[kind] += 1;
            for trace in traces {
                let entry = sites[kind].entry(site(&trace)).or_insert((0, String::new()));
                entry.0 += 1;
                if entry.1.is_empty() {
                    entry.1 = trace;
                }
            }
        }
    }
    for (kind, name) in ["steady ticks", "ticks streaming or forming contacts"]
        .iter()
        .enumerate()
    {
        let total: u64 = sites[kind].values().map(|(n, _)| n).sum();
        println!("{level}, third lap: {} {name}, {total} allocations", ticks[kind]);
        let mut by_count: Vec<_> = sites[kind].iter().collect();
        by_count.sort_by_key(|s| std::cmp::Reverse(s.1 .0));
        for (site, (n, trace)) in by_count {
            println!("  {n:6}  {site}");
            if std::env::var_os("ALLOC_SITES_FULL").is_some() {
                println!("{trace}");
            }
        }
    }
}
