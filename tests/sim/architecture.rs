//! Architecture invariants from ARCHITECTURE.md, checked on the source tree:
//! only `platform/` names SDL, gilrs or rodio; the simulation reads no clock and no OS
//! randomness; render never holds a mutable world; the game never calls a tool; `src/app`'s
//! imports run down its floors.

use std::path::{Path, PathBuf};

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for e in std::fs::read_dir(dir).unwrap().flatten() {
        let p = e.path();
        if p.is_dir() {
            rust_files(&p, out);
        } else if p.extension().is_some_and(|x| x == "rs") {
            out.push(p);
        }
    }
}

fn offenders(dir: &str, forbidden: &[&str]) -> Vec<String> {
    offenders_except(dir, &[], forbidden)
}

/// Like [`offenders`], skipping the files under `allowed` (paths relative to the crate).
fn offenders_except(dir: &str, allowed: &[&str], forbidden: &[&str]) -> Vec<String> {
    let crate_root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let root = crate_root.join(dir);
    let mut files = Vec::new();
    rust_files(&root, &mut files);
    assert!(!files.is_empty(), "no sources under {dir}");
    files.retain(|f| !allowed.iter().any(|a| f.starts_with(crate_root.join(a))));
    let mut bad = Vec::new();
    for f in files {
        let text = std::fs::read_to_string(&f).unwrap();
        for (n, line) in text.lines().enumerate() {
            let code = line.split("//").next().unwrap_or("");
            for word in forbidden {
                if code.contains(word) {
                    bad.push(format!("{}:{}: {word}", f.display(), n + 1));
                }
            }
        }
    }
    bad
}

#[test]
fn only_the_platform_names_os_edge_crates() {
    let bad = offenders(
        "src",
        &[
            "sdl2::",
            "gilrs::",
            "rodio::",
            "cpal::",
            "Instant::now",
            "SystemTime::now",
            "std::thread::spawn",
            "gl::load_with",
        ],
    );
    assert!(
        bad.is_empty(),
        "the game layer touches the OS directly:\n{}",
        bad.join("\n")
    );
}

#[test]
fn the_simulation_reads_no_clock_or_randomness_and_no_files() {
    let bad = offenders(
        "src/sim",
        &[
            "skidpad_platform",
            "Instant",
            "SystemTime",
            "rand::",
            "std::fs",
            "HashMap",
            "HashSet",
            "Clock",
        ],
    );
    assert!(bad.is_empty(), "nondeterminism in the simulation:\n{}", bad.join("\n"));
}

#[test]
fn render_never_takes_the_world_mutably() {
    let bad = offenders("src/render", &["&mut SimWorld", "SimWorld"]);
    assert!(
        bad.is_empty(),
        "render reaches into the simulation:\n{}",
        bad.join("\n")
    );
}

#[test]
fn the_game_never_calls_a_tool() {
    // Tools import the game, never the other way; the command line is the front door to
    // both. Rayon is the GA's alone (its draws stay on the calling thread, see
    // ARCHITECTURE.md), so it must not leak into the game either.
    let bad = offenders_except("src", &["src/tools", "src/cli"], &["tools::", "rayon"]);
    assert!(
        bad.is_empty(),
        "the game reaches into a tool (only src/cli/ may):\n{}",
        bad.join("\n")
    );
}

/// `src/app`'s folders by job, top down: a folder may import the ones below it, never one
/// above it or beside it on its own floor (ARCHITECTURE.md, `src/app/`). Inside `app` a
/// folder names what it uses by its own path (`crate::app::race::Race`), never through
/// the root's re-exports, so the root facade is for callers outside `app` alone.
#[test]
fn app_imports_run_down_its_floors() {
    // Each floor's folders; a folder may import any folder on a lower floor.
    let floors: [&[&str]; 9] = [
        &["screenshot"],
        &["play", "headless"],
        &["frontend"],
        &["game_mode"],
        &["split_screen"],
        &["hud", "menu"],
        &["session", "scenario"],
        &["race"],
        &["setup"],
    ];
    let floor_of = |name: &str| floors.iter().position(|f| f.contains(&name));
    let crate_root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut bad = Vec::new();
    for (floor, folders) in floors.iter().enumerate() {
        for folder in *folders {
            let mut files = Vec::new();
            let dir = crate_root.join("src/app").join(folder);
            if dir.is_dir() {
                rust_files(&dir, &mut files);
            } else {
                files.push(crate_root.join(format!("src/app/{folder}.rs")));
            }
            for f in files {
                let text = std::fs::read_to_string(&f).unwrap();
                for (n, line) in text.lines().enumerate() {
                    let code = line.split("//").next().unwrap_or("");
                    for (at, _) in code.match_indices("crate::app::") {
                        let rest = &code[at + "crate::app::".len()..];
                        let used: String = rest.chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect();
                        let ok = match floor_of(&used) {
                            Some(u) => u > floor || used == *folder,
                            // A root re-export (`crate::app::Setup`) or an unknown folder.
                            None => false,
                        };
                        if !ok {
                            bad.push(format!("{}:{}: {folder} uses app::{used}", f.display(), n + 1));
                        }
                    }
                }
            }
        }
    }
    assert!(
        bad.is_empty(),
        "imports in src/app run up or sideways, or through the root facade:\n{}",
        bad.join("\n")
    );
}
