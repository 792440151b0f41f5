//! The one error type for bad content.

/// Content that cannot be used, with where and why: `file: field: problem`.
///
/// `field` is a dotted path into the file (`timing.tick_rate_hz`, `boxes[2].mass_kg`), or a
/// line:column position when the file does not parse.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[error("{file}: {field}: {problem}")]
pub struct ContentError {
    /// Which file (a path on disk, or `embedded:levels/x/level.toml`).
    pub file: String,
    /// Which field or position in it.
    pub field: String,
    /// What is wrong, in words a designer can act on.
    pub problem: String,
}

impl ContentError {
    /// Builds an error.
    pub fn new(file: impl Into<String>, field: impl Into<String>, problem: impl Into<String>) -> Self {
        Self {
            file: file.into(),
            field: field.into(),
            problem: problem.into(),
        }
    }
}
