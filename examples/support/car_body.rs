//! Car bodies as one smooth lofted surface: a cross-section at every station along the car
//! (sill, side, shoulder, the greenhouse's glass and roof), each measure a smooth function
//! of the station (a monotone cubic through a style's key heights, a superellipse for the
//! plan view's rounded ends, a circle for each wheel arch), so panels curve in every
//! direction and the arches are round, rolled openings with a dark wheel well behind.
//!
//! Each face of the surface takes its part (paint, glass, trim) from where it lies: the
//! windscreen and rear window are the roof's faces over their stretch, the side windows
//! the greenhouse's side between the pillars. Normals are smooth within a part and sharp
//! where parts meet (a window's edge, the arch lip). Lamps, grille and plate are patches
//! laid on the body's ends a few millimetres proud, mirrors small ellipsoids. The same
//! style makes every level of detail: [`Detail`] sets how finely it is cut.
//!
//! If a body shows a crease or a hole, print its sections (`section_at`) near that z: a
//! style's key heights that cross (the deck above the roof, an arch above the deck) are
//! clamped, not refused.

use super::glb::{cross, dot, norm, sub, Builder, V3};

/// A wheel the body makes an arch for: its centre (z, y), radius and its inner face's x.
#[derive(Clone, Copy)]
pub struct ArchWheel {
    pub z: f32,
    pub y: f32,
    pub radius_m: f32,
    pub inner_x: f32,
}

/// Which end of the car a patch lies on.
#[derive(Clone, Copy, PartialEq)]
pub enum End {
    Front,
    Rear,
}

/// A patch laid on an end of the body: a superellipse `(|x/ax|^n + |y/ay|^n ≤ 1)` round
/// (x, y), on both sides (x and −x) when `pair`.
#[derive(Clone, Copy)]
pub struct Patch {
    pub part: &'static str,
    pub end: End,
    pub centre: (f32, f32),
    pub half: (f32, f32),
    /// The superellipse's exponent: 2 an ellipse, 4 and up a rounded rectangle.
    pub n: f32,
    pub pair: bool,
}

/// One body's shape, metres, in the car's frame (x left, y up, z forward).
pub struct BodyStyle {
    pub front_z: f32,
    pub rear_z: f32,
    /// Half-width at the shoulder.
    pub half_w: f32,
    /// The plan view's superellipse exponents at the nose and at the tail (higher: squarer).
    pub plan_front: f32,
    pub plan_rear: f32,
    /// Height of the underside, and how far it rises over the last `end_rise_over_m` of each end.
    pub floor_y: f32,
    pub nose_rise_m: f32,
    pub tail_rise_m: f32,
    pub end_rise_over_m: f32,
    /// The deck line (bonnet, waist, boot) from nose to tail: (z, y), z falling.
    pub deck: Vec<(f32, f32)>,
    /// The roof line from the windscreen's foot to the rear window's: (z, y), z falling;
    /// the first and last points lie on the deck.
    pub roof: Vec<(f32, f32)>,
    /// The windscreen's stretch (z of its top, z of its foot) and the rear window's (z of
    /// its foot, z of its top): their roof faces are glass.
    pub windscreen_z: (f32, f32),
    pub rear_window_z: (f32, f32),
    /// The side windows' stretch (z from, z to) and the B-pillar's z (painted).
    pub side_window_z: (f32, f32),
    pub b_pillar_z: Option<f32>,
    /// The greenhouse's base half-width over the shoulder's, and its roof's over its base's.
    pub greenhouse_base: f32,
    pub tumblehome: f32,
    /// Radii: the sill's roll, the shoulder's, the roof's edge.
    pub sill_r: f32,
    pub shoulder_r: f32,
    pub roof_r: f32,
    /// How far the sill tucks in under the shoulder, m.
    pub tuck_m: f32,
    /// The bonnet's and roof's crown at the centre line, m.
    pub crown_m: f32,
    /// Dark plastic cladding up to this height (an off-roader's lower body).
    pub cladding_y: Option<f32>,
    pub patches: Vec<Patch>,
    /// Door mirrors: (z, height over the deck).
    pub mirrors: Option<(f32, f32)>,
}

/// The gap round a wheel inside its arch, m (its travel and steering).
const ARCH_CLEARANCE_M: f32 = 0.05;
/// How much wing stands over an arch at its top: the lip's roll and the shoulder's, m.
const WING_OVER_ARCH_M: f32 = 0.07;

/// How finely a body is cut.
#[derive(Clone, Copy)]
pub struct Detail {
    /// Stations spread along the car (denser toward the ends), before the arches' own.
    pub stations: usize,
    /// Stations across each arch.
    pub arch_stations: usize,
    /// Points on each rounded edge of a section (2: a chamfer).
    pub arc_points: usize,
    /// Points up the side between sill and shoulder, and across the roof.
    pub side_points: usize,
    /// Rings and points round each patch; 0 rings: no patches.
    pub patch_rings: usize,
    pub patch_points: usize,
    /// Whether the windows' edges get stations of their own (else a face is glass by its
    /// centre, and a window's edge falls on the nearest station).
    pub window_stations: bool,
    /// Points round a mirror (0: no mirrors; a far body keeps them, as its outline is the
    /// near one's).
    pub mirror_points: usize,
}

/// The near model's cut: 3.2–3.4 k triangles a body (the floor: each near car costs
/// llvmpipe per triangle; at 7 k the circuit's frame cost 14 % more instructions).
pub const NEAR: Detail = Detail {
    stations: 24,
    arch_stations: 8,
    arc_points: 3,
    side_points: 1,
    patch_rings: 2,
    patch_points: 10,
    window_stations: true,
    mirror_points: 6,
};

/// The far model's: about 700 triangles, the same outline.
pub const FAR: Detail = Detail {
    stations: 6,
    arch_stations: 3,
    arc_points: 2,
    side_points: 0,
    patch_rings: 1,
    patch_points: 4,
    window_stations: false,
    mirror_points: 4,
};

/// The distant model's: under 500 triangles, for a car under 60 px long on screen (its
/// wheels 8 px across) and its shadow: fewer stations, an
/// arch a station each, the lamps as single quads (a brake lamp still lights a few
/// pixels), the mirrors kept (the outline is the near one's, within the bake's 5 cm).
pub const DISTANT: Detail = Detail {
    stations: 4,
    arch_stations: 1,
    arc_points: 2,
    side_points: 0,
    patch_rings: 1,
    patch_points: 4,
    window_stations: false,
    mirror_points: 3,
};

/// What a stretch of a section is, which picks its faces' part.
#[derive(Clone, Copy, PartialEq, Debug)]
enum Seg {
    Under,
    WellWall,
    WellTop,
    Sill,
    Side,
    Shoulder,
    Ledge,
    SideGlass,
    RoofEdge,
    Roof,
}

/// Monotone piecewise cubic (Fritsch–Carlson) through `pts` (x strictly rising).
fn pchip(pts: &[(f32, f32)], x: f32) -> f32 {
    let n = pts.len();
    if n == 1 || x <= pts[0].0 {
        return pts[0].1;
    }
    if x >= pts[n - 1].0 {
        return pts[n - 1].1;
    }
    let d: Vec<f32> = pts.windows(2).map(|w| (w[1].1 - w[0].1) / (w[1].0 - w[0].0)).collect();
    let slope = |k: usize| -> f32 {
        if k == 0 {
            d[0]
        } else if k == n - 1 {
            d[n - 2]
        } else if d[k - 1] * d[k] <= 0.0 {
            0.0
        } else {
            let (h0, h1) = (pts[k].0 - pts[k - 1].0, pts[k + 1].0 - pts[k].0);
            let (w0, w1) = (2.0 * h1 + h0, h1 + 2.0 * h0);
            (w0 + w1) / (w0 / d[k - 1] + w1 / d[k])
        }
    };
    let k = pts.windows(2).position(|w| x < w[1].0).unwrap_or(n - 2);
    let (x0, y0, x1, y1) = (pts[k].0, pts[k].1, pts[k + 1].0, pts[k + 1].1);
    let h = x1 - x0;
    let t = (x - x0) / h;
    let (m0, m1) = (slope(k) * h, slope(k + 1) * h);
    let (t2, t3) = (t * t, t * t * t);
    (2.0 * t3 - 3.0 * t2 + 1.0) * y0 + (t3 - 2.0 * t2 + t) * m0 + (-2.0 * t3 + 3.0 * t2) * y1 + (t3 - t2) * m1
}

fn smoothstep(t: f32) -> f32 {
    let t = t.clamp(0.0, 1.0);
    t * t * (3.0 - 2.0 * t)
}

/// A body's measures at a station.
struct Station {
    z: f32,
    half_w: f32,
    bottom: f32,
    arch_top: f32,
    /// The shoulder's height: the deck's, or a wing's over a wheel.
    shoulder: f32,
    well_x: f32,
    deck: f32,
    top: f32,
}

impl BodyStyle {
    fn mid_z(&self) -> f32 {
        0.5 * (self.front_z + self.rear_z)
    }

    /// Half-width at z: the plan view's superellipse ends.
    fn half_w_at(&self, z: f32) -> f32 {
        let mid = self.mid_z();
        let (u, p) = if z >= mid {
            ((z - mid) / (self.front_z - mid), self.plan_front)
        } else {
            ((mid - z) / (mid - self.rear_z), self.plan_rear)
        };
        self.half_w * (1.0 - u.clamp(0.0, 1.0).powf(p)).max(0.0).powf(1.0 / p)
    }

    fn bottom_at(&self, z: f32) -> f32 {
        let over = self.end_rise_over_m.max(1e-3);
        let nose = smoothstep((z - (self.front_z - over)) / over);
        let tail = smoothstep(((self.rear_z + over) - z) / over);
        self.floor_y + self.nose_rise_m * nose * nose + self.tail_rise_m * tail * tail
    }

    fn line_at(pts: &[(f32, f32)], z: f32) -> f32 {
        // The style lists points nose first (z falling); the spline wants x rising.
        let rising: Vec<(f32, f32)> = pts.iter().rev().copied().collect();
        pchip(&rising, z)
    }

    fn station(&self, z: f32, wheels: &[ArchWheel]) -> Station {
        let half_w = self.half_w_at(z);
        let bottom = self.bottom_at(z);
        let deck = Self::line_at(&self.deck, z).max(bottom + 0.1);
        let (roof_front, roof_rear) = (self.roof[0].0, self.roof[self.roof.len() - 1].0);
        let top = if z <= roof_front && z >= roof_rear {
            Self::line_at(&self.roof, z).max(deck)
        } else {
            deck
        };
        let mut arch_top = bottom;
        let mut shoulder = deck;
        for w in wheels {
            let r = w.radius_m + ARCH_CLEARANCE_M;
            let dz = z - w.z;
            if dz.abs() < r {
                arch_top = arch_top.max(w.y + (r * r - dz * dz).sqrt());
            }
            // A wing that rises over the wheel where the deck is too low to cover it with
            // the sill's roll and the shoulder's (a low car's flared wings).
            let rf = r + WING_OVER_ARCH_M;
            if dz.abs() < rf {
                shoulder = shoulder.max(w.y + (rf * rf - dz * dz).sqrt());
            }
        }
        // The arch never reaches the shoulder's roll.
        let arch_top = arch_top.min(shoulder - 0.6 * WING_OVER_ARCH_M).max(bottom);
        let well_x = wheels.iter().map(|w| w.inner_x - 0.05).fold(f32::MAX, f32::min);
        Station {
            z,
            half_w,
            bottom,
            arch_top,
            shoulder,
            well_x: well_x.min(half_w - self.sill_r - self.tuck_m - 0.02).max(0.0),
            deck,
            top,
        }
    }

    /// The section at `s` from its bottom centre round the +x side to its roof centre,
    /// each stretch tagged.
    fn half_section(&self, s: &Station, d: &Detail) -> (Vec<[f32; 2]>, Vec<Seg>) {
        let mut pts = vec![[0.0, s.bottom]];
        let mut segs = Vec::new();
        let mut to = |p: [f32; 2], seg: Seg, pts: &mut Vec<[f32; 2]>| {
            pts.push(p);
            segs.push(seg);
        };
        let w = s.half_w;
        let wx = s.well_x.min(w);
        to([wx, s.bottom], Seg::Under, &mut pts);
        to([wx, s.arch_top], Seg::WellWall, &mut pts);
        // Radii shrink with the section (the nose's last stations are narrow).
        // Over an arch the lip and the shoulder's roll share what is left of the wing.
        let above_arch = s.shoulder - s.arch_top;
        let sill_r = self.sill_r.min(0.25 * w).min(0.45 * above_arch).max(0.0);
        let shoulder_r = self.shoulder_r.min(0.3 * w).min(0.5 * above_arch).max(0.0);
        let tuck = self.tuck_m.min(0.2 * w);
        let sill_x = w - tuck;
        let arc = |c: [f32; 2], r: f32, a0: f32, a1: f32, k: usize, n: usize| {
            let a = a0 + (a1 - a0) * k as f32 / (n - 1) as f32;
            [c[0] + r * a.cos(), c[1] + r * a.sin()]
        };
        let n = d.arc_points.max(2);
        use std::f32::consts::FRAC_PI_2;
        let sill_c = [sill_x - sill_r, s.arch_top + sill_r];
        for k in 0..n {
            let seg = if k == 0 { Seg::WellTop } else { Seg::Sill };
            to(arc(sill_c, sill_r, -FRAC_PI_2, 0.0, k, n), seg, &mut pts);
        }
        let (y0, y1) = (s.arch_top + sill_r, s.shoulder - shoulder_r);
        for k in 1..=d.side_points {
            let t = k as f32 / (d.side_points + 1) as f32;
            // Convex: the side bows out to the shoulder's width.
            let x = w - tuck * (1.0 - t) * (1.0 - t);
            to([x, y0 + (y1 - y0) * t], Seg::Side, &mut pts);
        }
        let shoulder_c = [w - shoulder_r, s.shoulder - shoulder_r];
        for k in 0..n {
            let seg = if k == 0 { Seg::Side } else { Seg::Shoulder };
            to(arc(shoulder_c, shoulder_r, 0.0, FRAC_PI_2, k, n), seg, &mut pts);
        }
        // A wing over a wheel runs inboard of the tyre before it falls to the deck.
        let wing = s.shoulder > s.deck + 1e-3;
        let wing_in = if wing {
            (s.well_x + 0.02).min(w - shoulder_r)
        } else {
            w - shoulder_r
        };
        let mut g0 = (w * self.greenhouse_base).min(w - shoulder_r);
        if wing {
            g0 = g0.min(wing_in - 0.6 * (s.shoulder - s.deck)).max(0.1 * w);
        }
        let g1 = g0 * self.tumblehome;
        let h = s.top - s.deck;
        let roof_r = self.roof_r.min(0.5 * h).min(0.3 * g1).max(0.0);
        to([wing_in, s.shoulder], Seg::Ledge, &mut pts);
        to([g0, s.deck], Seg::Ledge, &mut pts);
        let glass_top = s.top - roof_r;
        for k in 1..=2 {
            let t = k as f32 / 2.0;
            to(
                [g0 + (g1 - g0) * t, s.deck + (glass_top - s.deck) * t],
                Seg::SideGlass,
                &mut pts,
            );
        }
        let roof_c = [g1 - roof_r, s.top - roof_r];
        for k in 1..n {
            to(arc(roof_c, roof_r, 0.0, FRAC_PI_2, k, n), Seg::RoofEdge, &mut pts);
        }
        let x_edge = g1 - roof_r;
        let across = d.side_points + 1;
        for k in 1..=across {
            let t = k as f32 / across as f32;
            let x = x_edge * (1.0 - t);
            let crown = self.crown_m * (1.0 - (x / x_edge.max(1e-3)).powi(2));
            to([x, s.top + crown], Seg::Roof, &mut pts);
        }
        (pts, segs)
    }

    /// The part of a face of stretch `seg` between stations at `z0` and `z1`, its centre at
    /// height `y`.
    fn part(&self, seg: Seg, z0: f32, z1: f32, y: f32) -> &'static str {
        let z = 0.5 * (z0 + z1);
        let within = |(a, b): (f32, f32)| z > a.min(b) && z < a.max(b);
        let clad = self.cladding_y.is_some_and(|c| y < c);
        match seg {
            Seg::Under | Seg::WellWall | Seg::WellTop => "trim",
            Seg::Sill | Seg::Side | Seg::Shoulder | Seg::Ledge if clad => "trim",
            Seg::Sill | Seg::Side | Seg::Shoulder | Seg::Ledge | Seg::RoofEdge => "paint",
            Seg::SideGlass => {
                let pillar = self.b_pillar_z.is_some_and(|b| (z - b).abs() < 0.05);
                if within(self.side_window_z) && !pillar {
                    "glass"
                } else {
                    "paint"
                }
            }
            Seg::Roof => {
                if within(self.windscreen_z) || within(self.rear_window_z) {
                    "glass"
                } else {
                    "paint"
                }
            }
        }
    }

    /// The stations: spread along the car, denser toward the ends, with each arch's own
    /// and the windows' edges.
    fn stations(&self, wheels: &[ArchWheel], d: &Detail) -> Vec<f32> {
        let (mid, half) = (self.mid_z(), 0.5 * (self.front_z - self.rear_z));
        let mut z: Vec<f32> = (0..=d.stations)
            .map(|k| {
                let s = -1.0 + 2.0 * k as f32 / d.stations as f32;
                mid + half * (s * std::f32::consts::FRAC_PI_2).sin()
            })
            .collect();
        for w in wheels {
            let r = w.radius_m + ARCH_CLEARANCE_M;
            for k in 0..=d.arch_stations {
                z.push(w.z - r + 2.0 * r * k as f32 / d.arch_stations as f32);
            }
            z.push(w.z - r - 0.004);
            z.push(w.z + r + 0.004);
        }
        if d.window_stations {
            for (a, b) in [self.windscreen_z, self.rear_window_z, self.side_window_z] {
                z.extend([a, b]);
            }
            if let Some(b) = self.b_pillar_z {
                z.extend([b - 0.05, b + 0.05]);
            }
        }
        z.retain(|v| *v >= self.rear_z && *v <= self.front_z);
        z.sort_by(f32::total_cmp);
        z.dedup_by(|a, b| (*a - *b).abs() < 0.002);
        z
    }

    /// The body surface, its patches and mirrors, added to `b`.
    pub fn build(&self, wheels: &[ArchWheel], d: &Detail, b: &mut Builder) {
        let zs = self.stations(wheels, d);
        let stations: Vec<Station> = zs.iter().map(|z| self.station(*z, wheels)).collect();
        let sections: Vec<(Vec<[f32; 2]>, Vec<Seg>)> = stations.iter().map(|s| self.half_section(s, d)).collect();
        let m = sections[0].0.len();
        assert!(
            sections.iter().all(|s| s.0.len() == m),
            "every section has as many points"
        );
        // The whole loop: the +x half, then the −x half back down (its centre points shared).
        let ring = |i: usize| -> Vec<V3> {
            let (h, _) = &sections[i];
            let z = stations[i].z;
            let mut v: Vec<V3> = h.iter().map(|p| [p[0], p[1], z]).collect();
            v.extend(h[1..m - 1].iter().rev().map(|p| [-p[0], p[1], z]));
            v
        };
        let segs_loop: Vec<Seg> = {
            let s = &sections[0].1;
            let mut v = s.clone();
            v.extend(s.iter().rev());
            v
        };
        let rings: Vec<Vec<V3>> = (0..stations.len()).map(ring).collect();
        let loop_n = rings[0].len();
        let mut grid = SmoothGrid::default();
        for i in 0..rings.len() - 1 {
            for j in 0..loop_n {
                let j1 = (j + 1) % loop_n;
                let (a, bq, c, dq) = (rings[i][j], rings[i + 1][j], rings[i + 1][j1], rings[i][j1]);
                let y = 0.25 * (a[1] + bq[1] + c[1] + dq[1]);
                let part = self.part(segs_loop[j], stations[i].z, stations[i + 1].z, y);
                grid.quad(part, [(i, j), (i, j1), (i + 1, j1), (i + 1, j)], [a, dq, c, bq]);
            }
        }
        // The ends: each closed by a fan from its centre.
        for (i, toward) in [(0usize, -1.0f32), (rings.len() - 1, 1.0)] {
            let r = &rings[i];
            let c = r.iter().fold([0.0; 3], |s, p| [s[0] + p[0], s[1] + p[1], s[2] + p[2]]);
            let c = [c[0] / loop_n as f32, c[1] / loop_n as f32, c[2] / loop_n as f32];
            for j in 0..loop_n {
                let j1 = (j + 1) % loop_n;
                b.tri("paint", c, r[j], r[j1], [c[0], c[1], c[2] - toward]);
            }
        }
        grid.write(b);
        if d.patch_rings > 0 {
            for p in &self.patches {
                for side in if p.pair { vec![1.0, -1.0] } else { vec![1.0] } {
                    self.patch(p, side, wheels, d, b);
                }
            }
        }
        if let (Some((z, over)), true) = (self.mirrors, d.mirror_points > 0) {
            let s = self.station(z, wheels);
            // Against the greenhouse's foot, over the shoulder.
            let x = s.half_w * self.greenhouse_base + 0.07;
            for side in [1.0, -1.0] {
                ellipsoid(
                    b,
                    "paint",
                    [side * x, s.deck + over, z],
                    [0.09, 0.055, 0.05],
                    d.mirror_points,
                );
                // The glass faces back: a dark disc just behind the shell.
                ellipsoid(
                    b,
                    "glass",
                    [side * x, s.deck + over, z - 0.012],
                    [0.075, 0.042, 0.04],
                    d.mirror_points,
                );
            }
        }
    }

    /// Whether (x, y) lies inside the section at z.
    fn inside(&self, x: f32, y: f32, z: f32, wheels: &[ArchWheel], d: &Detail) -> bool {
        let (h, _) = self.half_section(&self.station(z, wheels), d);
        // The +x half closed along the centre line: a polygon to test |x| against.
        let x = x.abs();
        let mut inside = false;
        let n = h.len();
        for k in 0..n {
            let (a, b) = (h[k], h[(k + 1) % n]);
            if (a[1] > y) != (b[1] > y) && x < a[0] + (y - a[1]) / (b[1] - a[1]) * (b[0] - a[0]) {
                inside = !inside;
            }
        }
        inside
    }

    /// The body's surface z at (x, y) on `end` (bisection from beyond the last arch to the
    /// end); `None` where (x, y) is off the end's outline.
    fn surface_z(&self, x: f32, y: f32, end: End, wheels: &[ArchWheel], d: &Detail) -> Option<f32> {
        // From just beyond the last arch, where the end's sections nest (between the arches
        // a point low on the side is outside an arch's section and inside again past it).
        let beyond = |sign: f32| {
            wheels
                .iter()
                .map(|w| w.z + sign * (w.radius_m + WING_OVER_ARCH_M + ARCH_CLEARANCE_M))
                .fold(self.mid_z(), |a, b| if sign > 0.0 { a.max(b) } else { a.min(b) })
        };
        let (mut lo, mut hi) = match end {
            End::Front => (beyond(1.0), self.front_z),
            End::Rear => (beyond(-1.0), self.rear_z),
        };
        if !self.inside(x, y, lo, wheels, d) {
            return None;
        }
        for _ in 0..32 {
            let mid = 0.5 * (lo + hi);
            if self.inside(x, y, mid, wheels, d) {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        Some(lo)
    }

    fn patch(&self, p: &Patch, side: f32, wheels: &[ArchWheel], d: &Detail, b: &mut Builder) {
        let (rings, points) = (d.patch_rings, d.patch_points.max(4));
        let out = if p.end == End::Front { 1.0 } else { -1.0 };
        let end_z = if p.end == End::Front { self.front_z } else { self.rear_z };
        let surface = |x: f32, y: f32| self.surface_z(x, y, p.end, wheels, d).unwrap_or(end_z);
        let at = |rho: f32, k: usize| -> V3 {
            let a = std::f32::consts::TAU * k as f32 / points as f32;
            let e = 2.0 / p.n;
            let (c, s) = (a.cos(), a.sin());
            let mut rho = rho;
            // A point off the body's outline would land on the middle: pull it in.
            let (x, y) = loop {
                let x = side * p.centre.0 + p.half.0 * rho * c.signum() * c.abs().powf(e);
                let y = p.centre.1 + p.half.1 * rho * s.signum() * s.abs().powf(e);
                if self.surface_z(x, y, p.end, wheels, d).is_some() || rho < 0.05 {
                    break (x, y);
                }
                rho *= 0.9;
            };
            // Proud of the surface along its normal (the end's z as a function of x and
            // y; its slope bounded where the end turns into the side).
            let h = 0.01;
            let zx = ((surface(x + h, y) - surface(x - h, y)) / (2.0 * h)).clamp(-4.0, 4.0);
            let zy = ((surface(x, y + h) - surface(x, y - h)) / (2.0 * h)).clamp(-4.0, 4.0);
            // Outward: (−∂z/∂x, −∂z/∂y, 1) on the nose, (∂z/∂x, ∂z/∂y, −1) on the tail.
            let n = norm([-out * zx, -out * zy, out]);
            let z = surface(x, y);
            let lift = 0.006;
            [x + n[0] * lift, y + n[1] * lift, z + n[2] * lift]
        };
        let centre = at(0.0, 0);
        let grid: Vec<Vec<V3>> = (1..=rings)
            .map(|r| (0..points).map(|k| at(r as f32 / rings as f32, k)).collect())
            .collect();
        let behind = [centre[0], centre[1], centre[2] - out];
        // Shared vertices, smooth normals: a lamp's ring and centre are one surface.
        let mut mesh = SmoothGrid::default();
        let key = |r: usize, k: usize| if r == 0 { (0, 0) } else { (r, k % points) };
        for k in 0..points {
            mesh.quad(
                p.part,
                [key(0, 0), key(1, k), key(1, k + 1), key(0, 0)],
                [centre, grid[0][k], grid[0][(k + 1) % points], centre],
            );
            for r in 1..rings {
                mesh.quad(
                    p.part,
                    [key(r, k), key(r + 1, k), key(r + 1, k + 1), key(r, k + 1)],
                    [
                        grid[r - 1][k],
                        grid[r][k],
                        grid[r][(k + 1) % points],
                        grid[r - 1][(k + 1) % points],
                    ],
                );
            }
        }
        mesh.write_outward(b, behind);
    }
}

/// An ellipsoid of radii `r` round `c`, `n` points round its equator, smooth-shaded.
fn ellipsoid(b: &mut Builder, part: &'static str, c: V3, r: V3, n: usize) {
    let rows = (n / 2).max(2);
    let mut grid = SmoothGrid::default();
    let at = |i: usize, k: usize| -> V3 {
        let lat = std::f32::consts::PI * (i as f32 / rows as f32 - 0.5);
        let lon = std::f32::consts::TAU * k as f32 / n as f32;
        [
            c[0] + r[0] * lat.cos() * lon.cos(),
            c[1] + r[1] * lat.sin(),
            c[2] + r[2] * lat.cos() * lon.sin(),
        ]
    };
    for i in 0..rows {
        for k in 0..n {
            let k1 = (k + 1) % n;
            // Poles share one vertex key, whatever their longitude.
            let key = |i: usize, k: usize| if i == 0 || i == rows { (i, 0) } else { (i, k) };
            grid.quad(
                part,
                [key(i, k), key(i + 1, k), key(i + 1, k1), key(i, k1)],
                [at(i, k), at(i + 1, k), at(i + 1, k1), at(i, k1)],
            );
        }
    }
    grid.write_outward(b, c);
}

/// A vertex's key: its part and its place on the grid (station, point round the section).
type VertexKey = (&'static str, (usize, usize));

/// Quads on a grid of keyed vertices: each part's vertices shared by its faces, normals
/// the area-weighted mean of theirs (smooth within a part, sharp between parts).
#[derive(Default)]
struct SmoothGrid {
    /// Each vertex's position and summed face normal.
    vertices: std::collections::BTreeMap<VertexKey, (V3, V3)>,
    /// (part, triangle's keys).
    triangles: Vec<(&'static str, [(usize, usize); 3])>,
}

impl SmoothGrid {
    fn quad(&mut self, part: &'static str, keys: [(usize, usize); 4], p: [V3; 4]) {
        for (a, b, c) in [(0, 1, 2), (0, 2, 3)] {
            let n = cross(sub(p[b], p[a]), sub(p[c], p[a]));
            if dot(n, n) < 1e-14 {
                continue;
            }
            for k in [a, b, c] {
                let v = self.vertices.entry((part, keys[k])).or_insert((p[k], [0.0; 3]));
                v.1 = [v.1[0] + n[0], v.1[1] + n[1], v.1[2] + n[2]];
            }
            self.triangles.push((part, [keys[a], keys[b], keys[c]]));
        }
    }

    /// Into `b` as they are wound.
    fn write(self, b: &mut Builder) {
        self.write_with(b, None);
    }

    /// Into `b`, every triangle turned to face away from `centre` (a closed convex shape).
    fn write_outward(self, b: &mut Builder, centre: V3) {
        self.write_with(b, Some(centre));
    }

    fn write_with(self, b: &mut Builder, centre: Option<V3>) {
        let mut flip = false;
        if let Some(c) = centre {
            // Wound one way throughout: the signed sum over the faces says which.
            let s: f32 = self
                .triangles
                .iter()
                .map(|(part, k)| {
                    let p: Vec<V3> = k.iter().map(|key| self.vertices[&(*part, *key)].0).collect();
                    dot(cross(sub(p[1], p[0]), sub(p[2], p[0])), sub(p[0], c))
                })
                .sum();
            flip = s < 0.0;
        }
        let mut index: std::collections::BTreeMap<VertexKey, u32> = Default::default();
        for ((part, key), (pos, n)) in &self.vertices {
            let (p, ns, _) = b.parts.entry(part).or_default();
            index.insert((part, *key), p.len() as u32);
            p.push(*pos);
            let n = norm(*n);
            ns.push(if flip { [-n[0], -n[1], -n[2]] } else { n });
        }
        for (part, k) in &self.triangles {
            let (_, _, idx) = b.parts.get_mut(part).expect("the part has vertices");
            let [a, bb, c] = k.map(|key| index[&(*part, key)]);
            idx.extend(if flip { [a, c, bb] } else { [a, bb, c] });
        }
    }
}
