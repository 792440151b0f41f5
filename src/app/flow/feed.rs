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

    /// Keeps `input`, the one just run, when recording.
    pub fn record(&mut self, input: TickInput) {
        if let Some(r) = self.recording.as_mut() {
            r.push(input);
        }
    }

    /// Every tick's input, when recording.
    pub fn into_recording(self) -> Option<Vec<TickInput>> {
        self.recording
    }
}
