//! The modes' per-tick work allocates nothing: a race of eight cars over three laps on a
//! course built in code (lap tables, gate times and the order sized at set-up), and
//! reading the gaps and results' inputs as a HUD would each tick.

use glam::Vec2;
use skidpad::alloc_count::thread_allocations;
use skidpad::modes::{Course, RaceRules};

#[test]
fn a_race_tick_allocates_nothing() {
    let _workers = crate::beside_others();
    let n = 128;
    let pts = (0..n)
        .map(|i| {
            let a = i as f32 / n as f32 * std::f32::consts::TAU;
            Vec2::new(a.cos(), a.sin()) * 100.0
        })
        .collect();
    let course = Course::new(pts, &[]).unwrap();
    let cars = 8;
    let grid: Vec<Vec2> = (0..cars).map(|k| course.point_at(-5.0 - 8.0 * k as f32)).collect();
    let mut race = RaceRules::new(course.clone(), 3, &grid, 60);
    while race.hold() {}
    // This thread's count: libtest's main thread prints and waits meanwhile.
    let before = thread_allocations();
    let mut tick = 0u64;
    let mut shown = 0.0;
    while !race.all_finished() && tick < 20_000 {
        tick += 1;
        let c = &course;
        // Each car at its own pace, 0.8 to 1.15 m per tick, weaving ±2 m.
        race.after_tick(
            (0..cars).map(|k| {
                let s = -5.0 - 8.0 * k as f32 + (0.8 + 0.05 * k as f32) * tick as f32;
                c.point_at(s) * (1.0 + 0.02 * (tick as f32 * 0.1 + k as f32).sin())
            }),
            tick,
        );
        for p in 1..=cars {
            let (a, b) = race.gaps_around(p);
            shown += a.unwrap_or(0.0) + b.unwrap_or(0.0);
        }
        shown += race.tracker(0).current_lap_s(tick).unwrap_or(0.0);
    }
    let during = thread_allocations() - before;
    assert!(race.all_finished(), "every car finishes 3 laps within {tick} ticks");
    assert!(shown.is_finite());
    assert_eq!(during, 0, "allocations in {tick} race ticks");
}
