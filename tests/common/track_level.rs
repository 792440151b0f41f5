//! Levels given by a centre line alone, written to a directory as a designer's `--content`
//! level is: `track.csv` (x, y, the widths right and left of it) and a `level.toml` with
//! flat terrain and a start spawn. No racing line ships with them, so a game or test that
//! loads one searches its line (or reads it from the cache).

use std::path::{Path, PathBuf};

/// What the level's file says beside its track.
pub struct TrackLevel<'a> {
    /// The level's one-line description.
    pub description: &'a str,
    /// The flat terrain's side, m.
    pub terrain_m: u32,
    /// The terrain's material.
    pub material: &'a str,
    /// Where the `start` spawn stands, x and z, m (0.6 m above the ground).
    pub start_xz_m: (f64, f64),
}

/// Writes `level` with `centre` (x, y points, m, in driving order) as its track, the track
/// `half_width_m` either side of it, into `dir`; returns the level file's path.
pub fn write_track_level(
    dir: &Path,
    level: &TrackLevel,
    centre: impl IntoIterator<Item = (f64, f64)>,
    half_width_m: f64,
) -> PathBuf {
    let csv: String = centre
        .into_iter()
        .map(|(x, y)| format!("{x:.3},{y:.3},{half_width_m},{half_width_m}\n"))
        .collect();
    std::fs::write(
        dir.join("track.csv"),
        format!("# x_m,y_m,w_tr_right_m,w_tr_left_m\n{csv}"),
    )
    .unwrap();
    let path = dir.join("level.toml");
    let (x, z) = level.start_xz_m;
    std::fs::write(
        &path,
        format!(
            "description = \"{}\"\n[terrain]\nsize_m = [{}, {}]\nmaterial = \"{}\"\n\
             [track]\ncenterline = \"track.csv\"\n\
             [[spawns]]\nname = \"start\"\nposition_m = [{x}, 0.6, {z:?}]\n",
            level.description, level.terrain_m, level.terrain_m, level.material
        ),
    )
    .unwrap();
    path
}

/// A flat asphalt ring of `radius_m` (48 points round), `half_width_m` either side, its
/// start on the centre line: the small track the loading-screen and author-time tests
/// search a line for.
pub fn ring_level(dir: &Path, radius_m: f64, half_width_m: f64) -> PathBuf {
    let centre = (0..48).map(|i| {
        let a = i as f64 / 48.0 * std::f64::consts::TAU;
        (radius_m * a.cos(), radius_m * a.sin())
    });
    let level = TrackLevel {
        description: "a ring",
        terrain_m: 300,
        material: "asphalt",
        start_xz_m: (radius_m, 0.0),
    };
    write_track_level(dir, &level, centre, half_width_m)
}
