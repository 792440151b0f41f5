//! The race's minimap, bottom left: the level's centre line (the level select's
//! `LevelMap`, made once from the level's data) as a chain of dots on a shaded square,
//! framed on the line, and
//! a dot for every car from the latest snapshot — the player's larger and in its own
//! colour, drawn last so it is never hidden. Bottom left keeps it clear of the race panel
//! (top right) and the speedometer (bottom right) at 640×480 as at 1280×720. Drawing
//! allocates nothing: the line is the map's, the cars the snapshot's.

use super::frontend::LevelMap;
use crate::render::Hud;
use crate::sim::Snapshot;

const SHADE: [f32; 4] = [0.0, 0.0, 0.0, 0.5];
const LINE: [f32; 4] = [0.8, 0.82, 0.86, 0.9];
/// The player's dot: the menus' focus orange.
pub const PLAYER: [f32; 4] = [0.95, 0.55, 0.12, 1.0];
/// The opponents' dots.
pub const OPPONENT: [f32; 4] = [0.3, 0.75, 1.0, 1.0];

/// The minimap's square on a `w` × `h` window: (x, y, side), pixels from the top left.
/// A quarter of the height (at most a quarter of the width), a 2 % margin from the
/// bottom-left corner.
pub fn layout(w: f32, h: f32) -> (f32, f32, f32) {
    let margin = (h * 0.02).round();
    let side = (h * 0.25).min(w * 0.25).round();
    (margin, h - margin - side, side)
}

/// Adds the minimap of `map` with `snapshot`'s cars (the player's first) to `hud`.
pub fn draw(hud: &mut Hud, map: &LevelMap, snapshot: &Snapshot, w: f32, h: f32) {
    let (x, y, side) = layout(w, h);
    hud.rect(x, y, side, side, SHADE);
    // Framed on the line (a track is often a small part of its terrain), in metres so
    // the map keeps its aspect: the longer side fills the square, less a margin.
    let (mw, mh) = map.size_m;
    let (mut lo, mut hi) = ((1.0f32, 1.0f32), (0.0f32, 0.0f32));
    for &(fx, fy) in &map.line {
        lo = (lo.0.min(fx), lo.1.min(fy));
        hi = (hi.0.max(fx), hi.1.max(fy));
    }
    if map.line.is_empty() {
        (lo, hi) = ((0.0, 0.0), (1.0, 1.0));
    }
    let (spanx_m, spany_m) = (((hi.0 - lo.0) * mw).max(1.0), ((hi.1 - lo.1) * mh).max(1.0));
    let inner = side * 0.86;
    let px_per_m = inner / spanx_m.max(spany_m);
    let (pw, ph) = (spanx_m * px_per_m, spany_m * px_per_m);
    let (x0, y0) = (x + (side - pw) * 0.5, y + (side - ph) * 0.5);
    let at = |(fx, fy): (f32, f32)| {
        let px = (x0 + (fx - lo.0) * mw * px_per_m).clamp(x, x + side);
        let py = (y0 + (fy - lo.1) * mh * px_per_m).clamp(y, y + side);
        (px, py)
    };
    let dot = (side / 80.0).max(1.5).round();
    for &p in &map.line {
        let (px, py) = at(p);
        hud.rect(px - dot * 0.5, py - dot * 0.5, dot, dot, LINE);
    }
    let car = dot * 3.0;
    for (i, pose) in snapshot
        .cars
        .iter()
        .enumerate()
        .skip(1)
        .chain(snapshot.cars.iter().enumerate().take(1))
    {
        let p = pose.chassis.position;
        let (px, py) = at(map.place(p.x, p.z));
        let (size, colour) = if i == 0 { (car * 1.4, PLAYER) } else { (car, OPPONENT) };
        // Kept inside the square.
        let (px, py) = (
            px.clamp(x + size * 0.5, x + side - size * 0.5),
            py.clamp(y + size * 0.5, y + side - size * 0.5),
        );
        hud.rect(px - size * 0.5, py - size * 0.5, size, size, colour);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Whether two (x, y, w, h) rectangles overlap.
    fn overlap(a: [f32; 4], b: [f32; 4]) -> bool {
        a[0] < b[0] + b[2] && b[0] < a[0] + a[2] && a[1] < b[1] + b[3] && b[1] < a[1] + a[3]
    }

    #[test]
    fn the_minimap_fits_the_window_and_keeps_clear_of_the_race_panel_and_speedometer() {
        for (w, h) in [(640.0, 480.0), (1280.0, 720.0), (1920.0, 1080.0)] {
            let (x, y, side) = layout(w, h);
            let map = [x, y, side, side];
            assert!(
                x >= 0.0 && y >= 0.0 && x + side <= w && y + side <= h,
                "{w}x{h}: {map:?}"
            );
            assert!(side >= 100.0, "{w}x{h}: big enough to read ({side} px)");
            // The speedometer's box at its widest (a sim car's rpm-and-gear line, 18
            // characters of the 8-pixel font at the HUD's scale) from `hud::compose`.
            let scale = (h / 240.0).floor().max(1.0);
            let speedo_w = 18.0 * 8.0 * scale + 12.0 * scale;
            let speedo = [w - speedo_w - 16.0 * scale, h - 40.0 * scale, speedo_w, 36.0 * scale];
            assert!(
                !overlap(map, speedo),
                "{w}x{h}: {map:?} covers the speedometer {speedo:?}"
            );
            // The race panel, top right, at most half the width and a third of the height.
            let panel = [w * 0.5, 0.0, w * 0.5, h / 3.0];
            assert!(!overlap(map, panel), "{w}x{h}: {map:?} covers the race panel");
        }
    }
}
