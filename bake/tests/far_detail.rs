//! Issue 20: a stand's crowd, a board's and a gantry's lettering and chequers bake into
//! detail groups, each with a far stand-in of a few triangles covering the same place.

use glam::Vec3;
use skidpad_bake::chunk::{bake_level, BakedChunk};
use skidpad_bake::geometry::{DetailGroup, MeshData};
use skidpad_bake::{ContentError, Level, LevelFiles, MaterialTable};
use std::path::Path;

struct NoFiles;

impl LevelFiles for NoFiles {
    fn read(&self, rel: &str) -> Result<Vec<u8>, ContentError> {
        Err(ContentError::new(rel, "file", "no files here"))
    }
    fn label(&self, rel: &str) -> String {
        rel.to_string()
    }
}

/// No level files, but the shipped prop models (a tyre wall stacks the `tyre` model).
struct ShippedProps;

impl LevelFiles for ShippedProps {
    fn read(&self, rel: &str) -> Result<Vec<u8>, ContentError> {
        NoFiles.read(rel)
    }
    fn label(&self, rel: &str) -> String {
        rel.to_string()
    }
    fn prop_model(&self, name: &str) -> Result<skidpad_bake::model::PropModel, ContentError> {
        let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("../content/props/{name}.glb"));
        let bytes = std::fs::read(&path).map_err(|e| ContentError::new(name, "file", e.to_string()))?;
        skidpad_bake::model::PropModel::bake(name, &bytes)
    }
}

fn materials() -> MaterialTable {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../content/materials.toml");
    let bytes = std::fs::read(path).expect("content/materials.toml");
    MaterialTable::parse("materials.toml", &bytes).expect("shipped materials parse")
}

/// The chunk (0, 0) of a flat 64 m level (four chunks) with `props` on it.
fn chunk_with(props: &str) -> BakedChunk {
    chunk_read_with(props, &NoFiles)
}

/// [`chunk_with`], the level's files read through `files`.
fn chunk_read_with(props: &str, files: &dyn LevelFiles) -> BakedChunk {
    let text = format!(
        "description = \"t\"\nchunk_size_m = 64.0\n[terrain]\nsize_m = [64.0, 64.0]\nmaterial = \"asphalt\"\n\
         [[spawns]]\nname = \"s\"\nposition_m = [0.0, 0.5, -20.0]\n{props}"
    );
    let level = Level::parse("test.toml", "test", text.as_bytes(), &materials(), files).expect("valid level");
    bake_level(&level)
        .into_iter()
        .find(|c| c.coord == glam::IVec2::ZERO)
        .expect("chunk (0, 0)")
}

/// The box around the vertices of `indices`.
fn bounds(mesh: &MeshData, indices: &[u32]) -> (Vec3, Vec3) {
    indices
        .iter()
        .map(|&i| Vec3::from(mesh.positions[i as usize]))
        .fold((Vec3::MAX, Vec3::MIN), |(lo, hi), p| (lo.min(p), hi.max(p)))
}

fn near_of<'a>(mesh: &'a MeshData, g: &DetailGroup) -> &'a [u32] {
    &mesh.indices[g.near[0] as usize..g.near[1] as usize]
}

fn far_of<'a>(mesh: &'a MeshData, g: &DetailGroup) -> &'a [u32] {
    &mesh.far_indices[g.far[0] as usize..g.far[1] as usize]
}

const STAND: &str =
    "[[props]]\nkind = \"grandstand\"\nposition_m = [0.0, 0.0]\nheading_deg = 90.0\nlength_m = 60.0\nsteps = 8\n";

#[test]
fn a_crowds_far_stand_in_is_a_band_a_row_in_the_same_place() {
    let chunk = chunk_with(STAND);
    let mesh = &chunk.mesh;
    // 60 m of seats, 75 of them, in stretches of 12: 7 groups.
    assert_eq!(mesh.detail.len(), 7);
    let near: usize = mesh.detail.iter().map(|g| near_of(mesh, g).len() / 3).sum();
    let far: usize = mesh.detail.iter().map(|g| far_of(mesh, g).len() / 3).sum();
    // Four triangles a figure, four a row of a stretch.
    assert!(near > 1500, "{near} near triangles");
    assert!(far * 8 < near, "{far} far triangles against {near}");
    assert!(far <= 7 * 8 * 4);
    for g in &mesh.detail {
        let (nlo, nhi) = bounds(mesh, near_of(mesh, g));
        let (flo, fhi) = bounds(mesh, far_of(mesh, g));
        // The same place: the band spans the stretch's first to last seat and the mean
        // height, within a figure's height.
        assert!(
            nlo.distance(flo) < 0.2 && nhi.distance(fhi) < 0.2,
            "near {nlo}..{nhi}, far {flo}..{fhi}"
        );
        // The group's sphere holds both.
        let (c, r) = (Vec3::from(g.centre), g.radius_m);
        for p in [nlo, nhi, flo, fhi] {
            assert!(p.distance(c) <= r + 1e-3);
        }
        assert!((g.feature_m - 0.44).abs() < 1e-6);
        assert!(g.casts_shadow, "figures on the steps cast their own shadows");
    }
}

#[test]
fn near_the_groups_draw_what_was_drawn_before_them() {
    // The near triangles are the base and every group's near run: what a renderer that
    // ignores the groups draws, and as many triangles as the crowd had without them.
    let chunk = chunk_with(STAND);
    let mesh = &chunk.mesh;
    let grouped: usize = mesh.detail.iter().map(|g| near_of(mesh, g).len()).sum();
    assert_eq!(mesh.base_indices().len() + grouped, mesh.indices.len());
    // Runs follow one another from the end of the base.
    let mut at = mesh.base_indices().len() as u32;
    for g in &mesh.detail {
        assert_eq!(g.near[0], at);
        at = g.near[1];
    }
    assert_eq!(at as usize, mesh.indices.len());
    // Every far index names a vertex.
    assert!(mesh.far_indices.iter().all(|&i| (i as usize) < mesh.positions.len()));
}

#[test]
fn lettering_and_chequers_stand_in_as_one_quad_each_over_their_place() {
    let gantry = "[[props]]\nkind = \"gantry\"\nposition_m = [0.0, 0.0]\nspan_m = 16.0\ntext = \"START\"\n";
    let board = "[[props]]\nkind = \"board\"\nposition_m = [0.0, 10.0]\ntext = \"100\"\nsize_m = [2.0, 1.2]\nelevation_m = 0.8\n";
    let chunk = chunk_with(&format!("{gantry}{board}"));
    let mesh = &chunk.mesh;
    // Each face of the gantry: chequers and lettering; the board: its lettering.
    assert_eq!(mesh.detail.len(), 5);
    for g in &mesh.detail {
        assert_eq!(far_of(mesh, g).len(), 6, "one quad");
        assert!(near_of(mesh, g).len() > 6 * 10);
        let (nlo, nhi) = bounds(mesh, near_of(mesh, g));
        let (flo, fhi) = bounds(mesh, far_of(mesh, g));
        // The quad is the box around the letters' or the squares' cells (a lettering's
        // last cells may be unlit: within a cell; a lettering's feature is two cells).
        let cell = g.feature_m;
        assert!(
            flo.distance(nlo) <= cell * 1.5 && fhi.distance(nhi) <= cell * 1.5,
            "near {nlo}..{nhi}, far {flo}..{fhi}"
        );
        // Decals on the beam and the panel: the face under them casts their shadow.
        assert!(!g.casts_shadow);
    }
}

#[test]
fn a_chunk_keeps_at_most_its_room_of_groups_and_draws_the_rest_near() {
    // 40 boards: 40 lettering groups, 32 kept, the rest drawn near at every distance.
    let boards: String = (0..40)
        .map(|k| {
            format!(
                "[[props]]\nkind = \"board\"\nposition_m = [{}.0, 10.0]\ntext = \"{k}\"\nsize_m = [1.0, 1.0]\n",
                k / 2
            )
        })
        .collect();
    let chunk = chunk_with(&boards);
    let mesh = &chunk.mesh;
    assert_eq!(mesh.detail.len(), skidpad_bake::mesh_detail::MAX_DETAIL_GROUPS);
    let one_board =
        chunk_with("[[props]]\nkind = \"board\"\nposition_m = [0.0, 10.0]\ntext = \"1\"\nsize_m = [1.0, 1.0]\n");
    assert!(mesh.base_indices().len() > one_board.mesh.base_indices().len());
}

#[test]
fn a_tyre_walls_far_stand_in_is_boxes_over_its_stacks_in_their_paint() {
    // 12 m of wall: 20 stacks of 3 tyres 0.6 m apart, touching.
    let wall = "[[props]]\nkind = \"tyre_wall\"\nfrom_m = [0.0, 0.0]\nto_m = [0.0, 12.0]\nrows = 3\n";
    let chunk = chunk_read_with(wall, &ShippedProps);
    let mesh = &chunk.mesh;
    assert_eq!(mesh.detail.len(), 1, "the tyres: one group");
    let g = &mesh.detail[0];
    let (near, far) = (near_of(mesh, g), far_of(mesh, g));
    // A box under the top row, then a box a stack for the top row.
    assert_eq!(far.len() / 3, 12 * (1 + 20));
    assert!(
        far.len() * 4 < near.len(),
        "{} far triangles against {}",
        far.len() / 3,
        near.len() / 3
    );
    // Over the same place: the boxes' sides are the tyres' outer radius, so the two
    // boxes' corners are within the prisms' flats (a centimetre or two) of each other.
    let ((nlo, nhi), (flo, fhi)) = (bounds(mesh, near), bounds(mesh, far));
    assert!(
        nlo.distance(flo) < 0.05 && nhi.distance(fhi) < 0.05,
        "near {nlo}..{nhi}, far {flo}..{fhi}"
    );
    // What the boxes leave out: the hollow between two round stacks 0.6 m apart, at its
    // deepest midway (sqrt(0.3² + 0.3²) - 0.3 m).
    assert!((g.feature_m - (0.18f32.sqrt() - 0.3)).abs() < 1e-5, "{}", g.feature_m);
    // The top row's paint: every other stack's box in the band's white, the rest black.
    let top_colours: Vec<f32> = far.chunks(36).skip(1).map(|b| mesh.colors[b[0] as usize][0]).collect();
    assert_eq!(top_colours.len(), 20);
    for (s, c) in top_colours.iter().enumerate() {
        assert_eq!(*c > 0.5, s % 2 == 0, "stack {s}: red {c}");
    }
}

/// The bump level's files, read from its directory.
struct BumpFiles;

impl LevelFiles for BumpFiles {
    fn read(&self, rel: &str) -> Result<Vec<u8>, ContentError> {
        let path = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../content/levels/bump")
            .join(rel);
        std::fs::read(&path).map_err(|e| ContentError::new(rel, "file", e.to_string()))
    }
    fn label(&self, rel: &str) -> String {
        rel.to_string()
    }
}

/// Issue 20: a height patch bakes as tiles of `HEIGHT_TILE_M`, each a group of its own
/// (culled by its bounds; its stand-in is itself), and together they are every triangle
/// of the patch's decimated mesh, once.
#[test]
fn height_patches_bake_as_tiles_that_partition_their_triangles() {
    use skidpad_bake::height_mesh::{decimated_triangles, RENDER_HEIGHT_TOLERANCE_M};
    use skidpad_bake::heightmap::Heightmap;
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../content/levels/bump");
    let text = std::fs::read(dir.join("level.toml")).unwrap();
    let level = Level::parse("bump/level.toml", "bump", &text, &materials(), &BumpFiles).expect("bump parses");
    let chunks = bake_level(&level);
    let tiles: Vec<(&MeshData, &DetailGroup)> = chunks
        .iter()
        .flat_map(|c| c.mesh.detail.iter().map(move |g| (&c.mesh, g)))
        .filter(|(_, g)| g.feature_m == 0.0)
        .collect();
    // Three 8 × 60 m strips: one tile across (8 m), four along (60 m over 16 m tiles).
    assert_eq!(tiles.len(), 3 * 4);
    let mut triangles = 0;
    for (mesh, g) in &tiles {
        assert_eq!(near_of(mesh, g), far_of(mesh, g), "a tile's stand-in is itself");
        triangles += near_of(mesh, g).len() / 3;
        // Inside a strip: within 4 m of one of the strips' centres across, within the
        // strips' 60 m along (z from -10 to 50).
        let (lo, hi) = bounds(mesh, near_of(mesh, g));
        let centre_x = (lo.x + hi.x) * 0.5;
        assert!(
            [-15.0f32, 0.0, 15.0].iter().any(|x| (centre_x - x).abs() < 0.01)
                && hi.x - lo.x <= 8.0 + 1e-3
                && lo.z >= -10.0 - 1e-3
                && hi.z <= 50.0 + 1e-3,
            "tile box {lo} .. {hi}"
        );
    }
    let decimated: usize = [("washboard", 0.1), ("potholes", 0.2), ("rough", 0.3)]
        .iter()
        .map(|(name, high_m)| {
            let file = format!("{name}.png");
            let map = Heightmap::from_png(&file, &BumpFiles.read(&file).unwrap(), 0.0, *high_m).unwrap();
            decimated_triangles(&map, RENDER_HEIGHT_TOLERANCE_M).len()
        })
        .sum();
    assert_eq!(triangles, decimated, "every triangle of the strips in one tile");
}
