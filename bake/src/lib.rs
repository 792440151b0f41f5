//! Skidpad's content schema and offline bake, shared by the game and its `build.rs`.
//!
//! Levels and materials are parsed here into validated types; [`geometry`] turns a level's
//! static geometry into collision shapes and render meshes, and [`chunk`] cuts them into
//! streaming chunks with every acceleration structure (triangle-mesh BVHs, bounds) already
//! built, serialized with postcard. `build.rs` runs that once per shipped level; the game
//! loads the result, or runs the same code at load time for a level being edited on disk.
#![warn(missing_docs)]

pub mod block_font;
pub mod challenge;
pub mod chunk;
pub mod chunk_ground;
pub mod decor;
pub mod dressing;
pub mod error;
mod fields;
pub mod geometry;
pub mod ground;
pub mod ground_cover;
pub mod height_mesh;
pub mod heightmap;
pub mod level;
pub mod level_info;
pub mod material;
pub mod mesh_detail;
pub mod mesh_instances;
pub mod mesh_wire;
pub mod model;
pub mod model_props;
pub mod piece;
pub mod placed;
pub mod polygon;
pub mod props;
pub mod relief;
pub mod road_marking;
pub mod scenario;
pub mod scenery;
pub mod spawn;
pub mod surface_check;
pub mod surfaces;
pub mod toml_file;
pub mod track;
pub mod track_dressing;
pub mod validate;
pub mod worn_line;

pub use error::ContentError;
pub use level::Level;
pub use material::{GroundTexture, ImpactSound, MaterialId, MaterialTable, RollingSound};

/// Reads files that belong to one level (heightmaps, track data), by path relative to the
/// level's directory. The game implements it over embedded content or a directory; the
/// bake over the source tree.
pub trait LevelFiles {
    /// The bytes of `rel`, or an error naming the file.
    fn read(&self, rel: &str) -> Result<Vec<u8>, ContentError>;
    /// How `rel` is named in messages.
    fn label(&self, rel: &str) -> String;
    /// Whether the level has the optional file `rel` (a worn line the racing-line tool
    /// wrote). Readers without optional files (tests' levels built from text) keep this
    /// default: none.
    fn has(&self, _rel: &str) -> bool {
        false
    }
    /// The prop model `name` (`props/NAME.glb` under the content root, or its bake), for
    /// the `[[props]] kind = "model"` a level places and the circuit's trees. Readers that
    /// have no content root (tests' levels built from text) keep this default: an error
    /// naming the model.
    fn prop_model(&self, name: &str) -> Result<model::PropModel, ContentError> {
        Err(ContentError::new(
            format!("props/{name}.glb"),
            "prop model",
            "this level reader has no prop models (a level read outside a content root?)",
        ))
    }
}
