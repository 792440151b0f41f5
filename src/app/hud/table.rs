//! A table players read at a glance: a race's results, a championship round's and its
//! standings. Columns are aligned (numbers right, names left), as wide as their widest
//! entry; one column fills the room left (the driver's name, cut short with an ellipsis
//! when the window is narrow); the player's row is lit. Rows can move from an earlier
//! place to their own and numbers count up as the table is shown (the standings after a
//! round), driven by a progress from 0 to 1 the page advances.
//!
//! [`TableLayout::fit`] does the arithmetic without GL (the tests measure with a stand-in
//! font); [`Table::draw`] draws through the HUD batch. A table that does not fit drops to
//! the small text size, then shows the rows around the lit one.

use crate::render::{Hud, TextSize};

/// How a column's entries line up.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Align {
    /// Names.
    Left,
    /// Numbers, times and gaps.
    Right,
}

/// One column: its header and alignment; `fill` takes the room the others leave (one a
/// table, the name).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Column {
    /// The header ("Pos", "Driver"); may be empty.
    pub header: &'static str,
    /// How the entries line up.
    pub align: Align,
    /// Whether it takes the room left.
    pub fill: bool,
}

impl Column {
    /// A left-aligned column as wide as its entries.
    pub const fn left(header: &'static str) -> Self {
        Self {
            header,
            align: Align::Left,
            fill: false,
        }
    }

    /// A right-aligned column as wide as its entries.
    pub const fn right(header: &'static str) -> Self {
        Self {
            header,
            align: Align::Right,
            fill: false,
        }
    }

    /// The left-aligned column that takes the room left.
    pub const fn fill(header: &'static str) -> Self {
        Self {
            header,
            align: Align::Left,
            fill: true,
        }
    }
}

/// One entry.
#[derive(Debug, Clone, PartialEq)]
pub enum Cell {
    /// Text as it is.
    Text(String),
    /// A square of the car's paint (linear RGB).
    Swatch([f32; 3]),
    /// A number counting from `from` up to `to` as the table is shown (points scored).
    Count {
        /// Shown at progress 0.
        from: u32,
        /// Shown at progress 1.
        to: u32,
    },
}

impl Cell {
    /// Text.
    pub fn text(s: impl Into<String>) -> Self {
        Cell::Text(s.into())
    }

    /// What it shows at `progress` (a swatch shows no text).
    fn shown(&self, progress: f32) -> String {
        match self {
            Cell::Text(s) => s.clone(),
            Cell::Swatch(_) => String::new(),
            Cell::Count { from, to } => {
                let v = *from as f32 + (*to as f32 - *from as f32) * progress.clamp(0.0, 1.0);
                format!("{}", v.round() as i64)
            }
        }
    }

    /// Its widest text, for the column's width.
    fn widest(&self) -> String {
        match self {
            Cell::Count { from, to } => format!("{}", from.max(to)),
            other => other.shown(1.0),
        }
    }
}

/// One row: its entries (one per column), whether it is lit (the player's), and the row it
/// moves from as the table is shown (None: it stays).
#[derive(Debug, Clone, PartialEq)]
pub struct TableRow {
    /// One per column.
    pub cells: Vec<Cell>,
    /// The player's row.
    pub lit: bool,
    /// The row it was in before (the standings before the round).
    pub from_row: Option<usize>,
}

/// A table: columns and rows.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Table {
    /// The columns.
    pub columns: Vec<Column>,
    /// The rows, in their final order.
    pub rows: Vec<TableRow>,
}

/// How far a table's animation has gone: its numbers counting up, its rows moving to their
/// places, each from 0 (as they were) to 1 (as they are).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct TableMotion {
    /// The counts (`Cell::Count`).
    pub count: f32,
    /// The rows (`TableRow::from_row`).
    pub rows: f32,
}

impl TableMotion {
    /// Everything where it ends.
    pub const DONE: TableMotion = TableMotion { count: 1.0, rows: 1.0 };

    /// Whether everything is where it ends.
    pub fn done(self) -> bool {
        self.count >= 1.0 && self.rows >= 1.0
    }
}

/// Ease in and out (smoothstep), so rows start and settle gently.
pub fn ease(progress: f32) -> f32 {
    let t = progress.clamp(0.0, 1.0);
    t * t * (3.0 - 2.0 * t)
}

/// Where a table's parts go in a rectangle.
#[derive(Debug, Clone, PartialEq)]
pub struct TableLayout {
    /// The text size of the entries (headers are always small).
    pub size: TextSize,
    /// Each column's left edge from the table's, and its width, px.
    pub columns: Vec<(f32, f32)>,
    /// A row's height, px (the header's too).
    pub row_h: f32,
    /// The first row shown, and how many.
    pub first: usize,
    /// See `first`.
    pub shown: usize,
}

/// What the layout measures text with: the width of a text at a size, and a size's line
/// height (the HUD's font; a stand-in in the tests).
pub trait Measure {
    /// Width of `text` at `size`, px.
    fn width(&self, size: TextSize, text: &str) -> f32;
    /// Line height at `size`, px.
    fn line(&self, size: TextSize) -> f32;
}

impl Measure for Hud {
    fn width(&self, size: TextSize, text: &str) -> f32 {
        self.label_width(size, text)
    }
    fn line(&self, size: TextSize) -> f32 {
        self.line_height(size)
    }
}

/// The least a filling column may be left, in line heights, before the table drops to a
/// smaller text (a name cut to three letters reads as nothing).
const FILL_LEAST_LINES: f32 = 4.0;

impl TableLayout {
    /// Lays `table` out in `w` × `h` px: the body text size if every column fits with the
    /// filling column at least four line heights wide and every row fits, else the small
    /// size; rows that still do not fit are shown as the window of them around the lit row.
    pub fn fit(table: &Table, m: &dyn Measure, w: f32, h: f32) -> TableLayout {
        let body = Self::at(table, m, w, h, TextSize::Body);
        let fits =
            |l: &TableLayout| l.shown == table.rows.len() && l.fill_width(table) >= FILL_LEAST_LINES * m.line(l.size);
        if fits(&body) {
            return body;
        }
        Self::at(table, m, w, h, TextSize::Small)
    }

    fn fill_width(&self, table: &Table) -> f32 {
        table
            .columns
            .iter()
            .zip(&self.columns)
            .find(|(c, _)| c.fill)
            .map_or(f32::INFINITY, |(_, (_, w))| *w)
    }

    fn at(table: &Table, m: &dyn Measure, w: f32, h: f32, size: TextSize) -> TableLayout {
        let line = m.line(size);
        let gap = (line * 0.6).round();
        let widths: Vec<f32> = table
            .columns
            .iter()
            .enumerate()
            .map(|(i, c)| {
                let header = m.width(TextSize::Small, c.header);
                table
                    .rows
                    .iter()
                    .filter_map(|r| r.cells.get(i))
                    .fold(header, |most, cell| {
                        let wide = match cell {
                            Cell::Swatch(_) => (line * 0.7).round(),
                            other => m.width(size, &other.widest()),
                        };
                        most.max(wide)
                    })
            })
            .collect();
        let gaps = gap * table.columns.len().saturating_sub(1) as f32;
        let fixed: f32 = table
            .columns
            .iter()
            .zip(&widths)
            .filter(|(c, _)| !c.fill)
            .map(|(_, w)| w)
            .sum();
        let fill_w = (w - gaps - fixed).max(0.0);
        let mut x = 0.0;
        let columns = table
            .columns
            .iter()
            .zip(&widths)
            .map(|(c, natural)| {
                let cw = if c.fill { fill_w } else { *natural };
                let at = (x, cw);
                x += cw + gap;
                at
            })
            .collect();
        let row_h = (line * 1.2).round();
        let n = table.rows.len();
        let room = ((h / row_h).floor() as usize).saturating_sub(1);
        let shown = n.min(room.max(1));
        let lit = table.rows.iter().position(|r| r.lit).unwrap_or(0);
        let first = lit.saturating_sub(shown / 2).min(n - shown.min(n));
        TableLayout {
            size,
            columns,
            row_h,
            first,
            shown,
        }
    }

    /// The table's height as laid out: the header and the rows shown.
    pub fn height(&self) -> f32 {
        self.row_h * (self.shown + 1) as f32
    }
}

/// The colours a table is drawn in.
#[derive(Debug, Clone, Copy)]
pub struct TableColours {
    /// Entries.
    pub text: [f32; 4],
    /// Headers.
    pub dim: [f32; 4],
    /// Behind the lit row.
    pub lit: [f32; 4],
    /// The lit row's entries.
    pub on_lit: [f32; 4],
    /// Behind every other row (faint stripes).
    pub stripe: [f32; 4],
}

impl Table {
    /// Each row as plain text, its entries two spaces apart (a swatch left out, numbers at
    /// their end): what the log says of a results page.
    pub fn plain_rows(&self) -> Vec<String> {
        self.rows
            .iter()
            .map(|r| {
                let cells: Vec<String> = r
                    .cells
                    .iter()
                    .filter(|c| !matches!(c, Cell::Swatch(_)))
                    .map(|c| c.shown(1.0))
                    .filter(|t| !t.is_empty())
                    .collect();
                cells.join("  ")
            })
            .collect()
    }

    /// Draws the table in `rect` (x, y, width, height) as far into its animation as
    /// `motion` says; returns the y below it.
    pub fn draw(&self, hud: &mut Hud, rect: [f32; 4], motion: TableMotion, colours: TableColours) -> f32 {
        let [x, y, w, h] = rect;
        let layout = TableLayout::fit(self, hud, w, h);
        let (size, row_h) = (layout.size, layout.row_h);
        let pad = (row_h * 0.25).round();
        for (c, &(cx, cw)) in self.columns.iter().zip(&layout.columns) {
            let text_y = y + row_h - hud.line_height(TextSize::Small) - (row_h * 0.08).round();
            let hw = hud.label_width(TextSize::Small, c.header);
            let at = match c.align {
                Align::Left => x + cx,
                Align::Right => x + cx + cw - hw,
            };
            hud.label(at, text_y, TextSize::Small, c.header, colours.dim);
        }
        let top = y + row_h;
        let eased = ease(motion.rows);
        let shown = layout.first..layout.first + layout.shown;
        // Where each row stands at `progress`, in slots from the first shown (None: off).
        let slot_of = |i: usize, row: &TableRow| {
            let from = row.from_row.unwrap_or(i) as f32;
            let slot = from + (i as f32 - from) * eased - layout.first as f32;
            (shown.contains(&i) && (-0.5..=layout.shown as f32 - 0.5).contains(&slot)).then_some(slot)
        };
        // Three passes, so no row's background covers another's text as rows pass each
        // other: the stripes, still, by slot; the lit row's band where it is; every entry.
        for k in (1..layout.shown).step_by(2) {
            hud.rect(x - pad, top + k as f32 * row_h, w + 2.0 * pad, row_h, colours.stripe);
        }
        for (i, row) in self.rows.iter().enumerate().filter(|(_, r)| r.lit) {
            if let Some(slot) = slot_of(i, row) {
                hud.rect(x - pad, top + slot * row_h, w + 2.0 * pad, row_h, colours.lit);
            }
        }
        for (i, row) in self.rows.iter().enumerate() {
            let Some(slot) = slot_of(i, row) else {
                continue;
            };
            let ry = top + slot * row_h;
            let colour = if row.lit { colours.on_lit } else { colours.text };
            for ((c, cell), &(cx, cw)) in self.columns.iter().zip(&row.cells).zip(&layout.columns) {
                if let Cell::Swatch(rgb) = cell {
                    let side = (hud.line_height(size) * 0.7).round();
                    let (sx, sy) = (x + cx + (cw - side) * 0.5, ry + (row_h - side) * 0.5);
                    // A grey rim, so black paint shows on the dark page.
                    hud.rect(sx - 1.0, sy - 1.0, side + 2.0, side + 2.0, colours.dim);
                    // Linear paint shown as the screen's sRGB, roughly (gamma 2.2).
                    let srgb = rgb.map(|v| v.max(0.0).powf(1.0 / 2.2));
                    hud.rect(sx, sy, side, side, [srgb[0], srgb[1], srgb[2], 1.0]);
                    continue;
                }
                let text = cut_to(hud, size, &cell.shown(motion.count), cw);
                let tw = hud.label_width(size, &text);
                let at = match c.align {
                    Align::Left => x + cx,
                    Align::Right => x + cx + cw - tw,
                };
                hud.label(at, ry + (row_h - hud.line_height(size)) * 0.5, size, &text, colour);
            }
        }
        y + layout.height()
    }
}

/// `text` cut short with an ellipsis to fit `max_w` at `size` (whole if it fits).
pub fn cut_to(m: &dyn Measure, size: TextSize, text: &str, max_w: f32) -> String {
    if m.width(size, text) <= max_w {
        return text.to_string();
    }
    let mut cut = text.to_string();
    while !cut.is_empty() && m.width(size, &format!("{cut}…")) > max_w {
        cut.pop();
    }
    format!("{}…", cut.trim_end())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A monospaced stand-in for the HUD's font at 480 lines: body 9 px an em and 20 px a
    /// line, small 7 and 15 (the real font's body is 0.042 of the height).
    struct Mono;

    impl Measure for Mono {
        fn width(&self, size: TextSize, text: &str) -> f32 {
            text.chars().count() as f32 * if size == TextSize::Body { 9.0 } else { 7.0 }
        }
        fn line(&self, size: TextSize) -> f32 {
            if size == TextSize::Body {
                20.0
            } else {
                15.0
            }
        }
    }

    fn standings(rows: usize, name: &str) -> Table {
        Table {
            columns: vec![
                Column::right("Pos"),
                Column::left(""),
                Column::fill("Driver"),
                Column::right("Pts"),
            ],
            rows: (0..rows)
                .map(|i| TableRow {
                    cells: vec![
                        Cell::text(format!("{}", i + 1)),
                        Cell::Swatch([0.5, 0.1, 0.1]),
                        Cell::text(name),
                        Cell::Count {
                            from: 0,
                            to: 100 - i as u32,
                        },
                    ],
                    lit: i == rows - 1,
                    from_row: None,
                })
                .collect(),
        }
    }

    #[test]
    fn columns_are_as_wide_as_their_widest_entry_and_the_name_takes_the_rest() {
        let t = standings(8, "Sophia Lindqvist");
        let l = TableLayout::fit(&t, &Mono, 600.0, 400.0);
        assert_eq!(l.size, TextSize::Body);
        assert_eq!(l.shown, 8);
        let gap = 12.0; // 0.6 of a 20 px line
                        // "Pos" is a small header (21 px), wider than "8" in body (9 px).
        assert_eq!(l.columns[0], (0.0, 21.0));
        // The swatch column: 0.7 of a line.
        assert_eq!(l.columns[1], (21.0 + gap, 14.0));
        // Points: "100" (27 px) beats "Pts" (21 px); the name fills the rest exactly.
        let (px, pw) = l.columns[3];
        assert_eq!(pw, 27.0);
        assert!(
            (px + pw - 600.0).abs() < 1e-3,
            "the last column ends at the table's edge"
        );
        let (nx, nw) = l.columns[2];
        assert!((nx + nw + gap - px).abs() < 1e-3);
    }

    #[test]
    fn a_narrow_or_short_window_drops_to_small_text_then_to_the_rows_around_the_player() {
        let t = standings(8, "Sophia Lindqvist");
        // 640×480's list: about 380 px by 230 px fits 8 rows and a header at body size
        // (24 px rows: 216 px).
        let l = TableLayout::fit(&t, &Mono, 380.0, 230.0);
        assert_eq!((l.size, l.shown), (TextSize::Body, 8));
        // 170 px high: body rows do not fit, small ones (18 px: 9 rows) do.
        let l = TableLayout::fit(&t, &Mono, 380.0, 170.0);
        assert_eq!((l.size, l.shown), (TextSize::Small, 8));
        // Sixteen rows in 170 px: the window of them holds the lit (last) row.
        let t16 = standings(16, "Sophia Lindqvist");
        let l = TableLayout::fit(&t16, &Mono, 380.0, 170.0);
        assert_eq!(l.shown, 8);
        assert!((l.first..l.first + l.shown).contains(&15), "{l:?}");
        // A window too narrow for the name beside the numbers at body size drops to small.
        let l = TableLayout::fit(&t, &Mono, 140.0, 400.0);
        assert_eq!(l.size, TextSize::Small);
    }

    #[test]
    fn a_count_counts_up_and_a_long_name_is_cut_short() {
        let c = Cell::Count { from: 18, to: 43 };
        assert_eq!(c.shown(0.0), "18");
        assert_eq!(c.shown(1.0), "43");
        assert_eq!(c.shown(0.5), "31", "halfway: 30.5 rounds up");
        assert_eq!(c.widest(), "43");
        assert_eq!(cut_to(&Mono, TextSize::Body, "Alessandro Valmont", 90.0), "Alessandr…");
        assert_eq!(cut_to(&Mono, TextSize::Body, "Ana", 90.0), "Ana");
        assert_eq!((ease(0.0), ease(1.0), ease(0.5)), (0.0, 1.0, 0.5));
        let t = standings(2, "Ana");
        assert_eq!(
            t.plain_rows(),
            ["1  Ana  100", "2  Ana  99"],
            "no swatch, counts at their end"
        );
    }
}
