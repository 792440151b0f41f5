//! Skid marks that stay: where a tire slides (a slip event) or rolls through loose ground
//! (a dust event), a strip the width of the tire is laid on the ground under it, joined
//! segment to segment for each wheel, darker for a harder slide, fading after a while.
//! Render only: fed from the snapshots' events, the simulation never sees it.
//!
//! The strips live in a fixed ring of segments sized once from the platform profile; when
//! it is full the oldest segment is reused. A segment is about [`SEGMENT_LENGTH_M`] long:
//! the wheel's newest segment is stretched tick by tick until it reaches that length, then
//! the next one starts at its end. Every change bumps the segment's version, so the GPU
//! side (`skid_mark_draw.rs`) uploads only the segments changed since its last frame.
//!
//! A mark is a shade, not a colour: the ground under it is multiplied by it (see
//! [`MarkLook`]), so lighting, shadows and fog stay the ground's. If marks do not show,
//! check that slip events arrive (`SLIP_EVENT_W`) and that the ring has capacity
//! (`render.skid_mark_segments` in the profile).

use super::surface_look::{SurfaceLook, SurfaceLooks};
use crate::sim::{SimEvent, SLIP_EVENT_W};
use crate::vehicle::MAX_WHEELS;
use glam::Vec3;
use std::sync::atomic::{AtomicU64, Ordering};

/// Length a segment grows to before the next begins, m: short enough that a drift's arc
/// reads round, long enough that a ring of 2048 holds a dozen slides.
pub const SEGMENT_LENGTH_M: f32 = 1.0;
/// Height above the contact point a mark is laid at, m (with the polygon offset at draw,
/// enough to stay above the ground it lies on).
const LIFT_M: f32 = 0.01;
/// A wheel that moved further than this in one tick was put somewhere (reset, teleport):
/// its strip ends there rather than drawing a line across the level. 3 m a tick is
/// 180 m/s at 60 Hz.
const JUMP_M: f32 = 3.0;
/// Slip power above [`SLIP_EVENT_W`] at which a mark is at its darkest, W.
const FULL_MARK_SLIP_W: f32 = 45_000.0;
/// Opacity of the faintest and of the darkest slip mark.
const SLIP_ALPHA: (f32, f32) = (0.35, 0.9);
/// Opacity of a rut left by a wheel rolling (not sliding) through loose ground.
const ROLLING_RUT_ALPHA: f32 = 0.35;
/// Seconds a mark stays at full strength, then the seconds it takes to fade out.
pub const HOLD_S: f32 = 25.0;
/// See [`HOLD_S`].
pub const FADE_S: f32 = 20.0;

/// Identity of each ring made in this process, so a renderer that drew another ring (an
/// earlier session) knows to upload this one from scratch.
static NEXT_RING: AtomicU64 = AtomicU64::new(1);

/// How a mark shades the ground under it: the ground's colour is multiplied by `shade`
/// where the mark is fully opaque.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct MarkLook {
    /// Per-channel multiplier of the ground's colour, 0 (black) to 1 (no mark).
    pub shade: [f32; 3],
}

impl MarkLook {
    /// The mark a tire leaves on a surface of look `look` and albedo `ground_rgb`: the
    /// surface's mark colour as a multiple of its own.
    pub fn on(look: &SurfaceLook, ground_rgb: [f32; 3]) -> Self {
        Self {
            shade: [0, 1, 2].map(|i| (look.mark_rgb[i] / ground_rgb[i].max(1e-3)).clamp(0.0, 1.0)),
        }
    }
}

/// One quad of a strip: its start and end edges (left and right points) on the ground.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Segment {
    /// Left and right ends of the edge it starts at, m (world).
    pub start: [Vec3; 2],
    /// Left and right ends of the edge it ends at, m (world).
    pub end: [Vec3; 2],
    /// Opacity at the start and end edges.
    pub alpha: [f32; 2],
    /// How it shades the ground.
    pub look: MarkLook,
    /// The ring's clock when it was laid, s (what its fade counts from).
    pub born_s: f32,
}

impl Default for Segment {
    fn default() -> Self {
        Self {
            start: [Vec3::ZERO; 2],
            end: [Vec3::ZERO; 2],
            alpha: [0.0; 2],
            look: MarkLook { shade: [1.0; 3] },
            born_s: f32::NEG_INFINITY,
        }
    }
}

impl Segment {
    fn start_centre(&self) -> Vec3 {
        (self.start[0] + self.start[1]) * 0.5
    }
}

/// What one wheel laid last.
#[derive(Debug, Clone, Copy, Default)]
struct Trail {
    /// The tick number (of this ring's feed) it was last marking in; 0 = never.
    last_tick: u64,
    /// Where its contact was then.
    point: Vec3,
    /// How its mark looked then (a change of surface starts a new strip).
    look: Option<MarkLook>,
    /// Serial number of its newest segment (see `SkidMarks::laid`), if it has one.
    head: Option<u64>,
}

/// The ring of skid-mark segments. Allocates only in [`SkidMarks::new`].
#[derive(Debug, Clone)]
pub struct SkidMarks {
    segments: Vec<Segment>,
    versions: Vec<u64>,
    /// Segments laid since the start (serial numbers); the next goes at `laid % capacity`.
    laid: u64,
    /// The latest change's version.
    version: u64,
    /// One per wheel slot of every car (`car * MAX_WHEELS + wheel`).
    trails: Vec<Trail>,
    /// Half the tire's width of each car, m.
    half_width_m: Vec<f32>,
    surfaces: SurfaceLooks,
    /// The albedo of each material (what a mark's shade is relative to).
    ground_rgb: Vec<[f32; 3]>,
    tick: u64,
    now_s: f32,
    ring: u64,
}

impl SkidMarks {
    /// A ring of `capacity` segments for cars with tires `tire_widths_m` wide (snapshot
    /// order), on ground of `surfaces` whose albedos are `ground_rgb` (by material id).
    pub fn new(capacity: usize, tire_widths_m: &[f32], surfaces: SurfaceLooks, ground_rgb: Vec<[f32; 3]>) -> Self {
        Self {
            segments: vec![Segment::default(); capacity],
            versions: vec![0; capacity],
            laid: 0,
            version: 0,
            trails: vec![Trail::default(); tire_widths_m.len() * MAX_WHEELS],
            half_width_m: tire_widths_m.iter().map(|w| w.max(0.0) * 0.5).collect(),
            surfaces,
            ground_rgb,
            tick: 0,
            now_s: 0.0,
            ring: NEXT_RING.fetch_add(1, Ordering::Relaxed),
        }
    }

    /// The most segments it holds.
    pub fn capacity(&self) -> usize {
        self.segments.len()
    }

    /// Segments in use: the first `in_use()` of [`SkidMarks::segments`].
    pub fn in_use(&self) -> usize {
        (self.laid as usize).min(self.capacity())
    }

    /// Every segment slot (those past [`SkidMarks::in_use`] hold nothing yet).
    pub fn segments(&self) -> &[Segment] {
        &self.segments
    }

    /// The version of each slot's last change; a slot changed after version `v` has one
    /// above `v`.
    pub fn versions(&self) -> &[u64] {
        &self.versions
    }

    /// The latest change's version.
    pub fn version(&self) -> u64 {
        self.version
    }

    /// This ring's identity in the process (a renderer that synced another starts over).
    pub fn ring(&self) -> u64 {
        self.ring
    }

    /// The ring's clock, s: the seconds of ticks it has been fed.
    pub fn now_s(&self) -> f32 {
        self.now_s
    }

    /// Forgets every mark (the level restarts or a new world begins).
    pub fn clear(&mut self) {
        self.laid = 0;
        self.trails.iter_mut().for_each(|t| *t = Trail::default());
        // A fresh identity: the renderer uploads what comes next from scratch.
        self.ring = NEXT_RING.fetch_add(1, Ordering::Relaxed);
    }

    /// Lays the marks of one tick's `events`, `dt_s` after the previous tick.
    pub fn lay(&mut self, events: &[SimEvent], dt_s: f32) {
        self.tick += 1;
        self.now_s += dt_s;
        for e in events {
            let (car, wheel, position, alpha, look) = match *e {
                SimEvent::Slip {
                    car,
                    wheel,
                    position,
                    power_w,
                    loose,
                    surface,
                    ..
                } => {
                    let t = ((power_w - SLIP_EVENT_W) / (FULL_MARK_SLIP_W - SLIP_EVENT_W)).clamp(0.0, 1.0);
                    let alpha = SLIP_ALPHA.0 + (SLIP_ALPHA.1 - SLIP_ALPHA.0) * t;
                    (car, wheel, position, alpha, self.mark_look(surface, loose))
                }
                SimEvent::Dust {
                    car,
                    wheel,
                    position,
                    surface,
                    ..
                } => (car, wheel, position, ROLLING_RUT_ALPHA, self.mark_look(surface, true)),
                _ => continue,
            };
            self.extend(car as usize, wheel as usize, position, alpha, look);
        }
    }

    fn mark_look(&self, surface: Option<crate::content::material::MaterialId>, loose: bool) -> MarkLook {
        match (self.surfaces.get(surface), surface) {
            (Some(look), Some(id)) => {
                let ground = self.ground_rgb.get(id.0 as usize).copied().unwrap_or([0.3; 3]);
                MarkLook::on(&look, ground)
            }
            _ if loose => MarkLook::on(&SurfaceLook::default_dust(), [0.5, 0.43, 0.33]),
            _ => MarkLook::on(&SurfaceLook::smoke(), [0.3; 3]),
        }
    }

    /// One wheel's contact at `p` this tick, marking at `alpha` in `look`.
    fn extend(&mut self, car: usize, wheel: usize, p: Vec3, alpha: f32, look: MarkLook) {
        let slot = car * MAX_WHEELS + wheel;
        if wheel >= MAX_WHEELS || slot >= self.trails.len() || self.capacity() == 0 || !p.is_finite() {
            return;
        }
        let half_width = self.half_width_m[car];
        let trail = self.trails[slot];
        let continuing = trail.last_tick + 1 == self.tick
            && trail.look == Some(look)
            && trail.point.distance_squared(p) < JUMP_M * JUMP_M;
        let step = Vec3::new(p.x - trail.point.x, 0.0, p.z - trail.point.z);
        if continuing && step.length_squared() < 1e-6 {
            // Spinning on the spot: the strip is already there.
            self.trails[slot].last_tick = self.tick;
            return;
        }
        self.trails[slot] = Trail {
            last_tick: self.tick,
            point: p,
            look: Some(look),
            head: if continuing { trail.head } else { None },
        };
        if !continuing {
            // A strip needs two points: this is its first.
            return;
        }
        let side = Vec3::new(-step.z, 0.0, step.x).normalize() * half_width;
        let lifted = p + Vec3::Y * LIFT_M;
        let end = [lifted + side, lifted - side];
        let capacity = self.capacity() as u64;
        // The wheel's newest segment, unless the ring has since reused its slot.
        let head = trail
            .head
            .filter(|&serial| self.laid - serial <= capacity && serial < self.laid);
        self.version += 1;
        if let Some(serial) = head {
            let i = (serial % capacity) as usize;
            let seg = &mut self.segments[i];
            // Stretched until it is a metre long; the tick that passes a metre ends it.
            if seg.start_centre().distance((seg.end[0] + seg.end[1]) * 0.5) < SEGMENT_LENGTH_M {
                seg.end = end;
                seg.alpha[1] = alpha;
                self.versions[i] = self.version;
                return;
            }
        }
        // A new segment, joined to the head's end edge (or starting at the last point).
        let start = match head {
            Some(serial) => self.segments[(serial % capacity) as usize].end,
            None => {
                let from = trail.point + Vec3::Y * LIFT_M;
                [from + side, from - side]
            }
        };
        let serial = self.laid;
        let i = (serial % capacity) as usize;
        self.segments[i] = Segment {
            start,
            end,
            alpha: [alpha; 2],
            look,
            born_s: self.now_s,
        };
        self.versions[i] = self.version;
        self.laid += 1;
        self.trails[slot].head = Some(serial);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn slip_at(car: u8, wheel: u8, position: Vec3, power_w: f32) -> SimEvent {
        SimEvent::Slip {
            car,
            position,
            velocity: Vec3::ZERO,
            power_w,
            loose: false,
            wheel,
            surface: None,
        }
    }

    const DT: f32 = 1.0 / 60.0;

    #[test]
    fn a_slide_lays_one_joined_strip_of_metre_segments_the_tires_width() {
        let mut m = SkidMarks::new(64, &[0.2], SurfaceLooks::default(), vec![]);
        // 10 m/s along +Z for one second: 10 m of strip.
        for k in 0..=60 {
            m.lay(&[slip_at(0, 0, Vec3::new(0.0, 0.0, k as f32 / 6.0), 30_000.0)], DT);
        }
        let n = m.in_use();
        // ~10 m in segments of at most 1 m (each ends at the first tick past a metre, a
        // sixth of a metre at a time).
        assert!((8..=11).contains(&n), "{n} segments");
        let s = &m.segments()[..n];
        for pair in s.windows(2) {
            assert_eq!(pair[0].end, pair[1].start, "segments of one wheel are joined");
        }
        for seg in s {
            assert!((seg.start[0].distance(seg.start[1]) - 0.2).abs() < 1e-5);
            assert!(seg.start_centre().distance((seg.end[0] + seg.end[1]) * 0.5) <= 1.0 + 1.0 / 6.0 + 1e-4);
            assert!(seg.look.shade.iter().all(|&c| c < 0.3), "rubber darkens the road");
        }
        let total: f32 = s
            .iter()
            .map(|g| g.start_centre().distance((g.end[0] + g.end[1]) * 0.5))
            .sum();
        assert!((total - 10.0).abs() < 1e-3, "{total} m");
    }

    #[test]
    fn harder_slides_mark_darker_and_a_pause_or_a_jump_starts_a_new_strip() {
        let mut m = SkidMarks::new(64, &[0.2], SurfaceLooks::default(), vec![]);
        for k in 0..3 {
            m.lay(&[slip_at(0, 0, Vec3::Z * k as f32 * 0.2, 6_000.0)], DT);
        }
        for k in 0..3 {
            m.lay(&[slip_at(0, 1, Vec3::X + Vec3::Z * k as f32 * 0.2, 60_000.0)], DT);
        }
        let s = m.segments().to_vec();
        assert!(
            s[1].alpha[1] > s[0].alpha[1] + 0.3,
            "{:?} vs {:?}",
            s[1].alpha,
            s[0].alpha
        );
        // Wheel 0 stopped sliding for two ticks: its next slip starts a separate strip.
        let before = m.in_use();
        m.lay(&[slip_at(0, 0, Vec3::Z * 0.6, 30_000.0)], DT);
        assert_eq!(m.in_use(), before, "one point begins a strip, no quad yet");
        m.lay(&[slip_at(0, 0, Vec3::Z * 0.8, 30_000.0)], DT);
        assert_eq!(m.in_use(), before + 1);
        assert_ne!(m.segments()[before].start, s[0].end);
        // Teleported 50 m: no segment across the gap.
        m.lay(&[slip_at(0, 0, Vec3::Z * 50.0, 30_000.0)], DT);
        assert_eq!(m.in_use(), before + 1);
    }

    #[test]
    fn a_full_ring_reuses_the_oldest_never_grows_and_clear_empties_it() {
        let mut m = SkidMarks::new(8, &[0.2, 0.3], SurfaceLooks::default(), vec![]);
        for k in 0..600 {
            let z = k as f32 * 0.5;
            m.lay(
                &[
                    slip_at(0, 0, Vec3::Z * z, 30_000.0),
                    slip_at(1, 3, Vec3::X * 5.0 + Vec3::Z * z, 30_000.0),
                ],
                DT,
            );
        }
        assert_eq!(m.in_use(), 8);
        assert_eq!(m.segments.capacity(), 8, "the ring grew");
        // The newest segments are the last laid: every slot is from the final 8 metres of
        // one wheel or the other.
        assert!(
            m.segments().iter().all(|s| s.start[0].z > 290.0),
            "old segments left behind"
        );
        let v = m.version();
        m.clear();
        assert_eq!(m.in_use(), 0);
        m.lay(&[slip_at(0, 0, Vec3::ZERO, 30_000.0)], DT);
        m.lay(&[slip_at(0, 0, Vec3::Z * 0.3, 30_000.0)], DT);
        assert_eq!(m.in_use(), 1);
        assert!(m.version() > v);
    }

    #[test]
    fn events_of_unknown_cars_and_wheels_are_ignored() {
        let mut m = SkidMarks::new(8, &[0.2], SurfaceLooks::default(), vec![]);
        for k in 0..10 {
            let p = Vec3::Z * k as f32 * 0.3;
            m.lay(&[slip_at(3, 0, p, 30_000.0), slip_at(0, 200, p, 30_000.0)], DT);
        }
        assert_eq!(m.in_use(), 0);
    }
}
