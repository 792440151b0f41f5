//! Scenery ([`Dressing`]) as pieces: solid parts as boxes (colliders, unless the scenery
//! says `solid = false`), lettering, chequers, tyres, spectators and paint as render-only
//! [`Decor`]. Everything stands on the terrain's height under its position.
//!
//! Frames: a piece's heading turns +Z to the way its readers drive; +X is their left, so
//! text that reads left to right runs along −X on a face seen from −Z.

use crate::decor::Decor;
use crate::dressing::{Board, Dressing, Gantry, Grandstand, Label, Line, TyreWall, PAINT_WHITE};
use crate::level::Level;
use crate::material::MaterialId;
use crate::model::PropModel;
use crate::piece::{Piece, PieceShape};
use crate::surface_check::terrain_height_m;
use glam::{Quat, Vec2, Vec3};

/// Paint above the ground: over surface patches (their top is 5 mm up), under anything a
/// wheel would notice.
pub const PAINT_Y_M: f32 = 0.012;
/// Longest stretch of a painted line in one piece, so a long line is spread over the
/// chunks it crosses (and culled with them).
const LINE_PIECE_M: f32 = 24.0;
/// A tyre: radius, height, faces around.
const TYRE_RADIUS_M: f32 = 0.3;
const TYRE_HEIGHT_M: f32 = 0.24;
const TYRE_SIDES: usize = 6;
const TYRE_BLACK: Vec3 = Vec3::new(0.07, 0.07, 0.08);

/// Solid parts go here as boxes, or into the decor when they must not collide.
struct Build<'a> {
    out: &'a mut Vec<Piece>,
    decor: Decor,
    solid: Option<MaterialId>,
}

impl Build<'_> {
    fn block(&mut self, centre: Vec3, half: Vec3, rotation: Quat, color: Vec3) {
        match self.solid {
            Some(material) => self.out.push(Piece {
                shape: PieceShape::Cuboid(half),
                position: centre,
                rotation,
                material,
                color,
                pattern: 0.0,
            }),
            None => self.decor.cuboid(centre, half, rotation, color),
        }
    }
}

/// The material solid scenery reports (concrete, or the terrain's if the table lacks it).
fn solid_material(level: &Level) -> MaterialId {
    level
        .materials
        .id("concrete", &level.name, "scenery")
        .unwrap_or(level.terrain.material)
}

/// The material a tyre wall reports (`tyres`, which collides as concrete and sounds as
/// rubber; concrete's when the table lacks it).
fn tyre_material(level: &Level) -> MaterialId {
    level
        .materials
        .id("tyres", &level.name, "scenery")
        .unwrap_or_else(|_| solid_material(level))
}

/// Appends every scenery piece of `level`, in file order.
pub fn pieces(level: &Level, out: &mut Vec<Piece>) {
    for d in &level.dressing {
        dressing_pieces(level, d, out);
    }
}

/// Appends the pieces of one piece of scenery.
pub fn dressing_pieces(level: &Level, d: &Dressing, out: &mut Vec<Piece>) {
    let ground = |p: Vec2| Vec3::new(p.x, terrain_height_m(&level.terrain, p), p.y);
    // Decor reports the terrain's material: the friction view shows paint as the ground
    // around it would be, not the surface patch under it (a line on an ice lane reads as
    // asphalt there). Wheels never meet decor, so physics is not concerned.
    let paint = level.terrain.material;
    let solid = |yes: bool| yes.then(|| solid_material(level));
    match d {
        Dressing::Board(b) => {
            let mut build = Build {
                out,
                decor: Decor::new(ground(b.position_m)),
                solid: solid(b.solid),
            };
            board(&mut build, ground(b.position_m), b);
            out_decor(build, paint);
        }
        Dressing::Gantry(g) => {
            let mut build = Build {
                out,
                decor: Decor::new(ground(g.position_m)),
                solid: solid(g.solid),
            };
            gantry(&mut build, ground(g.position_m), g);
            out_decor(build, paint);
        }
        Dressing::Grandstand(g) => {
            let mut build = Build {
                out,
                decor: Decor::new(ground(g.position_m)),
                solid: solid(g.solid),
            };
            grandstand(&mut build, ground(g.position_m), g);
            out_decor(build, paint);
        }
        Dressing::TyreWall(w) => {
            let mid = ground((w.from_m + w.to_m) * 0.5);
            let mut build = Build {
                out,
                decor: Decor::new(mid),
                solid: w.solid.then(|| tyre_material(level)),
            };
            tyre_wall(&mut build, mid.y, w, level.tyre_model.as_deref());
            out_decor(build, paint);
        }
        Dressing::Line(l) => line(level, l, paint, out),
        Dressing::Label(l) => {
            let mut decor = Decor::new(ground(l.position_m));
            label(&mut decor, ground(l.position_m), l);
            out.extend(decor.into_piece(paint));
        }
    }
}

fn out_decor(build: Build, paint: MaterialId) {
    let Build { out, decor, .. } = build;
    out.extend(decor.into_piece(paint));
}

/// A panel on two posts, lettering on the face its readers see.
fn board(b: &mut Build, base: Vec3, d: &Board) {
    let rot = Quat::from_rotation_y(d.heading_rad);
    let (w, h) = (d.size_m.x, d.size_m.y);
    let depth = 0.05;
    let centre = base + Vec3::Y * (d.elevation_m + h * 0.5);
    b.block(centre, Vec3::new(w * 0.5, h * 0.5, depth), rot, d.color);
    if d.elevation_m > 0.05 {
        let post = Vec3::new(0.06, d.elevation_m * 0.5, 0.06);
        let x = (w * 0.5 - 0.2).max(0.0);
        for side in [-1.0, 1.0] {
            let p = base + rot * Vec3::new(side * x, d.elevation_m * 0.5, depth + 0.07);
            b.block(p, post, rot, Vec3::splat(0.35));
        }
    }
    if !d.text.trim().is_empty() {
        let cells = crate::block_font::width_cells(&d.text) as f32;
        let cell = (h * 0.6 / crate::block_font::GLYPH_ROWS as f32).min(w * 0.88 / cells);
        let face = centre + rot * Vec3::new(0.0, 0.0, -depth - 0.012);
        b.decor.text_centred_detail(
            face,
            rot * Vec3::NEG_X,
            Vec3::Y,
            cell * crate::block_font::GLYPH_ROWS as f32,
            &d.text,
            d.text_color,
            d.color,
        );
    }
}

/// Two posts and a beam with a chequered band and lettering on both faces.
fn gantry(b: &mut Build, base: Vec3, g: &Gantry) {
    let rot = Quat::from_rotation_y(g.heading_rad);
    let beam_h = 1.4;
    let top = g.clearance_m + beam_h;
    for side in [-1.0, 1.0] {
        let p = base + rot * Vec3::new(side * g.span_m * 0.5, top * 0.5, 0.0);
        b.block(p, Vec3::new(0.3, top * 0.5, 0.3), rot, g.color);
    }
    let beam_depth = 0.35;
    let beam_c = base + Vec3::Y * (g.clearance_m + beam_h * 0.5);
    let beam_color = Vec3::splat(0.08);
    b.block(
        beam_c,
        Vec3::new(g.span_m * 0.5 + 0.3, beam_h * 0.5, beam_depth),
        rot,
        beam_color,
    );
    // Both faces: the approach (−Z, read along −X) and the back (+Z, read along +X).
    for (z, right) in [(-1.0f32, Vec3::NEG_X), (1.0, Vec3::X)] {
        let r = rot * right;
        let n = rot * Vec3::Z * z;
        let face = beam_c + n * (beam_depth + 0.012);
        // Chequers: two rows of squares over the beam's top half metre.
        let sq = 0.25;
        let cols = (g.span_m / sq).floor() as i32;
        let left = face - r * (cols as f32 * sq * 0.5);
        let top = beam_h * 0.5 - 0.1;
        // Far away, the band in the mean of its white squares and the beam between them.
        let white = (0..2)
            .map(|row| (0..cols).filter(|c| (c + row) % 2 == 0).count())
            .sum::<usize>();
        let share = white as f32 / (2 * cols).max(1) as f32;
        b.decor.decal(
            sq,
            |d| {
                for row in 0..2 {
                    let y1 = top - row as f32 * sq;
                    for c in 0..cols {
                        if (c + row) % 2 == 1 {
                            continue;
                        }
                        let x0 = left + r * (c as f32 * sq);
                        let (a, bb) = (x0 + Vec3::Y * (y1 - sq), x0 + r * sq + Vec3::Y * (y1 - sq));
                        d.quad(a, bb, bb + Vec3::Y * sq, a + Vec3::Y * sq, PAINT_WHITE);
                    }
                }
            },
            |d| {
                let (a, bb) = (
                    left + Vec3::Y * (top - 2.0 * sq),
                    left + r * (cols as f32 * sq) + Vec3::Y * (top - 2.0 * sq),
                );
                let mean = PAINT_WHITE * share + beam_color * (1.0 - share);
                d.quad(a, bb, bb + Vec3::Y * (2.0 * sq), a + Vec3::Y * (2.0 * sq), mean);
            },
        );
        if !g.text.trim().is_empty() {
            let centre = face - Vec3::Y * (beam_h * 0.5 - 0.45);
            b.decor
                .text_centred_detail(centre, r, Vec3::Y, 0.55, &g.text, PAINT_WHITE, beam_color);
        }
    }
}

/// A deterministic 0..1 value from an integer (Knuth's multiplicative hash).
fn hash01(i: u32) -> f32 {
    (i.wrapping_mul(2_654_435_761) >> 16) as f32 / 65_536.0
}

/// Rising steps with a back wall and a roof, and a crowd seen from the front.
fn grandstand(b: &mut Build, base: Vec3, g: &Grandstand) {
    let rot = Quat::from_rotation_y(g.heading_rad);
    let (depth, rise, lip) = (0.9, 0.45, 0.5);
    let half_l = g.length_m * 0.5;
    let at = |x: f32, y: f32, z: f32| base + rot * Vec3::new(x, y, z);
    for k in 0..g.steps {
        let top = lip + k as f32 * rise;
        let shade = if k % 2 == 0 { 1.0 } else { 0.86 };
        b.block(
            at(0.0, top * 0.5, -(k as f32 + 0.5) * depth),
            Vec3::new(half_l, top * 0.5, depth * 0.5),
            rot,
            g.color * shade,
        );
    }
    let back_z = -(g.steps as f32) * depth;
    let roof_y = lip + g.steps as f32 * rise + 2.6;
    b.block(
        at(0.0, roof_y * 0.5, back_z - 0.15),
        Vec3::new(half_l, roof_y * 0.5, 0.15),
        rot,
        g.color * 0.8,
    );
    b.block(
        at(0.0, roof_y + 0.12, back_z * 0.5 + 0.3),
        Vec3::new(half_l + 0.5, 0.12, -back_z * 0.5 + 0.6),
        rot,
        Vec3::new(0.80, 0.18, 0.16),
    );
    let posts = (g.length_m / 20.0).ceil().max(1.0) as usize;
    for p in 0..=posts {
        let x = -half_l + g.length_m * p as f32 / posts as f32;
        b.block(
            at(x, roof_y * 0.5, 0.6),
            Vec3::new(0.12, roof_y * 0.5, 0.12),
            rot,
            Vec3::splat(0.85),
        );
    }
    crowd(b, g, at);
}

/// Seats in one stretch of a stand's crowd: its far stand-in is a band per row, and each
/// stretch is culled and switched by its own bounds (a 60 m stand beside the camera is
/// partly behind it, partly 60 m ahead).
const CROWD_STRETCH_SEATS: u32 = 12;
/// A seated figure: half its width, its depth either side of its seat, m.
const FIGURE_HALF_W_M: f32 = 0.22;
const FIGURE_HALF_D_M: f32 = 0.18;
/// A figure's top (the head seen from above).
const HEAD: Vec3 = Vec3::new(0.80, 0.62, 0.48);

/// The crowd: a seated figure's front and top every 0.8 m, some seats empty, shirts from a
/// palette, all facing the way the stand faces; far away, each row of a stretch is one
/// front and one top in the mean of its figures and the steps they hide.
fn crowd(b: &mut Build, g: &Grandstand, at: impl Fn(f32, f32, f32) -> Vec3) {
    const SHIRTS: [Vec3; 6] = [
        Vec3::new(0.85, 0.15, 0.12),
        Vec3::new(0.95, 0.80, 0.15),
        Vec3::new(0.15, 0.35, 0.80),
        Vec3::new(0.92, 0.92, 0.92),
        Vec3::new(0.15, 0.60, 0.25),
        Vec3::new(0.95, 0.50, 0.10),
    ];
    let (depth, rise, lip) = (0.9, 0.45, 0.5);
    let half_l = g.length_m * 0.5;
    let (w, d) = (FIGURE_HALF_W_M, FIGURE_HALF_D_M);
    // A figure in row `k`, seat `s`: its x, shirt and height, or `None` for an empty seat.
    let figure = |k: u32, s: u32| {
        let h = hash01(k * 7919 + s);
        (h >= 0.2).then(|| {
            let x = -half_l + 0.4 + s as f32 * 0.8;
            (x, SHIRTS[(h * 60.0) as usize % SHIRTS.len()], 0.55 + 0.15 * h)
        })
    };
    let seats = (g.length_m / 0.8).floor() as u32;
    for first in (0..seats).step_by(CROWD_STRETCH_SEATS as usize) {
        let stretch = first..(first + CROWD_STRETCH_SEATS).min(seats);
        b.decor.detail(
            2.0 * w,
            |dc| {
                for k in 0..g.steps {
                    let top = lip + k as f32 * rise;
                    let z = -(k as f32 + 0.45) * depth;
                    for (x, c, tall) in stretch.clone().filter_map(|s| figure(k, s)) {
                        let q = |dx: f32, dy: f32, dz: f32| at(x + dx, top + dy, z + dz);
                        // Front (normal +Z: X × Y) and top (normal +Y: X × −Z).
                        dc.quad(q(-w, 0.0, d), q(w, 0.0, d), q(w, tall, d), q(-w, tall, d), c);
                        dc.quad(q(-w, tall, d), q(w, tall, d), q(w, tall, -d), q(-w, tall, -d), HEAD);
                    }
                }
            },
            |dc| {
                for k in 0..g.steps {
                    let top = lip + k as f32 * rise;
                    let z = -(k as f32 + 0.45) * depth;
                    let row: Vec<_> = stretch.clone().filter_map(|s| figure(k, s)).collect();
                    if row.is_empty() {
                        continue;
                    }
                    let n = row.len() as f32;
                    let x0 = -half_l + 0.4 + stretch.start as f32 * 0.8 - w;
                    let x1 = -half_l + 0.4 + (stretch.end - 1) as f32 * 0.8 + w;
                    // The figures cover `share` of the band; the step behind shows between.
                    let share = n * 2.0 * w / (x1 - x0);
                    let behind = g.color * if (k + 1) % 2 == 0 { 1.0 } else { 0.86 };
                    let shirt = row.iter().map(|f| f.1).sum::<Vec3>() / n;
                    let tall = row.iter().map(|f| f.2).sum::<f32>() / n;
                    let front = shirt * share + behind * (1.0 - share);
                    let head = HEAD * share + behind * (1.0 - share);
                    let q = |x: f32, dy: f32, dz: f32| at(x, top + dy, z + dz);
                    dc.quad(q(x0, 0.0, d), q(x1, 0.0, d), q(x1, tall, d), q(x0, tall, d), front);
                    dc.quad(q(x0, tall, d), q(x1, tall, d), q(x1, tall, -d), q(x0, tall, -d), head);
                }
            },
        );
    }
}

/// Stacks of tyres along the wall, every other stack's top tyre painted, around one plain
/// box that collides.
fn tyre_wall(b: &mut Build, y: f32, w: &TyreWall, tyre: Option<&PropModel>) {
    let d = w.to_m - w.from_m;
    let len = d.length();
    let dir = d / len;
    let height = w.rows as f32 * TYRE_HEIGHT_M;
    let mid = (w.from_m + w.to_m) * 0.5;
    let rot = Quat::from_rotation_y(dir.x.atan2(dir.y));
    b.block(
        Vec3::new(mid.x, y + height * 0.5, mid.y),
        Vec3::new(TYRE_RADIUS_M * 0.7, height * 0.5, len * 0.5),
        rot,
        TYRE_BLACK,
    );
    let stacks = ((len / (2.0 * TYRE_RADIUS_M)).floor() as usize).max(1);
    let step = len / stacks as f32;
    let stack_at = |s: usize| w.from_m + dir * (step * (s as f32 + 0.5));
    // Far away the round tyres become boxes over them: one for the rows under the top, and
    // a box a stack for the top row in its paint (issue 20: a corner's walls are thousands
    // of triangles). What that leaves out is the hollow between two round stacks behind
    // the boxes' face, deepest midway between them.
    let hollow_m = (TYRE_RADIUS_M * TYRE_RADIUS_M + step * step * 0.25).sqrt() - TYRE_RADIUS_M;
    b.decor.detail(
        hollow_m,
        |d| {
            for s in 0..stacks {
                let p = stack_at(s);
                for r in 0..w.rows {
                    let painted = r + 1 == w.rows && s % 2 == 0;
                    let c = if painted { w.band_color } else { TYRE_BLACK };
                    let base = Vec3::new(p.x, y + r as f32 * TYRE_HEIGHT_M, p.y);
                    match tyre {
                        // The `tyre` prop model, painted ones all in the band's colour.
                        Some(t) => d.model(&t.body, base, painted.then_some(w.band_color)),
                        // A level built in code without the model: plain prisms.
                        None => d.prism(base, TYRE_RADIUS_M, TYRE_HEIGHT_M - 0.015, TYRE_SIDES, c),
                    }
                }
            }
        },
        |d| {
            let under = (w.rows - 1) as f32 * TYRE_HEIGHT_M;
            if w.rows > 1 {
                d.cuboid(
                    Vec3::new(mid.x, y + under * 0.5, mid.y),
                    Vec3::new(TYRE_RADIUS_M, under * 0.5, len * 0.5),
                    rot,
                    TYRE_BLACK,
                );
            }
            for s in 0..stacks {
                let p = stack_at(s);
                let c = if s % 2 == 0 { w.band_color } else { TYRE_BLACK };
                d.cuboid(
                    Vec3::new(p.x, y + under + TYRE_HEIGHT_M * 0.5, p.y),
                    Vec3::new(TYRE_RADIUS_M, TYRE_HEIGHT_M * 0.5, step * 0.5),
                    rot,
                    c,
                );
            }
        },
    );
}

/// A painted line, dashed or solid, as flat quads in pieces of at most [`LINE_PIECE_M`].
fn line(level: &Level, l: &Line, paint: MaterialId, out: &mut Vec<Piece>) {
    let d = l.to_m - l.from_m;
    let len = d.length();
    let dir = d / len;
    let across = Vec2::new(-dir.y, dir.x) * (l.width_m * 0.5);
    let (dash, period) = if l.dash_m > 0.0 {
        (l.dash_m, l.dash_m + l.gap_m)
    } else {
        (len, len)
    };
    let ground = |p: Vec2| Vec3::new(p.x, terrain_height_m(&level.terrain, p) + PAINT_Y_M, p.y);
    let mut decor: Option<Decor> = None;
    let mut piece_start = 0.0;
    let mut s = 0.0;
    while s < len {
        // A solid line is cut into pieces too.
        let e = (s + dash)
            .min(len)
            .min(if l.dash_m > 0.0 { len } else { s + LINE_PIECE_M });
        if decor.is_none() || s - piece_start >= LINE_PIECE_M {
            if let Some(done) = decor.take() {
                out.extend(done.into_piece(paint));
            }
            piece_start = s;
            decor = Some(Decor::new(ground(l.from_m + dir * (s + LINE_PIECE_M * 0.5).min(len))));
        }
        let (a, b) = (l.from_m + dir * s, l.from_m + dir * e);
        if let Some(dc) = decor.as_mut() {
            // `across` is `dir` turned clockwise seen from above, so this order is
            // counter-clockwise from above (normal +Y).
            dc.quad(
                ground(a - across),
                ground(a + across),
                ground(b + across),
                ground(b - across),
                l.color,
            );
        }
        s = if l.dash_m > 0.0 { s + period } else { e };
    }
    if let Some(done) = decor {
        out.extend(done.into_piece(paint));
    }
}

/// Text painted flat, its top towards where its readers drive.
fn label(decor: &mut Decor, base: Vec3, l: &Label) {
    let rot = Quat::from_rotation_y(l.heading_rad);
    let (right, up) = (rot * Vec3::NEG_X, rot * Vec3::Z);
    let cells = crate::block_font::width_cells(&l.text) as f32;
    let (w, h) = (l.width_m, l.height_m);
    let top_left = base + Vec3::Y * PAINT_Y_M - right * (w * 0.5) + up * (h * 0.5);
    decor.text_cells(
        top_left,
        right * (w / cells),
        up * (h / crate::block_font::GLYPH_ROWS as f32),
        &l.text,
        l.color,
    );
}
