//! NaN and ∞ are refused at the edge, in every number a user can write: each numeric
//! literal of every shipped car, level, material table and platform profile is replaced
//! in turn by `nan`, `inf` and `-inf`, and the parser must refuse the file with an error
//! naming it (never accept it, never panic). Settings, which never refuse, must warn and
//! fall back to the defaults.

use skidpad::content::materials;
use skidpad::content::{ContentError, ContentRoot, Level, MaterialTable, PlatformProfile};
use skidpad::settings::Settings;
use skidpad::vehicle::CarDef;
use skidpad_bake::LevelFiles;
use std::path::{Path, PathBuf};

const ROOT: &str = env!("CARGO_MANIFEST_DIR");
const NON_FINITE: [&str; 3] = ["nan", "inf", "-inf"];

/// Byte ranges of the numeric literals in TOML `text` that are values (right of an `=`,
/// or inside a value's array or inline table), not parts of keys, strings or comments.
fn numbers(text: &str) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    let mut offset = 0;
    for line in text.split_inclusive('\n') {
        let code = line.split('#').next().unwrap_or("");
        // Values start after the first `=` (keys never hold numbers we want); a line with
        // no `=` inside a multi-line array is all value.
        let start = if code.trim_start().starts_with('[') && !code.contains('=') && code.trim_end().ends_with(']') {
            // A table header such as `[[wheels]]`.
            code.len()
        } else {
            code.find('=').map_or(0, |i| i + 1)
        };
        let bytes = code.as_bytes();
        let mut in_string = false;
        let mut i = 0;
        while i < bytes.len() {
            let c = bytes[i];
            if c == b'"' {
                in_string = !in_string;
            }
            let prev = if i == 0 { b' ' } else { bytes[i - 1] };
            let starts_number = (c.is_ascii_digit() || (c == b'-' && bytes.get(i + 1).is_some_and(u8::is_ascii_digit)))
                && !(prev.is_ascii_alphanumeric() || prev == b'_' || prev == b'.');
            if !in_string && i >= start && starts_number {
                let mut j = i + 1;
                while j < bytes.len()
                    && (bytes[j].is_ascii_alphanumeric() || matches!(bytes[j], b'.' | b'_' | b'+' | b'-'))
                {
                    j += 1;
                }
                // Integers are counts, indices or enums, not physics: keep to floats, where
                // NaN and ∞ can be written.
                if code[i..j].contains('.') || code[i..j].contains('e') {
                    out.push((offset + i, offset + j));
                }
                i = j;
                continue;
            }
            i += 1;
        }
        offset += line.len();
    }
    out
}

/// Every variant of `text` with one number made non-finite: (what changed, new text).
fn variants(text: &str) -> Vec<(String, String)> {
    let mut out = Vec::new();
    for (a, b) in numbers(text) {
        for bad in NON_FINITE {
            let line = text[..a].matches('\n').count() + 1;
            let what = format!("line {line}: `{}` → `{bad}`", &text[a..b]);
            out.push((what, format!("{}{bad}{}", &text[..a], &text[b..])));
        }
    }
    out
}

fn files(dir: &str, pattern: &str) -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = std::fs::read_dir(Path::new(ROOT).join(dir))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.to_string_lossy().ends_with(pattern))
        .collect();
    v.sort();
    v
}

fn refused(label: &str, what: &str, r: Result<impl Sized, ContentError>) {
    match r {
        Ok(_) => panic!("{label}: {what} was accepted"),
        Err(e) => assert!(
            e.to_string().contains("file.toml"),
            "{label}: {what}: the error names no file: {e}"
        ),
    }
}

#[test]
fn the_number_finder_finds_values_only() {
    let t =
        "# 1.5 in a comment\nmass_kg = 1200.0\n[[wheels]]\npositions_m = [[0.78, -0.4], [1.0e3, 2]]\nname = \"v1.0\"\n";
    let found: Vec<&str> = numbers(t).iter().map(|&(a, b)| &t[a..b]).collect();
    assert_eq!(found, ["1200.0", "0.78", "-0.4", "1.0e3"]);
}

#[test]
fn every_number_of_every_shipped_car_refuses_nan_and_infinity() {
    let mut tried = 0;
    for path in files("content/cars", ".toml") {
        let text = std::fs::read_to_string(&path).unwrap();
        let name = path.file_stem().unwrap().to_string_lossy().to_string();
        CarDef::parse("file.toml", &name, text.as_bytes()).expect("the shipped car parses");
        for (what, bad) in variants(&text) {
            refused(&name, &what, CarDef::parse("file.toml", &name, bad.as_bytes()));
            tried += 1;
        }
    }
    // Four cars, the sim ones with about a hundred numbers each.
    assert!(tried > 600, "only {tried} variants");
}

#[test]
fn every_number_of_every_shipped_profile_refuses_nan_and_infinity() {
    let mut tried = 0;
    for path in files("platform/profiles", ".toml") {
        let text = std::fs::read_to_string(&path).unwrap();
        PlatformProfile::parse("file.toml", text.as_bytes()).expect("the shipped profile parses");
        for (what, bad) in variants(&text) {
            refused(
                &path.display().to_string(),
                &what,
                PlatformProfile::parse("file.toml", bad.as_bytes()),
            );
            tried += 1;
        }
    }
    assert!(tried >= 6, "only {tried} variants");
}

#[test]
fn every_number_of_the_material_table_refuses_nan_and_infinity() {
    let text = std::fs::read_to_string(Path::new(ROOT).join("content/materials.toml")).unwrap();
    MaterialTable::parse("file.toml", text.as_bytes()).expect("the shipped table parses");
    let all = variants(&text);
    for (what, bad) in &all {
        refused(
            "materials.toml",
            what,
            MaterialTable::parse("file.toml", bad.as_bytes()),
        );
    }
    assert!(all.len() > 20, "only {} variants", all.len());
}

/// A level's own directory, as the game reads it.
struct Dir(PathBuf);

impl LevelFiles for Dir {
    fn read(&self, rel: &str) -> Result<Vec<u8>, ContentError> {
        std::fs::read(self.0.join(rel)).map_err(|e| ContentError::new(rel, "(file)", e.to_string()))
    }
    fn label(&self, rel: &str) -> String {
        rel.to_string()
    }
    fn prop_model(&self, name: &str) -> Result<skidpad_bake::model::PropModel, ContentError> {
        skidpad::content::prop_model(&ContentRoot::Embedded, name)
    }
}

#[test]
fn every_number_of_every_shipped_level_refuses_nan_and_infinity() {
    let table = materials(&ContentRoot::Embedded).unwrap();
    let mut tried = 0;
    for dir in std::fs::read_dir(Path::new(ROOT).join("content/levels")).unwrap() {
        let dir = dir.unwrap().path();
        let file = dir.join("level.toml");
        if !file.exists() {
            continue;
        }
        let name = dir.file_name().unwrap().to_string_lossy().to_string();
        let text = std::fs::read_to_string(&file).unwrap();
        let files = Dir(dir.clone());
        Level::parse("file.toml", &name, text.as_bytes(), &table, &files).expect("the shipped level parses");
        for (what, bad) in variants(&text) {
            refused(
                &name,
                &what,
                Level::parse("file.toml", &name, bad.as_bytes(), &table, &files),
            );
            tried += 1;
        }
    }
    assert!(tried > 500, "only {tried} variants");
}

#[test]
fn every_number_in_the_settings_falls_back_with_a_warning() {
    let text = Settings::default().to_toml();
    let (_, warnings) = Settings::parse("file.toml", &text);
    assert!(warnings.is_empty(), "{warnings:?}");
    let all = variants(&text);
    for (what, bad) in &all {
        let (s, warnings) = Settings::parse("file.toml", bad);
        assert!(
            warnings.iter().any(|w| w.contains("file.toml")),
            "settings: {what}: no warning"
        );
        assert_eq!(s, Settings::default(), "settings: {what}: not the defaults");
    }
    assert!(all.len() >= 6, "only {} variants", all.len());
}
