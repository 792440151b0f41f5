//! Surface materials (`content/materials.toml`): friction and look of each named surface.

use crate::toml_file::parse_bytes;
use crate::validate::Validator;
use crate::ContentError;
use serde::Deserialize;
use std::collections::BTreeMap;

/// Index of a material in its [`MaterialTable`]; stored in each collider so a wheel's ray
/// knows the surface it hit.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize)]
pub struct MaterialId(pub u16);

/// One surface.
#[derive(Debug, Clone, PartialEq)]
pub struct Material {
    /// Name used in level files (`asphalt`, `ice`).
    pub name: String,
    /// Tire friction coefficient μ on this surface (asphalt 1.0).
    pub friction: f32,
    /// Loose surfaces (gravel, snow, grass) throw dust.
    pub loose: bool,
    /// Albedo, linear RGB 0..1.
    pub color: [f32; 3],
    /// Strength of the ground tile pattern drawn on it, 0..1.
    pub pattern: f32,
    /// What a tire throws up on it (`particles = "snow"`); by default dust on loose
    /// ground, tire smoke elsewhere. Presentation only: the physics never reads it.
    pub particles: SurfaceParticles,
}

/// What a tire throws up on a surface: the particle look render gives its slips and dust,
/// coloured from the material's `color`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SurfaceParticles {
    /// White-grey tire smoke (asphalt, concrete): the default on firm ground.
    Smoke,
    /// Dust in the ground's colour (grass, dirt): the default on loose ground.
    Dust,
    /// A fine white-grey mist that fades fast (wet asphalt).
    Spray,
    /// Brown-grey dust with stones that fall back (gravel).
    Gravel,
    /// White powder, larger, falling slowly (snow).
    Snow,
}

impl SurfaceParticles {
    /// The names `particles` takes in `materials.toml`, in variant order.
    pub const NAMES: [&'static str; 5] = ["smoke", "dust", "spray", "gravel", "snow"];
    const ALL: [SurfaceParticles; 5] = [Self::Smoke, Self::Dust, Self::Spray, Self::Gravel, Self::Snow];

    /// The kind named `name` in a material file, if it is one.
    pub fn from_name(name: &str) -> Option<Self> {
        Self::NAMES.iter().position(|n| *n == name).map(|i| Self::ALL[i])
    }
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawMaterial {
    friction: f64,
    #[serde(default)]
    loose: bool,
    color: [f64; 3],
    #[serde(default)]
    pattern: f64,
    #[serde(default)]
    particles: Option<String>,
}

/// Materials by name, in a fixed (sorted) order so ids are stable.
#[derive(Debug, Clone, PartialEq)]
pub struct MaterialTable {
    materials: Vec<Material>,
}

impl MaterialTable {
    /// Parses `materials.toml`: one table per material.
    pub fn parse(file: &str, bytes: &[u8]) -> Result<Self, ContentError> {
        let raw: BTreeMap<String, RawMaterial> = parse_bytes(file, bytes)?;
        let v = Validator::new(file);
        if raw.is_empty() {
            return Err(v.fail("(whole file)", "defines no material"));
        }
        if raw.len() > u16::MAX as usize {
            return Err(v.fail("(whole file)", "too many materials"));
        }
        let materials = raw
            .into_iter()
            .map(|(name, m)| {
                let f = |field: &str| format!("{name}.{field}");
                let c = v.color(&f("color"), m.color)?;
                let particles = match m.particles.as_deref() {
                    None if m.loose => SurfaceParticles::Dust,
                    None => SurfaceParticles::Smoke,
                    Some(name) => SurfaceParticles::from_name(name).ok_or_else(|| {
                        v.fail(
                            &f("particles"),
                            format!(
                                "unknown particles `{name}` (known: {})",
                                SurfaceParticles::NAMES.join(", ")
                            ),
                        )
                    })?,
                };
                Ok(Material {
                    friction: v.range(&f("friction"), m.friction, 0.0, 5.0)? as f32,
                    loose: m.loose,
                    color: c.to_array(),
                    pattern: v.range(&f("pattern"), m.pattern, 0.0, 1.0)? as f32,
                    particles,
                    name,
                })
            })
            .collect::<Result<Vec<_>, ContentError>>()?;
        Ok(Self { materials })
    }

    /// The id of `name`, or an error naming `file` and `field` and the known materials.
    pub fn id(&self, name: &str, file: &str, field: &str) -> Result<MaterialId, ContentError> {
        self.materials
            .iter()
            .position(|m| m.name == name)
            .map(|i| MaterialId(i as u16))
            .ok_or_else(|| {
                let known: Vec<&str> = self.materials.iter().map(|m| m.name.as_str()).collect();
                ContentError::new(
                    file,
                    field,
                    format!("unknown material `{name}` (known: {})", known.join(", ")),
                )
            })
    }

    /// The material with `id` (the first one if the id is out of range, which only a
    /// corrupt baked file could give).
    pub fn get(&self, id: MaterialId) -> &Material {
        self.materials.get(id.0 as usize).unwrap_or(&self.materials[0])
    }

    /// Every material, in id order.
    pub fn iter(&self) -> impl Iterator<Item = (MaterialId, &Material)> {
        self.materials
            .iter()
            .enumerate()
            .map(|(i, m)| (MaterialId(i as u16), m))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn particles_default_by_looseness_and_an_unknown_name_is_refused_by_field() {
        let t = MaterialTable::parse(
            "m.toml",
            b"[a]\nfriction = 1.0\ncolor = [0.3, 0.3, 0.3]\n\
              [b]\nfriction = 0.5\nloose = true\ncolor = [0.5, 0.4, 0.3]\n\
              [c]\nfriction = 0.3\nloose = true\ncolor = [0.9, 0.9, 0.9]\nparticles = \"snow\"\n",
        )
        .unwrap();
        let kind = |n: &str| t.get(t.id(n, "f", "x").unwrap()).particles;
        assert_eq!(kind("a"), SurfaceParticles::Smoke);
        assert_eq!(kind("b"), SurfaceParticles::Dust);
        assert_eq!(kind("c"), SurfaceParticles::Snow);
        let e = MaterialTable::parse(
            "m.toml",
            b"[a]\nfriction = 1.0\ncolor = [0.3, 0.3, 0.3]\nparticles = \"lava\"\n",
        )
        .unwrap_err()
        .to_string();
        assert!(
            e.contains("m.toml") && e.contains("a.particles") && e.contains("lava"),
            "{e}"
        );
    }
}
