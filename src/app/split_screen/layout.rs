//! Where each player's view goes on the window, as the console racers laid them out: two
//! players one above the other (or, as an option, side by side), three or four in a 2 × 2
//! grid, the free quarter of three left to the map and the positions. Views are parted by
//! a thin dark divider so the eye finds each edge. Pure: rectangles from counts and sizes.

use crate::render::ViewRect;
use crate::sim::MAX_PLAYERS;

/// The divider between views, px per 480 rows of window (2 px at 480, 3 at 720, 4 at
/// 1080): thin at every size, never a hairline.
pub const DIVIDER_PX_PER_480: u32 = 2;

/// How two players share the screen.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, serde::Serialize, serde::Deserialize, clap::ValueEnum)]
#[serde(rename_all = "kebab-case")]
pub enum TwoPlayerSplit {
    /// One above the other: each view the window's width (the road ahead as wide as
    /// alone), half its height. Player 1 on top.
    #[default]
    Stacked,
    /// Side by side: each view half the width, the whole height. Player 1 on the left.
    SideBySide,
}

/// The views of one frame: a rectangle per player, and the quarter no player has (three
/// players), for the map. A fixed array: laying views out allocates nothing.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SplitViews {
    rects: [ViewRect; MAX_PLAYERS],
    count: usize,
    /// The quarter left free with three players.
    pub free: Option<ViewRect>,
}

impl SplitViews {
    /// Each player's view, player 1's first.
    pub fn views(&self) -> &[ViewRect] {
        &self.rects[..self.count]
    }

    /// Whether the views leave part of the window undrawn (the dividers, a free quarter):
    /// the frame clears it first.
    pub fn leaves_gaps(&self) -> bool {
        self.count > 1
    }
}

/// The views of `players` people (1 to 4; more are laid out as 4, none as 1) on a
/// `width × height` window, two of them as `two` says.
pub fn split_views(players: usize, width: u32, height: u32, two: TwoPlayerSplit) -> SplitViews {
    let gap = (height * DIVIDER_PX_PER_480).div_ceil(480).max(1);
    let mut rects = [ViewRect::default(); MAX_PLAYERS];
    // Halves of a length with the divider between them: the first (lower or left) half
    // and where the second starts.
    let halves = |n: u32| -> (u32, u32) {
        let first = n.saturating_sub(gap) / 2;
        (first, first + gap)
    };
    let (low_h, high_y) = halves(height);
    let (left_w, right_x) = halves(width);
    let top = ViewRect {
        x: 0,
        y: high_y,
        width,
        height: height.saturating_sub(high_y),
    };
    let bottom = ViewRect {
        x: 0,
        y: 0,
        width,
        height: low_h,
    };
    let left = |r: ViewRect| ViewRect { width: left_w, ..r };
    let right = |r: ViewRect| ViewRect {
        x: right_x,
        width: width.saturating_sub(right_x),
        ..r
    };
    let count = players.clamp(1, MAX_PLAYERS);
    let mut free = None;
    match (count, two) {
        (1, _) => rects[0] = ViewRect::full(width, height),
        (2, TwoPlayerSplit::Stacked) => {
            rects[0] = top;
            rects[1] = bottom;
        }
        (2, TwoPlayerSplit::SideBySide) => {
            let whole = ViewRect::full(width, height);
            rects[0] = left(whole);
            rects[1] = right(whole);
        }
        _ => {
            rects[0] = left(top);
            rects[1] = right(top);
            rects[2] = left(bottom);
            rects[3] = right(bottom);
            if count == 3 {
                free = Some(rects[3]);
            }
        }
    }
    SplitViews { rects, count, free }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Whether two rectangles share a pixel.
    fn overlap(a: &ViewRect, b: &ViewRect) -> bool {
        a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height
    }

    #[test]
    fn views_tile_the_window_parted_by_the_divider() {
        for (w, h) in [(640, 480), (1280, 720), (1920, 1080), (801, 601)] {
            for players in 1..=4 {
                for two in [TwoPlayerSplit::Stacked, TwoPlayerSplit::SideBySide] {
                    let s = split_views(players, w, h, two);
                    let views = s.views();
                    assert_eq!(views.len(), players);
                    let mut area: u64 = s.free.map_or(0, |f| u64::from(f.width * f.height));
                    for (i, a) in views.iter().enumerate() {
                        assert!(a.x + a.width <= w && a.y + a.height <= h, "{a:?} in {w}×{h}");
                        assert!(a.width >= w / 2 - 3 && a.height >= h / 2 - 3, "{a:?} too small");
                        for b in &views[i + 1..] {
                            assert!(!overlap(a, b), "{a:?} {b:?}");
                        }
                        area += u64::from(a.width * a.height);
                    }
                    // Everything but the dividers is drawn: at most a divider's width
                    // across and down the window.
                    let divider = u64::from((h * DIVIDER_PX_PER_480).div_ceil(480));
                    let missing = u64::from(w * h) - area;
                    assert!(
                        missing <= divider * u64::from(w + h),
                        "{players} on {w}×{h}: {missing} px"
                    );
                    assert_eq!(s.leaves_gaps(), players > 1);
                }
            }
        }
    }

    #[test]
    fn player_one_is_top_or_left_and_three_leave_the_bottom_right_free() {
        // GL counts rows from the bottom: the top view has the higher y.
        let two = split_views(2, 1280, 720, TwoPlayerSplit::Stacked);
        let [p1, p2] = [two.views()[0], two.views()[1]];
        assert!(p1.y > p2.y && p1.width == 1280 && p2.width == 1280);
        assert_eq!(p1.height, 359);
        assert_eq!(p2.height, 358);
        let side = split_views(2, 1280, 720, TwoPlayerSplit::SideBySide);
        assert!(side.views()[0].x < side.views()[1].x && side.views()[0].height == 720);
        let three = split_views(3, 1280, 720, TwoPlayerSplit::Stacked);
        let free = three.free.expect("a free quarter");
        assert_eq!((free.x > 0, free.y), (true, 0));
        assert!(three.views().iter().all(|v| !overlap(v, &free)));
        assert_eq!(split_views(4, 1280, 720, TwoPlayerSplit::Stacked).free, None);
        assert_eq!(
            split_views(1, 640, 480, TwoPlayerSplit::Stacked).views(),
            &[ViewRect::full(640, 480)]
        );
    }
}
