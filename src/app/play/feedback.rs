//! What the player hears and feels of the race: impact and landing sounds and pad rumble
//! after each tick, and the engine, tyre and wind sound set once a frame.

use crate::audio::{virtual_rpm, IDLE_RPM};
use crate::audio::{SharedSound, SoundParams};
use crate::input::rumble_for;
use crate::settings::Volumes;
use crate::sim::{SimEvent, SimWorld, TickInput};
use skidpad_platform::{PadId, Pads};

/// Impact impulse that plays at full volume, N·s.
const FULL_IMPACT_NS: f32 = 18_000.0;
/// Landing speed that plays at full volume, m/s.
const FULL_LANDING_MPS: f32 = 12.0;

/// Loudness of an impact of `impulse_ns`, 0..1: in proportion to the impulse up to
/// [`FULL_IMPACT_NS`] (the camera shake and the damage smoke use the same full scale).
fn impact_loudness(impulse_ns: f32) -> f32 {
    (impulse_ns / FULL_IMPACT_NS).clamp(0.0, 1.0)
}

/// Sound and rumble for the player's car.
pub struct Feedback {
    sound: SharedSound,
    volumes: Volumes,
    /// The throttle of the last tick run (the engine sound's load).
    last_throttle: f32,
    /// What rumble strengths are multiplied by (0: rumble off).
    rumble_scale: f32,
}

impl Feedback {
    /// Plays through `sound` at the player's `volumes`.
    pub fn new(sound: SharedSound, volumes: Volumes) -> Self {
        Self {
            sound,
            volumes,
            last_throttle: 0.0,
            rumble_scale: 1.0,
        }
    }

    /// Rumble at `scale` of what crashes and landings earn (0: off), from the next tick.
    pub fn set_rumble_scale(&mut self, scale: f32) {
        self.rumble_scale = scale.clamp(0.0, 1.0);
    }

    /// New volumes from the options, heard from the next frame.
    pub fn set_volumes(&mut self, volumes: Volumes) {
        self.volumes = volumes;
    }

    /// After a tick run with `input`: an impact sound for each of the player's car's
    /// impacts and landings in `events`, and rumble on the pad in use (`pad`).
    pub fn after_tick(&mut self, input: &TickInput, events: &[SimEvent], pad: Option<PadId>, pads: &mut Pads) {
        self.last_throttle = input.control.throttle;
        for e in events {
            match *e {
                SimEvent::Impact { car: 0, impulse_ns, .. } => self.sound.impact(impact_loudness(impulse_ns)),
                SimEvent::Landing { car: 0, speed_mps, .. } => self.sound.impact(speed_mps / FULL_LANDING_MPS),
                _ => {}
            }
        }
        if let (Some(pad), Some((strength, duration))) = (pad, rumble_for(events)) {
            if self.rumble_scale > 0.0 {
                pads.rumble(pad, strength * self.rumble_scale, duration);
            }
        }
    }

    /// Once a frame: the engine at its rpm and load, tyre slip and wind; a frozen game
    /// (paused, or the pad lost) idles silently but for the engine.
    pub fn after_frame(&self, world: &SimWorld, frozen: bool) {
        let speed = world.player_body().linvel().length();
        self.sound.set(SoundParams {
            engine_on: true,
            rpm: engine_sound_rpm(world),
            load: if frozen { 0.0 } else { self.last_throttle },
            slip_power_w: if frozen {
                0.0
            } else {
                world.player().wheels().iter().map(|w| w.slip_power_w).sum()
            },
            speed_mps: if frozen { 0.0 } else { speed },
            volumes: self.volumes,
        });
    }
}

/// The rpm the engine sound plays: a sim car's own engine speed, never below its idle (so
/// the tone never stops, even as the engine stalls against the brakes); the arcade car's
/// virtual rpm from its road speed.
pub(crate) fn engine_sound_rpm(world: &SimWorld) -> f32 {
    match world.player().def().sim() {
        Some(p) => {
            let idle = if p.engine.idle_rpm > 0.0 {
                p.engine.idle_rpm
            } else {
                IDLE_RPM
            };
            world.telemetry(0).engine_rpm.max(idle)
        }
        None => virtual_rpm(world.player_body().linvel().length()).0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use glam::Vec3;

    #[test]
    fn impact_sound_and_rumble_grow_with_the_impulse() {
        let impulses = [0.0, 2_000.0, 6_000.0, 12_000.0, 18_000.0, 50_000.0];
        let loud: Vec<f32> = impulses.iter().map(|&i| impact_loudness(i)).collect();
        let rumble: Vec<f32> = impulses
            .iter()
            .map(|&impulse_ns| {
                rumble_for(&[SimEvent::Impact {
                    car: 0,
                    position: Vec3::ZERO,
                    impulse_ns,
                }])
                .map_or(0.0, |(s, _)| s)
            })
            .collect();
        for v in [&loud, &rumble] {
            assert!(v.windows(2).all(|w| w[0] <= w[1]), "not monotone: {v:?}");
            // Strictly louder and stronger between a light knock and the full scale.
            assert!(v[1] < v[2] && v[2] < v[3] && v[3] < v[4], "{v:?}");
            assert_eq!(v[5], 1.0, "{v:?}");
        }
    }
}
