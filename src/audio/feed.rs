//! The per-tick sound feed: the game sends a [`SoundFrame`] each tick (each frame in the
//! menus and while paused), the mixer takes one every tick's worth of samples. A
//! wait-free single-producer ring (`rtrb`) of fixed-size frames: neither side locks or
//! allocates, so the audio thread never waits on the game's frame.
//!
//! Play and the offline render go through the same feed; offline, a frame is sent and
//! then exactly a tick of samples rendered, so the same inputs give the same bytes.

use super::sound_frame::SoundFrame;

/// Frames the ring holds: about 130 ms at 60 Hz, past any frame hitch the game survives.
const RING_FRAMES: usize = 8;
/// Frames queued beyond which the mixer skips to the newest (keeping the skipped frames'
/// one-off sounds): a device that pulls slower than the game ticks must not let the
/// sound fall further and further behind the picture.
const MOST_QUEUED: usize = 3;

/// The game's end of the feed.
pub struct SoundFeed {
    frames: rtrb::Producer<SoundFrame>,
    dropped: u64,
}

/// The mixer's end of the feed.
pub struct SoundTap {
    frames: rtrb::Consumer<SoundFrame>,
}

/// A new feed: the game keeps the first end, the mixer the second.
pub fn sound_feed() -> (SoundFeed, SoundTap) {
    let (frames, taken) = rtrb::RingBuffer::new(RING_FRAMES);
    (SoundFeed { frames, dropped: 0 }, SoundTap { frames: taken })
}

impl SoundFeed {
    /// Sends this tick's frame. With the ring full (no device pulling, or the audio
    /// thread stalled) the frame is dropped and counted: the game never waits on sound.
    pub fn send(&mut self, frame: SoundFrame) {
        if self.frames.push(frame).is_err() {
            self.dropped += 1;
        }
    }

    /// Frames dropped for a full ring since the feed opened.
    pub fn dropped(&self) -> u64 {
        self.dropped
    }
}

impl std::fmt::Debug for SoundFeed {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SoundFeed").field("dropped", &self.dropped).finish()
    }
}

impl SoundTap {
    /// The next frame, if one came: the oldest, or with more than [`MOST_QUEUED`] waiting,
    /// the newest, carrying the one-off sounds of those it skips.
    pub fn take(&mut self) -> Option<SoundFrame> {
        let mut frame = self.frames.pop().ok()?;
        while self.frames.slots() >= MOST_QUEUED {
            let Ok(newer) = self.frames.pop() else { break };
            let skipped = frame;
            frame = newer;
            for e in skipped.events() {
                frame.push_event(*e);
            }
        }
        Some(frame)
    }
}

impl std::fmt::Debug for SoundTap {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SoundTap")
            .field("queued", &self.frames.slots())
            .finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::audio::sound_frame::SoundEvent;

    fn with_blip(hz: f32) -> SoundFrame {
        let mut f = SoundFrame::default();
        f.push_event(SoundEvent::Blip { pitch_hz: hz });
        f
    }

    #[test]
    fn frames_arrive_in_order_and_a_full_ring_drops_new_ones() {
        let (mut feed, mut tap) = sound_feed();
        for i in 0..RING_FRAMES + 2 {
            feed.send(with_blip(100.0 + i as f32));
        }
        assert_eq!(feed.dropped(), 2);
        // The backlog is skipped down to MOST_QUEUED − 1 frames behind, keeping every
        // skipped frame's blip: the eight frames kept still hold their eight blips.
        let mut frames = Vec::new();
        while let Some(f) = tap.take() {
            frames.push(f);
        }
        assert_eq!(frames.len(), MOST_QUEUED, "{frames:?}");
        let blips: usize = frames.iter().map(|f| f.events().len()).sum();
        assert_eq!(blips, RING_FRAMES);
    }

    #[test]
    fn a_tap_in_step_takes_each_frame_once() {
        let (mut feed, mut tap) = sound_feed();
        for i in 0..20 {
            feed.send(with_blip(200.0 + i as f32));
            let f = tap.take().expect("the frame just sent");
            assert_eq!(
                f.events(),
                &[SoundEvent::Blip {
                    pitch_hz: 200.0 + i as f32
                }]
            );
            assert!(tap.take().is_none());
        }
    }
}
