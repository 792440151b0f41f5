//! Range checks for parsed content, each naming the field it rejects.

use crate::ContentError;

/// Checks values of one file; the first failure is returned as a [`ContentError`].
pub struct Validator<'a> {
    file: &'a str,
}

impl<'a> Validator<'a> {
    /// Checks for `file`.
    pub fn new(file: &'a str) -> Self {
        Self { file }
    }

    /// A general failure on `field`.
    pub fn fail(&self, field: &str, problem: impl Into<String>) -> ContentError {
        ContentError::new(self.file, field, problem)
    }

    /// A data file the content names (a heightmap, a track CSV): a plain relative path that
    /// stays inside the directory of the file naming it. `..`, a leading `/` (or a drive) and
    /// `\\` are refused, so content cannot reach files outside its root.
    pub fn file_in_dir<'s>(&self, field: &str, rel: &'s str) -> Result<&'s str, ContentError> {
        let plain = !rel.is_empty()
            && !rel.contains('\\')
            && !rel.contains(':')
            && std::path::Path::new(rel)
                .components()
                .all(|c| matches!(c, std::path::Component::Normal(_)));
        if plain {
            Ok(rel)
        } else {
            Err(self.fail(
                field,
                format!(
                    "`{rel}` must be a file inside the level's directory: a relative path with `/` between \
                     names, no `..`, not starting with `/`"
                ),
            ))
        }
    }

    /// The name of a shipped piece of content (a car from `cars/`), not a path: no `/`,
    /// `\\` or `..`, no `.toml`.
    pub fn content_name<'s>(&self, field: &str, name: &'s str, what: &str) -> Result<&'s str, ContentError> {
        let plain =
            !name.is_empty() && !name.contains(['/', '\\', ':']) && !name.starts_with('.') && !name.ends_with(".toml");
        if plain {
            Ok(name)
        } else {
            Err(self.fail(
                field,
                format!("`{name}` must be the name of a {what} in the content (e.g. `sedan`), not a path"),
            ))
        }
    }

    /// Finite (no NaN, no infinity).
    pub fn finite(&self, field: &str, v: f64) -> Result<f64, ContentError> {
        if v.is_finite() {
            Ok(v)
        } else {
            Err(self.fail(field, format!("must be a finite number, got {v}")))
        }
    }

    /// Finite and > 0.
    pub fn positive(&self, field: &str, v: f64) -> Result<f64, ContentError> {
        self.finite(field, v)?;
        if v > 0.0 {
            Ok(v)
        } else {
            Err(self.fail(field, format!("must be greater than 0, got {v}")))
        }
    }

    /// Finite and ≥ 0.
    pub fn non_negative(&self, field: &str, v: f64) -> Result<f64, ContentError> {
        self.finite(field, v)?;
        if v >= 0.0 {
            Ok(v)
        } else {
            Err(self.fail(field, format!("must not be negative, got {v}")))
        }
    }

    /// Finite and within `[lo, hi]`.
    pub fn range(&self, field: &str, v: f64, lo: f64, hi: f64) -> Result<f64, ContentError> {
        self.finite(field, v)?;
        if (lo..=hi).contains(&v) {
            Ok(v)
        } else {
            Err(self.fail(field, format!("must be between {lo} and {hi}, got {v}")))
        }
    }

    /// Every component finite.
    pub fn finite3(&self, field: &str, v: [f64; 3]) -> Result<glam::Vec3, ContentError> {
        for (i, c) in v.iter().enumerate() {
            self.finite(&format!("{field}[{i}]"), *c)?;
        }
        Ok(glam::Vec3::new(v[0] as f32, v[1] as f32, v[2] as f32))
    }

    /// Every component finite and > 0.
    pub fn positive3(&self, field: &str, v: [f64; 3]) -> Result<glam::Vec3, ContentError> {
        for (i, c) in v.iter().enumerate() {
            self.positive(&format!("{field}[{i}]"), *c)?;
        }
        Ok(glam::Vec3::new(v[0] as f32, v[1] as f32, v[2] as f32))
    }

    /// An RGB colour, each channel in 0..1.
    pub fn color(&self, field: &str, v: [f64; 3]) -> Result<glam::Vec3, ContentError> {
        for (i, c) in v.iter().enumerate() {
            self.range(&format!("{field}[{i}]"), *c, 0.0, 1.0)?;
        }
        Ok(glam::Vec3::new(v[0] as f32, v[1] as f32, v[2] as f32))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn referenced_files_stay_inside_the_directory() {
        let v = Validator::new("levels/x/level.toml");
        for ok in ["bump.png", "data/bump.png", "a..b.png"] {
            assert_eq!(v.file_in_dir("terrain.heightmap", ok), Ok(ok));
        }
        for bad in [
            "",
            "../secret.png",
            "data/../../x.png",
            "/etc/passwd",
            "./bump.png",
            "..\\x.png",
            "C:/x.png",
        ] {
            let e = v.file_in_dir("terrain.heightmap", bad).unwrap_err();
            assert_eq!(
                (e.file.as_str(), e.field.as_str()),
                ("levels/x/level.toml", "terrain.heightmap")
            );
            assert!(e.problem.contains("inside the level's directory"), "{bad}: {e}");
        }
    }

    #[test]
    fn content_names_are_not_paths() {
        let v = Validator::new("level.toml");
        assert_eq!(
            v.content_name("parked_cars[0].car", "big_wheeler", "car"),
            Ok("big_wheeler")
        );
        for bad in [
            "",
            "../cars/sedan",
            "/tmp/car.toml",
            "sedan.toml",
            "..",
            "cars/sedan",
            "a\\b",
        ] {
            let e = v.content_name("parked_cars[0].car", bad, "car").unwrap_err();
            assert!(e.problem.contains("not a path"), "{bad}: {e}");
        }
    }
}
