//! Field readers shared by the level schema's parts: each turns a raw value into a
//! validated one, or an error naming the field.

use crate::material::{MaterialId, MaterialTable};
use crate::validate::Validator;
use crate::ContentError;
use glam::{Vec2, Vec3};

/// Validation context of one level file.
pub(crate) struct Fields<'a> {
    /// Range checks naming the file.
    pub v: Validator<'a>,
    materials: &'a MaterialTable,
    file: &'a str,
}

impl<'a> Fields<'a> {
    pub fn new(file: &'a str, materials: &'a MaterialTable) -> Self {
        Self {
            v: Validator::new(file),
            materials,
            file,
        }
    }

    /// A material by name.
    pub fn mat(&self, name: &str, field: &str) -> Result<MaterialId, ContentError> {
        self.materials.id(name, self.file, field)
    }

    /// A colour if given, else the material's.
    pub fn color_of(&self, field: &str, c: &Option<[f64; 3]>, m: MaterialId) -> Result<Vec3, ContentError> {
        match c {
            Some(c) => self.v.color(field, *c),
            None => Ok(Vec3::from_array(self.materials.get(m).color)),
        }
    }

    /// A finite ground point `[x, z]`.
    pub fn vec2(&self, field: &str, p: [f64; 2]) -> Result<Vec2, ContentError> {
        Ok(Vec2::new(
            self.v.finite(&format!("{field}[0]"), p[0])? as f32,
            self.v.finite(&format!("{field}[1]"), p[1])? as f32,
        ))
    }

    /// A ground extent, each side 0.01 m to 100 km.
    pub fn size2(&self, field: &str, p: [f64; 2]) -> Result<Vec2, ContentError> {
        Ok(Vec2::new(
            self.v.range(&format!("{field}[0]"), p[0], 0.01, 100_000.0)? as f32,
            self.v.range(&format!("{field}[1]"), p[1], 0.01, 100_000.0)? as f32,
        ))
    }

    /// An angle in degrees (±360) as radians.
    pub fn angle(&self, field: &str, degrees: f64) -> Result<f32, ContentError> {
        self.v
            .range(field, degrees, -360.0, 360.0)
            .map(|d| (d as f32).to_radians())
    }
}
