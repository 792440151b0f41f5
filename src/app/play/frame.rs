//! One frame of `skidpad play` and the accounting of frames of play: per-phase timing, the
//! always-on frame history, the over-budget count, pacing without vsync, and the
//! `--max-frames` limit.

use crate::content::PlatformProfile;
use crate::time::{FrameHistory, Phase, PhaseTimer};
use skidpad_platform::{Clock, WallClock};
use std::time::Duration;

/// Frames kept in the always-on frame-time history (about 10 s at 60 Hz).
const HISTORY_FRAMES: usize = 600;

/// The frame being made: when it started and how long each phase has taken so far.
pub struct Frame {
    timer: PhaseTimer,
    start: Duration,
}

impl Frame {
    /// A frame starting now.
    pub fn start(clock: &WallClock) -> Frame {
        let timer = PhaseTimer::start(clock);
        Frame {
            timer,
            start: clock.now(),
        }
    }

    /// When the frame started, on `clock`.
    pub fn started(&self) -> Duration {
        self.start
    }

    /// Ends `phase` now.
    pub fn mark(&mut self, clock: &WallClock, phase: Phase) {
        self.timer.mark(clock, phase);
    }

    /// How many simulation ticks the frame ran.
    pub fn set_ticks(&mut self, ticks: u32) {
        self.timer.set_ticks(ticks);
    }
}

/// What kind of frame a screen just finished.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FrameKind {
    /// A frame of play: timed into the history, paced, counted against `--max-frames`.
    Play,
    /// A frame outside play (loading): the screen paces itself and nothing is counted.
    Wait,
    /// A frame of the menus: the screen paces itself; it is not timed into the history but
    /// counts against `--max-frames` with the frames of play, so a scripted run through
    /// the menus ends.
    Menu,
}

/// The frames of play so far: their phase history, how many, how many over budget.
pub struct FrameAccount {
    history: FrameHistory,
    frames: u64,
    over_budget: u64,
    budget: Duration,
    tick_duration: Duration,
    max_frames: Option<u64>,
    menu_frames: u64,
    /// The profile's own budget (a frame cap may lengthen it).
    profile_budget: Duration,
    /// The shortest a frame may be under the player's frame-rate cap (None: no cap).
    cap_period: Option<Duration>,
}

impl FrameAccount {
    /// Accounts frames against `profile`'s frame budget, paced at its tick rate when there
    /// is no vsync, until `max_frames` (if any) have been played.
    pub fn new(profile: &PlatformProfile, max_frames: Option<u64>) -> Self {
        Self {
            history: FrameHistory::new(HISTORY_FRAMES),
            frames: 0,
            over_budget: 0,
            budget: profile.frame_budget,
            tick_duration: profile.loop_config.tick_duration(),
            max_frames,
            menu_frames: 0,
            profile_budget: profile.frame_budget,
            cap_period: None,
        }
    }

    /// Caps frames at `hz` a second (the options' frame-rate cap; 0: no cap). A capped
    /// frame's budget is the cap's period: at 30 fps a frame may take 33.3 ms, and the
    /// loop runs two ticks in it.
    pub fn set_frame_cap_hz(&mut self, hz: u32) {
        self.cap_period = (hz > 0).then(|| Duration::from_secs_f64(1.0 / f64::from(hz)));
        self.budget = self
            .cap_period
            .map_or(self.profile_budget, |p| p.max(self.profile_budget));
    }

    /// Counts a frame of the menus. False when `--max-frames` frames (menus and play
    /// together) have been shown.
    pub fn end_menu(&mut self) -> bool {
        self.menu_frames += 1;
        self.max_frames.is_none_or(|n| self.frames + self.menu_frames < n)
    }

    /// Accounts `frame`, a frame of play, then waits out the rest of a tick when there is
    /// no vblank to wait on. False once `--max-frames` frames have been played.
    pub fn end(&mut self, frame: Frame, clock: &WallClock, vsync: bool) -> bool {
        let start = frame.start;
        let phases = frame.timer.finish(clock);
        if phases.total > self.budget {
            self.over_budget += 1;
            log::debug!(
                "frame {} over budget: {:.2} ms (longest phase: {})",
                self.frames,
                phases.total.as_secs_f64() * 1e3,
                phases.longest().name()
            );
        }
        self.history.push(phases);
        self.frames += 1;
        if let Some(period) = self.cap_period {
            // The player's cap: wait out the rest of its period (outside the frame's
            // accounting, like the wait below).
            clock.sleep_until(start + period.max(self.tick_duration));
        } else if !vsync {
            // No vblank to wait on: cap the frame rate at the tick rate instead of spinning
            // (outside the frame's accounting: idle time is not over budget).
            clock.sleep_until(start + self.tick_duration);
        }
        self.max_frames.is_none_or(|n| self.frames + self.menu_frames < n)
    }

    /// The recent frames' phase timings (the HUD's frame graph).
    pub fn history(&self) -> &FrameHistory {
        &self.history
    }

    /// The profile's frame budget.
    pub fn budget(&self) -> Duration {
        self.budget
    }

    /// Frames of play so far.
    pub fn frames(&self) -> u64 {
        self.frames
    }

    /// Frames of play and of the menus so far (what `--max-frames` counts).
    pub fn all_frames(&self) -> u64 {
        self.frames + self.menu_frames
    }

    /// Frames of play that took longer than the budget.
    pub fn over_budget(&self) -> u64 {
        self.over_budget
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn max_frames_counts_frames_of_play_and_every_frame_enters_the_history() {
        let profile = PlatformProfile::load("desktop").unwrap();
        let clock = WallClock::new();
        let mut account = FrameAccount::new(&profile, Some(3));
        // With vsync the account never sleeps.
        assert!(account.end(Frame::start(&clock), &clock, true));
        assert!(account.end(Frame::start(&clock), &clock, true));
        assert!(
            !account.end(Frame::start(&clock), &clock, true),
            "the third frame is the last"
        );
        assert_eq!(account.frames(), 3);
        assert_eq!(account.history().len(), 3);
        let mut endless = FrameAccount::new(&profile, None);
        assert!((0..10).all(|_| endless.end(Frame::start(&clock), &clock, true)));
    }

    #[test]
    fn a_frame_cap_sets_the_budget_and_paces_frames_to_its_period() {
        let profile = PlatformProfile::load("handheld").unwrap();
        let clock = WallClock::new();
        let mut account = FrameAccount::new(&profile, None);
        assert_eq!(account.budget(), profile.frame_budget);
        account.set_frame_cap_hz(40);
        assert_eq!(account.budget(), Duration::from_millis(25));
        // A frame that does nothing still lasts the cap's period (the sleep is a floor:
        // a busy machine may only make it longer).
        let start = clock.now();
        account.end(Frame::start(&clock), &clock, true);
        assert!(
            clock.now() - start >= Duration::from_millis(25),
            "{:?}",
            clock.now() - start
        );
        // A cap above the profile's rate cannot shorten its budget; 0 lifts the cap.
        account.set_frame_cap_hz(120);
        assert_eq!(account.budget(), profile.frame_budget);
        account.set_frame_cap_hz(0);
        assert_eq!(account.budget(), profile.frame_budget);
    }
}
