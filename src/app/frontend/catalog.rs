//! What the level and car select screens list: each shipped level and car with the
//! figures shown beside it, read once when the front end opens.

use crate::app::hud::LevelMap;
use crate::content::challenge::Challenge;
use crate::content::{level_names, load_level, ContentRoot, LevelInfo};
use crate::modes::championship::{load_cups, CupDef, Season};
use crate::modes::{Medal, Mode, Record};
use crate::vehicle::{CarDef, PointMass};

/// A level as the level select shows it.
#[derive(Debug, Clone, PartialEq)]
pub struct LevelEntry {
    /// Its name (what `--level` takes): the file name, never shown to players.
    pub name: String,
    /// The name players know, where it is, its group and corners.
    pub info: LevelInfo,
    /// One line about it.
    pub description: String,
    /// The chunked area's extent, m (east-west, north-south).
    pub size_m: (f32, f32),
    /// The track's length along its centre line, m, when it has one.
    pub track_length_m: Option<f32>,
    /// Whether laps can be timed on it (it has a track or an AI loop).
    pub has_course: bool,
    /// The best lap on record here (any car, any assists), s, and its medal.
    pub best_lap: Option<(f64, Option<Medal>)>,
    /// Its challenge, on a scenario level that has one.
    pub challenge: Option<Challenge>,
    /// The best challenge medal on record here (any car, any assists).
    pub challenge_medal: Option<Medal>,
    /// A top-down picture of it.
    pub map: LevelMap,
}

impl LevelEntry {
    /// Why this level cannot be played in `mode`, as the level select says it; None when
    /// it can.
    pub fn unfit(&self, mode: Mode) -> Option<&'static str> {
        mode.unfit(self.has_course, self.challenge.is_some())
    }
}

/// A car as the car select shows it.
#[derive(Debug, Clone, PartialEq)]
pub struct CarEntry {
    /// Its name (what `--car` takes).
    pub name: String,
    /// One line about it.
    pub description: String,
    /// `arcade` or `sim`.
    pub model: &'static str,
    /// Mass, kg.
    pub mass_kg: f32,
    /// Peak engine power from the torque curve (sim cars), kW.
    pub power_kw: Option<f32>,
    /// Driven wheels (sim cars): FWD, RWD or AWD.
    pub drivetrain: Option<&'static str>,
    /// Top speed on flat asphalt from the point-mass longitudinal model (sim cars), m/s.
    pub top_speed_mps: Option<f32>,
    /// The car file's own paint, linear RGB (a guest's first paint keeps clear of it).
    pub color: [f32; 3],
}

/// A cup as the championship page shows it: its definition, and its rounds as players
/// know their levels.
#[derive(Debug, Clone, PartialEq)]
pub struct CupEntry {
    /// The cup.
    pub def: CupDef,
    /// Its rounds: the level's name players know, and the laps.
    pub rounds: Vec<(String, u32)>,
}

/// The season saved and not finished, as the main menu's *Continue championship* says it.
#[derive(Debug, Clone, PartialEq)]
pub struct SavedSeason {
    /// The cup's title.
    pub title: String,
    /// Rounds run, and in all.
    pub rounds_done: usize,
    /// See `rounds_done`.
    pub rounds_total: usize,
    /// The player's place in the table.
    pub position: usize,
}

/// Every level and car that loads; ones that do not are logged and left out.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Catalog {
    /// Levels, by group (`LevelKind`'s order), then by the name players know.
    pub levels: Vec<LevelEntry>,
    /// Cars, by name.
    pub cars: Vec<CarEntry>,
    /// Whether the options offer the window size and fullscreen (the desktop profile;
    /// a console's display is fixed).
    pub window_options: bool,
    /// The frame-rate caps the options offer (the profile's; empty: none).
    pub frame_caps_hz: Vec<u32>,
    /// The cups a championship can be raced in (none when `content/cups` does not load:
    /// logged).
    pub cups: Vec<CupEntry>,
    /// The season saved and not finished, if any.
    pub season: Option<SavedSeason>,
}

/// Standard gravity for the top-speed estimate, m/s².
const GRAVITY_MPS2: f32 = 9.81;

impl Catalog {
    /// Reads the levels and cars under `root`; `window_options` as the profile allows.
    pub fn load(root: &ContentRoot, window_options: bool) -> Catalog {
        let mut levels: Vec<LevelEntry> = level_names(root)
            .into_iter()
            .filter_map(|name| match load_level(root, &name) {
                Ok(l) => Some(level_entry(&l)),
                Err(e) => {
                    log::warn!("level select: {name} left out: {e}");
                    None
                }
            })
            .collect();
        levels.sort_by_cached_key(|l| (l.info.listing_key(), l.name.clone()));
        let cars = CarDef::names(root)
            .into_iter()
            .filter_map(|name| match CarDef::load(root, &name) {
                Ok(c) => Some(car_entry(&c)),
                Err(e) => {
                    log::warn!("car select: {name} left out: {e}");
                    None
                }
            })
            .collect();
        let cups = cup_entries(root, &levels);
        Catalog {
            levels,
            cars,
            window_options,
            frame_caps_hz: Vec::new(),
            cups,
            season: None,
        }
    }

    /// Notes the season saved and not finished (None: no season to continue).
    pub fn set_season(&mut self, season: Option<&Season>) {
        self.season = season.filter(|s| !s.is_over()).map(|s| SavedSeason {
            title: s.title.clone(),
            rounds_done: s.results.len(),
            rounds_total: s.rounds.len(),
            position: s.player_position(),
        });
    }

    /// The cup called `name`.
    pub fn cup(&self, name: &str) -> Option<&CupEntry> {
        self.cups.iter().find(|c| c.def.name == name)
    }

    /// Notes each level's best lap and medal from `records` (the fastest over its cars
    /// and assist sets; the best medal).
    pub fn set_records(&mut self, records: &[Record]) {
        for level in &mut self.levels {
            let name = level.name.as_str();
            let of = |mode: Mode| records.iter().filter(move |r| r.level == name && r.mode == mode);
            let best = of(Mode::TimeTrial)
                .filter_map(|r| r.best_lap_s)
                .fold(None, |b: Option<f64>, s| Some(b.map_or(s, |b| b.min(s))));
            let lap_medal = of(Mode::TimeTrial).fold(None, |m, r| Medal::best(m, r.medal));
            let challenge_medal = of(Mode::Challenge).fold(None, |m, r| Medal::best(m, r.medal));
            level.best_lap = best.map(|s| (s, lap_medal));
            level.challenge_medal = challenge_medal;
        }
    }

    /// The level called `name`.
    pub fn level(&self, name: &str) -> Option<&LevelEntry> {
        self.levels.iter().find(|l| l.name == name)
    }
}

/// The cups of `root`, their rounds named as `levels` name them; none, logged, when the
/// cups do not load (a championship is then not offered).
fn cup_entries(root: &ContentRoot, levels: &[LevelEntry]) -> Vec<CupEntry> {
    match load_cups(root, &level_names(root), &CarDef::names(root)) {
        Ok((cups, _)) => cups
            .into_iter()
            .map(|def| CupEntry {
                rounds: def
                    .rounds
                    .iter()
                    .map(|r| {
                        let shown = levels.iter().find(|l| l.name == r.level);
                        (shown.map_or(r.level.clone(), |l| l.info.name.clone()), r.laps)
                    })
                    .collect(),
                def,
            })
            .collect(),
        Err(e) => {
            log::warn!("no championship: {e}");
            Vec::new()
        }
    }
}

fn level_entry(l: &crate::content::LoadedLevel) -> LevelEntry {
    let coords = l.chunks.coords();
    let size = l.level.chunk_size_m;
    let span = |f: fn(&glam::IVec2) -> i32| {
        let lo = coords.iter().map(f).min().unwrap_or(0);
        let hi = coords.iter().map(f).max().unwrap_or(-1);
        (hi - lo + 1).max(0) as f32 * size
    };
    LevelEntry {
        name: l.level.name.clone(),
        info: l.level.info.clone(),
        description: l.level.description.clone(),
        size_m: (span(|c| c.x), span(|c| c.y)),
        track_length_m: l.level.track.as_ref().map(|t| t.track.length_m()),
        has_course: l.level.track.is_some() || l.level.ai_line.is_some(),
        best_lap: None,
        challenge: l.level.challenge.clone(),
        challenge_medal: None,
        map: LevelMap::of(&l.level),
    }
}

fn car_entry(c: &CarDef) -> CarEntry {
    let sim = c.sim();
    CarEntry {
        name: c.name.clone(),
        description: c.description.clone(),
        model: c.model_name(),
        mass_kg: c.mass_kg,
        // P = T·ω, ω = rpm·2π/60, at the torque curve's best point.
        power_kw: sim.map(|p| {
            p.engine
                .torque_curve
                .points()
                .iter()
                .map(|(rpm, nm)| nm * rpm * std::f32::consts::TAU / 60.0 / 1000.0)
                .fold(0.0, f32::max)
        }),
        drivetrain: sim.map(|p| match format!("{:?}", p.differential.drive).as_str() {
            "Front" => "FWD",
            "Rear" => "RWD",
            _ => "AWD",
        }),
        top_speed_mps: PointMass::new(c, 1.0, GRAVITY_MPS2).map(|m| m.top_speed_mps()),
        color: c.color.to_array(),
    }
}
