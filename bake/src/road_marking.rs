//! A track's road as drawn: the asphalt with a white line along each edge and the darker
//! rubber that tyres lay down along the racing line, cut into the surface as four columns
//! shaded per vertex (line, road darkening toward the worn line, road lightening from it,
//! line): a row of seven vertices a centre-line point, shared by the segments either side.
//! Every long edge a column adds costs llvmpipe the 4 × 4 blocks it crosses shaded twice
//! (the lit fragments do not count them): a band of its own two metres wide, as four
//! more columns, put the circuit's frame 15 % over the bodies' base; laid over the road
//! as decals, the markings cost 11 % more fragments; as columns of their own four
//! corners, each with a far stand-in, 8.6 MB more of baked chunks. Render-only:
//! cars drive on the road's own collider, which is not drawn. In pieces of
//! [`MARKING_POINTS_PER_PIECE`] track points, so each lands in the chunk it crosses and is
//! culled with it.
//!
//! The lines have no far stand-in: 0.2 m wide, under a pixel beyond about 80 m at 480
//! lines, where the fog has begun to take them.
//!
//! The worn band lies where [`TrackDef::worn_line_m`] says (the AI's shipped line), else
//! on the track's minimum-curvature line ([`crate::worn_line`]).

use crate::decor::Decor;
use crate::dressing::PAINT_WHITE;
use crate::level::{Level, TrackDef};
use crate::piece::{Piece, ROAD_Y_M, TRACK_POINTS_PER_PIECE};
use crate::worn_line::{min_curvature_offsets, RACING_LINE_MARGIN_M};
use glam::{Vec2, Vec3};

/// Track points each drawn road piece spans: the collider's pieces' (about 20 m), so the
/// drawn road lands in the chunk its collider does (a piece lying over the next chunk's
/// ground is drawn after that chunk's and shades its pixels twice).
pub const MARKING_POINTS_PER_PIECE: usize = TRACK_POINTS_PER_PIECE;
/// An edge line's width, m (the white lines that mark a circuit's track limits).
pub const EDGE_LINE_WIDTH_M: f32 = 0.2;
/// An edge line's outer side's distance in from the road's border, m: none, the line is
/// the asphalt's edge (the track limit), as on the circuits of the database.
pub const EDGE_LINE_INSET_M: f32 = 0.0;
/// The road's colour on the worn line over its own (rubber darkens asphalt by about a
/// fifth), the darkening fading to none at each edge line.
pub const WORN_BAND_SHADE: f32 = 0.82;

/// Appends the drawn road of `def`: its surface with the markings cut into it.
pub fn pieces(level: &Level, def: &TrackDef, out: &mut Vec<Piece>) {
    let t = &def.track;
    let n = t.len();
    let material = level.materials.get(def.material);
    let (road, pattern) = (Vec3::from(material.color), material.pattern);
    let band = match &def.worn_line_m {
        Some(line) => line.clone(),
        None => min_curvature_offsets(t, RACING_LINE_MARGIN_M),
    };
    let normals: Vec<Vec2> = (0..n).map(|i| t.left(i)).collect();
    let at = |k: usize, x: f32| {
        let p = t.centre[k] + normals[k] * x;
        Vec3::new(p.x, ROAD_Y_M, p.y)
    };
    let rgba = |c: Vec3| [c.x, c.y, c.z, pattern];
    let white = rgba(PAINT_WHITE);
    // The road across point k as one row of vertices, right border to left: the right
    // line (its inner edge twice, white and road), the worn line, the left line (its
    // inner edge twice); the road darkest on the worn line, its own colour at each line.
    // Rows are shared by the segments either side of them.
    let row = |k: usize| -> Row {
        let (wl, wr) = (t.width_left_m[k], t.width_right_m[k]);
        let line_in = EDGE_LINE_INSET_M + EDGE_LINE_WIDTH_M;
        let (right_in, left_in) = (-wr + line_in, (wl - line_in).max(-wr + line_in));
        // On the road even where the line runs close to a border: the band then ends
        // under the line, which keeps its width.
        let b = band[k].clamp(right_in, left_in);
        let x = [
            -wr + EDGE_LINE_INSET_M,
            right_in,
            right_in,
            b,
            left_in,
            left_in,
            wl - EDGE_LINE_INSET_M,
        ];
        let road_rgba = rgba(road);
        let colour = |v: usize| match v {
            2 | 4 => road_rgba,
            3 => rgba(road * WORN_BAND_SHADE),
            _ => white,
        };
        Row {
            at: std::array::from_fn(|v| at(k, x[v])),
            rgba: std::array::from_fn(colour),
            x,
        }
    };
    // Column c runs from row vertex FROM[c] to TO[c]: the right line, the road to the
    // worn line and from it, the left line.
    const FROM: [usize; 4] = [0, 2, 3, 5];
    const TO: [usize; 4] = [1, 3, 4, 6];
    for start in (0..n).step_by(MARKING_POINTS_PER_PIECE) {
        // The last piece ends at the first point: a loop whose point count is not a
        // multiple of the piece's drew its first points twice, and the two surfaces,
        // triangulated apart, fought in the depth test (Spa's start shaded 309–445 k lit
        // fragments a frame against 308 k).
        let end = (start + MARKING_POINTS_PER_PIECE).min(n);
        let idx: Vec<usize> = (start..=end).map(|i| i % n).collect();
        let mut decor = Decor::new(at(idx[(idx.len() - 1) / 2], 0.0));
        let rows = kept_rows(idx.iter().map(|&k| row(k)).collect());
        let ids: Vec<[u32; ROW]> = rows
            .iter()
            .map(|r| std::array::from_fn(|v| decor.vertex(r.at[v], r.rgba[v])))
            .collect();
        for (r, v) in rows.windows(2).zip(ids.windows(2)) {
            let ((xa, xb), (a, b)) = ((&r[0].x, &r[1].x), (&v[0], &v[1]));
            for c in 0..FROM.len() {
                // A column closed at both rows (the worn line on a line) is left out.
                if xa[TO[c]] - xa[FROM[c]] < 1e-3 && xb[TO[c]] - xb[FROM[c]] < 1e-3 {
                    continue;
                }
                // Along the track, then to the left: counter-clockwise from above, as the
                // start line's squares.
                decor.quad_of([a[FROM[c]], b[FROM[c]], b[TO[c]], a[TO[c]]]);
            }
        }
        out.extend(decor.into_piece(def.material));
    }
}

/// One row of the drawn road across a centre-line point: each vertex's place (world),
/// colour and offset from the centre line.
#[derive(Clone, Copy)]
struct Row {
    at: [Vec3; ROW],
    rgba: [[f32; 4]; ROW],
    x: [f32; ROW],
}

/// Vertices in a row.
const ROW: usize = 7;

/// How far a row left out may lie from the road drawn without it, m, and how far its
/// colours from the blend there: on a straight, the rows between a piece's ends are left
/// out, which halves what the drawn road adds to the baked chunks.
const ROW_TOLERANCE_M: f32 = 0.02;
const ROW_COLOUR_TOLERANCE: f32 = 1.0 / 255.0;

/// `rows` without those the rows kept either side of them draw within the tolerances.
fn kept_rows(rows: Vec<Row>) -> Vec<Row> {
    let Some(&first) = rows.first() else {
        return rows;
    };
    let mut kept = vec![first];
    let mut from = 0;
    for to in 2..rows.len() {
        let lies_between = |k: usize| {
            let f = (k - from) as f32 / (to - from) as f32;
            (0..ROW).all(|v| {
                let p = rows[from].at[v].lerp(rows[to].at[v], f);
                let colour_between = (0..4).all(|ch| {
                    let (a, b) = (rows[from].rgba[v][ch], rows[to].rgba[v][ch]);
                    (rows[k].rgba[v][ch] - (a + (b - a) * f)).abs() <= ROW_COLOUR_TOLERANCE
                });
                p.distance(rows[k].at[v]) <= ROW_TOLERANCE_M && colour_between
            })
        };
        if !(from + 1..to).all(lies_between) {
            from = to - 1;
            kept.push(rows[from]);
        }
    }
    kept.extend(rows.last().filter(|_| rows.len() > 1));
    kept
}
