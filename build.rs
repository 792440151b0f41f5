//! The offline bake. For now it embeds `content/` and `platform/profiles/` into the binary so
//! `skidpad` runs from anywhere with no configuration; later issues add the collision bake.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

fn collect(dir: &Path, base: &Path, out: &mut Vec<(String, PathBuf)>) {
    let Ok(entries) = std::fs::read_dir(dir) else { return };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            collect(&path, base, out);
        } else if let Ok(rel) = path.strip_prefix(base) {
            let rel = rel
                .components()
                .map(|c| c.as_os_str().to_string_lossy())
                .collect::<Vec<_>>()
                .join("/");
            out.push((rel, path.canonicalize().unwrap_or(path)));
        }
    }
}

fn embed(name: &str, dir: &Path, code: &mut String) {
    println!("cargo:rerun-if-changed={}", dir.display());
    let mut files = Vec::new();
    collect(dir, dir, &mut files);
    // Sorted so the embedded index, and everything listed from it, is deterministic.
    files.sort();
    writeln!(
        code,
        "/// Files embedded from `{}` at build time: (relative path, bytes), sorted.",
        dir.display()
    )
    .unwrap();
    writeln!(code, "pub static {name}: &[(&str, &[u8])] = &[").unwrap();
    for (rel, path) in files {
        println!("cargo:rerun-if-changed={}", path.display());
        writeln!(code, "    ({rel:?}, include_bytes!({:?})),", path.display().to_string()).unwrap();
    }
    writeln!(code, "];").unwrap();
}

fn main() {
    let root = PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR"));
    let mut code = String::new();
    embed("CONTENT_FILES", &root.join("content"), &mut code);
    embed("PROFILE_FILES", &root.join("platform/profiles"), &mut code);
    let out = PathBuf::from(std::env::var("OUT_DIR").expect("cargo sets OUT_DIR")).join("embedded.rs");
    std::fs::write(&out, code).expect("OUT_DIR is writable");
}
