//! Where each frame's time goes: a timer that splits a frame into phases, and an always-on
//! ring buffer of the last frames, allocated once.

use skidpad_platform::Clock;
use std::time::Duration;

/// The parts of a frame, in the order the loop runs them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Phase {
    /// Polling window, keyboard and pad events; the script or driver deciding inputs.
    Input,
    /// Level chunks entering and leaving the world (and their meshes the GPU).
    Streaming,
    /// The vehicle models' work in the ticks (rays, tire forces).
    Vehicle,
    /// rapier's physics steps.
    Physics,
    /// The rest of the ticks: events, snapshots, camera, particles.
    Sim,
    /// Submitting draw calls.
    Render,
    /// Waiting for the GPU to finish the frame (measured where a frame is read back).
    GpuFinish,
    /// Presenting the frame (includes waiting for vblank).
    Swap,
    /// Feeding the audio mixer.
    Audio,
}

impl Phase {
    /// Every phase, in frame order.
    pub const ALL: [Phase; 9] = [
        Phase::Input,
        Phase::Streaming,
        Phase::Vehicle,
        Phase::Physics,
        Phase::Sim,
        Phase::Render,
        Phase::GpuFinish,
        Phase::Swap,
        Phase::Audio,
    ];
    /// Number of phases.
    pub const COUNT: usize = Self::ALL.len();

    /// Lower-case name for reports and traces.
    pub fn name(self) -> &'static str {
        match self {
            Phase::Input => "input",
            Phase::Streaming => "streaming",
            Phase::Vehicle => "vehicle",
            Phase::Physics => "physics",
            Phase::Sim => "sim",
            Phase::Render => "render",
            Phase::GpuFinish => "gpu_finish",
            Phase::Swap => "swap",
            Phase::Audio => "audio",
        }
    }

    fn index(self) -> usize {
        self as usize
    }
}

/// One frame's accounting.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct FramePhases {
    /// Time spent in each phase, indexed in [`Phase::ALL`] order.
    pub phase: [Duration; Phase::COUNT],
    /// Whole frame, start to end (≥ the sum of the phases).
    pub total: Duration,
    /// When the frame started, on the clock that timed it.
    pub start: Duration,
    /// Simulation ticks the frame ran.
    pub ticks: u32,
    /// Heap allocations made in each phase, in [`Phase::ALL`] order (zero unless the timer
    /// was started with [`PhaseTimer::start_counting`]).
    pub allocations: [u32; Phase::COUNT],
}

impl FramePhases {
    /// Time spent in `phase`.
    pub fn get(&self, phase: Phase) -> Duration {
        self.phase[phase.index()]
    }

    /// Heap allocations made in `phase` (counted by [`PhaseTimer::start_counting`]).
    pub fn allocations_in(&self, phase: Phase) -> u32 {
        self.allocations[phase.index()]
    }

    /// The phase that took longest: the one to blame for a frame over budget.
    pub fn longest(&self) -> Phase {
        Phase::ALL
            .into_iter()
            .max_by_key(|p| self.get(*p))
            .unwrap_or(Phase::Sim)
    }
}

/// Splits one frame into phases by reading a clock at each boundary.
#[derive(Debug, Clone, Copy)]
pub struct PhaseTimer {
    frame_start: Duration,
    phase_start: Duration,
    current: FramePhases,
    /// Reads a process-wide allocation count, when allocations are charged to phases.
    allocations: Option<(fn() -> u64, u64)>,
}

impl PhaseTimer {
    /// Starts a frame now.
    pub fn start(clock: &dyn Clock) -> Self {
        let now = clock.now();
        Self {
            frame_start: now,
            phase_start: now,
            current: FramePhases::default(),
            allocations: None,
        }
    }

    /// Starts a frame now that also charges heap allocations to phases, read from
    /// `allocations` (a counting global allocator's total) at each mark.
    pub fn start_counting(clock: &dyn Clock, allocations: fn() -> u64) -> Self {
        Self {
            allocations: Some((allocations, allocations())),
            ..Self::start(clock)
        }
    }

    /// Charges the time since the previous mark to `phase`. A phase may be marked more than
    /// once in a frame; its times add up.
    pub fn mark(&mut self, clock: &dyn Clock, phase: Phase) {
        let now = clock.now();
        self.current.phase[phase.index()] += now.saturating_sub(self.phase_start);
        self.phase_start = now;
        if let Some((count, last)) = &mut self.allocations {
            let total = count();
            let made = u32::try_from(total.saturating_sub(*last)).unwrap_or(u32::MAX);
            self.current.allocations[phase.index()] = self.current.allocations[phase.index()].saturating_add(made);
            *last = total;
        }
    }

    /// Records how many ticks the frame ran.
    pub fn set_ticks(&mut self, ticks: u32) {
        self.current.ticks = ticks;
    }

    /// Ends the frame and returns its accounting.
    pub fn finish(self, clock: &dyn Clock) -> FramePhases {
        let mut done = self.current;
        done.total = clock.now().saturating_sub(self.frame_start);
        done.start = self.frame_start;
        done
    }
}

/// The last `capacity` frames, oldest overwritten first. Allocates only in `new`.
#[derive(Debug, Clone)]
pub struct FrameHistory {
    frames: Vec<FramePhases>,
    next: usize,
    len: usize,
}

impl FrameHistory {
    /// A ring buffer for `capacity` frames (at least one).
    pub fn new(capacity: usize) -> Self {
        Self {
            frames: vec![FramePhases::default(); capacity.max(1)],
            next: 0,
            len: 0,
        }
    }

    /// Adds a frame, overwriting the oldest when full.
    pub fn push(&mut self, frame: FramePhases) {
        self.frames[self.next] = frame;
        self.next = (self.next + 1) % self.frames.len();
        self.len = (self.len + 1).min(self.frames.len());
    }

    /// Frames held.
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether no frame was recorded yet.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Frames from oldest to newest.
    pub fn iter(&self) -> impl Iterator<Item = &FramePhases> {
        let cap = self.frames.len();
        let start = (self.next + cap - self.len) % cap;
        (0..self.len).map(move |i| &self.frames[(start + i) % cap])
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::cell::Cell;

    struct FakeClock(Cell<Duration>);
    impl Clock for FakeClock {
        fn now(&self) -> Duration {
            self.0.get()
        }
    }
    impl FakeClock {
        fn advance_ms(&self, ms: u64) {
            self.0.set(self.0.get() + Duration::from_millis(ms));
        }
    }

    #[test]
    fn allocations_are_charged_to_the_phase_that_made_them() {
        use std::sync::atomic::{AtomicU64, Ordering};
        static MADE: AtomicU64 = AtomicU64::new(100);
        fn made() -> u64 {
            MADE.load(Ordering::Relaxed)
        }
        let clock = FakeClock(Cell::new(Duration::ZERO));
        let mut t = PhaseTimer::start_counting(&clock, made);
        MADE.fetch_add(2, Ordering::Relaxed);
        t.mark(&clock, Phase::Input);
        t.mark(&clock, Phase::Physics);
        MADE.fetch_add(5, Ordering::Relaxed);
        t.mark(&clock, Phase::Sim);
        MADE.fetch_add(1, Ordering::Relaxed);
        t.mark(&clock, Phase::Input);
        let f = t.finish(&clock);
        assert_eq!(f.allocations_in(Phase::Input), 3);
        assert_eq!(f.allocations_in(Phase::Physics), 0);
        assert_eq!(f.allocations_in(Phase::Sim), 5);
        // A timer started without a counter charges nothing.
        let mut plain = PhaseTimer::start(&clock);
        MADE.fetch_add(7, Ordering::Relaxed);
        plain.mark(&clock, Phase::Input);
        assert_eq!(plain.finish(&clock).allocations, [0; Phase::COUNT]);
    }

    #[test]
    fn phases_are_charged_what_elapsed_since_the_previous_mark() {
        let clock = FakeClock(Cell::new(Duration::from_secs(5)));
        let mut t = PhaseTimer::start(&clock);
        clock.advance_ms(1);
        t.mark(&clock, Phase::Input);
        clock.advance_ms(6);
        t.mark(&clock, Phase::Sim);
        clock.advance_ms(3);
        t.mark(&clock, Phase::Render);
        clock.advance_ms(2);
        t.mark(&clock, Phase::Sim);
        t.set_ticks(2);
        clock.advance_ms(4);
        let f = t.finish(&clock);
        assert_eq!(f.get(Phase::Input), Duration::from_millis(1));
        assert_eq!(f.get(Phase::Sim), Duration::from_millis(8));
        assert_eq!(f.get(Phase::Render), Duration::from_millis(3));
        assert_eq!(f.get(Phase::Swap), Duration::ZERO);
        assert_eq!(f.total, Duration::from_millis(16));
        assert_eq!(f.ticks, 2);
        assert_eq!(f.longest(), Phase::Sim);
    }

    #[test]
    fn history_keeps_the_newest_frames_in_order() {
        let mut h = FrameHistory::new(3);
        assert!(h.is_empty());
        for ticks in 1..=5 {
            h.push(FramePhases {
                ticks,
                ..FramePhases::default()
            });
        }
        assert_eq!(h.len(), 3);
        assert_eq!(h.iter().map(|f| f.ticks).collect::<Vec<_>>(), vec![3, 4, 5]);
    }
}
