//! The render mesh of a height grid (`height_mesh::decimated_triangles`): every source
//! sample lies within the stated tolerance of the surface drawn, every sample is covered,
//! and on the shipped `bump` heightmaps it really draws fewer triangles than the full grid.
//! The check below walks the triangles itself; it shares no code with the decimation.

use skidpad_bake::height_mesh::{decimated_triangles, RENDER_HEIGHT_TOLERANCE_M};
use skidpad_bake::heightmap::Heightmap;

/// For each sample, the drawn surface's height there from the first triangle covering it
/// (None if no triangle does). Samples are at integer (column, row).
fn drawn_heights(map: &Heightmap, triangles: &[[u32; 3]]) -> Vec<Option<f32>> {
    let cols = map.cols as i64;
    let mut drawn = vec![None; map.rows * map.cols];
    for tri in triangles {
        let p = tri.map(|i| (i as i64 % cols, i as i64 / cols, map.heights_m[i as usize]));
        let [(ax, ay, ha), (bx, by, hb), (cx, cy, hc)] = p;
        let area = (bx - ax) * (cy - ay) - (by - ay) * (cx - ax);
        assert!(area != 0, "degenerate triangle {tri:?}");
        // Counter-clockwise seen from +Y (x = column, z = row) is a negative area here,
        // as the full grid's triangles.
        assert!(area < 0, "triangle {tri:?} faces down");
        for y in ay.min(by).min(cy)..=ay.max(by).max(cy) {
            for x in ax.min(bx).min(cx)..=ax.max(bx).max(cx) {
                let wa = (bx - x) * (cy - y) - (by - y) * (cx - x);
                let wb = (cx - x) * (ay - y) - (cy - y) * (ax - x);
                let wc = area - wa - wb;
                if wa > 0 || wb > 0 || wc > 0 {
                    continue;
                }
                let h = (ha * wa as f32 + hb * wb as f32 + hc * wc as f32) / area as f32;
                drawn[(y * cols + x) as usize].get_or_insert(h);
            }
        }
    }
    drawn
}

/// The largest |drawn − source| over all samples; panics if a sample is not drawn.
fn worst_error(map: &Heightmap, triangles: &[[u32; 3]]) -> f32 {
    drawn_heights(map, triangles)
        .iter()
        .zip(&map.heights_m)
        .enumerate()
        .map(|(i, (d, h))| {
            let d = d.unwrap_or_else(|| panic!("sample {i} (row {}, col {}) not drawn", i / map.cols, i % map.cols));
            (d - h).abs()
        })
        .fold(0.0, f32::max)
}

fn bump_map(file: &str, high_m: f32) -> Heightmap {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../content/levels/bump")
        .join(file);
    let bytes = std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    Heightmap::from_png(file, &bytes, 0.0, high_m).expect("shipped heightmap decodes")
}

#[test]
fn shipped_bump_grids_stay_within_tolerance_with_fewer_triangles() {
    // Heights as level.toml maps them.
    for (file, high_m) in [("washboard.png", 0.1), ("potholes.png", 0.2), ("rough.png", 0.3)] {
        let map = bump_map(file, high_m);
        let full = 2 * (map.rows - 1) * (map.cols - 1);
        let tris = decimated_triangles(&map, RENDER_HEIGHT_TOLERANCE_M);
        let err = worst_error(&map, &tris);
        println!(
            "{file}: {} of {full} triangles ({:.1} %), worst error {:.2} mm",
            tris.len(),
            100.0 * tris.len() as f32 / full as f32,
            err * 1000.0
        );
        assert!(
            err <= RENDER_HEIGHT_TOLERANCE_M + 1e-6,
            "{file}: {err} m off a source sample"
        );
        // Each strip's detail is a fraction of its area (the washboard's ridges are the
        // densest: a 0.7 m wave across its whole length), so well under the full grid.
        assert!(tris.len() * 2 <= full, "{file}: {} of {full} triangles", tris.len());
    }
}

#[test]
fn flat_grid_is_two_triangles_and_a_spike_is_kept() {
    let mut map = Heightmap {
        rows: 33,
        cols: 9,
        heights_m: vec![0.25; 33 * 9],
    };
    let flat = decimated_triangles(&map, RENDER_HEIGHT_TOLERANCE_M);
    assert_eq!(worst_error(&map, &flat), 0.0);
    // A 33 × 9 grid sits in a 33 × 33 square: the flat part outside the map is cut away,
    // so a few triangles along the edge at x = 8, not two.
    assert!(flat.len() <= 16, "{} triangles for a flat grid", flat.len());

    // One sample raised 10 cm: it must be a vertex, and the error stays bounded.
    map.heights_m[17 * 9 + 4] = 0.35;
    let spiked = decimated_triangles(&map, RENDER_HEIGHT_TOLERANCE_M);
    assert!(
        spiked.iter().flatten().any(|&i| i == 17 * 9 + 4),
        "the spike was smoothed away"
    );
    assert!(worst_error(&map, &spiked) <= RENDER_HEIGHT_TOLERANCE_M);

    let square = Heightmap {
        rows: 2,
        cols: 2,
        heights_m: vec![0.0; 4],
    };
    assert_eq!(decimated_triangles(&square, RENDER_HEIGHT_TOLERANCE_M).len(), 2);
}
