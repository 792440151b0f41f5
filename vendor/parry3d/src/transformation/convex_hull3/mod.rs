pub use self::error::ConvexHullError;
use self::initial_mesh::{try_get_initial_mesh, InitialMesh};
use self::triangle_facet::TriangleFacet;
use self::validation::check_facet_links;
pub use convex_hull::{convex_hull, try_convex_hull};
#[cfg(feature = "std")]
pub use validation::check_convex_hull;

mod convex_hull;
mod error;
mod initial_mesh;
mod triangle_facet;
mod validation;
