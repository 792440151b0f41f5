//! Saving onto a full disk or a read-only directory, through the real `skidpad` binary:
//! each gives one clear error naming the file and the cause (exit 1 for a replay or a
//! telemetry file; a warning and the game goes on for the settings), the file saved before
//! is intact byte for byte, and no temporary file is left behind.
//!
//! Running as root, `chmod` stops nothing, so each case runs inside a user + mount
//! namespace (`unshare -r -m`, no privileges needed) on a tmpfs of its own: a tiny one
//! filled up (ENOSPC), or one remounted read-only (EROFS). Without `unshare` (or with
//! user namespaces disabled) these tests fail saying so: they never pass untried.
//!
//! Also here: a settings file from an older version, with unknown keys, or broken, loads
//! with a warning and is left as it was.

use std::path::{Path, PathBuf};
use std::process::Command;

/// What a script run in the namespace left in its output directory.
struct Outcome {
    out: tempfile::TempDir,
}

impl Outcome {
    fn read(&self, name: &str) -> String {
        std::fs::read_to_string(self.out.path().join(name)).unwrap_or_else(|e| panic!("{name}: {e}"))
    }
    fn bytes(&self, name: &str) -> Vec<u8> {
        std::fs::read(self.out.path().join(name)).unwrap_or_else(|e| panic!("{name}: {e}"))
    }
    /// Exit code and stderr of the step `name` (run with `step NAME CMD...`).
    fn step(&self, name: &str) -> (i32, String) {
        let code = self.read(&format!("{name}.code")).trim().parse().unwrap();
        (code, self.read(&format!("{name}.err")))
    }
}

/// Runs `body` (sh) in a new user + mount namespace, after mounting a tmpfs of `size` on
/// `$D`. `$SKIDPAD` is the binary, `$OUT` a directory on the host disk that outlives the
/// namespace (copy what the test checks there), `step NAME CMD...` runs a command keeping
/// its exit code and output as `$OUT/NAME.{code,out,err}`.
fn in_namespace(size: &str, body: &str) -> Outcome {
    let out = tempfile::tempdir().unwrap();
    let script = format!(
        r#"set -eu
step() {{ name=$1; shift; set +e; "$@" >"$OUT/$name.out" 2>"$OUT/$name.err"; echo $? >"$OUT/$name.code"; set -e; }}
mkdir -p "$D"
mount -t tmpfs -o size={size} skidpad-test "$D"
{body}
"#
    );
    let o = Command::new("unshare")
        .args(["-r", "-m", "sh", "-c", &script])
        .env("SKIDPAD", env!("CARGO_BIN_EXE_skidpad"))
        .env("OUT", out.path())
        .env("D", out.path().join("mnt"))
        .env("XDG_CONFIG_HOME", out.path().join("config"))
        .env("RUST_LOG", "info")
        .env_remove("DISPLAY")
        .env_remove("WAYLAND_DISPLAY")
        .env_remove("SKIDPAD_PAD_SCRIPT")
        .output();
    let o = match o {
        Ok(o) => o,
        Err(e) => panic!(
            "these tests need `unshare` (util-linux) to run skidpad on a full or read-only tmpfs \
             in a user + mount namespace, and it cannot be run: {e}"
        ),
    };
    assert!(
        o.status.success(),
        "the namespace script failed (these tests need `unshare -r -m`: unprivileged user namespaces \
         and tmpfs mounts in them): exit {:?}\nstdout: {}\nstderr: {}",
        o.status.code(),
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr)
    );
    Outcome { out }
}

/// The names in a `ls -A` listing.
fn names(listing: &str) -> Vec<&str> {
    let mut v: Vec<&str> = listing.lines().filter(|l| !l.is_empty()).collect();
    v.sort();
    v
}

/// One `skidpad: ...` line on stderr, and no panic.
fn the_error_line(err: &str) -> &str {
    assert!(!err.contains("panicked"), "{err}");
    let lines: Vec<&str> = err.lines().filter(|l| l.starts_with("skidpad: ")).collect();
    assert_eq!(lines.len(), 1, "one error line expected: {err}");
    lines[0]
}

/// A replay and a telemetry CSV recorded onto a disk that has filled up since they were
/// first saved: exit 1, `FILE: cannot write ...: No space left on device`, the old files
/// unchanged, nothing else on the disk.
#[test]
fn recording_onto_a_full_disk_fails_clearly_and_keeps_the_saved_files() {
    let r = in_namespace(
        "64k",
        r#"
step first "$SKIDPAD" run --ticks 30 --throttle 1 --record "$D/lap.rpl" --telemetry "$D/lap.csv"
cp "$D/lap.rpl" "$OUT/before.rpl"; cp "$D/lap.csv" "$OUT/before.csv"
dd if=/dev/zero of="$D/filler" bs=1k 2>/dev/null || true
step replay "$SKIDPAD" run --ticks 600 --throttle 0.5 --record "$D/lap.rpl"
step telemetry "$SKIDPAD" run --ticks 600 --throttle 0.5 --telemetry "$D/lap.csv"
step play "$SKIDPAD" play --max-frames 5 --record "$D/lap.rpl"
cp "$D/lap.rpl" "$OUT/after.rpl"; cp "$D/lap.csv" "$OUT/after.csv"
ls -A "$D" >"$OUT/listing"
"#,
    );
    let (code, err) = r.step("first");
    assert_eq!(code, 0, "the first recording, with room: {err}");
    for (step, file) in [("replay", "lap.rpl"), ("telemetry", "lap.csv"), ("play", "lap.rpl")] {
        let (code, err) = r.step(step);
        assert_eq!(code, 1, "{step}: {err}");
        let line = the_error_line(&err);
        assert!(
            line.contains(&format!("/mnt/{file}: cannot write")) && line.contains("No space left on device"),
            "{step}: {line}"
        );
    }
    assert!(r.step("replay").1.contains("any file already there is unchanged"));
    assert!(
        r.bytes("before.rpl") == r.bytes("after.rpl"),
        "the saved replay changed"
    );
    assert!(
        r.bytes("before.csv") == r.bytes("after.csv"),
        "the saved telemetry changed"
    );
    assert_eq!(
        names(&r.read("listing")),
        ["filler", "lap.csv", "lap.rpl"],
        "a temporary file was left"
    );
}

/// The same onto a directory that has become read-only: exit 1 naming the file and
/// `Read-only file system`, the saved replay unchanged, nothing new in the directory.
#[test]
fn recording_into_a_read_only_directory_fails_clearly_and_keeps_the_saved_file() {
    let r = in_namespace(
        "1m",
        r#"
step first "$SKIDPAD" run --ticks 30 --throttle 1 --record "$D/lap.rpl"
cp "$D/lap.rpl" "$OUT/before.rpl"
mount -o remount,ro "$D"
step replay "$SKIDPAD" run --ticks 60 --record "$D/lap.rpl"
step new "$SKIDPAD" run --ticks 60 --record "$D/new.rpl"
step play "$SKIDPAD" play --max-frames 5 --record "$D/lap.rpl"
cp "$D/lap.rpl" "$OUT/after.rpl"
ls -A "$D" >"$OUT/listing"
"#,
    );
    assert_eq!(r.step("first").0, 0, "{}", r.step("first").1);
    for (step, file) in [("replay", "lap.rpl"), ("new", "new.rpl"), ("play", "lap.rpl")] {
        let (code, err) = r.step(step);
        assert_eq!(code, 1, "{step}: {err}");
        let line = the_error_line(&err);
        assert!(
            line.contains(&format!("/mnt/{file}: cannot write replay")) && line.contains("Read-only file system"),
            "{step}: {line}"
        );
    }
    assert!(
        r.bytes("before.rpl") == r.bytes("after.rpl"),
        "the saved replay changed"
    );
    assert_eq!(names(&r.read("listing")), ["lap.rpl"]);
}

/// Settings that cannot be written (the defaults on first play, into a full or read-only
/// settings directory) are a one-line warning naming the file and the cause; the game
/// plays on with the defaults (exit 0). A settings file already there is read, never
/// rewritten: byte for byte the same afterwards.
#[test]
fn settings_on_a_full_or_read_only_disk_warn_and_the_game_plays_on() {
    let r = in_namespace(
        "64k",
        r#"
mkdir -p "$D/kept/skidpad"
printf '# mine\n[audio]\nmaster = 0.25\n' >"$D/kept/skidpad/settings.toml"
dd if=/dev/zero of="$D/filler" bs=1k 2>/dev/null || true
step full env XDG_CONFIG_HOME="$D/fresh" "$SKIDPAD" play --max-frames 3
step kept_full env XDG_CONFIG_HOME="$D/kept" "$SKIDPAD" play --max-frames 3
ls -A "$D/fresh/skidpad" >"$OUT/listing_full"
rm "$D/filler"; rmdir "$D/fresh/skidpad" "$D/fresh"
mount -o remount,ro "$D"
step read_only env XDG_CONFIG_HOME="$D/fresh" "$SKIDPAD" play --max-frames 3
step kept_read_only env XDG_CONFIG_HOME="$D/kept" "$SKIDPAD" play --max-frames 3
step explicit "$SKIDPAD" --settings "$D/kept/skidpad/settings.toml" play --max-frames 3
cp "$D/kept/skidpad/settings.toml" "$OUT/kept.toml"
ls -A "$D" >"$OUT/listing_ro"
"#,
    );
    for (step, cause) in [
        ("full", "No space left on device"),
        ("read_only", "Read-only file system"),
    ] {
        let (code, err) = r.step(step);
        assert_eq!(code, 0, "{step}: the game must play on: {err}");
        let warnings: Vec<&str> = err.lines().filter(|l| l.contains("settings")).collect();
        assert_eq!(warnings.len(), 1, "{step}: {err}");
        assert!(
            warnings[0].contains("/mnt/fresh/skidpad")
                && warnings[0].contains(cause)
                && warnings[0].contains("settings not saved"),
            "{step}: {err}"
        );
        assert!(err.contains("played 3 frames"), "{step}: {err}");
    }
    assert!(r.read("listing_full").trim().is_empty(), "a temporary file was left");
    for step in ["kept_full", "kept_read_only", "explicit"] {
        let (code, err) = r.step(step);
        assert_eq!(code, 0, "{step}: {err}");
        assert!(
            !err.contains("settings"),
            "{step}: an existing file needs no writing: {err}"
        );
    }
    assert_eq!(r.read("kept.toml"), "# mine\n[audio]\nmaster = 0.25\n");
    assert_eq!(names(&r.read("listing_ro")), ["kept"]);
}

fn skidpad(args: &[&str], config: &Path) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_skidpad"))
        .args(args)
        .env_remove("DISPLAY")
        .env_remove("WAYLAND_DISPLAY")
        .env_remove("SKIDPAD_PAD_SCRIPT")
        .env("XDG_CONFIG_HOME", config)
        .env("RUST_LOG", "info")
        .output()
        .unwrap()
}

fn settings_file(dir: &Path, text: &str) -> PathBuf {
    let path = dir.join("skidpad/settings.toml");
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    std::fs::write(&path, text).unwrap();
    path
}

#[test]
fn an_older_settings_file_with_unknown_keys_loads_with_a_warning_and_is_kept() {
    let dir = tempfile::tempdir().unwrap();
    let text = "version = 0\nfov = 90\n[audio]\nmaster = 0.3\nreverb = true\n[input.keyboard]\nthrottle = [\"W\"]\n";
    let path = settings_file(dir.path(), text);
    let o = skidpad(&["play", "--max-frames", "3"], dir.path());
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(0), "{err}");
    let file = path.display().to_string();
    let warnings: Vec<&str> = err.lines().filter(|l| l.contains("WARN")).collect();
    assert_eq!(warnings.len(), 2, "{err}");
    assert!(
        warnings[0].contains(&format!("{file}: ignoring unknown settings: "))
            && warnings[0].contains("fov")
            && warnings[0].contains("audio.reverb"),
        "{err}"
    );
    assert!(
        warnings[1].contains(&format!("{file}: written by an older version (0)")),
        "{err}"
    );
    assert!(err.contains("played 3 frames"), "{err}");
    assert_eq!(
        std::fs::read_to_string(&path).unwrap(),
        text,
        "the player's file was rewritten"
    );
}

#[test]
fn a_broken_settings_file_gives_defaults_one_warning_and_is_kept() {
    let dir = tempfile::tempdir().unwrap();
    for text in ["[audio\nmaster = ", "[audio]\nmaster = 7\n", "\u{0}\u{1}binary"] {
        let path = settings_file(dir.path(), text);
        let o = skidpad(&["play", "--max-frames", "2"], dir.path());
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(o.status.code(), Some(0), "{text:?}: {err}");
        let warnings: Vec<&str> = err.lines().filter(|l| l.contains("WARN")).collect();
        assert_eq!(warnings.len(), 1, "{text:?}: {err}");
        assert!(
            warnings[0].contains(&path.display().to_string()) && warnings[0].contains("using the default settings"),
            "{text:?}: {err}"
        );
        assert_eq!(std::fs::read_to_string(&path).unwrap(), text);
    }
}
