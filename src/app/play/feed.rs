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
    /// Each guest's inputs, kept beside the first player's while recording.
    guest_recordings: Vec<Vec<TickInput>>,
    /// Each guest's recorded inputs, driving them in a replay watched.
    guest_replays: Vec<Vec<TickInput>>,
}

impl TickFeed {
    /// Drives from `replay` when given, else from the player; keeps every tick's input
    /// when `record`.
    pub fn new(replay: Option<Vec<TickInput>>, record: bool) -> Self {
        Self {
            replay,
            recording: record.then(|| Vec::with_capacity(RECORDING_RESERVE_TICKS)),
            guest_recordings: Vec::new(),
            guest_replays: Vec::new(),
        }
    }

    /// The same feed, guest `g` driven by `guests[g]`'s inputs (a replay of several
    /// players).
    pub fn with_guest_replays(self, guests: Vec<Vec<TickInput>>) -> Self {
        Self {
            guest_replays: guests,
            ..self
        }
    }

    /// Guest `guest`'s input for tick `tick`: the replay's when it has one for them, else
    /// `own` (their controller's). A guest's replay that runs out leaves them idle.
    pub fn guest_input(&self, guest: usize, tick: u64, own: TickInput) -> TickInput {
        match self.guest_replays.get(guest) {
            Some(inputs) => inputs.get(tick as usize).copied().unwrap_or_default(),
            None => own,
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

    /// Keeps every player's input of the tick just run (`inputs[0]` the first player's),
    /// when recording.
    pub fn record_players(&mut self, inputs: &[TickInput]) {
        let Some((first, guests)) = inputs.split_first() else {
            return;
        };
        if self.recording.is_none() {
            return;
        }
        self.record(*first);
        while self.guest_recordings.len() < guests.len() {
            self.guest_recordings.push(Vec::with_capacity(RECORDING_RESERVE_TICKS));
        }
        for (kept, input) in self.guest_recordings.iter_mut().zip(guests) {
            kept.push(*input);
        }
    }

    /// Each guest's inputs kept so far (taken).
    pub fn take_guest_recordings(&mut self) -> Vec<Vec<TickInput>> {
        std::mem::take(&mut self.guest_recordings)
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
