//! What the player hears and feels of the race: the session's sound sent to the mixer
//! after each tick (every car, the impacts, the wind; idling while frozen), the race's
//! beeps with it, and pad rumble from the player's car's crashes and landings.

use crate::app::session::{Motion, Session};
use crate::audio::{SoundEvent, SoundFeed};
use crate::input::rumble_for;
use crate::settings::Volumes;
use crate::sim::{SimEvent, TickInput};
use skidpad_platform::{PadId, Pads};

/// Sound and rumble for the player's car.
pub struct Feedback {
    volumes: Volumes,
    /// What rumble strengths are multiplied by (0: rumble off).
    rumble_scale: f32,
    /// A beep the mode asked for, sent with the next frame.
    beep_hz: Option<f32>,
}

impl Feedback {
    /// Plays at the player's `volumes`.
    pub fn new(volumes: Volumes) -> Self {
        Self {
            volumes,
            rumble_scale: 1.0,
            beep_hz: None,
        }
    }

    /// Rumble at `scale` of what crashes and landings earn (0: off), from the next tick.
    pub fn set_rumble_scale(&mut self, scale: f32) {
        self.rumble_scale = scale.clamp(0.0, 1.0);
    }

    /// New volumes from the options, heard from the next frame sent.
    pub fn set_volumes(&mut self, volumes: Volumes) {
        self.volumes = volumes;
    }

    /// A beep at `pitch_hz` (the countdown's), heard with the next frame sent.
    pub fn beep(&mut self, pitch_hz: f32) {
        self.beep_hz = Some(pitch_hz);
    }

    /// After a tick run with the first player's `input`: the session's sound to `sound`,
    /// and rumble for each player's car's impacts and landings on the pad they drive with
    /// (`players`: each one's car, world index, and pad).
    pub fn after_tick(
        &mut self,
        session: &Session,
        input: &TickInput,
        players: &[(usize, Option<PadId>)],
        pads: &mut Pads,
        sound: &mut SoundFeed,
    ) {
        self.send(session, input.control.throttle, Motion::Running, sound);
        let events: &[SimEvent] = &session.snapshot().events;
        for &(car, pad) in players {
            if let (Some(pad), Some((strength, duration))) = (pad, rumble_for(events, car)) {
                if self.rumble_scale > 0.0 {
                    pads.rumble(pad, strength * self.rumble_scale, duration);
                }
            }
        }
    }

    /// A tick the world waits through (the countdown): its sound, with the player's
    /// `throttle` revving the engine.
    pub fn held_tick(&mut self, session: &Session, throttle: f32, sound: &mut SoundFeed) {
        self.send(session, throttle, Motion::Running, sound);
    }

    /// A frame with no tick (paused, or the pad lost): every engine idling, nothing else.
    pub fn frozen_frame(&mut self, session: &Session, sound: &mut SoundFeed) {
        self.send(session, 0.0, Motion::Frozen, sound);
    }

    fn send(&mut self, session: &Session, throttle: f32, motion: Motion, sound: &mut SoundFeed) {
        let mut frame = session.sound_frame(throttle, self.volumes, motion);
        if let Some(pitch_hz) = self.beep_hz.take() {
            frame.push_event(SoundEvent::Blip { pitch_hz });
        }
        sound.send(frame);
    }
}
