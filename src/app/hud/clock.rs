//! Times as the player reads them, on the HUD and in the menus: `m:ss.mmm`.

use std::fmt::Write as _;

/// Writes seconds as a lap time, `m:ss.mmm` (negative reads as zero).
pub fn write_clock(out: &mut String, s: f64) {
    let ms = (s.max(0.0) * 1000.0).round() as u64;
    let _ = write!(out, "{}:{:02}.{:03}", ms / 60_000, ms / 1000 % 60, ms % 1000);
}

/// A lap time as the menus show it, `m:ss.mmm` (allocates: not for a frame's HUD, which
/// writes into its scratch text with [`write_clock`]).
pub fn lap_clock(s: f64) -> String {
    let mut out = String::new();
    write_clock(&mut out, s);
    out
}
