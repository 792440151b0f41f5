pub use self::default_gen::generate;
pub use self::generators::generate_trimesh_around_origin;
pub use self::unref::unref;

mod default_gen;
mod generators;
mod unref;
