//! What the mixer is told once a tick: the listener, every car's engine and tyres, and
//! the tick's one-off sounds. Plain data of a fixed size, so it crosses to the audio
//! thread through a ring of slots with nothing allocated on either side.

use super::rolling_voice::ROLLING_KINDS;
use super::spatial::{Listener, Placement};
use crate::content::material::ImpactSound;
use crate::settings::Volumes;
use glam::Vec3;

/// Cars a frame describes: a race of eight, with room for split screen's players on top.
pub const MAX_SOUND_CARS: usize = 16;
/// One-off sounds a frame carries; further ones in the same tick are dropped (a pile-up
/// sounds no different with a ninth crash).
pub const MAX_SOUND_EVENTS: usize = 8;

/// One car as it is heard this tick.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct CarSound {
    /// Centre of the car, m (world).
    pub position_m: Vec3,
    /// Its velocity, m/s (world): the Doppler shift.
    pub velocity_mps: Vec3,
    /// Engine speed, rpm (the sim car's own, the arcade car's virtual one).
    pub rpm: f32,
    /// Throttle, 0..1.
    pub load: f32,
    /// Power its tyres dissipate sliding, W: the squeal.
    pub slip_power_w: f32,
    /// Its speed over the ground, m/s: the tyres' rolling noise.
    pub speed_mps: f32,
    /// How many of its wheels roll on each rolling sound (indexed by
    /// [`RollingSound::index`](crate::content::material::RollingSound::index)); wheels in
    /// the air are on none.
    pub rolling_wheels: [u8; ROLLING_KINDS],
    /// How many wheels it has.
    pub wheel_count: u8,
    /// The gear engaged (−1 reverse, 0 neutral, 1..): a change is heard as a shift.
    pub gear: i8,
    /// The engine is on its rev limiter: the ignition cut stutters.
    pub on_limiter: bool,
}

impl Default for CarSound {
    fn default() -> Self {
        Self {
            position_m: Vec3::ZERO,
            velocity_mps: Vec3::ZERO,
            rpm: 0.0,
            load: 0.0,
            slip_power_w: 0.0,
            speed_mps: 0.0,
            rolling_wheels: [0; ROLLING_KINDS],
            wheel_count: 4,
            gear: 1,
            on_limiter: false,
        }
    }
}

/// A sound that starts this tick and plays out by itself.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum SoundEvent {
    /// Something hit hard at `position_m`, loudness 0..1 from its impulse.
    Impact {
        /// Where, m (world).
        position_m: Vec3,
        /// 0..1.
        loudness: f32,
        /// What it sounds like: what was hit.
        sound: ImpactSound,
    },
    /// A menu's tick or select sound, heard centred: a short sine at `pitch_hz`.
    Blip {
        /// Its pitch, Hz.
        pitch_hz: f32,
    },
}

/// Split-screen players' cameras a frame is heard from beside the first player's.
pub const MAX_GUEST_LISTENERS: usize = 3;

/// Everything the mixer hears of one tick.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SoundFrame {
    /// Where the mix is heard from (the first player's camera).
    pub listener: Listener,
    /// In split screen, the other players' cameras, the first `guest_listener_count`:
    /// every source is then heard at the gain of the camera nearest it, centred and
    /// unshifted ([`SoundFrame::place`]), so one speaker pair serves every view.
    pub guest_listeners: [Listener; MAX_GUEST_LISTENERS],
    /// How many of `guest_listeners` listen.
    pub guest_listener_count: u8,
    /// The cars heard, the first `car_count` of them; the first is the player's.
    pub cars: [CarSound; MAX_SOUND_CARS],
    /// How many of `cars` are in the race.
    pub car_count: u8,
    /// The player's road speed, m/s: the wind in their ears.
    pub wind_speed_mps: f32,
    /// The tick's one-off sounds, the first `event_count` of them.
    pub events: [SoundEvent; MAX_SOUND_EVENTS],
    /// How many of `events` happened.
    pub event_count: u8,
    /// The crowd nearest the listener, if the level has stands.
    pub crowd: Option<Crowd>,
    /// Master and per-source volumes.
    pub volumes: Volumes,
}

/// A grandstand's crowd, heard as a murmur from where it sits.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Crowd {
    /// The middle of the stand, m (world).
    pub position_m: Vec3,
    /// How many it holds, as a share of a full main-straight stand (0..1).
    pub size: f32,
}

impl Default for SoundFrame {
    fn default() -> Self {
        Self {
            listener: Listener::default(),
            guest_listeners: [Listener::default(); MAX_GUEST_LISTENERS],
            guest_listener_count: 0,
            cars: [CarSound::default(); MAX_SOUND_CARS],
            car_count: 0,
            wind_speed_mps: 0.0,
            events: [SoundEvent::Blip { pitch_hz: 0.0 }; MAX_SOUND_EVENTS],
            event_count: 0,
            crowd: None,
            volumes: Volumes::default(),
        }
    }
}

impl SoundFrame {
    /// How a source at `position_m` moving at `velocity_mps` is heard: from the one
    /// listener ([`Listener::place`]); in split screen, at the loudest gain any player's
    /// camera hears it with, in the middle (no pan: a car on one view's left is on
    /// another's right) and without Doppler (the cameras move differently). So each
    /// player hears their own car as loud as alone, and no one's view decides where a
    /// sound is.
    pub fn place(&self, position_m: Vec3, velocity_mps: Vec3) -> Placement {
        let first = self.listener.place(position_m, velocity_mps);
        let guests = usize::from(self.guest_listener_count).min(MAX_GUEST_LISTENERS);
        if guests == 0 {
            return first;
        }
        let power = |p: &Placement| p.left * p.left + p.right * p.right;
        let nearest = self.guest_listeners[..guests]
            .iter()
            .map(|l| l.place(position_m, velocity_mps))
            .fold(first, |best, p| if power(&p) > power(&best) { p } else { best });
        let side = (power(&nearest) * 0.5).sqrt();
        Placement {
            left: side,
            right: side,
            doppler: 1.0,
            distance_m: nearest.distance_m,
        }
    }

    /// Silence but for what `volumes` will play later: the menus' frame.
    pub fn quiet(volumes: Volumes) -> Self {
        Self {
            volumes,
            ..Self::default()
        }
    }

    /// The cars in the race.
    pub fn cars(&self) -> &[CarSound] {
        &self.cars[..self.car_count as usize]
    }

    /// The tick's one-off sounds.
    pub fn events(&self) -> &[SoundEvent] {
        &self.events[..self.event_count as usize]
    }

    /// Adds a car; one past [`MAX_SOUND_CARS`] is not heard.
    pub fn push_car(&mut self, car: CarSound) {
        if let Some(slot) = self.cars.get_mut(self.car_count as usize) {
            *slot = car;
            self.car_count += 1;
        }
    }

    /// Adds a one-off sound; one past [`MAX_SOUND_EVENTS`] is dropped.
    pub fn push_event(&mut self, event: SoundEvent) {
        if let Some(slot) = self.events.get_mut(self.event_count as usize) {
            *slot = event;
            self.event_count += 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(x: f32) -> Listener {
        Listener {
            position_m: Vec3::new(x, 0.0, 0.0),
            ..Listener::default()
        }
    }

    #[test]
    fn one_listener_places_as_the_listener_does() {
        let frame = SoundFrame {
            listener: at(0.0),
            ..SoundFrame::default()
        };
        let (p, v) = (Vec3::new(30.0, 0.0, 5.0), Vec3::new(-20.0, 0.0, 0.0));
        assert_eq!(frame.place(p, v), frame.listener.place(p, v));
    }

    #[test]
    fn in_split_screen_a_source_is_heard_as_loud_as_the_nearest_camera_hears_it_centred() {
        // The first player's camera 200 m away, the second's beside the source: the
        // source is as loud as the second camera alone hears it (the inverse distance
        // model's gain), in the middle, unshifted.
        let mut frame = SoundFrame {
            listener: at(0.0),
            ..SoundFrame::default()
        };
        frame.guest_listeners[0] = at(200.0);
        frame.guest_listener_count = 1;
        let source = Vec3::new(205.0, 0.0, 0.0);
        let moving = Vec3::new(30.0, 0.0, 0.0);
        let near = at(200.0).place(source, moving);
        let heard = frame.place(source, moving);
        let power = |p: Placement| p.left * p.left + p.right * p.right;
        assert!((power(heard) - power(near)).abs() < 1e-6, "{heard:?} {near:?}");
        assert_eq!(heard.left, heard.right);
        assert_eq!(heard.doppler, 1.0);
        assert_eq!(heard.distance_m, near.distance_m);
        // Far from both: the nearer one's gain still, never the sum.
        let far = Vec3::new(100.0, 0.0, 300.0);
        let loudest = power(at(0.0).place(far, Vec3::ZERO)).max(power(at(200.0).place(far, Vec3::ZERO)));
        assert!((power(frame.place(far, Vec3::ZERO)) - loudest).abs() < 1e-6);
    }
}
