//! `skidpad raceline`: search a track's racing line with the genetic algorithm, or put a
//! given line through the same speed profile (`--evaluate`), and report, write and plot
//! it.

use super::ga::{Fitness, GaParams, Progress, Stop};
use super::{plot, search, SearchOptions};
use crate::content::read_file;
use crate::content::track::Track;
use crate::content::{load_level, materials};
use crate::content::{ContentError, ContentRoot};
use crate::error::Error;
use crate::raceline::{car_model, parse_line_csv, qp_line, LineShape};
use crate::raceline::{edge_margin_m, LateralOptions, Laterals};
use crate::report::emit;
use crate::vehicle::CarDef;
use clap::{Args, ValueEnum};
use serde::Serialize;
use skidpad_platform::{Clock, WallClock};
use std::io::IsTerminal;
use std::path::{Path, PathBuf};

/// The fitness as the command line names it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum FitnessArg {
    /// Lap time through the 3-pass speed profile.
    Laptime,
    /// Minimum curvature (Σ k²·ds).
    Curvature,
}

/// The tool's population per island: four islands of 30 found Montreal's line 2.04–2.25 %
/// faster than its minimum-curvature line (sedan, 1.01 m margin, seeds 1–13) where one of
/// 50 found 1.80–2.01 %, in about 2.5 times the evaluations (PERFORMANCE.md, "The racing-line
/// search").
const ISLAND_POPULATION: usize = 30;

/// Options of `raceline`.
#[derive(Debug, Args)]
pub struct RacelineArgs {
    /// A level with a track (`circuit`) or a centre-line CSV
    /// (`# x_m,y_m,w_tr_right_m,w_tr_left_m`, a closed loop, map frame).
    #[arg(long, value_name = "NAME|FILE.csv", default_value = "circuit")]
    pub track: String,
    /// Car name or path to a car TOML (arcade cars use a simple model: constant thrust and
    /// brake, linear damping).
    #[arg(long, value_name = "NAME|PATH", default_value = "sedan")]
    pub car: String,
    /// What the search minimises.
    #[arg(long, value_enum, default_value = "laptime")]
    pub fitness: FitnessArg,
    /// Most generations.
    #[arg(long, value_name = "N", default_value_t = GaParams::default().generations)]
    pub generations: usize,
    /// Converged: stop when the best lap improved by less than --epsilon over this many
    /// generations (0: run all --generations).
    #[arg(long, value_name = "N", default_value_t = GaParams::default().convergence_generations)]
    pub convergence: usize,
    /// The relative improvement under which the search has converged (1e-4 = 0.01 %).
    #[arg(long, value_name = "X", default_value_t = GaParams::default().convergence_epsilon)]
    pub epsilon: f32,
    /// Most evaluations of the local polish after the GA (smooth windows, coarse to fine,
    /// kept when faster; 0: none).
    #[arg(long, value_name = "N", default_value_t = 30_000)]
    pub polish: usize,
    /// Most gradients of each round of the minimum-time descent after the GA (projected
    /// L-BFGS on the lap time's exact gradient, in turn with the polish until a round
    /// gains less than --epsilon; 0: the polish alone).
    #[arg(long, value_name = "N", default_value_t = 4000)]
    pub descent: usize,
    /// Independent searches (seeds S, S+1, …; spread over the cores, each core's in
    /// turn), their lines then relinked into one — each corner taken from the search that
    /// drove it fastest — and refined again; 1: a single search.
    #[arg(long, value_name = "N", default_value_t = 4)]
    pub islands: usize,
    /// Mean number of global moves per child (long smooth windows, low Fourier modes).
    #[arg(long, value_name = "X", default_value_t = GaParams::default().global_moves)]
    pub global_moves: f32,
    /// Lines per generation (of each island).
    #[arg(long, value_name = "N", default_value_t = ISLAND_POPULATION)]
    pub population: usize,
    /// Parents per child (multi-parent crossover).
    #[arg(long, value_name = "N", default_value_t = GaParams::default().parents)]
    pub parents: usize,
    /// Tournament size over the number of parents.
    #[arg(long, value_name = "X", default_value_t = GaParams::default().selection_pressure)]
    pub selection_pressure: f32,
    /// Laterals over which a child blends from one parent into the next.
    #[arg(long, value_name = "N", default_value_t = GaParams::default().crossover_smooth_laterals)]
    pub crossover_smooth: usize,
    /// Mean number of bump mutations per child.
    #[arg(long, value_name = "X", default_value_t = GaParams::default().mutation_probability)]
    pub mutation_probability: f32,
    /// Strength of a bump, 0..1.
    #[arg(long, value_name = "X", default_value_t = GaParams::default().mutation_strength)]
    pub mutation_strength: f32,
    /// Shortest and longest half-length of a bump, laterals.
    #[arg(long, value_name = "MIN,MAX", value_delimiter = ',',
          default_values_t = [GaParams::default().mutation_min_semi_length, GaParams::default().mutation_max_semi_length])]
    pub mutation_lengths: Vec<usize>,
    /// Best lines kept unchanged each generation.
    #[arg(long, value_name = "N", default_value_t = GaParams::default().elite)]
    pub elite: usize,
    /// Random seed: the same seed gives the same line.
    #[arg(long, value_name = "S", default_value_t = GaParams::default().seed)]
    pub seed: u64,
    /// Evaluate on one thread (the result is the same).
    #[arg(long)]
    pub serial: bool,
    /// Distance between laterals, m.
    #[arg(long, value_name = "M", default_value_t = LateralOptions::DEFAULT_SPACING_M)]
    pub spacing: f32,
    /// Smoothing of the centre line (Gaussian σ), m.
    #[arg(long, value_name = "M", default_value_t = LateralOptions::DEFAULT_SMOOTHING_M)]
    pub smoothing: f32,
    /// How far the line stays inside each border, m (default: the car's footprint yawed
    /// 10° off its path plus 0.2 m, 1.51 m for the sedan; `raceline::edge_margin_m`).
    #[arg(long, value_name = "M")]
    pub margin: Option<f32>,
    /// Put this line (CSV, `x_m,y_m` first on each row, map frame) through the speed
    /// profile instead of searching.
    #[arg(long, value_name = "LINE.csv")]
    pub evaluate: Option<PathBuf>,
    /// Write the line: `# x_m,y_m,s_m,curvature_per_m,speed_mps,gear`, map frame.
    #[arg(long, value_name = "FILE.csv")]
    pub out: Option<PathBuf>,
    /// Write a PNG: the track with the line coloured by speed, and speed against distance;
    /// on a level, also the AI's own flying lap on the line (driven headless, its speeds
    /// from the car's measured grip): its path, speed and lateral error from the line.
    #[arg(long, value_name = "FILE.png")]
    pub plot: Option<PathBuf>,
    /// Write the track itself as a centre-line CSV (`# x_m,y_m,w_tr_right_m,w_tr_left_m`).
    #[arg(long, value_name = "FILE.csv")]
    pub export_track: Option<PathBuf>,
    /// Print the report as one JSON object.
    #[arg(long)]
    pub json: bool,
}

/// What `raceline` reports.
#[derive(Debug, Clone, Serialize)]
pub struct RacelineReport {
    /// The track (level name or file).
    pub track: String,
    /// The car.
    pub car: String,
    /// "search" or "evaluate".
    pub mode: &'static str,
    /// The fitness searched on (None when evaluating).
    pub fitness: Option<Fitness>,
    /// Random seed.
    pub seed: u64,
    /// Laterals the track was cut into.
    pub laterals: usize,
    /// Their spacing, m.
    pub spacing_m: f32,
    /// The margin kept inside each border, m.
    pub edge_margin_m: f32,
    /// Tire–road friction used (the surface's μ × the tires').
    pub mu: f32,
    /// Lap time of the line, s.
    pub lap_time_s: f32,
    /// Lap time of the centre line through the same speed profile, s.
    pub centerline_lap_time_s: f32,
    /// How much faster the line is than the centre line, %.
    pub improvement_pct: f32,
    /// Lap time of the minimum-curvature line (the QP) under the same borders through the
    /// same speed profile, s: the reference issue 22 measures the search against. A line
    /// from elsewhere (a database's) may keep less margin from the borders, which is worth
    /// seconds on its own; compare lines at the same margin.
    pub min_curvature_lap_time_s: f32,
    /// How much faster the line is than that minimum-curvature line, %.
    pub gain_over_min_curvature_pct: f32,
    /// Length of the line, m.
    pub length_m: f32,
    /// Highest speed on the line, m/s.
    pub max_speed_mps: f32,
    /// Lowest speed on the line, m/s.
    pub min_speed_mps: f32,
    /// Closest the line comes to a border, m.
    pub border_clearance_m: f32,
    /// The line crosses itself.
    pub self_intersecting: bool,
    /// Generations run (0 when evaluating).
    pub generations: usize,
    /// Lines evaluated.
    pub evaluations: usize,
    /// Gradients of the minimum-time descent (each about three evaluations).
    pub gradients: usize,
    /// Why the search stopped (None when evaluating).
    pub stop: Option<Stop>,
    /// Each island's lap (or curvature) after its own refine, in seed order, before the
    /// relinking (empty when evaluating).
    pub island_fitness: Vec<f32>,
    /// Stretches of the other islands' lines the relinking swapped into the fastest's.
    pub relinked_stretches: usize,
    /// With `--plot` on a level: the AI's flying lap on the line, s.
    pub ai_lap_time_s: Option<f32>,
    /// What the speed profile the AI drove predicts for that lap, s.
    pub ai_predicted_lap_s: Option<f32>,
    /// The AI's root-mean-square distance from the line over the lap, m.
    pub ai_rms_lateral_error_m: Option<f32>,
    /// The AI's largest distance from the line, m.
    pub ai_max_lateral_error_m: Option<f32>,
    /// Wall time of the search (or evaluation), s; the AI's lap is not counted.
    pub wall_seconds: f64,
}

impl RacelineReport {
    /// The report as text.
    pub fn text(&self) -> String {
        let mut s = format!(
            "raceline on {} with {}: {} laterals at {:.1} m, {:.2} m inside the borders, μ {:.2}\n",
            self.track, self.car, self.laterals, self.spacing_m, self.edge_margin_m, self.mu
        );
        s += &format!("  centre line  {:9.3} s\n", self.centerline_lap_time_s);
        s += &format!(
            "  {:<12} {:9.3} s  ({:+.2} % against the centre line)\n",
            if self.mode == "evaluate" {
                "given line"
            } else {
                "GA line"
            },
            self.lap_time_s,
            -self.improvement_pct
        );
        s += &format!(
            "  min curvature{:9.3} s  (the QP under the same borders; the line {:+.2} % against it)\n",
            self.min_curvature_lap_time_s, -self.gain_over_min_curvature_pct
        );
        s += &format!(
            "  {:.0} m, {:.1}–{:.1} m/s, {:.2} m from the nearest border{}\n",
            self.length_m,
            self.min_speed_mps,
            self.max_speed_mps,
            self.border_clearance_m,
            if self.self_intersecting { ", CROSSES ITSELF" } else { "" }
        );
        if let (Some(f), Some(stop)) = (self.fitness, self.stop) {
            s += &format!(
                "  {} fitness, seed {}: {} generations (stopped on {}), {} lines evaluated, {} gradients, {:.2} s\n",
                match f {
                    Fitness::LapTime => "lap-time",
                    Fitness::Curvature => "curvature",
                },
                self.seed,
                self.generations,
                match stop {
                    Stop::Generations => "generations",
                    Stop::Converged => "convergence",
                },
                self.evaluations,
                self.gradients,
                self.wall_seconds
            );
        }
        if self.island_fitness.len() > 1 {
            let laps: Vec<String> = self.island_fitness.iter().map(|f| format!("{f:.3}")).collect();
            s += &format!(
                "  {} islands ({}), relinked: {} stretches of the others' lines in the fastest's\n",
                self.island_fitness.len(),
                laps.join(", "),
                self.relinked_stretches
            );
        }
        if let (Some(t), Some(p), Some(rms), Some(max)) = (
            self.ai_lap_time_s,
            self.ai_predicted_lap_s,
            self.ai_rms_lateral_error_m,
            self.ai_max_lateral_error_m,
        ) {
            s += &format!(
                "  AI lap on the line {t:.3} s (its profile {p:.3} s, {:+.1} %), {rms:.2} m rms and {max:.2} m at most off the line\n",
                100.0 * (t / p - 1.0)
            );
        }
        s
    }
}

/// The track named by `--track` (a level or a CSV) and its road's friction.
fn load_track(root: &ContentRoot, arg: &str) -> Result<(Track, f32), Error> {
    if arg.ends_with(".csv") || arg.contains('/') {
        let bytes = read_file(Path::new(arg))?;
        let text = String::from_utf8(bytes).map_err(|_| ContentError::new(arg, "(file)", "not UTF-8 text"))?;
        let table = materials(root)?;
        let asphalt = table.get(table.id("asphalt", &root.label("materials.toml"), "asphalt")?);
        return Ok((Track::parse_csv(arg, &text)?, asphalt.friction));
    }
    let level = load_level(root, arg)?.level;
    let Some(t) = level.track else {
        return Err(ContentError::new(
            "--track",
            arg,
            "this level has no track (the `circuit` level has one; or give a centre-line CSV)",
        )
        .into());
    };
    Ok((t.track.clone(), level.materials.get(t.material).friction))
}

fn write(path: &Path, bytes: &[u8], what: &str) -> Result<(), Error> {
    skidpad_platform::files::write_atomically(path, bytes)
        .map_err(|e| Error::runtime(format!("{}: cannot write the {what}: {e}", path.display())))
}

/// Runs `skidpad raceline`.
pub fn run(root: &ContentRoot, a: &RacelineArgs) -> Result<(), Error> {
    let clock = WallClock::new();
    let (track, surface_mu) = load_track(root, &a.track)?;
    let car = CarDef::load(root, &a.car)?;
    if let Some(path) = &a.export_track {
        write(path, track.to_csv().as_bytes(), "track")?;
    }
    let laterals = LateralOptions {
        spacing_m: a.spacing,
        smoothing_m: a.smoothing,
        edge_margin_m: a.margin.unwrap_or(edge_margin_m(&car)),
    };
    let model = car_model(&car, surface_mu)?;
    let (line, centre, lat, ga) = match &a.evaluate {
        Some(path) => {
            let label = path.display().to_string();
            let text = String::from_utf8(read_file(path)?)
                .map_err(|_| ContentError::new(&label, "(file)", "not UTF-8 text"))?;
            let points = parse_line_csv(&label, &text)?;
            let lat = Laterals::from_track(&a.track, &track, &laterals)?;
            let centre = model.profile(&lat.points(&lat.centre_t));
            (model.profile(&points), centre, lat, None)
        }
        None => {
            let [min_len, max_len] = a.mutation_lengths[..] else {
                return Err(Error::bad_argument("--mutation-lengths", "give MIN,MAX"));
            };
            let options = SearchOptions {
                laterals,
                fitness: match a.fitness {
                    FitnessArg::Laptime => Fitness::LapTime,
                    FitnessArg::Curvature => Fitness::Curvature,
                },
                ga: GaParams {
                    population: a.population,
                    generations: a.generations,
                    convergence_generations: a.convergence,
                    convergence_epsilon: a.epsilon,
                    global_moves: a.global_moves,
                    parents: a.parents,
                    selection_pressure: a.selection_pressure,
                    crossover_smooth_laterals: a.crossover_smooth,
                    mutation_probability: a.mutation_probability,
                    mutation_strength: a.mutation_strength,
                    mutation_min_semi_length: min_len,
                    mutation_max_semi_length: max_len,
                    elite: a.elite,
                    seed: a.seed,
                },
                parallel: !a.serial,
                polish_evaluations: a.polish,
                descent_gradients: a.descent,
                islands: a.islands,
            };
            options
                .ga
                .check()
                .map_err(|(field, why)| Error::bad_argument(&format!("--{}", field.replace('_', "-")), why))?;
            let bar = if a.json || !std::io::stderr().is_terminal() {
                indicatif::ProgressBar::hidden()
            } else {
                indicatif::ProgressBar::new(a.generations as u64)
            };
            bar.set_style(
                indicatif::ProgressStyle::with_template("{bar:40} {pos}/{len} generations, best {msg} [{elapsed}]")
                    .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
            );
            let unit = if options.fitness == Fitness::LapTime {
                " s"
            } else {
                " /m"
            };
            let mut on_generation = |p: &Progress| {
                bar.set_position(p.generation as u64);
                bar.set_message(format!("{:.3}{unit}", p.best));
            };
            let found = search(&a.track, &track, &car, surface_mu, &options, &mut on_generation)?;
            bar.finish_and_clear();
            let fitness = options.fitness;
            (
                found.line,
                found.centre,
                found.laterals,
                Some((
                    found.ga,
                    fitness,
                    found.gradients,
                    found.island_fitness,
                    found.relinked_stretches,
                )),
            )
        }
    };
    // The search's wall time, without the AI's lap below.
    let wall_seconds = clock.now().as_secs_f64();
    // The AI's own lap for the plot, on a level (a CSV track has no world to drive).
    let is_level = !(a.track.ends_with(".csv") || a.track.contains('/'));
    let ai = if a.plot.is_some() && is_level {
        match super::drive_ai_lap(root, &a.track, &a.car, &line.points_m) {
            Ok(lap) => Some(lap),
            Err(e) => {
                log::warn!("the plot goes without the AI's lap: {e}");
                None
            }
        }
    } else {
        None
    };
    let min_curvature = model.profile(&lat.points(&qp_line(&lat, LineShape::MinimumCurvature)));
    let report = RacelineReport {
        track: a.track.clone(),
        car: car.name.clone(),
        mode: if ga.is_some() { "search" } else { "evaluate" },
        fitness: ga.as_ref().map(|g| g.1),
        seed: a.seed,
        laterals: lat.len(),
        spacing_m: a.spacing,
        edge_margin_m: lat.edge_margin_m,
        mu: model.mu,
        lap_time_s: line.lap_time_s,
        centerline_lap_time_s: centre.lap_time_s,
        improvement_pct: 100.0 * (1.0 - line.lap_time_s / centre.lap_time_s),
        min_curvature_lap_time_s: min_curvature.lap_time_s,
        gain_over_min_curvature_pct: 100.0 * (1.0 - line.lap_time_s / min_curvature.lap_time_s),
        length_m: line.length_m,
        max_speed_mps: line.max_speed_mps(),
        min_speed_mps: line.min_speed_mps(),
        border_clearance_m: lat.border_clearance_m(&line.points_m),
        self_intersecting: !crate::raceline::self_crossings(&line.points_m).is_empty(),
        generations: ga.as_ref().map_or(0, |g| g.0.generations),
        evaluations: ga.as_ref().map_or(1, |g| g.0.evaluations),
        gradients: ga.as_ref().map_or(0, |g| g.2),
        stop: ga.as_ref().map(|g| g.0.stop),
        island_fitness: ga.as_ref().map_or_else(Vec::new, |g| g.3.clone()),
        relinked_stretches: ga.as_ref().map_or(0, |g| g.4),
        ai_lap_time_s: ai.as_ref().map(|l| l.lap_time_s),
        ai_predicted_lap_s: ai.as_ref().map(|l| l.predicted_lap_s),
        ai_rms_lateral_error_m: ai.as_ref().map(|l| l.rms_lateral_error_m()),
        ai_max_lateral_error_m: ai.as_ref().map(|l| l.max_lateral_error_m()),
        wall_seconds,
    };
    if let Some(path) = &a.out {
        write(path, line.to_csv().as_bytes(), "line")?;
    }
    if let Some(path) = &a.plot {
        let name = Path::new(&a.track)
            .file_stem()
            .map_or(a.track.clone(), |s| s.to_string_lossy().into_owned());
        let title = format!(
            "{name} / {}: {:.2} s (centre line {:.2} s)",
            car.name, line.lap_time_s, centre.lap_time_s
        );
        let png = plot::render_png(&plot::PlotInput {
            title: &title,
            laterals: Some(&lat),
            line: &line,
            centre: Some(&centre),
            ai: ai.as_ref(),
        })
        .map_err(Error::runtime)?;
        write(path, &png, "plot")?;
    }
    emit(a.json, &report, || report.text())
}
