//! Where a tick allocates: races the AI (the player's coupe and three sedans) for three laps
//! of a level and prints, for the third lap, every heap allocation made inside a tick,
//! grouped by call site, split into steady ticks and ticks that stream chunks or form
//! contacts (see `SimWorld::contact_topology`). The tool behind PERFORMANCE.md's
//! allocation figures and the first thing to run when `tests/no_alloc_tick.rs` fails.
//!
//! ```text
//! cargo run --release --example alloc_sites -- circuit
//! ```
//!
//! Build with debug info for file and line numbers (the release profile keeps symbols).

use skidpad::app::AiRace;
use skidpad::app::Setup;
use skidpad::content::DEFAULT_PROFILE;
use skidpad::content::{ContentRoot, PlatformProfile};
use skidpad::sim::SimWorld;
use std::alloc::{GlobalAlloc, Layout, System};
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
}

unsafe impl GlobalAlloc for TracingAlloc {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        if TRACING.with(Cell::get) && !INSIDE.with(Cell::get) {
            INSIDE.with(|i| i.set(true));
            let trace = format!("{} bytes\n{}", layout.size(), Backtrace::force_capture());
            TRACES.with(|t| t.borrow_mut().push(trace));
            INSIDE.with(|i| i.set(false));
        }
        // SAFETY: forwarded unchanged to the system allocator.
        unsafe { System.alloc(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: `ptr` came from `System.alloc` with this layout.
        unsafe { System.dealloc(ptr, layout) }
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

fn main() {
    let level = std::env::args().nth(1).unwrap_or_else(|| "circuit".into());
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
