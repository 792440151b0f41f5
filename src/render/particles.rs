//! Smoke, dust, spray, snow, debris and sparks: a fixed-capacity pool of particles emitted
//! from the simulation's events, advanced once per tick, drawn as camera-facing billboards.
//! What a tire throws up, and its colour, come from the surface under it
//! ([`SurfaceLooks`]: the material's `particles` kind and `color`).
//!
//! The pool is presentation only: it reads events and never writes into the simulation.
//! Its pseudo-random jitter comes from its own xorshift state, so it too is repeatable.

use super::surface_look::{SurfaceLook, SurfaceLooks, DEFAULT_DUST_RGB};
use crate::content::material::{MaterialId, SurfaceParticles};
use crate::sim::SimEvent;
use glam::Vec3;

/// What a particle is; sets its look and motion.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ParticleKind {
    /// White-grey tire smoke: rises, grows, fades slowly.
    Smoke,
    /// Dust from loose ground (the ground's colour) and landings: spreads low, fades.
    Dust,
    /// Dark bits from a crash: fly out and fall.
    Debris,
    /// Bright sparks from a crash: fast, short-lived.
    Spark,
    /// Dark smoke from a car damaged in a hard hit: rises slowly, spreads, lingers.
    DamageSmoke,
    /// Fine mist off a wet road: trails low behind the tire, fades fast.
    Spray,
    /// Snow powder: large, bright, drifts down slowly.
    Snow,
    /// A stone thrown up from gravel: small, falls back and stops.
    Stone,
}

/// One particle.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Particle {
    /// Position, m.
    pub position: Vec3,
    /// Velocity, m/s.
    pub velocity: Vec3,
    /// Seconds lived.
    pub age_s: f32,
    /// Seconds it lives.
    pub life_s: f32,
    /// Half-size of its billboard at birth, m.
    pub size_m: f32,
    /// Kind.
    pub kind: ParticleKind,
    /// Linear RGB (the surface's for dust, spray, snow and stones; fixed for the rest).
    pub rgb: [f32; 3],
}

impl Particle {
    /// Billboard half-size now, m.
    pub fn current_size_m(&self) -> f32 {
        let t = self.age_s / self.life_s;
        match self.kind {
            ParticleKind::Smoke | ParticleKind::DamageSmoke => self.size_m * (1.0 + 2.5 * t),
            ParticleKind::Dust => self.size_m * (1.0 + 1.5 * t),
            ParticleKind::Spray => self.size_m * (1.0 + 2.0 * t),
            ParticleKind::Snow => self.size_m * (1.0 + 1.2 * t),
            ParticleKind::Debris | ParticleKind::Spark | ParticleKind::Stone => self.size_m,
        }
    }

    /// Premultiplied-later RGBA now (alpha fades with age).
    pub fn color(&self) -> [f32; 4] {
        let t = (self.age_s / self.life_s).clamp(0.0, 1.0);
        let fade = (1.0 - t) * (1.0 - t);
        let [r, g, b] = self.rgb;
        let alpha = match self.kind {
            ParticleKind::Smoke => 0.55 * fade * (t * 8.0).min(1.0),
            ParticleKind::Dust => 0.45 * fade,
            ParticleKind::Debris | ParticleKind::Stone => 1.0 - t,
            ParticleKind::Spark => 1.0 - t,
            ParticleKind::DamageSmoke => 0.85 * fade * (t * 6.0).min(1.0),
            ParticleKind::Spray => 0.35 * fade * (t * 10.0).min(1.0),
            ParticleKind::Snow => 0.75 * fade,
        };
        [r, g, b, alpha]
    }
}

/// The pool. Allocates only in [`ParticlePool::new`] and [`ParticlePool::with_surfaces`].
#[derive(Debug, Clone)]
pub struct ParticlePool {
    particles: Vec<Particle>,
    capacity: usize,
    next: usize,
    rng: u32,
    /// Fractional emission carried between ticks, per event source.
    carry: f32,
    /// What each material throws up and in which colour.
    surfaces: SurfaceLooks,
}

/// Spray puffs a wheel rolling on wet ground throws a tick per m/s of its ground speed:
/// at 20 m/s one every ~3 ticks (a veil behind each tyre, not a cloud).
pub const SPRAY_PUFFS_PER_TICK_PER_MPS: f32 = 0.017;

impl ParticlePool {
    /// A pool of at most `capacity` particles (the platform profile's cap).
    pub fn new(capacity: usize) -> Self {
        Self {
            particles: Vec::with_capacity(capacity),
            capacity,
            next: 0,
            rng: 0x9E37_79B9,
            carry: 0.0,
            surfaces: SurfaceLooks::default(),
        }
    }

    /// This pool, colouring what tires throw up by `surfaces` (the level's materials).
    /// Without them dust is [`DEFAULT_DUST_RGB`] and firm ground smokes.
    pub fn with_surfaces(mut self, surfaces: SurfaceLooks) -> Self {
        self.surfaces = surfaces;
        self
    }

    /// What `surface` throws up; `loose` decides when the surface is not known.
    fn look(&self, surface: Option<MaterialId>, loose: bool) -> SurfaceLook {
        self.surfaces.get(surface).unwrap_or(if loose {
            SurfaceLook::default_dust()
        } else {
            SurfaceLook::smoke()
        })
    }

    /// Live particles.
    pub fn particles(&self) -> &[Particle] {
        &self.particles
    }

    /// The most particles it holds.
    pub fn capacity(&self) -> usize {
        self.capacity
    }

    fn random(&mut self) -> f32 {
        self.rng ^= self.rng << 13;
        self.rng ^= self.rng >> 17;
        self.rng ^= self.rng << 5;
        self.rng as f32 / u32::MAX as f32
    }

    fn jitter(&mut self, scale: f32) -> Vec3 {
        Vec3::new(self.random() - 0.5, self.random() - 0.5, self.random() - 0.5) * (2.0 * scale)
    }

    /// Adds a particle, replacing the oldest-placed one when full.
    fn emit(&mut self, p: Particle) {
        if self.capacity == 0 {
            return;
        }
        if self.particles.len() < self.capacity {
            self.particles.push(p);
        } else {
            self.particles[self.next] = p;
            self.next = (self.next + 1) % self.capacity;
        }
    }

    /// Emits one puff of damage smoke at `position` (a damaged car's engine bay), carried
    /// along at `velocity` at first.
    pub fn emit_damage_smoke(&mut self, position: Vec3, velocity: Vec3) {
        let j = self.jitter(0.25);
        let drift = self.jitter(0.6);
        self.emit(Particle {
            position: position + j,
            velocity: velocity * 0.5 + drift + Vec3::Y * 1.2,
            age_s: 0.0,
            life_s: 3.0,
            size_m: 0.3,
            kind: ParticleKind::DamageSmoke,
            rgb: [0.07; 3],
        });
    }

    /// Emits for one tick's events.
    pub fn emit_for(&mut self, events: &[SimEvent]) {
        for e in events {
            match *e {
                SimEvent::Slip {
                    position,
                    velocity,
                    power_w,
                    loose,
                    surface,
                    ..
                } => {
                    let look = self.look(surface, loose);
                    // Density from slip energy: a puff per ~15 kW each tick, up to 6.
                    self.carry += (power_w / 15_000.0).min(6.0);
                    while self.carry >= 1.0 {
                        self.carry -= 1.0;
                        self.emit_thrown(look, position, velocity, true);
                    }
                }
                SimEvent::Dust {
                    position,
                    velocity,
                    surface,
                    ..
                } => {
                    let look = self.look(surface, true);
                    self.carry += 0.35;
                    if self.carry >= 1.0 {
                        self.carry -= 1.0;
                        self.emit_thrown(look, position, velocity, false);
                    }
                }
                SimEvent::Spray {
                    position,
                    velocity,
                    surface,
                    ..
                } => {
                    // Spray grows with speed: the water a tread lifts goes with its
                    // rotation rate. A puff every ~3 ticks a wheel at 20 m/s, at most one a
                    // tick (the pool's cap does the rest).
                    let look = self.look(surface, false);
                    self.carry += (velocity.length() * SPRAY_PUFFS_PER_TICK_PER_MPS).min(1.0);
                    if self.carry >= 1.0 {
                        self.carry -= 1.0;
                        // Thrown up off the back of the tire, not from under it.
                        let behind = -velocity.normalize_or_zero() * 0.4;
                        self.emit_thrown(look, position + behind, velocity, false);
                    }
                }
                SimEvent::Landing {
                    position, speed_mps, ..
                } => {
                    let n = (speed_mps * 4.0).clamp(6.0, 40.0) as usize;
                    for _ in 0..n {
                        let j = self.jitter(1.0);
                        self.emit(Particle {
                            position: position - Vec3::Y * 0.3 + Vec3::new(j.x, 0.0, j.z) * 1.5,
                            velocity: Vec3::new(j.x * 4.0, 0.6 + j.y.abs(), j.z * 4.0),
                            age_s: 0.0,
                            life_s: 1.5,
                            size_m: 0.45,
                            kind: ParticleKind::Dust,
                            rgb: DEFAULT_DUST_RGB,
                        });
                    }
                }
                SimEvent::Impact {
                    position, impulse_ns, ..
                } => {
                    let n = (impulse_ns / 800.0).clamp(6.0, 60.0) as usize;
                    for k in 0..n {
                        let j = self.jitter(1.0);
                        let spark = k % 2 == 0;
                        self.emit(Particle {
                            position: position + j * 0.3,
                            velocity: j * if spark { 9.0 } else { 5.0 } + Vec3::Y * 3.0,
                            age_s: 0.0,
                            life_s: if spark { 0.35 } else { 1.6 },
                            size_m: if spark { 0.05 } else { 0.09 },
                            kind: if spark {
                                ParticleKind::Spark
                            } else {
                                ParticleKind::Debris
                            },
                            rgb: if spark { [1.0, 0.75, 0.30] } else { [0.18, 0.17, 0.16] },
                        });
                    }
                }
            }
        }
    }

    /// Emits one puff of what `look` throws up from a tire at `position` on ground moving
    /// at `velocity` under the car: `sliding` (a slip event) throws it higher and further
    /// than rolling over loose ground (a dust event).
    fn emit_thrown(&mut self, look: SurfaceLook, position: Vec3, velocity: Vec3, sliding: bool) {
        let j = self.jitter(0.3);
        let spread = 0.8 + 0.4 * self.random();
        let (lift, carried) = if sliding { (1.0, 0.3) } else { (0.6, 0.2) };
        let (kind, life_s, size_m, rise_mps) = match look.particles {
            SurfaceParticles::Smoke => (ParticleKind::Smoke, 2.2, 0.3, 0.8),
            SurfaceParticles::Dust | SurfaceParticles::Gravel => (ParticleKind::Dust, 1.6, 0.35, 0.8),
            SurfaceParticles::Spray => (ParticleKind::Spray, 0.7, 0.3, 0.5),
            SurfaceParticles::Snow => (ParticleKind::Snow, 2.4, 0.45, 1.4),
        };
        let scale = if sliding { 1.0 } else { 0.85 };
        self.emit(Particle {
            position: position + Vec3::Y * 0.25 + j,
            velocity: velocity * carried + Vec3::Y * rise_mps * lift + j * 2.0 * lift,
            age_s: 0.0,
            life_s: life_s * spread * scale,
            size_m: size_m * scale,
            kind,
            rgb: look.rgb,
        });
        // Gravel throws stones with its dust: about one a puff, flung out and falling back.
        if look.particles == SurfaceParticles::Gravel && self.random() < 0.8 {
            let k = self.jitter(1.0);
            self.emit(Particle {
                position: position + Vec3::Y * 0.1,
                velocity: velocity * 0.4 + Vec3::new(k.x * 2.5, 2.0 + k.y.abs() * 2.0, k.z * 2.5),
                age_s: 0.0,
                life_s: 1.2,
                size_m: 0.06,
                kind: ParticleKind::Stone,
                rgb: look.stone_rgb,
            });
        }
    }

    /// Moves every particle on by `dt_s` and drops the expired ones.
    pub fn advance(&mut self, dt_s: f32) {
        for p in &mut self.particles {
            p.age_s += dt_s;
            let (drag, gravity) = match p.kind {
                ParticleKind::Smoke => (1.6, -0.35),
                ParticleKind::DamageSmoke => (1.2, -0.8),
                ParticleKind::Dust => (2.0, 0.6),
                ParticleKind::Debris | ParticleKind::Stone => (0.3, 9.81),
                ParticleKind::Spark => (0.8, 6.0),
                ParticleKind::Spray => (2.5, -0.1),
                ParticleKind::Snow => (1.4, 0.5),
            };
            p.velocity -= p.velocity * (drag * dt_s).min(1.0);
            p.velocity.y -= gravity * dt_s;
            p.position += p.velocity * dt_s;
            if matches!(p.kind, ParticleKind::Debris | ParticleKind::Spark | ParticleKind::Stone) && p.position.y < 0.02
            {
                p.position.y = 0.02;
                p.velocity *= 0.3;
            }
        }
        let before = self.particles.len();
        self.particles.retain(|p| p.age_s < p.life_s);
        if self.particles.len() != before {
            self.next = self.next.min(self.particles.len().saturating_sub(1));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn slip(power_w: f32) -> SimEvent {
        SimEvent::Slip {
            car: 0,
            position: Vec3::ZERO,
            velocity: Vec3::Z * 10.0,
            power_w,
            loose: false,
            wheel: 0,
            surface: None,
        }
    }

    #[test]
    fn smoke_density_follows_slip_power_and_the_cap_holds() {
        let mut weak = ParticlePool::new(1000);
        let mut strong = ParticlePool::new(1000);
        for _ in 0..60 {
            weak.emit_for(&[slip(20_000.0)]);
            strong.emit_for(&[slip(80_000.0)]);
        }
        assert!(
            strong.particles().len() >= 3 * weak.particles().len(),
            "{} vs {}",
            strong.particles().len(),
            weak.particles().len()
        );
        let mut capped = ParticlePool::new(50);
        for _ in 0..600 {
            capped.emit_for(&[slip(200_000.0)]);
            capped.advance(1.0 / 60.0);
        }
        assert_eq!(capped.particles().len(), 50);
        assert_eq!(capped.particles.capacity(), 50, "the pool grew");
    }

    #[test]
    fn particles_expire() {
        let mut p = ParticlePool::new(100);
        p.emit_for(&[slip(100_000.0)]);
        assert!(!p.particles().is_empty());
        for _ in 0..300 {
            p.advance(1.0 / 60.0);
        }
        assert!(p.particles().is_empty());
    }
}
