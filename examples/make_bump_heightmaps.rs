//! Generates the `bump` level's heightmaps (washboard, potholes, rough ground) into
//! `content/levels/bump/`. Deterministic: running it again gives the same files.
//!
//! `cargo run --example make_bump_heightmaps`

use skidpad_bake::heightmap::{value_noise as noise, Heightmap};

/// Spacing of samples, m.
const STEP_M: f32 = 0.1;

fn grid(width_m: f32, length_m: f32, f: impl Fn(f32, f32) -> f32) -> Heightmap {
    let cols = (width_m / STEP_M) as usize + 1;
    let rows = (length_m / STEP_M) as usize + 1;
    let mut heights_m = Vec::with_capacity(rows * cols);
    for r in 0..rows {
        for c in 0..cols {
            heights_m.push(f(c as f32 * STEP_M, r as f32 * STEP_M));
        }
    }
    Heightmap { rows, cols, heights_m }
}

/// 1 at the middle of a strip, ramping to 0 over `ramp_m` at both ends and the sides.
fn taper(x: f32, z: f32, width_m: f32, length_m: f32, ramp_m: f32) -> f32 {
    let edge = x.min(width_m - x).min(z.min(length_m - z));
    (edge / ramp_m).clamp(0.0, 1.0)
}

fn write(name: &str, map: &Heightmap, lo: f32, hi: f32) {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("content/levels/bump")
        .join(name);
    std::fs::write(&path, map.to_png(lo, hi)).expect("content/levels/bump is writable");
    println!("{} ({}x{} samples, {lo}..{hi} m)", path.display(), map.cols, map.rows);
}

fn main() {
    let (w, l) = (8.0, 60.0);
    // Washboard: 4 cm corrugations every 0.7 m, like a dirt road's, on a 2 cm base.
    let washboard = grid(w, l, |x, z| {
        let ripple = 0.02 * (1.0 + (z * std::f32::consts::TAU / 0.7).sin());
        (0.02 + ripple) * taper(x, z, w, l, 1.0)
    });
    write("washboard.png", &washboard, 0.0, 0.1);

    // Potholes: a 15 cm road surface with holes down to the ground, 0.4–0.7 m across.
    let holes: Vec<(f32, f32, f32)> = (0..28)
        .map(|k| {
            let k = k as f32;
            (
                1.2 + noise(k * 3.7, 1.3) * (w - 2.4),
                6.0 + k * 1.75,
                0.2 + 0.15 * noise(k * 1.9, 7.7),
            )
        })
        .collect();
    let potholes = grid(w, l, |x, z| {
        let mut h = 0.15 * taper(x, z, w, l, 3.0);
        for (hx, hz, r) in &holes {
            let d = ((x - hx).powi(2) + (z - hz).powi(2)).sqrt();
            if d < *r {
                // A bowl: full depth in the middle, rounded rim.
                h *= (d / r).powi(2);
            }
        }
        h
    });
    write("potholes.png", &potholes, 0.0, 0.2);

    // Rough ground: 25 cm of smooth noise at 2–3 m wavelengths plus 5 cm at 0.7 m.
    let rough = grid(w, l, |x, z| {
        let n = 0.25 * noise(x / 2.5, z / 2.5) + 0.05 * noise(x / 0.7 + 100.0, z / 0.7);
        n * taper(x, z, w, l, 4.0)
    });
    write("rough.png", &rough, 0.0, 0.3);
}
