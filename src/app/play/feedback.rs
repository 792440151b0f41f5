//! What the player hears and feels of the race: the session's sound sent to the mixer
//! after each tick (every car, the impacts, the wind; idling while frozen), the race's
//! beeps with it, and pad rumble from the player's car's crashes and landings.

use crate::app::session::{Motion, Session};
use crate::audio::{SoundEvent, SoundFeed};
use crate::input::rumble_for;
use crate::settings::Volumes;
use crate::sim::{SimEvent, TickInput};
use skidpad_platform::{PadId, Pads};
use std::time::Duration;

/// Who a car's rumble goes to: the player's car (world index), the pad they drive with,
/// and what their rumble strengths are multiplied by (their own setting; 0: off).
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct RumbleTarget {
    /// The car, as the world indexes it.
    pub car: usize,
    /// The pad the player drives with, if any.
    pub pad: Option<PadId>,
    /// The player's rumble setting, 0..1.
    pub scale: f32,
}

/// Sound and rumble for the players' cars.
pub struct Feedback {
    volumes: Volumes,
    /// A beep the mode asked for, sent with the next frame.
    beep_hz: Option<f32>,
}

/// The rumbles a tick's `events` earn: each player's car's strongest crash or landing on
/// the pad they drive with, at their own strength (none for a player with rumble off).
fn rumbles<'a>(
    events: &'a [SimEvent],
    players: &'a [RumbleTarget],
) -> impl Iterator<Item = (PadId, f32, Duration)> + 'a {
    players.iter().filter_map(move |target| {
        let scale = target.scale.clamp(0.0, 1.0);
        let (strength, duration) = rumble_for(events, target.car)?;
        Some((target.pad?, strength * scale, duration)).filter(|_| scale > 0.0)
    })
}

impl Feedback {
    /// Plays at the player's `volumes`.
    pub fn new(volumes: Volumes) -> Self {
        Self { volumes, beep_hz: None }
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
    /// and rumble for each player's car's impacts and landings on the pad they drive with,
    /// at their own strength (`players`).
    pub fn after_tick(
        &mut self,
        session: &Session,
        input: &TickInput,
        players: &[RumbleTarget],
        pads: &mut Pads,
        sound: &mut SoundFeed,
    ) {
        self.send(session, input.control.throttle, Motion::Running, sound);
        for (pad, strength, duration) in rumbles(&session.snapshot().events, players) {
            pads.rumble(pad, strength, duration);
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

#[cfg(test)]
mod tests {
    use super::*;
    use glam::Vec3;

    #[test]
    fn each_players_crash_rumbles_their_own_pad_at_their_own_strength() {
        let hit = |car| SimEvent::Impact {
            car,
            position: Vec3::ZERO,
            impulse_ns: 18_000.0,
            struck: crate::sim::Struck::Surface(None),
        };
        let target = |car, pad: usize, scale| RumbleTarget {
            car,
            pad: Some(PadId(pad)),
            scale,
        };
        // Player 1 (car 0, pad 3) at full strength, player 2 (car 1, pad 5) at half,
        // player 3 (car 2, pad 7) with rumble off; all three cars crash at full strength.
        let players = [target(0, 3, 1.0), target(1, 5, 0.5), target(2, 7, 0.0)];
        let felt: Vec<_> = rumbles(&[hit(0), hit(1), hit(2)], &players)
            .map(|(pad, strength, _)| (pad.0, strength))
            .collect();
        assert_eq!(felt, vec![(3, 1.0), (5, 0.5)]);
        // Only the car that crashed rumbles, on its player's pad.
        let felt: Vec<_> = rumbles(&[hit(1)], &players).map(|(pad, _, _)| pad.0).collect();
        assert_eq!(felt, vec![5]);
    }
}
