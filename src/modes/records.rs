//! Records: the best lap, its splits, the medal and the ghost (the inputs of the run that
//! set the lap, as a replay file beside it), or a challenge's medal and the attempt that
//! set it (each run's inputs as a replay file beside it, [`ChallengeRunFile`]), per
//! level + car + assist set, in a directory
//! (the per-user data directory, `skidpad_platform::files::data_dir`, or `--save-dir`).
//!
//! A record file is text: a first line `skidpad-record <version>`, a second
//! `xxh3 <16 hex digits>` (the checksum of what follows), then the record as JSON. It is
//! written atomically (`write_atomically`: a failed write leaves the old file). A file
//! that is corrupt (checksum), foreign (not a record) or of another version is reported
//! once and moved aside — renamed `NAME.corrupt` (or `.corrupt.1`, ...), kept, never
//! overwritten — and the level then has no record.

use super::checked_file;
use super::medals::Medal;
use super::mode::Mode;
use crate::assists::AssistSet;
use crate::error::Error;
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};

/// The format version this build reads and writes.
pub const RECORD_VERSION: u32 = 1;

/// The first line's word.
const MAGIC: &str = "skidpad-record";

/// A record's mode when its file names none: files written before modes were told apart
/// are a time trial's.
fn mode_before_modes() -> Mode {
    Mode::TimeTrial
}

/// What a record is for: a mode, a level, a car, an assist set.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RecordKey {
    /// The mode (a level with both a lap course and a challenge, `crash`, keeps one record
    /// of each, neither overwriting the other's medal).
    pub mode: Mode,
    /// Level name.
    pub level: String,
    /// Car name.
    pub car: String,
    /// The assists on.
    pub assists: AssistSet,
}

impl RecordKey {
    /// The file name's stem: `level+car+aN` for a time trial (as before modes were told
    /// apart), `level+car+aN+challenge` for a challenge; names kept to letters, digits, `-`
    /// and `_`.
    pub fn stem(&self) -> String {
        let clean = |s: &str| -> String {
            s.chars()
                .map(|c| {
                    if c.is_ascii_alphanumeric() || c == '-' || c == '_' {
                        c
                    } else {
                        '_'
                    }
                })
                .collect()
        };
        // A time trial's stem has no suffix, as before modes were told apart.
        let suffix = match self.mode {
            Mode::TimeTrial => String::new(),
            other => format!("+{}", other.name()),
        };
        let mode = suffix.as_str();
        format!(
            "{}+{}+a{}{mode}",
            clean(&self.level),
            clean(&self.car),
            self.assists.bits()
        )
    }
}

/// A saved record.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Record {
    /// The mode, by its persisted name (`time-trial` when the file names none).
    #[serde(default = "mode_before_modes")]
    pub mode: Mode,
    /// Level name.
    pub level: String,
    /// Car name.
    pub car: String,
    /// The assist set, as [`AssistSet::bits`].
    pub assists: u8,
    /// The best lap, s.
    pub best_lap_s: Option<f64>,
    /// Its splits, s from the lap's start to each sector line and the finish.
    pub best_splits_s: Vec<f64>,
    /// The best medal earned (time trial or challenge).
    pub medal: Option<Medal>,
    /// The author time the medals were measured against, s.
    pub author_s: Option<f64>,
    /// The ghost's replay file, beside this one (its inputs from the start to the end of
    /// the best lap; the replay's final hash is the state at that lap's end).
    pub ghost_file: Option<String>,
    /// The tick the ghost's best lap starts on.
    pub ghost_lap_start_tick: Option<u64>,
    /// The build that wrote it (a ghost replays only on the same physics).
    pub build: String,
    /// The author lap's ghost: its replay file, beside this one (the AI's inputs from the
    /// start to the end of the lap that set `author_s`; the replay's final hash is the
    /// state at that lap's end). None in files written before author ghosts were kept:
    /// such a record still loads, and the author lap is timed again to record one.
    #[serde(default)]
    pub author_ghost_file: Option<String>,
    /// The tick the author ghost's lap starts on.
    #[serde(default)]
    pub author_ghost_lap_start_tick: Option<u64>,
    /// A challenge's best attempt, one entry per run in play order (empty in a time
    /// trial's record, and in files written before challenge runs were recorded).
    #[serde(default)]
    pub challenge_runs: Vec<ChallengeRunFile>,
}

/// One run of the challenge attempt a record keeps: a challenge is several runs, each in a
/// fresh world, so each run is its own replay (its inputs from that world's first tick;
/// the replay's final hash is the world's at the run's end) and the record says which run
/// it is and what it measured. Replay it with `app::game_mode::challenge::replay_challenge_run`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ChallengeRunFile {
    /// The scenario run's name (`asphalt_stop`).
    pub run: String,
    /// Its replay file, beside the record.
    pub file: String,
    /// The figures it measured, by metric name (the finite ones).
    pub figures: std::collections::BTreeMap<String, f64>,
}

impl Record {
    /// A record of `key` with nothing kept yet, written by this build.
    pub fn empty(key: &RecordKey) -> Record {
        Record {
            mode: key.mode,
            level: key.level.clone(),
            car: key.car.clone(),
            assists: key.assists.bits(),
            best_lap_s: None,
            best_splits_s: Vec::new(),
            medal: None,
            author_s: None,
            ghost_file: None,
            ghost_lap_start_tick: None,
            author_ghost_file: None,
            author_ghost_lap_start_tick: None,
            build: crate::replay::build_identity(),
            challenge_runs: Vec::new(),
        }
    }
}

/// What loading a record found.
#[derive(Debug, Clone, Default)]
pub struct Loaded {
    /// The record, when there was a sound one.
    pub record: Option<Record>,
    /// A file that was set aside, and why (report it once).
    pub set_aside: Option<SetAside>,
}

pub use super::checked_file::SetAside;

impl SetAside {
    /// Says in the log, once, which record was moved aside, where, and why.
    pub fn log(&self) {
        log::warn!(
            "record {} set aside as {}: {}",
            self.file.display(),
            self.moved_to.display(),
            self.problem
        );
    }
}

/// A directory of records.
#[derive(Debug, Clone)]
pub struct RecordStore {
    dir: PathBuf,
}

impl RecordStore {
    /// Makes the directory (and its parents) before a ghost or a run is written into it.
    pub fn make_dir(&self) -> Result<(), Error> {
        std::fs::create_dir_all(&self.dir).map_err(|e| {
            Error::runtime(format!(
                "{}: cannot create the records directory: {e}",
                self.dir.display()
            ))
        })
    }

    /// Records in `dir` (created when the first record is saved).
    pub fn new(dir: impl Into<PathBuf>) -> Self {
        Self { dir: dir.into() }
    }

    /// The per-user store, `skidpad_platform::files::data_dir()/records`.
    pub fn per_user() -> Result<Self, Error> {
        skidpad_platform::files::data_dir()
            .map(|d| Self::new(d.join("records")))
            .ok_or_else(|| {
                Error::bad_argument(
                    "--save-dir",
                    "no per-user data directory (HOME and XDG_DATA_HOME are unset); give --save-dir DIR",
                )
            })
    }

    /// The directory.
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// The record file for `key`.
    pub fn path(&self, key: &RecordKey) -> PathBuf {
        self.dir.join(format!("{}.rec", key.stem()))
    }

    /// The ghost replay file for `key`.
    pub fn ghost_path(&self, key: &RecordKey) -> PathBuf {
        self.dir.join(format!("{}.ghost.rpl", key.stem()))
    }

    /// The author ghost's replay file for `key` (the AI's lap that set the author time).
    pub fn author_ghost_path(&self, key: &RecordKey) -> PathBuf {
        self.dir.join(format!("{}.author.rpl", key.stem()))
    }

    /// The replay file of `key`'s challenge run `run`.
    pub fn challenge_run_path(&self, key: &RecordKey, run: &str) -> PathBuf {
        self.dir.join(format!("{}.run-{run}.rpl", key.stem()))
    }

    /// Writes each of `runs`' replays beside `key`'s record (atomically, each) and
    /// returns their entries for the record, in order. An error names the file that
    /// could not be written; the record is then left as it was by the caller.
    pub fn save_challenge_runs(
        &self,
        key: &RecordKey,
        runs: &[(String, crate::replay::Replay, std::collections::BTreeMap<String, f64>)],
    ) -> Result<Vec<ChallengeRunFile>, Error> {
        std::fs::create_dir_all(&self.dir)
            .map_err(|e| Error::runtime(format!("{}: cannot create: {e}", self.dir.display())))?;
        runs.iter()
            .map(|(run, replay, figures)| {
                let path = self.challenge_run_path(key, run);
                replay.save(&path)?;
                Ok(ChallengeRunFile {
                    run: run.clone(),
                    file: file_name(&path),
                    figures: figures.clone(),
                })
            })
            .collect()
    }

    /// The replays of `record`'s challenge runs, in play order, each with its entry. An
    /// error when a file is missing, corrupt, or from another build (the physics may
    /// differ).
    pub fn load_challenge_runs(
        &self,
        record: &Record,
    ) -> Result<Vec<(ChallengeRunFile, crate::replay::Replay)>, Error> {
        record
            .challenge_runs
            .iter()
            .map(|entry| {
                let path = self.dir.join(&entry.file);
                let replay = crate::replay::Replay::load(&path)?;
                replay.check_build(&path.display().to_string())?;
                Ok((entry.clone(), replay))
            })
            .collect()
    }

    /// The ghost `record` names, ready for a [`super::Ghost`]: its replay (the run's
    /// inputs to the best lap's end; the header's final hash is the world's there) and the
    /// tick its lap starts on. None when the record has no ghost; an error when its file
    /// is missing, corrupt, or from another build (the physics may differ).
    pub fn load_ghost(&self, record: &Record) -> Result<Option<(crate::replay::Replay, u64)>, Error> {
        let Some(file) = &record.ghost_file else {
            return Ok(None);
        };
        let path = self.dir.join(file);
        let replay = crate::replay::Replay::load(&path)?;
        replay.check_build(&path.display().to_string())?;
        Ok(Some((replay, record.ghost_lap_start_tick.unwrap_or(0))))
    }

    /// The author ghost `record` names, as [`RecordStore::load_ghost`] loads the player's:
    /// its replay and the tick its lap starts on. None when the record has none (a file
    /// from before author ghosts were kept); an error when its file is missing, corrupt,
    /// or from another build (then time the author lap again).
    pub fn load_author_ghost(&self, record: &Record) -> Result<Option<(crate::replay::Replay, u64)>, Error> {
        let Some(file) = &record.author_ghost_file else {
            return Ok(None);
        };
        let path = self.dir.join(file);
        let replay = crate::replay::Replay::load(&path)?;
        replay.check_build(&path.display().to_string())?;
        Ok(Some((replay, record.author_ghost_lap_start_tick.unwrap_or(0))))
    }

    /// Loads `key`'s record; a corrupt or foreign file is moved aside and reported.
    pub fn load(&self, key: &RecordKey) -> Loaded {
        load_file(&self.path(key))
    }

    /// Every record in the directory, by file name; corrupt or foreign ones are moved
    /// aside and listed.
    pub fn list(&self) -> Result<(Vec<Record>, Vec<SetAside>), Error> {
        let files = checked_file::files_in(&self.dir, "rec", "records")?;
        let (mut records, mut aside) = (Vec::new(), Vec::new());
        for f in files {
            let l = load_file(&f);
            records.extend(l.record);
            aside.extend(l.set_aside);
        }
        Ok((records, aside))
    }

    /// Saves `record` for `key`, atomically (a failure leaves the old file).
    pub fn save(&self, key: &RecordKey, record: &Record) -> Result<PathBuf, Error> {
        let path = self.path(key);
        let cannot = |e: &dyn std::fmt::Display| {
            Error::runtime(format!(
                "{}: cannot write record: {e} (any record already there is unchanged)",
                path.display()
            ))
        };
        std::fs::create_dir_all(&self.dir).map_err(|e| cannot(&e))?;
        skidpad_platform::files::write_atomically(&path, &encode(record)).map_err(|e| cannot(&e))?;
        Ok(path)
    }
}

/// A record as the file's bytes: the version line, the checksum line, the JSON.
pub fn encode(record: &Record) -> Vec<u8> {
    checked_file::encode(MAGIC, RECORD_VERSION, record)
}

/// Parses a record file's bytes; the error says what is wrong.
pub fn decode(bytes: &[u8]) -> Result<Record, String> {
    checked_file::decode(MAGIC, RECORD_VERSION, "record", bytes)
}

fn load_file(path: &Path) -> Loaded {
    let bytes = match std::fs::read(path) {
        Ok(b) => b,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Loaded::default(),
        Err(e) => return set_aside(path, format!("cannot read: {e}")),
    };
    match decode(&bytes) {
        Ok(record) => Loaded {
            record: Some(record),
            set_aside: None,
        },
        Err(problem) => set_aside(path, problem),
    }
}

/// Moves `path` aside (see [`checked_file::set_aside`]) and reports it.
fn set_aside(path: &Path, problem: String) -> Loaded {
    Loaded {
        record: None,
        set_aside: Some(checked_file::set_aside(path, problem, "record")),
    }
}

/// The file name of `path` (what a record keeps: files beside it).
fn file_name(path: &Path) -> String {
    path.file_name()
        .map_or_else(String::new, |n| n.to_string_lossy().into_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> Record {
        Record {
            mode: Mode::TimeTrial,
            level: "circuit".into(),
            car: "sedan".into(),
            assists: 0,
            best_lap_s: Some(101.5),
            best_splits_s: vec![30.0, 70.0, 101.5],
            medal: Some(Medal::Silver),
            author_s: Some(99.0),
            ghost_file: Some("g.rpl".into()),
            ghost_lap_start_tick: Some(600),
            author_ghost_file: Some("a.rpl".into()),
            author_ghost_lap_start_tick: Some(540),
            build: "test".into(),
            challenge_runs: Vec::new(),
        }
    }

    #[test]
    fn a_record_round_trips_and_a_flipped_byte_is_caught() {
        let bytes = encode(&sample());
        assert_eq!(decode(&bytes).unwrap(), sample());
        let mut bad = bytes.clone();
        let last = bad.len() - 3;
        bad[last] ^= 1;
        assert!(decode(&bad).unwrap_err().contains("checksum"));
        assert!(decode(b"hello").unwrap_err().contains("not a Skidpad record"));
        let other = String::from_utf8(bytes).unwrap().replacen("record 1", "record 9", 1);
        assert!(decode(other.as_bytes()).unwrap_err().contains("format 9"));
    }

    #[test]
    fn a_record_from_before_author_ghosts_still_loads_without_one() {
        // A version-1 file as builds before the author ghost wrote it: no author_ghost_* keys.
        let body = br#"{"mode":"time-trial","level":"circuit","car":"sedan","assists":0,
            "best_lap_s":101.5,"best_splits_s":[101.5],"medal":null,"author_s":99.0,
            "ghost_file":null,"ghost_lap_start_tick":null,"build":"old"}"#;
        let mut bytes = format!("skidpad-record 1\nxxh3 {:016x}\n", xxhash_rust::xxh3::xxh3_64(body)).into_bytes();
        bytes.extend_from_slice(body);
        let r = decode(&bytes).unwrap();
        assert_eq!(r.author_s, Some(99.0));
        assert_eq!(r.author_ghost_file, None);
        assert_eq!(r.author_ghost_lap_start_tick, None);
    }
}
