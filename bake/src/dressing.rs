//! Scenery kinds of a level's `[[props]]` that dress it to read at a glance: boards with
//! lettering, a start/finish gantry, grandstands, tyre walls, and painted lines and text.
//! Parsed here into validated [`Dressing`]; [`crate::scenery`] turns each into pieces.
//!
//! Painted kinds (`line`, `label`) are flush and render-only: they never change physics.
//! Solid kinds collide only with `solid = true` (the default): set it false for scenery a
//! scripted run or an AI line could touch, so recorded replays keep their hashes.

use crate::block_font::unsupported;
use crate::fields::Fields;
use crate::ContentError;
use glam::{Vec2, Vec3};
use serde::Deserialize;

/// Most characters one board or label carries.
pub const MAX_TEXT_CHARS: usize = 24;

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct RawBoard {
    position_m: [f64; 2],
    #[serde(default)]
    heading_deg: f64,
    text: String,
    #[serde(default)]
    size_m: Option<[f64; 2]>,
    #[serde(default = "board_elevation")]
    elevation_m: f64,
    #[serde(default)]
    color: Option<[f64; 3]>,
    #[serde(default)]
    text_color: Option<[f64; 3]>,
    #[serde(default = "yes")]
    solid: bool,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct RawGantry {
    position_m: [f64; 2],
    #[serde(default)]
    heading_deg: f64,
    #[serde(default = "gantry_span")]
    span_m: f64,
    #[serde(default = "gantry_clearance")]
    clearance_m: f64,
    #[serde(default)]
    text: String,
    #[serde(default)]
    color: Option<[f64; 3]>,
    #[serde(default = "yes")]
    solid: bool,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct RawGrandstand {
    position_m: [f64; 2],
    #[serde(default)]
    heading_deg: f64,
    #[serde(default = "stand_length")]
    length_m: f64,
    #[serde(default = "stand_steps")]
    steps: u32,
    #[serde(default)]
    color: Option<[f64; 3]>,
    #[serde(default = "yes")]
    solid: bool,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct RawTyreWall {
    from_m: [f64; 2],
    to_m: [f64; 2],
    #[serde(default = "tyre_rows")]
    rows: u32,
    #[serde(default)]
    band_color: Option<[f64; 3]>,
    #[serde(default = "yes")]
    solid: bool,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct RawLine {
    from_m: [f64; 2],
    to_m: [f64; 2],
    #[serde(default = "line_width")]
    width_m: f64,
    #[serde(default)]
    dash_m: f64,
    #[serde(default)]
    gap_m: Option<f64>,
    #[serde(default)]
    color: Option<[f64; 3]>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct RawLabel {
    position_m: [f64; 2],
    #[serde(default)]
    heading_deg: f64,
    text: String,
    #[serde(default = "label_height")]
    height_m: f64,
    #[serde(default)]
    width_m: Option<f64>,
    #[serde(default)]
    color: Option<[f64; 3]>,
}

fn yes() -> bool {
    true
}
fn board_elevation() -> f64 {
    0.8
}
fn gantry_span() -> f64 {
    16.0
}
fn gantry_clearance() -> f64 {
    5.5
}
fn stand_length() -> f64 {
    40.0
}
fn stand_steps() -> u32 {
    6
}
fn tyre_rows() -> u32 {
    3
}
fn line_width() -> f64 {
    0.15
}
fn label_height() -> f64 {
    3.0
}

/// Paint white, slightly off so it does not glare.
pub const PAINT_WHITE: Vec3 = Vec3::new(0.93, 0.93, 0.90);

/// A sign on two posts: its text faces cars whose heading is `heading_rad`.
#[derive(Debug, Clone, PartialEq)]
pub struct Board {
    /// Ground point under its centre.
    pub position_m: Vec2,
    /// Heading of the cars that read it, radians.
    pub heading_rad: f32,
    /// What it says (block font).
    pub text: String,
    /// Panel width and height, m.
    pub size_m: Vec2,
    /// Panel bottom above the ground, m (posts below it).
    pub elevation_m: f32,
    /// Panel colour.
    pub color: Vec3,
    /// Lettering colour.
    pub text_color: Vec3,
    /// Whether panel and posts collide.
    pub solid: bool,
}

/// A start/finish gantry: two posts either side of the road and a beam across with a
/// chequered band, facing cars whose heading is `heading_rad`.
#[derive(Debug, Clone, PartialEq)]
pub struct Gantry {
    /// Ground point under the beam's middle.
    pub position_m: Vec2,
    /// Heading of the cars that pass under it, radians.
    pub heading_rad: f32,
    /// Between the posts, m.
    pub span_m: f32,
    /// Under the beam, m.
    pub clearance_m: f32,
    /// Lettering on the beam, both faces (may be empty).
    pub text: String,
    /// Posts and beam.
    pub color: Vec3,
    /// Whether posts and beam collide.
    pub solid: bool,
}

/// Stepped seating with a roof, its front edge on `position_m`, spectators facing
/// `heading_rad`.
#[derive(Debug, Clone, PartialEq)]
pub struct Grandstand {
    /// Ground point at the middle of its front edge.
    pub position_m: Vec2,
    /// The way the seats face, radians.
    pub heading_rad: f32,
    /// Along the front, m.
    pub length_m: f32,
    /// Rows of seats.
    pub steps: u32,
    /// Structure colour.
    pub color: Vec3,
    /// Whether it collides.
    pub solid: bool,
}

/// A line of tyre stacks from `from_m` to `to_m`.
#[derive(Debug, Clone, PartialEq)]
pub struct TyreWall {
    /// One end.
    pub from_m: Vec2,
    /// The other end.
    pub to_m: Vec2,
    /// Tyres per stack.
    pub rows: u32,
    /// The painted top tyre of every other stack.
    pub band_color: Vec3,
    /// Whether it collides (one box along the wall).
    pub solid: bool,
}

/// A painted line, solid or dashed, flush with the ground: render-only.
#[derive(Debug, Clone, PartialEq)]
pub struct Line {
    /// Start.
    pub from_m: Vec2,
    /// End.
    pub to_m: Vec2,
    /// Across, m.
    pub width_m: f32,
    /// Dash length, m (0: solid).
    pub dash_m: f32,
    /// Gap between dashes, m.
    pub gap_m: f32,
    /// Paint.
    pub color: Vec3,
}

/// Painted text on the ground, read by cars heading `heading_rad`: render-only.
#[derive(Debug, Clone, PartialEq)]
pub struct Label {
    /// Ground point at its centre.
    pub position_m: Vec2,
    /// Heading of the cars that read it, radians.
    pub heading_rad: f32,
    /// What it says (block font).
    pub text: String,
    /// Letter length along the reader's way, m.
    pub height_m: f32,
    /// The whole text's width across the reader's way, m (road lettering is several
    /// times longer than wide so it reads from a low driving eye).
    pub width_m: f32,
    /// Paint.
    pub color: Vec3,
}

/// One piece of scenery.
#[derive(Debug, Clone, PartialEq)]
pub enum Dressing {
    /// `kind = "board"`.
    Board(Board),
    /// `kind = "gantry"`.
    Gantry(Gantry),
    /// `kind = "grandstand"`.
    Grandstand(Grandstand),
    /// `kind = "tyre_wall"`.
    TyreWall(TyreWall),
    /// `kind = "line"`.
    Line(Line),
    /// `kind = "label"`.
    Label(Label),
}

/// Checks lettering: at most [`MAX_TEXT_CHARS`], every character in the block font.
fn text(fx: &Fields, field: &str, t: &str) -> Result<String, ContentError> {
    if t.chars().count() > MAX_TEXT_CHARS {
        return Err(fx.v.fail(
            field,
            format!("{} characters; at most {MAX_TEXT_CHARS}", t.chars().count()),
        ));
    }
    if let Some(c) = unsupported(t) {
        return Err(fx.v.fail(
            field,
            format!("{c:?} is not in the block font (letters, digits, space and - . / ! < > °)"),
        ));
    }
    Ok(t.to_string())
}

fn color_or(fx: &Fields, field: &str, c: &Option<[f64; 3]>, default: Vec3) -> Result<Vec3, ContentError> {
    match c {
        Some(c) => fx.v.color(field, *c),
        None => Ok(default),
    }
}

pub(crate) fn board(r: &RawBoard, fx: &Fields, f: &dyn Fn(&str) -> String) -> Result<Dressing, ContentError> {
    let v = &fx.v;
    let text = text(fx, &f("text"), &r.text)?;
    let size_m = match r.size_m {
        Some([w, h]) => Vec2::new(
            v.range(&f("size_m[0]"), w, 0.2, 50.0)? as f32,
            v.range(&f("size_m[1]"), h, 0.2, 20.0)? as f32,
        ),
        // Lettering 60 % of a 1.2 m panel, a cell's margin each side.
        None => {
            let cell = 1.2 * 0.6 / crate::block_font::GLYPH_ROWS as f32;
            Vec2::new((crate::block_font::width_cells(&text) as f32 + 6.0) * cell, 1.2).max(Vec2::new(1.2, 1.2))
        }
    };
    Ok(Dressing::Board(Board {
        position_m: fx.vec2(&f("position_m"), r.position_m)?,
        heading_rad: fx.angle(&f("heading_deg"), r.heading_deg)?,
        text,
        size_m,
        elevation_m: v.range(&f("elevation_m"), r.elevation_m, 0.0, 50.0)? as f32,
        color: color_or(fx, &f("color"), &r.color, PAINT_WHITE)?,
        text_color: color_or(fx, &f("text_color"), &r.text_color, Vec3::splat(0.05))?,
        solid: r.solid,
    }))
}

pub(crate) fn gantry(r: &RawGantry, fx: &Fields, f: &dyn Fn(&str) -> String) -> Result<Dressing, ContentError> {
    let v = &fx.v;
    Ok(Dressing::Gantry(Gantry {
        position_m: fx.vec2(&f("position_m"), r.position_m)?,
        heading_rad: fx.angle(&f("heading_deg"), r.heading_deg)?,
        span_m: v.range(&f("span_m"), r.span_m, 2.0, 100.0)? as f32,
        clearance_m: v.range(&f("clearance_m"), r.clearance_m, 2.0, 30.0)? as f32,
        text: text(fx, &f("text"), &r.text)?,
        color: color_or(fx, &f("color"), &r.color, Vec3::new(0.22, 0.24, 0.28))?,
        solid: r.solid,
    }))
}

pub(crate) fn grandstand(r: &RawGrandstand, fx: &Fields, f: &dyn Fn(&str) -> String) -> Result<Dressing, ContentError> {
    let v = &fx.v;
    if r.steps == 0 || r.steps > 40 {
        return Err(v.fail(&f("steps"), format!("{}: a grandstand has 1 to 40 steps", r.steps)));
    }
    Ok(Dressing::Grandstand(Grandstand {
        position_m: fx.vec2(&f("position_m"), r.position_m)?,
        heading_rad: fx.angle(&f("heading_deg"), r.heading_deg)?,
        length_m: v.range(&f("length_m"), r.length_m, 2.0, 500.0)? as f32,
        steps: r.steps,
        color: color_or(fx, &f("color"), &r.color, Vec3::new(0.62, 0.63, 0.66))?,
        solid: r.solid,
    }))
}

pub(crate) fn tyre_wall(r: &RawTyreWall, fx: &Fields, f: &dyn Fn(&str) -> String) -> Result<Dressing, ContentError> {
    let v = &fx.v;
    let (a, b) = (fx.vec2(&f("from_m"), r.from_m)?, fx.vec2(&f("to_m"), r.to_m)?);
    let len = a.distance(b);
    if !(0.5..=1000.0).contains(&len) {
        return Err(v.fail(&f("to_m"), format!("the wall is {len:.2} m long; 0.5 to 1000 m")));
    }
    if r.rows == 0 || r.rows > 10 {
        return Err(v.fail(&f("rows"), format!("{}: stacks of 1 to 10 tyres", r.rows)));
    }
    Ok(Dressing::TyreWall(TyreWall {
        from_m: a,
        to_m: b,
        rows: r.rows,
        band_color: color_or(fx, &f("band_color"), &r.band_color, PAINT_WHITE)?,
        solid: r.solid,
    }))
}

pub(crate) fn line(r: &RawLine, fx: &Fields, f: &dyn Fn(&str) -> String) -> Result<Dressing, ContentError> {
    let v = &fx.v;
    let (a, b) = (fx.vec2(&f("from_m"), r.from_m)?, fx.vec2(&f("to_m"), r.to_m)?);
    let len = a.distance(b);
    if !(0.01..=10_000.0).contains(&len) {
        return Err(v.fail(&f("to_m"), format!("the line is {len:.3} m long; 0.01 to 10000 m")));
    }
    let dash_m = v.range(&f("dash_m"), r.dash_m, 0.0, 100.0)? as f32;
    let gap_m = match r.gap_m {
        Some(g) => v.range(&f("gap_m"), g, 0.0, 100.0)? as f32,
        None => dash_m,
    };
    if dash_m > 0.0 && len / (dash_m + gap_m) > 10_000.0 {
        return Err(v.fail(&f("dash_m"), "makes more than 10000 dashes"));
    }
    if dash_m > 0.0 && dash_m < 0.05 {
        return Err(v.fail(&f("dash_m"), format!("{dash_m}: 0 (solid) or at least 0.05 m")));
    }
    Ok(Dressing::Line(Line {
        from_m: a,
        to_m: b,
        width_m: v.range(&f("width_m"), r.width_m, 0.02, 5.0)? as f32,
        dash_m,
        gap_m,
        color: color_or(fx, &f("color"), &r.color, PAINT_WHITE)?,
    }))
}

pub(crate) fn label(r: &RawLabel, fx: &Fields, f: &dyn Fn(&str) -> String) -> Result<Dressing, ContentError> {
    let v = &fx.v;
    let text = text(fx, &f("text"), &r.text)?;
    if text.trim().is_empty() {
        return Err(v.fail(&f("text"), "a label needs something to say"));
    }
    let height_m = v.range(&f("height_m"), r.height_m, 0.2, 50.0)? as f32;
    // Default: square cells.
    let natural_m = height_m / crate::block_font::GLYPH_ROWS as f32 * crate::block_font::width_cells(&text) as f32;
    let width_m = match r.width_m {
        Some(w) => v.range(&f("width_m"), w, 0.1, 200.0)? as f32,
        None => natural_m,
    };
    Ok(Dressing::Label(Label {
        position_m: fx.vec2(&f("position_m"), r.position_m)?,
        heading_rad: fx.angle(&f("heading_deg"), r.heading_deg)?,
        text,
        height_m,
        width_m,
        color: color_or(fx, &f("color"), &r.color, PAINT_WHITE)?,
    }))
}
