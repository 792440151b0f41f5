//! Content: the data a designer edits (levels, cars, platform profiles), parsed at the edge
//! into validated types. Bad content is a [`ContentError`] naming file, field and problem.

pub mod error;
pub mod level;
pub mod profile;
pub mod root;
pub mod toml_file;
pub mod validate;

pub use error::ContentError;
pub use level::Level;
pub use profile::PlatformProfile;
pub use root::ContentRoot;
