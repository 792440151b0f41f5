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
    /// Rolling resistance the surface adds to a rolling tyre, as a coefficient of its load
    /// (C_rr, dimensionless; 0 on firm ground, whose small rolling loss each car's own
    /// damping already carries). A soft surface the tyre sinks into (sand) resists with the
    /// work of compacting it (Bekker's compaction resistance): the sim car applies
    /// `C_rr · F_n` against the wheel's rolling direction.
    pub rolling_resistance: f32,
    /// Albedo, linear RGB 0..1.
    pub color: [f32; 3],
    /// Strength of the ground tile pattern drawn on it, 0..1 (only where it has no
    /// `texture`: the texture's detail replaces the tiles).
    pub pattern: f32,
    /// The detail texture render draws on it (`None`: flat colour and tiles, as files
    /// written before textures drew).
    pub texture: Option<GroundTexture>,
    /// The side of one texture repeat on the ground, m.
    pub texture_scale_m: f32,
    /// How much the surface mirrors the sky, 0..1 (wet asphalt 0.6; dry surfaces 0).
    pub sheen: f32,
    /// What a tire throws up on it (`particles = "snow"`); by default dust on loose
    /// ground, tire smoke elsewhere. Presentation only: the physics never reads it.
    pub particles: SurfaceParticles,
    /// What a tyre rolling on it sounds like (`rolling_sound = "gravel"`); by default
    /// grass on loose ground, tarmac elsewhere. Presentation only.
    pub rolling_sound: RollingSound,
    /// What a car hitting it sounds like (`impact_sound = "metal"`); by default earth on
    /// loose ground, concrete elsewhere. Presentation only.
    pub impact_sound: ImpactSound,
}

/// Defines a sound kind a material names in `materials.toml`: the enum, its names in
/// variant order, and the lookup by name.
macro_rules! named_sounds {
    ($(#[$doc:meta])* $name:ident { $($(#[$vdoc:meta])* $variant:ident = $text:literal,)+ }) => {
        $(#[$doc])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
        pub enum $name {
            #[default]
            $($(#[$vdoc])* $variant,)+
        }

        impl $name {
            /// Every kind, in variant order.
            pub const ALL: &'static [$name] = &[$($name::$variant,)+];
            /// The names in `materials.toml`, in variant order.
            pub const NAMES: &'static [&'static str] = &[$($text,)+];

            /// The kind named `name` in a material file, if it is one.
            pub fn from_name(name: &str) -> Option<Self> {
                Self::NAMES.iter().position(|n| *n == name).map(|i| Self::ALL[i])
            }

            /// Its index in [`Self::ALL`].
            pub fn index(self) -> usize {
                self as usize
            }
        }
    };
}

named_sounds! {
    /// The rolling noise a tyre makes on a surface; the mixer voices each.
    RollingSound {
        /// A low tyre roar (asphalt, concrete): the default on firm ground.
        Tarmac = "tarmac",
        /// Stones crunching and pinging under the tread.
        Gravel = "gravel",
        /// A low rumble and swish: the default on loose ground.
        Grass = "grass",
        /// A kerb's ridges drumming at the rate the tyre crosses them.
        RumbleStrip = "rumble_strip",
        /// Water hissing off the tread.
        Water = "water",
        /// A soft, dense crunch (sand, snow).
        Soft = "soft",
        /// Nothing (ice, a polished floor).
        Silent = "none",
    }
}

named_sounds! {
    /// What a car hitting a surface sounds like; the mixer voices each.
    ImpactSound {
        /// A hard, dull crack (concrete blocks, walls): the default on firm ground.
        Concrete = "concrete",
        /// A ringing clang (armco, another car's panels).
        Metal = "metal",
        /// A soft bounce (a tyre wall).
        Rubber = "rubber",
        /// A knock with a short ring (boards, crates).
        Wood = "wood",
        /// A heavy thud (landing on grass or gravel): the default on loose ground.
        Earth = "earth",
    }
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

/// The procedural detail textures render makes (one layer each of its texture array, in
/// this order). A material names one in `materials.toml` (`texture = "gravel"`); its colour
/// stays the average, the texture only adds detail around it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum GroundTexture {
    /// Fine aggregate with a worn, darker band.
    Asphalt,
    /// Painted concrete grain (kerb stripes are the geometry's colours).
    Kerb,
    /// Blades in two greens.
    Grass,
    /// Stones.
    Gravel,
    /// Fine ripples and grains.
    Sand,
    /// Soft drifts with sparkle.
    Snow,
    /// Smooth, with cracks.
    Ice,
    /// Asphalt with darker puddles (its sheen comes from the material's `sheen`).
    Wet,
    /// Trowelled concrete with seams.
    Concrete,
    /// Grain along planks.
    Wood,
}

impl GroundTexture {
    /// Every texture, in layer order.
    pub const ALL: [GroundTexture; 10] = [
        GroundTexture::Asphalt,
        GroundTexture::Kerb,
        GroundTexture::Grass,
        GroundTexture::Gravel,
        GroundTexture::Sand,
        GroundTexture::Snow,
        GroundTexture::Ice,
        GroundTexture::Wet,
        GroundTexture::Concrete,
        GroundTexture::Wood,
    ];

    /// Its name in `materials.toml`.
    pub fn name(self) -> &'static str {
        match self {
            GroundTexture::Asphalt => "asphalt",
            GroundTexture::Kerb => "kerb",
            GroundTexture::Grass => "grass",
            GroundTexture::Gravel => "gravel",
            GroundTexture::Sand => "sand",
            GroundTexture::Snow => "snow",
            GroundTexture::Ice => "ice",
            GroundTexture::Wet => "wet",
            GroundTexture::Concrete => "concrete",
            GroundTexture::Wood => "wood",
        }
    }

    /// Its layer in render's texture array.
    pub fn layer(self) -> usize {
        self as usize
    }

    /// The texture called `name`.
    pub fn named(name: &str) -> Option<GroundTexture> {
        Self::ALL.into_iter().find(|t| t.name() == name)
    }
}

/// A texture repeat's side when a material gives none, m.
pub const DEFAULT_TEXTURE_SCALE_M: f64 = 4.0;

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawMaterial {
    friction: f64,
    #[serde(default)]
    loose: bool,
    #[serde(default)]
    rolling_resistance: f64,
    color: [f64; 3],
    #[serde(default)]
    pattern: f64,
    #[serde(default)]
    texture: Option<String>,
    #[serde(default = "default_texture_scale")]
    texture_scale_m: f64,
    #[serde(default)]
    sheen: f64,
    #[serde(default)]
    particles: Option<String>,
    #[serde(default)]
    rolling_sound: Option<String>,
    #[serde(default)]
    impact_sound: Option<String>,
}

fn default_texture_scale() -> f64 {
    DEFAULT_TEXTURE_SCALE_M
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
        let materials =
            raw.into_iter()
                .map(|(name, m)| {
                    let f = |field: &str| format!("{name}.{field}");
                    let c = v.color(&f("color"), m.color)?;
                    let texture = match &m.texture {
                        None => None,
                        Some(t) => Some(GroundTexture::named(t).ok_or_else(|| {
                            let known: Vec<&str> = GroundTexture::ALL.iter().map(|t| t.name()).collect();
                            v.fail(
                                &f("texture"),
                                format!("unknown texture `{t}` (known: {})", known.join(", ")),
                            )
                        })?),
                    };
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
                    let named = |field: &str, given: &Option<String>, names: &[&str]| match given.as_deref() {
                        None => Ok(None),
                        Some(n) => names.iter().position(|k| *k == n).map(Some).ok_or_else(|| {
                            v.fail(&f(field), format!("unknown sound `{n}` (known: {})", names.join(", ")))
                        }),
                    };
                    let rolling_sound = match named("rolling_sound", &m.rolling_sound, RollingSound::NAMES)? {
                        Some(i) => RollingSound::ALL[i],
                        None if m.loose => RollingSound::Grass,
                        None => RollingSound::Tarmac,
                    };
                    let impact_sound = match named("impact_sound", &m.impact_sound, ImpactSound::NAMES)? {
                        Some(i) => ImpactSound::ALL[i],
                        None if m.loose => ImpactSound::Earth,
                        None => ImpactSound::Concrete,
                    };
                    Ok(Material {
                        friction: v.range(&f("friction"), m.friction, 0.0, 5.0)? as f32,
                        loose: m.loose,
                        rolling_resistance: v.range(&f("rolling_resistance"), m.rolling_resistance, 0.0, 1.0)? as f32,
                        color: c.to_array(),
                        pattern: v.range(&f("pattern"), m.pattern, 0.0, 1.0)? as f32,
                        texture,
                        texture_scale_m: v.range(&f("texture_scale_m"), m.texture_scale_m, 0.05, 1000.0)? as f32,
                        sheen: v.range(&f("sheen"), m.sheen, 0.0, 1.0)? as f32,
                        particles,
                        rolling_sound,
                        impact_sound,
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
    fn a_material_without_texture_keys_loads_flat_as_before() {
        let t = MaterialTable::parse("m.toml", b"[a]\nfriction = 1.0\ncolor = [0.3, 0.3, 0.3]\n").unwrap();
        let m = t.get(MaterialId(0));
        assert_eq!(m.texture, None);
        assert_eq!(m.texture_scale_m, DEFAULT_TEXTURE_SCALE_M as f32);
        assert_eq!(m.sheen, 0.0);
        assert_eq!(m.rolling_resistance, 0.0);
    }

    #[test]
    fn rolling_resistance_is_read_and_out_of_range_names_the_field() {
        let file = b"[sand]\nfriction = 0.5\nloose = true\nrolling_resistance = 0.15\ncolor = [0.8, 0.7, 0.5]\n";
        let t = MaterialTable::parse("m.toml", file).unwrap();
        assert_eq!(t.get(MaterialId(0)).rolling_resistance, 0.15);
        let bad = b"[sand]\nfriction = 0.5\nrolling_resistance = -0.1\ncolor = [0.8, 0.7, 0.5]\n";
        let e = MaterialTable::parse("m.toml", bad).unwrap_err().to_string();
        assert!(e.contains("sand.rolling_resistance"), "{e}");
    }

    #[test]
    fn texture_scale_and_sheen_are_read() {
        let file =
            b"[wet]\nfriction = 0.7\ncolor = [0.2, 0.2, 0.3]\ntexture = \"wet\"\ntexture_scale_m = 3.0\nsheen = 0.6\n";
        let t = MaterialTable::parse("m.toml", file).unwrap();
        let m = t.get(MaterialId(0));
        assert_eq!(
            (m.texture, m.texture_scale_m, m.sheen),
            (Some(GroundTexture::Wet), 3.0, 0.6)
        );
    }

    #[test]
    fn an_unknown_texture_or_a_bad_number_names_the_field() {
        let bad = |extra: &str| {
            let file = format!("[mud]\nfriction = 0.4\ncolor = [0.3, 0.2, 0.1]\n{extra}\n");
            MaterialTable::parse("m.toml", file.as_bytes()).unwrap_err().to_string()
        };
        let e = bad("texture = \"mud\"");
        assert!(
            e.contains("mud.texture") && e.contains("unknown texture `mud`") && e.contains("gravel"),
            "{e}"
        );
        assert!(bad("sheen = 1.5").contains("mud.sheen"));
        assert!(bad("texture_scale_m = 0.0").contains("mud.texture_scale_m"));
    }

    #[test]
    fn sounds_default_by_looseness_and_an_unknown_one_is_refused_naming_the_field() {
        let t = MaterialTable::parse(
            "m.toml",
            b"[a]\nfriction = 1.0\ncolor = [0.3, 0.3, 0.3]\n\
              [b]\nfriction = 0.5\nloose = true\ncolor = [0.5, 0.4, 0.3]\n\
              [c]\nfriction = 0.9\ncolor = [0.9, 0.1, 0.1]\nrolling_sound = \"rumble_strip\"\nimpact_sound = \"metal\"\n",
        )
        .unwrap();
        let sounds: Vec<_> = t.iter().map(|(_, m)| (m.rolling_sound, m.impact_sound)).collect();
        assert_eq!(
            sounds,
            [
                (RollingSound::Tarmac, ImpactSound::Concrete),
                (RollingSound::Grass, ImpactSound::Earth),
                (RollingSound::RumbleStrip, ImpactSound::Metal)
            ]
        );
        let e = MaterialTable::parse(
            "m.toml",
            b"[mud]\nfriction = 0.4\ncolor = [0.3, 0.2, 0.1]\nrolling_sound = \"squelch\"\n",
        )
        .unwrap_err()
        .to_string();
        assert!(
            e.contains("mud.rolling_sound") && e.contains("`squelch`") && e.contains("rumble_strip"),
            "{e}"
        );
        for (i, name) in RollingSound::NAMES.iter().enumerate() {
            assert_eq!(RollingSound::from_name(name).map(RollingSound::index), Some(i));
        }
    }

    #[test]
    fn every_texture_name_round_trips_to_its_layer() {
        for (i, t) in GroundTexture::ALL.into_iter().enumerate() {
            assert_eq!(t.layer(), i);
            assert_eq!(GroundTexture::named(t.name()), Some(t));
        }
    }

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
