//! The fuzzers' findings, kept: every file under `tests/fuzz/<target>/` (inputs that once
//! crashed or hung a parser, named after what they are, and the target's minimised corpus
//! in `corpus/`) runs through the same harness libFuzzer runs (`skidpad::tools::fuzzing`), on
//! stable, in CI. None may panic. A target with too few files fails (a deleted corpus must
//! not pass silently), and the shipped content must go all the way through the harnesses
//! and parse with the real parsers, so a harness cannot have become a no-op.
//!
//! `write_seed_corpora` (ignored) writes the seeds that are not plain files in the tree
//! (default settings, real baked chunks, small heightmaps, content_values' starting points)
//! for `scripts/fuzz seed`.

use skidpad::content::chunk::BakedChunk;
use skidpad::content::embedded_baked_levels;
use skidpad::content::track::Track;
use skidpad::content::{level_names, load_level, ContentRoot, MaterialTable, PlatformProfile};
use skidpad::settings::Settings;
use skidpad::tools::carla_import::convert_dump;
use skidpad::tools::fuzzing::TARGETS;
use skidpad::vehicle::CarDef;
use std::fs;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::{Path, PathBuf};

/// Fewest kept files per target: each minimised corpus holds far more; a handful would mean
/// it was lost.
const MIN_FILES_PER_TARGET: usize = 8;

fn repo() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Every file under `dir`, recursively, sorted (READMEs excluded).
fn files_under(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let Ok(entries) = fs::read_dir(dir) else {
        return out;
    };
    for e in entries.flatten() {
        let p = e.path();
        if p.is_dir() {
            out.extend(files_under(&p));
        } else if p.file_name().is_some_and(|n| n != "README.md") {
            out.push(p);
        }
    }
    out.sort();
    out
}

/// Runs every kept file of every target through its harness; reports all panics at once.
#[test]
fn kept_fuzz_inputs_do_not_panic() {
    let mut failures = Vec::new();
    for (name, harness) in TARGETS {
        let files = files_under(&repo().join("tests/fuzz").join(name));
        assert!(
            files.len() >= MIN_FILES_PER_TARGET,
            "tests/fuzz/{name}/ holds {} files, expected at least {MIN_FILES_PER_TARGET}: \
             regenerate the corpus with `scripts/fuzz cmin {name}`",
            files.len()
        );
        let (total, mut accepted, started) = (files.len(), 0, std::time::Instant::now());
        for f in files {
            let data = fs::read(&f).unwrap();
            match catch_unwind(AssertUnwindSafe(|| harness(&data))) {
                Ok(true) => accepted += 1,
                Ok(false) => {}
                Err(_) => failures.push(f.display().to_string()),
            }
        }
        eprintln!(
            "{name}: {total} kept inputs, {accepted} accepted by the parser ({:.1} s)",
            started.elapsed().as_secs_f32()
        );
        // The corpus must reach past the parser, into what an accepted file drives.
        assert!(accepted > 0, "no kept input of `{name}` is accepted by its parser");
    }
    assert!(failures.is_empty(), "harnesses panicked on: {failures:#?}");
}

/// The inputs that crashed or hung a parser are now refused, each with the error that
/// names the problem (not merely without a panic).
#[test]
fn former_crashers_are_refused_with_a_clear_error() {
    let kept = |rel: &str| read(&format!("tests/fuzz/{rel}"));
    let e = skidpad_bake::heightmap::Heightmap::from_png(
        "h.png",
        &kept("heightmap/png_header_claims_81x436207616_16bit.png"),
        0.0,
        1.0,
    )
    .unwrap_err();
    assert!(e.problem.contains("81x436207616"), "{e}");
    let e = BakedChunk::decode("c.bin", &kept("chunk/height_field_with_no_rows.bin"), &[]).unwrap_err();
    assert!(e.problem.contains("height field"), "{e}");
    let csv = kept("track_csv/circuit_with_a_58km_spike_120km_loop.csv");
    let e = Track::parse_csv("t.csv", std::str::from_utf8(&csv).unwrap()).unwrap_err();
    assert!(e.problem.contains("long, longer than"), "{e}");
}

/// Each target's harness, by name.
fn harness(name: &str) -> fn(&[u8]) -> bool {
    TARGETS.iter().find(|(n, _)| *n == name).unwrap().1
}

fn read(rel: &str) -> Vec<u8> {
    fs::read(repo().join(rel)).unwrap_or_else(|e| panic!("{rel}: {e}"))
}

/// Files in `dir` (relative to the repository) ending in `suffix`.
fn shipped(dir: &str, suffix: &str) -> Vec<String> {
    let mut out: Vec<String> = files_under(&repo().join(dir))
        .into_iter()
        .filter_map(|p| {
            let rel = p.strip_prefix(repo()).unwrap().to_str().unwrap().to_string();
            rel.ends_with(suffix).then_some(rel)
        })
        .collect();
    out.sort();
    assert!(!out.is_empty(), "no {suffix} under {dir}");
    out
}

#[test]
fn shipped_content_parses_and_goes_through_the_harnesses() {
    for rel in shipped("content/cars", ".toml") {
        let bytes = read(&rel);
        CarDef::parse(&rel, "car", &bytes).unwrap();
        assert!(harness("car")(&bytes), "{rel}");
    }
    for rel in shipped("content/models", ".glb") {
        let bytes = read(&rel);
        skidpad_bake::model::CarModel::bake(&rel, &bytes).unwrap();
        assert!(harness("model")(&bytes), "{rel}");
    }
    for rel in shipped("content/props", ".glb") {
        let bytes = read(&rel);
        skidpad_bake::model::PropModel::bake(&rel, &bytes).unwrap();
        assert!(harness("model")(&bytes), "{rel}");
    }
    let materials = read("content/materials.toml");
    MaterialTable::parse("materials.toml", &materials).unwrap();
    assert!(harness("materials")(&materials));
    for name in level_names(&ContentRoot::Embedded) {
        let rel = format!("content/levels/{name}/level.toml");
        // The real loader reads the level's own heightmaps and track; the harness serves
        // stand-ins, which must not make it refuse a shipped level.
        load_level(&ContentRoot::Embedded, &name).unwrap();
        assert!(harness("level")(&read(&rel)), "{rel}");
    }
    for rel in shipped("content/levels", ".png") {
        assert!(harness("heightmap")(&read(&rel)), "{rel}");
    }
    for rel in shipped("platform/profiles", ".toml") {
        let bytes = read(&rel);
        PlatformProfile::parse(&rel, &bytes).unwrap();
        assert!(harness("profile")(&bytes), "{rel}");
    }
    let track = read("content/levels/circuit/track.csv");
    Track::parse_csv("track.csv", std::str::from_utf8(&track).unwrap()).unwrap();
    assert!(harness("track_csv")(&track));
    let line = read("content/levels/circuit/raceline.csv");
    skidpad::raceline::parse_line_csv("raceline.csv", std::str::from_utf8(&line).unwrap()).unwrap();
    assert!(harness("raceline_csv")(&line));
    let dump = read("tests/data/carla_model3_dump.txt");
    convert_dump("dump.txt", std::str::from_utf8(&dump).unwrap(), "test").unwrap();
    assert!(harness("carla_dump")(&dump));
    assert!(harness("settings")(Settings::default().to_toml().as_bytes()));
    for i in 0..skidpad::tools::fuzzing::content_base_count() as u8 {
        assert!(harness("content_values")(&[i]), "content_values base {i}");
    }
    // Generated formats: the kept corpora hold real ones (see write_seed_corpora).
    let (level, chunks) = embedded_baked_levels()[0];
    let models = skidpad::content::load_level(&skidpad::content::ContentRoot::Embedded, level)
        .unwrap()
        .level
        .prop_models;
    BakedChunk::decode_deflated("chunk", chunks[0].2, &models).unwrap();
    let inflated = skidpad::content::chunk::inflate("chunk", chunks[0].2).unwrap();
    assert!(harness("chunk")(&inflated));
    assert!(
        files_under(&repo().join("tests/fuzz/replay"))
            .iter()
            .any(|f| harness("replay")(&fs::read(f).unwrap())),
        "no kept replay decodes"
    );
}

/// Writes generated seeds to `$SKIDPAD_FUZZ_SEEDS/<target>/` (`scripts/fuzz seed` runs it):
/// the default settings, the smallest real baked chunks, small 8- and 16-bit heightmaps.
#[test]
#[ignore = "writes seed files; run by scripts/fuzz seed"]
fn write_seed_corpora() {
    let dir = PathBuf::from(std::env::var("SKIDPAD_FUZZ_SEEDS").expect("set SKIDPAD_FUZZ_SEEDS"));
    let write = |target: &str, name: &str, bytes: &[u8]| {
        let d = dir.join(target);
        fs::create_dir_all(&d).unwrap();
        fs::write(d.join(name), bytes).unwrap();
    };
    write("settings", "default.toml", Settings::default().to_toml().as_bytes());

    // Per shipped level, its smallest chunk (a terrain slab) and its smallest one holding
    // more (patches, props, height fields, road): the big height-field chunks run to
    // megabytes and would slow every execution.
    for (level, chunks) in embedded_baked_levels() {
        let mut by_size: Vec<_> = chunks.iter().filter(|c| c.2.len() <= 64 * 1024).collect();
        by_size.sort_by_key(|c| c.2.len());
        let smallest = by_size.first().map_or(0, |c| c.2.len());
        let richer = by_size.iter().find(|c| c.2.len() > 2 * smallest);
        for (x, z, bytes) in by_size.first().into_iter().chain(richer) {
            write("chunk", &format!("{level}_{x}_{z}.bin"), bytes);
        }
    }

    let heights = |n: usize| skidpad_bake::heightmap::Heightmap {
        rows: n,
        cols: n + 1,
        heights_m: (0..n * (n + 1)).map(|i| (i % 7) as f32 / 6.0).collect(),
    };
    write("heightmap", "16bit_4x5.png", &heights(4).to_png(0.0, 1.0));
    write("heightmap", "16bit_2x3.png", &heights(2).to_png(0.0, 1.0));
    let mut png8 = Vec::new();
    {
        let mut enc = png::Encoder::new(&mut png8, 5, 3);
        enc.set_color(png::ColorType::Grayscale);
        enc.set_depth(png::BitDepth::Eight);
        let mut w = enc.write_header().unwrap();
        w.write_image_data(&[0, 40, 80, 120, 160, 200, 240, 255, 1, 2, 3, 4, 5, 6, 7])
            .unwrap();
    }
    write("heightmap", "8bit_5x3.png", &png8);

    // content_values: each shipped car and level unedited, then with one number at zero.
    for i in 0..skidpad::tools::fuzzing::content_base_count() as u8 {
        write("content_values", &format!("base_{i}"), &[i]);
        write("content_values", &format!("base_{i}_zero"), &[i, 0, 3, 0]);
    }
}
