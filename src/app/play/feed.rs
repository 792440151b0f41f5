//! Where the player's car's tick inputs come from and where they go: a replay's recorded
//! inputs in place of the player's (`play --replay`), and the recording `--record` writes.

use crate::sim::TickInput;

/// Ticks of input the recording reserves up front (ten minutes at 60 Hz), so recording
/// does not allocate in the first minutes of play.
const RECORDING_RESERVE_TICKS: usize = 60 * 60 * 10;

/// The player's tick inputs in and out. The default drives from the player and records
/// nothing.
#[derive(Default)]
pub struct TickFeed {
    replay: Option<Vec<TickInput>>,
    recording: Option<Vec<TickInput>>,
}

impl TickFeed {
    /// Drives from `replay` when given, else from the player; keeps every tick's input
    /// when `record`.
    pub fn new(replay: Option<Vec<TickInput>>, record: bool) -> Self {
        Self {
            replay,
            recording: record.then(|| Vec::with_capacity(RECORDING_RESERVE_TICKS)),
        }
    }

    /// The input for tick `tick`: the replay's, or `player`'s when there is no replay.
    /// None once the replay has run out (play ends there).
    pub fn input(&self, tick: u64, player: TickInput) -> Option<TickInput> {
        match &self.replay {
            Some(inputs) => inputs.get(tick as usize).copied(),
            None => Some(player),
        }
    }

    /// The same feed, keeping every tick's input from now on (a time trial's ghost is
    /// the run's inputs).
    pub fn recording(mut self) -> Self {
        if self.recording.is_none() {
            self.recording = Some(Vec::with_capacity(RECORDING_RESERVE_TICKS));
        }
        self
    }

    /// The inputs kept so far (none when not recording).
    pub fn recorded(&self) -> &[TickInput] {
        self.recording.as_deref().unwrap_or(&[])
    }

    /// Keeps `input`, the one just run, when recording.
    pub fn record(&mut self, input: TickInput) {
        if let Some(r) = self.recording.as_mut() {
            r.push(input);
        }
    }

    /// Every tick's input, when recording (taken: the feed records no more).
    pub fn take_recording(&mut self) -> Option<Vec<TickInput>> {
        self.recording.take()
    }

    /// Whether this feed keeps the inputs.
    pub fn is_recording(&self) -> bool {
        self.recording.is_some()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sim::VehicleControl;

    fn throttle(t: f32) -> TickInput {
        TickInput {
            control: VehicleControl {
                throttle: t,
                ..VehicleControl::default()
            },
            reset: false,
            ..Default::default()
        }
    }

    #[test]
    fn a_replay_drives_in_place_of_the_player_until_it_runs_out() {
        let feed = TickFeed::new(Some(vec![throttle(0.25), throttle(0.5)]), false);
        assert_eq!(feed.input(0, throttle(1.0)), Some(throttle(0.25)));
        assert_eq!(feed.input(1, throttle(1.0)), Some(throttle(0.5)));
        assert_eq!(feed.input(2, throttle(1.0)), None, "play ends with the replay");
        let player = TickFeed::new(None, false);
        assert_eq!(player.input(7, throttle(1.0)), Some(throttle(1.0)));
    }

    #[test]
    fn only_a_recording_feed_keeps_what_ran() {
        let mut feed = TickFeed::new(None, true);
        feed.record(throttle(0.5));
        feed.record(throttle(0.75));
        assert!(feed.is_recording());
        assert_eq!(feed.take_recording(), Some(vec![throttle(0.5), throttle(0.75)]));
        // Taken: the feed records no more.
        assert!(!feed.is_recording());
        feed.record(throttle(1.0));
        assert_eq!(feed.take_recording(), None);
        let mut feed = TickFeed::new(None, false);
        feed.record(throttle(0.5));
        assert_eq!(feed.take_recording(), None);
    }
}
