//! The level's minimap: the level's centre line (the level select's `LevelMap`, made once
//! from the level's data) as a chain of dots on a shaded square, framed on the line, and
//! a dot for every car from the latest snapshot — the player's larger and in its own
//! colour, drawn last so it is never hidden (in split screen, every player's, each in
//! their car's paint: [`draw_players`]). The race draws it bottom left; `hud::layout` places it bottom left, clear of
//! the race panel, the dial and the pages, in every combination (its test). Drawing
//! allocates nothing: the line is the map's, the cars the snapshot's.

use super::{LevelMap, Rect};
use crate::render::Hud;
use crate::sim::Snapshot;

const SHADE: [f32; 4] = [0.0, 0.0, 0.0, 0.5];
const LINE: [f32; 4] = [0.8, 0.82, 0.86, 0.9];
/// The player's dot: the menus' focus orange.
pub const PLAYER: [f32; 4] = [0.95, 0.55, 0.12, 1.0];
/// The opponents' dots.
pub const OPPONENT: [f32; 4] = [0.3, 0.75, 1.0, 1.0];

/// Adds the minimap of `map` with `snapshot`'s cars (the player's first) to `hud`, in the
/// square `rect` the layout gives it.
pub fn draw(hud: &mut Hud, map: &LevelMap, snapshot: &Snapshot, rect: Rect) {
    draw_players(hud, map, snapshot, rect, &[(0, PLAYER)]);
}

/// As [`draw`], the cars `players` names (world index and colour) larger and in their own
/// colours, drawn last in that order; every other car an opponent's dot.
pub fn draw_players(hud: &mut Hud, map: &LevelMap, snapshot: &Snapshot, rect: Rect, players: &[(usize, [f32; 4])]) {
    let (x, y, side) = (rect.x, rect.y, rect.w.min(rect.h));
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
    let mut car_dot = |i: usize, size: f32, colour: [f32; 4]| {
        let Some(pose) = snapshot.cars.get(i) else {
            return;
        };
        let p = pose.chassis.position;
        let (px, py) = at(map.place(p.x, p.z));
        // Kept inside the square.
        let (px, py) = (
            px.clamp(x + size * 0.5, x + side - size * 0.5),
            py.clamp(y + size * 0.5, y + side - size * 0.5),
        );
        hud.rect(px - size * 0.5, py - size * 0.5, size, size, colour);
    };
    for i in 0..snapshot.cars.len() {
        if !players.iter().any(|&(p, _)| p == i) {
            car_dot(i, car, OPPONENT);
        }
    }
    for &(i, colour) in players {
        car_dot(i, car * 1.4, colour);
    }
}
