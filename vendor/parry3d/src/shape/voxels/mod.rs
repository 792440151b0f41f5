pub use voxels::*;
pub use voxels_chunk::*;

use voxels_consts::*;

mod voxels;
mod voxels_chunk;
mod voxels_consts;
mod voxels_edition;
mod voxels_neighborhood;
mod voxels_sizeof;
