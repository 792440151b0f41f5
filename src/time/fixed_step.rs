//! The fixed-budget game loop's accumulator: how many simulation ticks a frame runs, and how
//! far between two ticks the frame is drawn.
//!
//! Time is kept in integers, never float seconds. The accumulator is measured in
//! "nanosecond-hertz": elapsed nanoseconds × tick rate, so that one tick is exactly
//! 10⁹ units even when a tick is not a whole number of nanoseconds (60 Hz is 16 666 666.6̅ ns).
//! Over any run the tick count is exactly ⌊elapsed × rate⌋ (less what the clamps dropped),
//! with no drift however long the game runs.
//!
//! A real clock never delivers exactly 1/60 s per frame: timestamps are rounded to the
//! nanosecond and jitter by microseconds around vblank. Without care a 60 Hz display then
//! runs frames of 0 and 2 ticks instead of 1 and 1 (visible stutter). So a tick may start
//! up to [`LoopConfig::jitter_tolerance`] early; the accumulator then dips just below zero
//! and the borrowed time is paid back by the next frames. The long-run count stays exact:
//! ⌊(elapsed + tolerance) × rate⌋.

use std::time::Duration;

const UNITS_PER_TICK: i128 = 1_000_000_000;

/// The loop's settings, from the platform profile.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LoopConfig {
    /// Simulation ticks per second (60 by default).
    pub tick_rate_hz: u32,
    /// Longest frame delta accepted; a longer frame (a hitch, a debugger break) counts as
    /// this long, so the game slows down instead of fast-forwarding (250 ms by default).
    pub max_frame_delta: Duration,
    /// At most this many ticks run in one frame; time beyond is dropped, so a slow machine
    /// cannot spiral into ever longer frames (8 by default).
    pub max_ticks_per_frame: u32,
    /// How early a tick may run to absorb clock rounding and vblank jitter (200 µs by
    /// default, 1.2 % of a 60 Hz tick). Raise it if a display that should run one tick per
    /// frame shows 0/2 patterns in the frame history; zero makes the loop strictly causal.
    pub jitter_tolerance: Duration,
}

impl Default for LoopConfig {
    fn default() -> Self {
        Self {
            tick_rate_hz: 60,
            max_frame_delta: Duration::from_millis(250),
            max_ticks_per_frame: 8,
            jitter_tolerance: Duration::from_micros(200),
        }
    }
}

impl LoopConfig {
    /// The duration of one tick, rounded to the nanosecond (for display and physics `dt`;
    /// the loop itself never accumulates this rounded value).
    pub fn tick_duration(&self) -> Duration {
        Duration::from_nanos((1_000_000_000u64 + self.tick_rate_hz as u64 / 2) / self.tick_rate_hz as u64)
    }

    /// One tick in seconds, as the simulation integrates it.
    pub fn tick_seconds(&self) -> f32 {
        1.0 / self.tick_rate_hz as f32
    }
}

/// What one frame should do.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct FramePlan {
    /// Simulation ticks to run this frame (0 ..= `max_ticks_per_frame`).
    pub ticks: u32,
    /// How far past the last tick the frame is drawn, in ticks: always in [0, 1). Render
    /// interpolates between the previous and the current simulation snapshot by it.
    pub alpha: f32,
    /// Wall time this frame threw away (frame clamp plus tick cap). Zero in a healthy game.
    pub dropped: Duration,
}

/// The accumulator. Feed it each frame's measured delta; run the ticks it returns.
#[derive(Debug, Clone)]
pub struct FixedStepLoop {
    config: LoopConfig,
    /// Accumulated, not yet simulated time in ns·Hz. Between frames it lies in
    /// [−tolerance, one tick − tolerance): negative when a tick ran early.
    accumulator: i128,
    total_ticks: u64,
    total_dropped: Duration,
}

impl FixedStepLoop {
    /// A loop with nothing accumulated.
    ///
    /// A zero tick rate or tick cap is meaningless; the profile loader rejects it, and here
    /// it is raised to 1 rather than dividing by zero.
    pub fn new(mut config: LoopConfig) -> Self {
        config.tick_rate_hz = config.tick_rate_hz.max(1);
        config.max_ticks_per_frame = config.max_ticks_per_frame.max(1);
        Self {
            config,
            accumulator: 0,
            total_ticks: 0,
            total_dropped: Duration::ZERO,
        }
    }

    /// The settings in force.
    pub fn config(&self) -> &LoopConfig {
        &self.config
    }

    /// Ticks planned since the start.
    pub fn total_ticks(&self) -> u64 {
        self.total_ticks
    }

    /// Wall time dropped by the clamps since the start.
    pub fn total_dropped(&self) -> Duration {
        self.total_dropped
    }

    /// Accounts one frame of `frame_delta` wall time and says how many ticks to run.
    pub fn advance(&mut self, frame_delta: Duration) -> FramePlan {
        let clamped = frame_delta.min(self.config.max_frame_delta);
        let mut dropped = frame_delta - clamped;
        let rate = self.config.tick_rate_hz as i128;
        let tolerance = self
            .config
            .jitter_tolerance
            .min(self.config.tick_duration() / 2)
            .as_nanos() as i128
            * rate;
        self.accumulator += clamped.as_nanos() as i128 * rate;

        let available = (self.accumulator + tolerance).max(0) / UNITS_PER_TICK;
        let ticks = available.min(self.config.max_ticks_per_frame as i128);
        self.accumulator -= ticks * UNITS_PER_TICK;
        if available > ticks {
            // Over the cap: keep only the fraction of a tick, drop whole ticks.
            let excess = (available - ticks) * UNITS_PER_TICK;
            self.accumulator -= excess;
            dropped += Duration::from_nanos((excess / rate) as u64);
        }
        self.total_ticks += ticks as u64;
        self.total_dropped += dropped;
        FramePlan {
            ticks: ticks as u32,
            alpha: (self.accumulator.max(0) as f64 / UNITS_PER_TICK as f64) as f32,
            dropped,
        }
        .with_alpha_below_one()
    }
}

impl FramePlan {
    /// f64→f32 rounding can turn 0.99999999 into 1.0; keep the [0, 1) promise.
    fn with_alpha_below_one(mut self) -> Self {
        if self.alpha >= 1.0 {
            self.alpha = 1.0 - f32::EPSILON;
        }
        self
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A fake display: frame `i` ends at exactly round(i × 10⁹ / fps) ns, so the deltas carry
    /// no accumulated rounding error (as a real clock's timestamps do not).
    fn frame_deltas(fps_num: u64, fps_den: u64, frames: u64) -> impl Iterator<Item = Duration> {
        let at = move |i: u64| (i as u128 * 1_000_000_000 * fps_den as u128 + fps_num as u128 / 2) / fps_num as u128;
        (1..=frames).map(move |i| Duration::from_nanos((at(i) - at(i - 1)) as u64))
    }

    fn run(lp: &mut FixedStepLoop, deltas: impl Iterator<Item = Duration>) -> Vec<FramePlan> {
        deltas
            .map(|d| {
                let plan = lp.advance(d);
                assert!((0.0..1.0).contains(&plan.alpha), "alpha {} out of [0,1)", plan.alpha);
                plan
            })
            .collect()
    }

    #[test]
    fn steady_60hz_runs_one_tick_per_frame() {
        let mut lp = FixedStepLoop::new(LoopConfig::default());
        let plans = run(&mut lp, frame_deltas(60, 1, 600));
        // 600 frames of exactly 1/60 s: exactly one tick each, no drops.
        assert!(
            plans.iter().all(|p| p.ticks == 1),
            "{:?}",
            plans.iter().map(|p| p.ticks).collect::<Vec<_>>()
        );
        assert_eq!(lp.total_ticks(), 600);
        assert_eq!(lp.total_dropped(), Duration::ZERO);
    }

    #[test]
    fn display_at_144hz_runs_60_ticks_per_second() {
        let mut lp = FixedStepLoop::new(LoopConfig::default());
        let plans = run(&mut lp, frame_deltas(144, 1, 144 * 10));
        // 10 s at 144 Hz → exactly 600 ticks; frames run 0 or 1 tick, never 2.
        assert_eq!(lp.total_ticks(), 600);
        assert!(plans.iter().all(|p| p.ticks <= 1));
        // 144/60 = 2.4 frames per tick: in any 12 frames exactly 5 ticks run.
        for window in plans.chunks(12) {
            assert_eq!(window.iter().map(|p| p.ticks).sum::<u32>(), 5);
        }
    }

    #[test]
    fn one_second_hitch_is_clamped_and_capped() {
        let mut lp = FixedStepLoop::new(LoopConfig::default());
        run(&mut lp, frame_deltas(60, 1, 60));
        assert_eq!(lp.total_ticks(), 60);
        let hitch = lp.advance(Duration::from_secs(1));
        // 1 s clamps to 250 ms = 15 ticks, capped to 8; the other 7 ticks and the 750 ms
        // beyond the clamp are dropped.
        assert_eq!(hitch.ticks, 8);
        let dropped_ns = hitch.dropped.as_nanos() as i128;
        let expected_ns = 750_000_000 + 7 * 1_000_000_000 / 60;
        assert!(
            (dropped_ns - expected_ns).abs() <= 1,
            "dropped {dropped_ns} ns, expected {expected_ns}"
        );
        // Then the game resumes at one tick per frame.
        let after = run(&mut lp, frame_deltas(60, 1, 60));
        assert!(after.iter().all(|p| p.ticks == 1));
        assert_eq!(lp.total_ticks(), 60 + 8 + 60);
    }

    #[test]
    fn tick_cap_is_configurable() {
        let mut lp = FixedStepLoop::new(LoopConfig {
            max_ticks_per_frame: 3,
            ..LoopConfig::default()
        });
        assert_eq!(lp.advance(Duration::from_millis(200)).ticks, 3);
        assert_eq!(lp.advance(Duration::from_millis(50)).ticks, 3);
    }

    #[test]
    fn ntsc_59_94hz_display_for_ten_minutes_does_not_drift() {
        let mut lp = FixedStepLoop::new(LoopConfig::default());
        // NTSC 59.94 Hz is exactly 60000/1001 Hz: 35 965 frames end at 600.0167 s, the first
        // frame boundary past 10 minutes.
        let frames = 35_965;
        let elapsed_ns: u128 = frame_deltas(60_000, 1001, frames).map(|d| d.as_nanos()).sum();
        let plans = run(&mut lp, frame_deltas(60_000, 1001, frames));
        // Ticks are exactly ⌊(elapsed + tolerance) × 60⌋: nothing lost or gained over 10 min.
        let tolerance_ns = LoopConfig::default().jitter_tolerance.as_nanos();
        let expected = ((elapsed_ns + tolerance_ns) * 60 / 1_000_000_000) as u64;
        assert_eq!(expected, 36_000);
        assert_eq!(lp.total_ticks(), expected);
        assert_eq!(lp.total_dropped(), Duration::ZERO);
        // A 59.94 Hz display runs 2 ticks in a frame about every 16.7 s (1001 frames).
        let doubles = plans.iter().filter(|p| p.ticks == 2).count();
        assert!((35..=37).contains(&doubles), "{doubles} double-tick frames");
    }

    #[test]
    fn jitter_around_vblank_still_gives_one_tick_per_frame() {
        let mut lp = FixedStepLoop::new(LoopConfig::default());
        // 60 Hz frames, each ±150 µs off, alternating (a timer that wakes early then late).
        let tick = 16_666_667i64;
        let jitter = |i: i64| if i % 2 == 0 { -150_000 } else { 150_000 };
        let deltas = (0..600).map(|i| Duration::from_nanos((tick + jitter(i)) as u64));
        let plans = run(&mut lp, deltas);
        assert!(plans.iter().all(|p| p.ticks == 1), "0/2 stutter under jitter");
        // Strictly causal (no tolerance), the same frames stutter: the tolerance is doing it.
        let mut strict = FixedStepLoop::new(LoopConfig {
            jitter_tolerance: Duration::ZERO,
            ..LoopConfig::default()
        });
        let deltas = (0..600).map(|i| Duration::from_nanos((tick + jitter(i)) as u64));
        assert!(run(&mut strict, deltas).iter().any(|p| p.ticks != 1));
    }

    #[test]
    fn alpha_is_the_fraction_of_a_tick_left() {
        let mut lp = FixedStepLoop::new(LoopConfig::default());
        let p = lp.advance(Duration::from_nanos(25_000_000)); // 1.5 ticks at 60 Hz
        assert_eq!(p.ticks, 1);
        assert!((p.alpha - 0.5).abs() < 1e-6);
        let p = lp.advance(Duration::ZERO);
        assert_eq!(p.ticks, 0);
        assert!((p.alpha - 0.5).abs() < 1e-6);
    }

    #[test]
    fn alpha_stays_below_one_for_irregular_frames() {
        let mut lp = FixedStepLoop::new(LoopConfig {
            tick_rate_hz: 120,
            ..LoopConfig::default()
        });
        // A deterministic irregular sequence (LCG), 0–40 ms.
        let mut x: u64 = 12345;
        let deltas = (0..10_000).map(|_| {
            x = x.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            Duration::from_nanos((x >> 33) % 40_000_000)
        });
        run(&mut lp, deltas);
    }
}
