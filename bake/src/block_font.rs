//! A 5 × 7 block font for text drawn as geometry (boards, painted markings): each glyph is
//! rows of lit cells, and a line of text becomes one rectangle per run of lit cells in a
//! row, so a board's "300" costs a few dozen triangles and reads from a moving car.
//!
//! When a character is refused, the level names the field; add its glyph here (7 rows of
//! 5 cells, `#` lit) rather than substituting it.

/// Cells across one glyph.
pub const GLYPH_COLS: usize = 5;
/// Cells down one glyph.
pub const GLYPH_ROWS: usize = 7;
/// Cells from one glyph's left edge to the next's (one blank column between).
pub const ADVANCE_COLS: usize = GLYPH_COLS + 1;

/// The glyph for `c` (letters in either case), or `None` if the font lacks it.
fn glyph(c: char) -> Option<[&'static str; GLYPH_ROWS]> {
    Some(match c.to_ascii_uppercase() {
        ' ' => [".....", ".....", ".....", ".....", ".....", ".....", "....."],
        '0' => [".###.", "#...#", "#..##", "#.#.#", "##..#", "#...#", ".###."],
        '1' => ["..#..", ".##..", "..#..", "..#..", "..#..", "..#..", ".###."],
        '2' => [".###.", "#...#", "....#", "...#.", "..#..", ".#...", "#####"],
        '3' => ["####.", "....#", "....#", ".###.", "....#", "....#", "####."],
        '4' => ["...#.", "..##.", ".#.#.", "#..#.", "#####", "...#.", "...#."],
        '5' => ["#####", "#....", "####.", "....#", "....#", "#...#", ".###."],
        '6' => [".###.", "#....", "#....", "####.", "#...#", "#...#", ".###."],
        '7' => ["#####", "....#", "...#.", "..#..", ".#...", ".#...", ".#..."],
        '8' => [".###.", "#...#", "#...#", ".###.", "#...#", "#...#", ".###."],
        '9' => [".###.", "#...#", "#...#", ".####", "....#", "....#", ".###."],
        'A' => [".###.", "#...#", "#...#", "#####", "#...#", "#...#", "#...#"],
        'B' => ["####.", "#...#", "#...#", "####.", "#...#", "#...#", "####."],
        'C' => [".###.", "#...#", "#....", "#....", "#....", "#...#", ".###."],
        'D' => ["####.", "#...#", "#...#", "#...#", "#...#", "#...#", "####."],
        'E' => ["#####", "#....", "#....", "####.", "#....", "#....", "#####"],
        'F' => ["#####", "#....", "#....", "####.", "#....", "#....", "#...."],
        'G' => [".###.", "#...#", "#....", "#.###", "#...#", "#...#", ".####"],
        'H' => ["#...#", "#...#", "#...#", "#####", "#...#", "#...#", "#...#"],
        'I' => [".###.", "..#..", "..#..", "..#..", "..#..", "..#..", ".###."],
        'J' => ["..###", "...#.", "...#.", "...#.", "...#.", "#..#.", ".##.."],
        'K' => ["#...#", "#..#.", "#.#..", "##...", "#.#..", "#..#.", "#...#"],
        'L' => ["#....", "#....", "#....", "#....", "#....", "#....", "#####"],
        'M' => ["#...#", "##.##", "#.#.#", "#.#.#", "#...#", "#...#", "#...#"],
        'N' => ["#...#", "#...#", "##..#", "#.#.#", "#..##", "#...#", "#...#"],
        'O' => [".###.", "#...#", "#...#", "#...#", "#...#", "#...#", ".###."],
        'P' => ["####.", "#...#", "#...#", "####.", "#....", "#....", "#...."],
        'Q' => [".###.", "#...#", "#...#", "#...#", "#.#.#", "#..#.", ".##.#"],
        'R' => ["####.", "#...#", "#...#", "####.", "#.#..", "#..#.", "#...#"],
        'S' => [".####", "#....", "#....", ".###.", "....#", "....#", "####."],
        'T' => ["#####", "..#..", "..#..", "..#..", "..#..", "..#..", "..#.."],
        'U' => ["#...#", "#...#", "#...#", "#...#", "#...#", "#...#", ".###."],
        'V' => ["#...#", "#...#", "#...#", "#...#", "#...#", ".#.#.", "..#.."],
        'W' => ["#...#", "#...#", "#...#", "#.#.#", "#.#.#", "#.#.#", ".#.#."],
        'X' => ["#...#", "#...#", ".#.#.", "..#..", ".#.#.", "#...#", "#...#"],
        'Y' => ["#...#", "#...#", ".#.#.", "..#..", "..#..", "..#..", "..#.."],
        'Z' => ["#####", "....#", "...#.", "..#..", ".#...", "#....", "#####"],
        '-' => [".....", ".....", ".....", "#####", ".....", ".....", "....."],
        '.' => [".....", ".....", ".....", ".....", ".....", ".##..", ".##.."],
        '/' => ["....#", "....#", "...#.", "..#..", ".#...", "#....", "#...."],
        '!' => ["..#..", "..#..", "..#..", "..#..", "..#..", ".....", "..#.."],
        '<' => ["...##", "..##.", ".##..", "##...", ".##..", "..##.", "...##"],
        '>' => ["##...", ".##..", "..##.", "...##", "..##.", ".##..", "##..."],
        '°' => [".##..", "#..#.", "#..#.", ".##..", ".....", ".....", "....."],
        _ => return None,
    })
}

/// The first character of `text` the font cannot draw, if any.
pub fn unsupported(text: &str) -> Option<char> {
    text.chars().find(|&c| glyph(c).is_none())
}

/// Width of `text` in cells (no trailing blank column).
pub fn width_cells(text: &str) -> usize {
    (text.chars().count() * ADVANCE_COLS).saturating_sub(1)
}

/// One lit run of `text`: cells `col0..col1` of row `row`, row 0 at the top, columns from
/// the text's left edge.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LitRun {
    /// Row, 0 at the top.
    pub row: usize,
    /// First lit column.
    pub col0: usize,
    /// One past the last lit column.
    pub col1: usize,
}

/// The lit runs of `text` (characters the font lacks draw nothing: validate with
/// [`unsupported`] first).
pub fn runs(text: &str) -> Vec<LitRun> {
    let mut out = Vec::new();
    for (k, c) in text.chars().enumerate() {
        let Some(g) = glyph(c) else { continue };
        let left = k * ADVANCE_COLS;
        for (row, line) in g.iter().enumerate() {
            let lit: Vec<bool> = line.chars().map(|x| x == '#').collect();
            let mut col = 0;
            while col < GLYPH_COLS {
                if !lit[col] {
                    col += 1;
                    continue;
                }
                let start = col;
                while col < GLYPH_COLS && lit[col] {
                    col += 1;
                }
                out.push(LitRun {
                    row,
                    col0: left + start,
                    col1: left + col,
                });
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_glyph_is_seven_rows_of_five_cells() {
        for c in " 0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ-./!<>°".chars() {
            let g = glyph(c).unwrap_or_else(|| panic!("{c:?} missing"));
            assert!(g.iter().all(|r| r.chars().count() == GLYPH_COLS), "{c:?}");
        }
    }

    #[test]
    fn a_one_is_its_runs_and_unknown_characters_are_named() {
        // '1': a stem of 1 cell in rows 0 and 2..6, 2 cells in row 1, 3 cells at the foot.
        let r = runs("1");
        assert_eq!(r.len(), 7);
        assert_eq!(
            r[6],
            LitRun {
                row: 6,
                col0: 1,
                col1: 4
            }
        );
        assert_eq!(unsupported("ICE 3"), None);
        assert_eq!(unsupported("ICE~"), Some('~'));
        assert_eq!(width_cells("300"), 17);
    }
}
