//! `skidpad records`: the saved best laps, medals and ghosts, one line per level + car +
//! assist set (a challenge's kept attempt under it, a line per run: its replay file and
//! figures), then the championship trophies, one per cup; corrupt or foreign files are
//! moved aside and named.

use crate::error::Error;
use crate::modes::championship::{TrophyRecord, TrophyShelf};
use crate::modes::{Medal, Record, RecordStore, SetAside};
use crate::report::emit;
use clap::Args;
use serde::Serialize;
use std::path::PathBuf;

/// Options of `records`.
#[derive(Debug, Args)]
pub struct RecordsArgs {
    /// The records directory (default: the per-user data directory,
    /// $XDG_DATA_HOME/skidpad/records or ~/.local/share/skidpad/records).
    #[arg(long, value_name = "DIR")]
    pub save_dir: Option<PathBuf>,
    /// Print one JSON object: dir, records (each as saved), trophies, set_aside.
    #[arg(long)]
    pub json: bool,
}

#[derive(Serialize)]
struct Listing {
    dir: PathBuf,
    records: Vec<Record>,
    trophies: Vec<TrophyRecord>,
    set_aside: Vec<SetAside>,
}

/// Runs `skidpad records`.
pub fn run(a: &RecordsArgs) -> Result<(), Error> {
    let store = match &a.save_dir {
        Some(d) => RecordStore::new(d),
        None => RecordStore::per_user()?,
    };
    let (records, mut set_aside) = store.list()?;
    let (trophies, trophies_aside) = TrophyShelf::new(store.dir()).list()?;
    set_aside.extend(trophies_aside);
    let listing = Listing {
        dir: store.dir().to_path_buf(),
        records,
        trophies,
        set_aside,
    };
    emit(a.json, &listing, || text(&listing))
}

fn text(l: &Listing) -> String {
    let mut out = format!("records in {}\n", l.dir.display());
    if l.records.is_empty() {
        out += "(none yet: `skidpad run --mode time-trial` sets some)\n";
    }
    for r in &l.records {
        out += &format!(
            "{:<16} {:<12} assists {:<2} best lap {:>10}  medal {:<6}  ghost {}\n",
            r.level,
            r.car,
            r.assists,
            r.best_lap_s.map_or("-".into(), |s| format!("{s:.3} s")),
            r.medal.map_or("-", Medal::name),
            r.ghost_file.as_deref().unwrap_or("-")
        );
        for run in &r.challenge_runs {
            let figures: Vec<String> = run.figures.iter().map(|(k, v)| format!("{k}={v:.3}")).collect();
            out += &format!("  run {:<14} {}  {}\n", run.run, run.file, figures.join(" "));
        }
    }
    for t in &l.trophies {
        out += &format!(
            "trophy {:<18} {:<6} {} of {}, {} pts over {} rounds, {}\n",
            t.title,
            format!("{:?}", t.trophy).to_lowercase(),
            t.position,
            t.field,
            t.points,
            t.rounds,
            t.car
        );
    }
    for a in &l.set_aside {
        out += &format!(
            "{}: {}; moved aside to {}\n",
            a.file.display(),
            a.problem,
            a.moved_to.display()
        );
    }
    out
}
