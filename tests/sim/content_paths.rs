//! Content paths cannot leave the content root: a level whose heightmap, height patch or
//! track file is `../something` or absolute, or that names a car by path instead of by
//! name (its parked cars, its scenario runs), is refused as bad input (exit 2) with one
//! line naming the level file, the field and the path, whether the level is loaded by path
//! (`--level DIR/level.toml`) or by name from `--content DIR`, even when the file it points
//! at exists. (Levels never name chunk files: chunks are baked from the level itself.)

use std::path::Path;
use std::process::{Command, Output};

fn skidpad(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_skidpad"))
        .args(args)
        .env_remove("DISPLAY")
        .env_remove("WAYLAND_DISPLAY")
        .output()
        .unwrap()
}

/// One tick of the level file at `level`, loaded by path.
fn run_by_path(level: &Path) -> Output {
    skidpad(&["run", "--level", level.to_str().unwrap(), "--ticks", "1"])
}

/// One tick of the level `escape`, loaded by name from the content directory `content`.
fn run_by_name(content: &Path) -> Output {
    skidpad(&[
        "--content",
        content.to_str().unwrap(),
        "run",
        "--level",
        "escape",
        "--ticks",
        "1",
    ])
}

fn repo(rel: &str) -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join(rel)
}

/// A content directory (materials, cars, one level `escape` in `levels/escape/` with a
/// good heightmap at `data/ok.png`) and, outside the level's directory, files an escaping
/// path could reach: `levels/outside.png`, `levels/track.csv`, `car.toml`.
fn content_dir() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    let c = dir.path();
    std::fs::copy(repo("content/materials.toml"), c.join("materials.toml")).unwrap();
    std::fs::create_dir_all(c.join("cars")).unwrap();
    for e in std::fs::read_dir(repo("content/cars")).unwrap() {
        let e = e.unwrap();
        std::fs::copy(e.path(), c.join("cars").join(e.file_name())).unwrap();
    }
    std::fs::create_dir_all(c.join("levels/escape/data")).unwrap();
    let png = repo("content/levels/bump/washboard.png");
    std::fs::copy(&png, c.join("levels/escape/data/ok.png")).unwrap();
    std::fs::copy(&png, c.join("levels/outside.png")).unwrap();
    std::fs::copy(repo("content/levels/circuit/track.csv"), c.join("levels/track.csv")).unwrap();
    std::fs::copy(repo("content/cars/sedan.toml"), c.join("car.toml")).unwrap();
    dir
}

/// Writes the level with `extra` TOML after a flat terrain and a spawn.
fn write_level(content: &Path, terrain: &str, extra: &str) -> std::path::PathBuf {
    let path = content.join("levels/escape/level.toml");
    std::fs::write(
        &path,
        format!(
            "description = \"escape attempts\"\n[terrain]\nsize_m = [128.0, 128.0]\nmaterial = \"asphalt\"\n{terrain}\n\
             [[spawns]]\nname = \"start\"\nposition_m = [0.0, 0.6, 0.0]\n{extra}\n"
        ),
    )
    .unwrap();
    path
}

fn assert_refused(o: &Output, level: &Path, field: &str, bad: &str) {
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{field} = {bad}: {err}");
    assert!(!err.contains("panicked"), "{err}");
    let lines: Vec<&str> = err.lines().filter(|l| l.starts_with("skidpad: ")).collect();
    assert_eq!(lines.len(), 1, "{err}");
    assert!(
        lines[0].contains(&format!("{}: {field}: `{bad}`", level.display())),
        "expected file, field and path in: {}",
        lines[0]
    );
}

#[test]
fn a_level_file_reference_outside_its_directory_is_refused() {
    let dir = content_dir();
    let c = dir.path();
    let outside_png = c.join("levels/outside.png").display().to_string();
    let outside_csv = c.join("levels/track.csv").display().to_string();
    let heightfield = |file: &str| {
        format!(
            "[[heightfields]]\nfile = \"{file}\"\nmaterial = \"gravel\"\ncenter_m = [0.0, 20.0]\n\
             size_m = [8.0, 60.0]\nheight_m = [0.0, 0.1]\n"
        )
    };
    let cases: Vec<(String, String, &str, String)> = vec![
        (
            "heightmap = \"../outside.png\"\nheight_m = [0.0, 1.0]".into(),
            String::new(),
            "terrain.heightmap",
            "../outside.png".into(),
        ),
        (
            format!("heightmap = \"{outside_png}\"\nheight_m = [0.0, 1.0]"),
            String::new(),
            "terrain.heightmap",
            outside_png.clone(),
        ),
        (
            String::new(),
            heightfield("data/../../outside.png"),
            "heightfields[0].file",
            "data/../../outside.png".into(),
        ),
        (
            String::new(),
            "[track]\ncenterline = \"../track.csv\"".into(),
            "track.centerline",
            "../track.csv".into(),
        ),
        (
            String::new(),
            format!("[track]\ncenterline = \"{outside_csv}\""),
            "track.centerline",
            outside_csv.clone(),
        ),
    ];
    for (terrain, extra, field, bad) in &cases {
        let level = write_level(c, terrain, extra);
        // By path.
        let o = run_by_path(&level);
        assert_refused(&o, &level, field, bad);
        // By name from a content directory.
        let o = run_by_name(c);
        assert_refused(&o, &level, field, bad);
    }
    // `levels` lists it as broken, with the reason, and does not fail.
    let o = skidpad(&["--content", c.to_str().unwrap(), "levels"]);
    assert_eq!(o.status.code(), Some(0));
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(
        out.contains("escape") && out.contains("(broken:") && out.contains("track.centerline"),
        "{out}"
    );

    // The same level with its files inside its directory plays.
    let level = write_level(c, "", &heightfield("data/ok.png"));
    let o = run_by_path(&level);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
}

#[test]
fn a_level_naming_a_car_by_path_is_refused() {
    let dir = content_dir();
    let c = dir.path();
    let abs_car = c.join("car.toml").display().to_string();
    for bad in ["../../car.toml", abs_car.as_str(), "sedan.toml"] {
        let parked = format!("[[parked_cars]]\ncar = \"{bad}\"\nposition_m = [5.0, 0.6, 5.0]");
        let level = write_level(c, "", &parked);
        let o = run_by_path(&level);
        assert_refused(&o, &level, "parked_cars[0].car", bad);
        let scenario = format!(
            "[scenario]\n[[scenario.runs]]\nname = \"r\"\nspawn = \"start\"\ncar = \"{bad}\"\nseconds = 1.0\n\
             inputs = [{{ at_s = 0.0, throttle = 1.0 }}]"
        );
        let level = write_level(c, "", &scenario);
        let o = skidpad(&["--content", c.to_str().unwrap(), "scenario", "escape"]);
        assert_refused(&o, &level, "scenario.runs[0].car", bad);
    }
    // By name, a parked car loads.
    let level = write_level(c, "", "[[parked_cars]]\ncar = \"sedan\"\nposition_m = [5.0, 0.6, 5.0]");
    let o = run_by_path(&level);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
}

/// A symlink inside a level's or the content's directory that leads outside it is refused
/// when read, by path and by name; a directory link back up the tree neither hangs nor
/// repeats the listing.
#[test]
fn symlinks_cannot_lead_out_of_the_content() {
    let dir = content_dir();
    let c = dir.path();
    // A heightmap outside the content root altogether, reached through a link in the
    // level's own directory.
    let elsewhere = tempfile::tempdir().unwrap();
    let secret = elsewhere.path().join("secret.png");
    std::fs::copy(repo("content/levels/bump/washboard.png"), &secret).unwrap();
    std::os::unix::fs::symlink(&secret, c.join("levels/escape/data/link.png")).unwrap();
    let level = write_level(
        c,
        "",
        "[[heightfields]]\nfile = \"data/link.png\"\nmaterial = \"gravel\"\ncenter_m = [0.0, 20.0]\n\
         size_m = [8.0, 60.0]\nheight_m = [0.0, 0.1]\n",
    );
    let link = c.join("levels/escape/data/link.png");
    for (how, o) in [("by path", run_by_path(&level)), ("by name", run_by_name(c))] {
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(o.status.code(), Some(2), "{how}: {err}");
        let line = err.lines().find(|l| l.starts_with("skidpad: ")).unwrap_or_default();
        assert!(
            line.contains(&format!("{}: path: leads to", link.display())) && line.contains("through a symlink"),
            "{how}: {err}"
        );
    }
    // The same level with the link pointing inside its directory plays.
    std::fs::remove_file(&link).unwrap();
    std::os::unix::fs::symlink("ok.png", &link).unwrap();
    let o = run_by_path(&level);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));

    // A directory link back to the content root: `levels` lists each level once and ends.
    std::os::unix::fs::symlink("..", c.join("levels/loop")).unwrap();
    let o = skidpad(&["--content", c.to_str().unwrap(), "levels"]);
    let out = String::from_utf8_lossy(&o.stdout);
    assert_eq!(o.status.code(), Some(0), "{}", String::from_utf8_lossy(&o.stderr));
    let names: Vec<&str> = out.lines().filter_map(|l| l.split_whitespace().next()).collect();
    assert_eq!(names.iter().filter(|n| **n == "escape").count(), 1, "{out}");
    assert!(!names.iter().any(|n| n.contains("loop")), "{out}");
}
