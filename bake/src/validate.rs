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
