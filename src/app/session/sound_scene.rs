//! What the session sounds like after its latest tick: every car's engine and tyres from
//! the world, heard from the chase camera, and the tick's impacts and landings where they
//! happened: the [`SoundFrame`] play sends the mixer each tick.

use super::game_session::Session;
use crate::audio::{virtual_rpm, CarSound, SoundEvent, SoundFrame, IDLE_RPM};
use crate::settings::Volumes;
use crate::sim::{SimEvent, SimWorld};
use glam::Vec3;

/// Impact impulse that plays at full volume, N·s (the camera shake and the damage smoke
/// use the same full scale).
const FULL_IMPACT_NS: f32 = 18_000.0;
/// Landing speed that plays at full volume, m/s.
const FULL_LANDING_MPS: f32 = 12.0;

/// Loudness of an impact of `impulse_ns`, 0..1: in proportion to the impulse up to
/// [`FULL_IMPACT_NS`].
pub fn impact_loudness(impulse_ns: f32) -> f32 {
    (impulse_ns / FULL_IMPACT_NS).clamp(0.0, 1.0)
}

/// How a frozen game (paused, or a pad lost) sounds: engines idling, nothing moving.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Motion {
    /// The race runs.
    Running,
    /// Frozen: every engine at idle with no load, no tyres, no wind, no Doppler.
    Frozen,
}

impl Session {
    /// The sound of the latest tick heard from the chase camera at `volumes`: the player's
    /// engine under `player_throttle` (its control this tick), the others' under theirs.
    pub fn sound_frame(&self, player_throttle: f32, volumes: Volumes, motion: Motion) -> SoundFrame {
        let world = self.world();
        let running = motion == Motion::Running;
        let mut frame = SoundFrame::quiet(volumes);
        frame.listener = self.listener();
        if !running {
            frame.listener.velocity_mps = Vec3::ZERO;
        }
        for (i, car) in world.cars().enumerate() {
            let body = world.car_body(i);
            let load = match i {
                0 => player_throttle,
                _ => world.car_control(i).throttle,
            };
            frame.push_car(CarSound {
                position_m: body.translation(),
                velocity_mps: if running { body.linvel() } else { Vec3::ZERO },
                rpm: engine_sound_rpm(world, i),
                load: if running { load } else { 0.0 },
                slip_power_w: if running {
                    car.wheels().iter().map(|w| w.slip_power_w).sum()
                } else {
                    0.0
                },
            });
        }
        if running {
            frame.wind_speed_mps = world.player_body().linvel().length();
            for e in &self.snapshot().events {
                match *e {
                    SimEvent::Impact {
                        position, impulse_ns, ..
                    } => frame.push_event(SoundEvent::Impact {
                        position_m: position,
                        loudness: impact_loudness(impulse_ns),
                    }),
                    SimEvent::Landing {
                        position, speed_mps, ..
                    } => frame.push_event(SoundEvent::Impact {
                        position_m: position,
                        loudness: (speed_mps / FULL_LANDING_MPS).clamp(0.0, 1.0),
                    }),
                    _ => {}
                }
            }
        }
        frame
    }
}

/// The rpm car `index`'s engine sound plays: a sim car's own engine speed, never below its
/// idle (so the tone never stops, even as the engine stalls against the brakes); an arcade
/// car's virtual rpm from its road speed.
pub fn engine_sound_rpm(world: &SimWorld, index: usize) -> f32 {
    let Some(car) = world.cars().nth(index) else {
        return 0.0;
    };
    match car.def().sim() {
        Some(p) => {
            let idle = if p.engine.idle_rpm > 0.0 {
                p.engine.idle_rpm
            } else {
                IDLE_RPM
            };
            world.telemetry(index).engine_rpm.max(idle)
        }
        None => virtual_rpm(world.car_body(index).linvel().length()).0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn impact_loudness_grows_with_the_impulse_up_to_full() {
        let loud: Vec<f32> = [0.0, 2_000.0, 6_000.0, 12_000.0, 18_000.0, 50_000.0]
            .iter()
            .map(|&i| impact_loudness(i))
            .collect();
        assert!(loud.windows(2).all(|w| w[0] <= w[1]), "{loud:?}");
        assert!(loud[1] < loud[2] && loud[2] < loud[3] && loud[3] < loud[4], "{loud:?}");
        assert_eq!((loud[0], loud[5]), (0.0, 1.0));
    }
}
