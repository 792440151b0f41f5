//! What the session sounds like after its latest tick: every car's engine (gear, limiter)
//! and tyres (squeal, the surfaces they roll on) from the world, heard from the chase
//! camera; the tick's impacts and landings where they happened, sounding like what was
//! hit; the crowd in the stand nearest the camera: the [`SoundFrame`] play sends the mixer
//! each tick.

use super::game_session::Session;
use crate::audio::{virtual_rpm, CarSound, Listener, SoundEvent, SoundFrame, IDLE_RPM};
use crate::content::material::{ImpactSound, RollingSound};
use crate::settings::Volumes;
use crate::sim::{SimEvent, SimWorld, Struck};
use crate::vehicle::Car;
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
    /// The sound of the latest tick heard from the chase camera at `volumes` (in split
    /// screen, from every player's): the player's engine under `player_throttle` (its
    /// control this tick), the others' under theirs; the crowd in the stand nearest the
    /// first player's camera.
    pub fn sound_frame(&self, player_throttle: f32, volumes: Volumes, motion: Motion) -> SoundFrame {
        let mut frame = world_sound_frame(
            self.world(),
            &self.snapshot().events,
            self.listener(),
            player_throttle,
            volumes,
            motion,
        );
        frame.crowd = super::stand_crowds::nearest(&self.crowds, frame.listener.position_m);
        // Split screen: every player's camera listens (`SoundFrame::place`).
        for (slot, p) in frame.guest_listeners.iter_mut().zip(1..self.player_count()) {
            *slot = self.listener_of(p);
            if motion != Motion::Running {
                slot.velocity_mps = Vec3::ZERO;
            }
            frame.guest_listener_count += 1;
        }
        frame
    }
}

/// The sound of `world`'s latest tick, with its `events`, heard by `listener` at
/// `volumes`: every car's engine and tyres (the player's under `player_throttle`), the
/// impacts and landings. No crowd: that needs the level's stands ([`Session::sound_frame`]
/// adds it).
pub fn world_sound_frame(
    world: &SimWorld,
    events: &[SimEvent],
    listener: Listener,
    player_throttle: f32,
    volumes: Volumes,
    motion: Motion,
) -> SoundFrame {
    let materials = world.materials();
    let running = motion == Motion::Running;
    let mut frame = SoundFrame::quiet(volumes);
    frame.listener = listener;
    if !running {
        frame.listener.velocity_mps = Vec3::ZERO;
    }
    for (i, car) in world.cars().enumerate() {
        let body = world.car_body(i);
        let load = match i {
            0 => player_throttle,
            _ => world.car_control(i).throttle,
        };
        let engine = engine_sound(world, i, car);
        let mut sound = CarSound {
            position_m: body.translation(),
            rpm: engine.rpm,
            gear: engine.gear,
            wheel_count: car.wheels().len().min(u8::MAX as usize) as u8,
            ..CarSound::default()
        };
        if running {
            sound.velocity_mps = body.linvel();
            sound.load = load;
            sound.slip_power_w = car.wheels().iter().map(|w| w.slip_power_w).sum();
            sound.speed_mps = body.linvel().length();
            sound.on_limiter = engine.on_limiter;
            for w in car.wheels().iter().filter(|w| w.grounded) {
                // Ground with no material (a prop, another car) rolls as tarmac.
                let kind = w
                    .surface
                    .map_or(RollingSound::Tarmac, |m| materials.get(m).rolling_sound);
                sound.rolling_wheels[kind.index()] += 1;
            }
        }
        frame.push_car(sound);
    }
    if running {
        frame.wind_speed_mps = world.player_body().linvel().length();
        for e in events {
            match *e {
                SimEvent::Impact {
                    position,
                    impulse_ns,
                    struck,
                    ..
                } => frame.push_event(SoundEvent::Impact {
                    position_m: position,
                    loudness: impact_loudness(impulse_ns),
                    sound: match struck {
                        Struck::Car(_) => ImpactSound::Metal,
                        Struck::Surface(Some(m)) => materials.get(m).impact_sound,
                        Struck::Surface(None) => ImpactSound::Concrete,
                    },
                }),
                SimEvent::Landing {
                    car,
                    position,
                    speed_mps,
                } => frame.push_event(SoundEvent::Impact {
                    position_m: position,
                    loudness: (speed_mps / FULL_LANDING_MPS).clamp(0.0, 1.0),
                    sound: landing_sound(world, car as usize),
                }),
                _ => {}
            }
        }
    }
    frame
}

/// What car `index` landing sounds like: the ground under its first grounded wheel.
fn landing_sound(world: &SimWorld, index: usize) -> ImpactSound {
    let surface = world
        .cars()
        .nth(index)
        .and_then(|car| car.wheels().iter().find(|w| w.grounded).and_then(|w| w.surface));
    surface.map_or(ImpactSound::Concrete, |m| world.materials().get(m).impact_sound)
}

/// What a car's engine sounds like this tick.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct EngineSound {
    /// The rpm it plays.
    pub rpm: f32,
    /// The gear engaged.
    pub gear: i8,
    /// On the rev limiter.
    pub on_limiter: bool,
}

/// How close to its limit an engine is on its limiter: the limiter holds the revs within
/// about 1 % of it.
const LIMITER_SHARE: f32 = 0.985;

/// Car `index`'s (`car`) engine sound: a sim car's own engine speed, never below its idle
/// (so the tone never stops, even as the engine stalls against the brakes), its gear and
/// limiter; an arcade car's virtual rpm and gear from its road speed (it has no limiter).
pub fn engine_sound(world: &SimWorld, index: usize, car: &Car) -> EngineSound {
    match car.def().sim() {
        Some(p) => {
            let idle = if p.engine.idle_rpm > 0.0 {
                p.engine.idle_rpm
            } else {
                IDLE_RPM
            };
            let t = world.telemetry(index);
            EngineSound {
                rpm: t.engine_rpm.max(idle),
                gear: t.gear,
                on_limiter: p.engine.max_rpm > 0.0 && t.engine_rpm >= LIMITER_SHARE * p.engine.max_rpm,
            }
        }
        None => {
            let (rpm, gear) = virtual_rpm(world.car_body(index).linvel().length());
            EngineSound {
                rpm,
                gear: gear as i8,
                on_limiter: false,
            }
        }
    }
}

/// The rpm car `index`'s engine sound plays (see [`engine_sound`]); 0 for no such car.
pub fn engine_sound_rpm(world: &SimWorld, index: usize) -> f32 {
    world
        .cars()
        .nth(index)
        .map_or(0.0, |car| engine_sound(world, index, car).rpm)
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
