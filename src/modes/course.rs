//! A course to time laps on: a closed centre line, its start/finish line at distance 0,
//! and the sector lines that split a lap (thirds of the lap by distance unless given).

use crate::ai::DrivingLine;
use crate::content::Level;
use crate::error::Error;
use glam::Vec2;

/// Most sectors a lap may have (the per-car split tables are fixed arrays of this size, so
/// timing a tick allocates nothing).
pub const MAX_SECTORS: usize = 8;

/// Sectors a lap has when the level does not say: thirds, as broadcast timing does.
pub const DEFAULT_SECTORS: usize = 3;

/// How far from the centre line, m, the hinted search may land before the whole line is
/// searched again (a car that cut across the infield is found where it really is).
const RELOCATE_BEYOND_M: f32 = 40.0;

/// A closed course: where laps start and end, and where its sectors begin.
#[derive(Debug, Clone)]
pub struct Course {
    line: DrivingLine,
    /// Distance along the line, m, where each sector starts; the first is 0 (the line).
    sector_start_m: [f32; MAX_SECTORS],
    sectors: usize,
}

impl Course {
    /// The course laps are timed on in `level`: its track (its `sectors`, else thirds),
    /// else its AI loop (thirds). Bad input (naming `--mode`): a level with neither, or
    /// whose line is not a usable closed line.
    pub fn of_level(level: &Level) -> Result<Course, Error> {
        let (centre, sectors) = match (&level.track, &level.ai_line) {
            (Some(t), _) => (t.track.centre.clone(), t.sector_fractions.as_slice()),
            (None, Some(line)) => (line.points_m.clone(), &[][..]),
            (None, None) => {
                return Err(Error::bad_argument(
                    "--mode",
                    format!(
                        "level `{}` has no track and no ai_line: laps need a closed course (try circuit)",
                        level.name
                    ),
                ))
            }
        };
        Course::new(centre, sectors).ok_or_else(|| {
            Error::bad_argument(
                "--mode",
                format!("level `{}`: its course is not a usable closed line", level.name),
            )
        })
    }

    /// A course along `centre` (world x, z, driving order, closing on the first point),
    /// split into `sector_fractions` (where sectors 2.. start, as fractions of the lap,
    /// rising in (0, 1)); empty gives thirds. None when the line is unusable or the
    /// fractions are not rising inside (0, 1) or are too many.
    pub fn new(centre: Vec<Vec2>, sector_fractions: &[f32]) -> Option<Course> {
        let n = centre.len();
        let line = DrivingLine::new(centre, vec![0.0; n])?;
        let thirds = [1.0 / 3.0, 2.0 / 3.0];
        let fractions = if sector_fractions.is_empty() {
            &thirds[..]
        } else {
            sector_fractions
        };
        if fractions.len() + 1 > MAX_SECTORS {
            return None;
        }
        let mut sector_start_m = [0.0; MAX_SECTORS];
        let mut last = 0.0;
        for (k, f) in fractions.iter().enumerate() {
            if !(f.is_finite() && *f > last && *f < 1.0) {
                return None;
            }
            sector_start_m[k + 1] = f * line.length_m();
            last = *f;
        }
        Some(Course {
            line,
            sector_start_m,
            sectors: fractions.len() + 1,
        })
    }

    /// Length of a lap, m.
    pub fn length_m(&self) -> f32 {
        self.line.length_m()
    }

    /// Sectors in a lap.
    pub fn sectors(&self) -> usize {
        self.sectors
    }

    /// Distance along the course, m, of gate `k` of a lap: gate 0 and gate `sectors()` are
    /// the start/finish line, gates in between the sector lines.
    pub fn gate_m(&self, k: usize) -> f32 {
        if k >= self.sectors {
            0.0
        } else {
            self.sector_start_m[k]
        }
    }

    /// Where `p` (world x, z) is along the course, m, and the segment found (a hint for
    /// the next call). Searches near `hint`; the whole line when that lands far off it.
    pub fn locate(&self, p: Vec2, hint: Option<usize>) -> (f32, usize) {
        let mut at = self.line.locate(p, hint);
        if hint.is_some() && at.offset_m.abs() > RELOCATE_BEYOND_M {
            at = self.line.locate(p, None);
        }
        (at.s_m, at.index)
    }

    /// The point on the centre line `s_m` along it (for tests and minimaps).
    pub fn point_at(&self, s_m: f32) -> Vec2 {
        self.line.point_at(s_m)
    }
}
