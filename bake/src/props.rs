//! Props in a level file: fixed ones (boxes, walls, barrier lines, ramps, kerbs) and ones
//! that move when hit (boxes, stacks, cones), validated field by field.

use crate::dressing::{self, Dressing};
use crate::fields::Fields;
use crate::material::MaterialId;
use crate::model::PropModel;
use crate::model_props::PropModels;
use crate::ContentError;
use glam::{EulerRot, Quat, Vec2, Vec3};
use serde::Deserialize;
use std::sync::Arc;

#[derive(Debug, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub(crate) enum RawProp {
    Box {
        size_m: [f64; 3],
        position_m: [f64; 3],
        #[serde(default)]
        yaw_deg: f64,
        #[serde(default)]
        pitch_deg: f64,
        #[serde(default)]
        roll_deg: f64,
        material: String,
        #[serde(default)]
        color: Option<[f64; 3]>,
    },
    Wall {
        from_m: [f64; 2],
        to_m: [f64; 2],
        height_m: f64,
        thickness_m: f64,
        #[serde(default = "concrete")]
        material: String,
        #[serde(default)]
        color: Option<[f64; 3]>,
    },
    Barrier {
        from_m: [f64; 2],
        to_m: [f64; 2],
        #[serde(default = "barrier_height")]
        height_m: f64,
        #[serde(default = "barrier_thickness")]
        thickness_m: f64,
        #[serde(default = "barrier_segment")]
        segment_m: f64,
        #[serde(default = "concrete")]
        material: String,
        #[serde(default)]
        color: Option<[f64; 3]>,
    },
    Ramp {
        position_m: [f64; 2],
        #[serde(default)]
        heading_deg: f64,
        angle_deg: f64,
        length_m: f64,
        width_m: f64,
        #[serde(default = "concrete")]
        material: String,
        #[serde(default)]
        color: Option<[f64; 3]>,
    },
    Kerb {
        from_m: [f64; 2],
        to_m: [f64; 2],
        #[serde(default = "kerb_width")]
        width_m: f64,
        #[serde(default = "kerb_height")]
        height_m: f64,
        #[serde(default = "kerb")]
        material: String,
        #[serde(default)]
        color: Option<[f64; 3]>,
    },
    /// A prop model (`content/props/NAME.glb`) standing on the terrain.
    Model {
        model: String,
        position_m: [f64; 2],
        #[serde(default)]
        yaw_deg: f64,
        #[serde(default = "unit_scale")]
        scale: f64,
        #[serde(default = "concrete")]
        material: String,
        #[serde(default = "solid")]
        solid: bool,
    },
    // Scenery: see `crate::dressing`.
    Board(dressing::RawBoard),
    Gantry(dressing::RawGantry),
    Grandstand(dressing::RawGrandstand),
    TyreWall(dressing::RawTyreWall),
    Line(dressing::RawLine),
    Label(dressing::RawLabel),
}

fn unit_scale() -> f64 {
    1.0
}
fn solid() -> bool {
    true
}
fn concrete() -> String {
    "concrete".into()
}
fn kerb() -> String {
    "kerb".into()
}
fn barrier_height() -> f64 {
    0.8
}
fn barrier_thickness() -> f64 {
    0.6
}
fn barrier_segment() -> f64 {
    2.0
}
fn kerb_width() -> f64 {
    0.9
}
fn kerb_height() -> f64 {
    0.06
}

#[derive(Debug, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub(crate) enum RawDynamic {
    Box {
        size_m: [f64; 3],
        position_m: [f64; 3],
        #[serde(default)]
        yaw_deg: f64,
        mass_kg: f64,
        color: [f64; 3],
    },
    Stack {
        position_m: [f64; 2],
        #[serde(default)]
        heading_deg: f64,
        columns: u32,
        rows: u32,
        box_size_m: [f64; 3],
        mass_kg: f64,
        color: [f64; 3],
    },
    Cone {
        position_m: [f64; 2],
        #[serde(default = "cone_height")]
        height_m: f64,
        #[serde(default = "cone_radius")]
        radius_m: f64,
        #[serde(default = "cone_mass")]
        mass_kg: f64,
    },
}

fn cone_height() -> f64 {
    0.7
}
fn cone_radius() -> f64 {
    0.18
}
fn cone_mass() -> f64 {
    3.0
}

/// The shape of a static prop, in its own frame.
#[derive(Debug, Clone, PartialEq)]
pub enum PropShape {
    /// A box of this full size, centred on the prop's position.
    Box {
        /// Full size, m.
        size_m: Vec3,
    },
    /// A jump ramp starting flush with the ground at the prop's position and rising along
    /// its +Z over `length_m`, its slope growing steadily to `angle_rad` at the lip (a
    /// transition curve, as real kickers have: a straight 30° wedge hit at speed throws a
    /// car's suspension to its stops).
    Ramp {
        /// Along +Z, m.
        length_m: f32,
        /// Across, m.
        width_m: f32,
        /// Slope at the lip, radians.
        angle_rad: f32,
    },
    /// A prop model standing on the terrain at the prop's (x, z) (its position's y is not
    /// read), turned by the prop's rotation about +Y.
    Model {
        /// Its name (`content/props/NAME.glb`).
        name: String,
        /// The baked model.
        model: Arc<PropModel>,
        /// Uniform scale.
        scale: f32,
        /// Turn about +Y, radians.
        yaw_rad: f32,
        /// Whether its `col_shape` boxes collide.
        solid: bool,
    },
}

/// A fixed prop: walls, barrier blocks, ramps, kerbs, boxes.
#[derive(Debug, Clone, PartialEq)]
pub struct StaticProp {
    /// Its shape.
    pub shape: PropShape,
    /// Position of its origin.
    pub position_m: Vec3,
    /// Orientation.
    pub rotation: Quat,
    /// Its surface.
    pub material: MaterialId,
    /// Albedo.
    pub color: Vec3,
}

/// The shape of a dynamic prop.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum DynamicShape {
    /// A box of this full size.
    Box(Vec3),
    /// A traffic cone: height and base radius.
    Cone {
        /// Height, m.
        height_m: f32,
        /// Base radius, m.
        radius_m: f32,
    },
}

/// A prop that moves when hit.
#[derive(Debug, Clone, PartialEq)]
pub struct DynamicProp {
    /// Its shape.
    pub shape: DynamicShape,
    /// Centre at spawn.
    pub position_m: Vec3,
    /// Rotation about +Y, radians.
    pub yaw_rad: f32,
    /// Mass, kg.
    pub mass_kg: f32,
    /// Albedo.
    pub color: Vec3,
}

/// A box standing on the ground along the segment a→b (walls, barrier blocks, kerbs).
fn line_box(
    a: Vec2,
    b: Vec2,
    base_y: f32,
    height: f32,
    thickness: f32,
    material: MaterialId,
    color: Vec3,
) -> Option<StaticProp> {
    let d = b - a;
    let len = d.length();
    if len < 1e-3 {
        return None;
    }
    let mid = (a + b) * 0.5;
    // Heading that points the box's +Z along a→b: +Z rotated by θ about +Y is (sin θ, cos θ).
    let heading = d.x.atan2(d.y);
    Some(StaticProp {
        shape: PropShape::Box {
            size_m: Vec3::new(thickness, height, len),
        },
        position_m: Vec3::new(mid.x, base_y + height * 0.5, mid.y),
        rotation: Quat::from_rotation_y(heading),
        material,
        color,
    })
}

/// Validates the static props of a level file: the plain ones, and the scenery
/// ([`Dressing`]) in file order.
pub(crate) fn parse_props(
    raw: &[RawProp],
    fx: &Fields,
    models: &mut PropModels,
) -> Result<(Vec<StaticProp>, Vec<Dressing>), ContentError> {
    let v = &fx.v;
    let mat = |n: &str, field: &str| fx.mat(n, field);
    let color_of = |field: &str, c: &Option<[f64; 3]>, m: MaterialId| fx.color_of(field, c, m);
    let vec2 = |field: &str, p: [f64; 2]| fx.vec2(field, p);
    let angle = |field: &str, d: f64| fx.angle(field, d);
    let mut props = Vec::new();
    let mut scenery = Vec::new();
    for (i, p) in raw.iter().enumerate() {
        let f = |field: &str| format!("props[{i}].{field}");
        match p {
            RawProp::Board(r) => scenery.push(dressing::board(r, fx, &f)?),
            RawProp::Gantry(r) => scenery.push(dressing::gantry(r, fx, &f)?),
            RawProp::Grandstand(r) => scenery.push(dressing::grandstand(r, fx, &f)?),
            RawProp::TyreWall(r) => scenery.push(dressing::tyre_wall(r, fx, &f)?),
            RawProp::Line(r) => scenery.push(dressing::line(r, fx, &f)?),
            RawProp::Label(r) => scenery.push(dressing::label(r, fx, &f)?),
            RawProp::Model {
                model,
                position_m,
                yaw_deg,
                scale,
                material,
                solid,
            } => {
                let m = mat(material, &f("material"))?;
                let name = v.content_name(&f("model"), model, "prop model")?;
                let p = vec2(&f("position_m"), *position_m)?;
                let yaw_rad = angle(&f("yaw_deg"), *yaw_deg)?;
                props.push(StaticProp {
                    shape: PropShape::Model {
                        name: name.to_string(),
                        model: models.get(name)?,
                        scale: v.range(&f("scale"), *scale, 0.1, 10.0)? as f32,
                        yaw_rad,
                        solid: *solid,
                    },
                    position_m: Vec3::new(p.x, 0.0, p.y),
                    rotation: Quat::from_rotation_y(yaw_rad),
                    material: m,
                    color: Vec3::ONE,
                });
            }
            RawProp::Box {
                size_m,
                position_m,
                yaw_deg,
                pitch_deg,
                roll_deg,
                material,
                color,
            } => {
                let m = mat(material, &f("material"))?;
                props.push(StaticProp {
                    shape: PropShape::Box {
                        size_m: v.positive3(&f("size_m"), *size_m)?,
                    },
                    position_m: v.finite3(&f("position_m"), *position_m)?,
                    rotation: Quat::from_euler(
                        EulerRot::YXZ,
                        angle(&f("yaw_deg"), *yaw_deg)?,
                        angle(&f("pitch_deg"), *pitch_deg)?,
                        angle(&f("roll_deg"), *roll_deg)?,
                    ),
                    material: m,
                    color: color_of(&f("color"), color, m)?,
                });
            }
            RawProp::Wall {
                from_m,
                to_m,
                height_m,
                thickness_m,
                material,
                color,
            } => {
                let m = mat(material, &f("material"))?;
                let (a, b) = (vec2(&f("from_m"), *from_m)?, vec2(&f("to_m"), *to_m)?);
                let h = v.range(&f("height_m"), *height_m, 0.01, 1000.0)? as f32;
                let t = v.range(&f("thickness_m"), *thickness_m, 0.01, 1000.0)? as f32;
                let c = color_of(&f("color"), color, m)?;
                props.push(line_box(a, b, 0.0, h, t, m, c).ok_or_else(|| v.fail(&f("to_m"), "wall has no length"))?);
            }
            RawProp::Barrier {
                from_m,
                to_m,
                height_m,
                thickness_m,
                segment_m,
                material,
                color,
            } => {
                let m = mat(material, &f("material"))?;
                let (a, b) = (vec2(&f("from_m"), *from_m)?, vec2(&f("to_m"), *to_m)?);
                let h = v.range(&f("height_m"), *height_m, 0.01, 100.0)? as f32;
                let t = v.range(&f("thickness_m"), *thickness_m, 0.01, 100.0)? as f32;
                let seg = v.range(&f("segment_m"), *segment_m, 0.1, 100.0)? as f32;
                let c = color_of(&f("color"), color, m)?;
                let len = a.distance(b);
                let n = (len / seg).ceil().max(1.0) as usize;
                if n > 10_000 {
                    return Err(v.fail(&f("segment_m"), format!("makes {n} blocks; at most 10000")));
                }
                // Blocks with a 5 % gap between them, as a line of concrete barriers.
                for k in 0..n {
                    let (s0, s1) = (k as f32 / n as f32, (k as f32 + 0.95) / n as f32);
                    props.extend(line_box(a.lerp(b, s0), a.lerp(b, s1), 0.0, h, t, m, c));
                }
            }
            RawProp::Ramp {
                position_m,
                heading_deg,
                angle_deg,
                length_m,
                width_m,
                material,
                color,
            } => {
                let m = mat(material, &f("material"))?;
                let p = vec2(&f("position_m"), *position_m)?;
                let a = v.range(&f("angle_deg"), *angle_deg, 1.0, 60.0)? as f32;
                let len = v.range(&f("length_m"), *length_m, 0.1, 1000.0)? as f32;
                props.push(StaticProp {
                    shape: PropShape::Ramp {
                        length_m: len,
                        width_m: v.range(&f("width_m"), *width_m, 0.1, 1000.0)? as f32,
                        angle_rad: a.to_radians(),
                    },
                    position_m: Vec3::new(p.x, 0.0, p.y),
                    rotation: Quat::from_rotation_y(angle(&f("heading_deg"), *heading_deg)?),
                    material: m,
                    color: color_of(&f("color"), color, m)?,
                });
            }
            RawProp::Kerb {
                from_m,
                to_m,
                width_m,
                height_m,
                material,
                color,
            } => {
                let m = mat(material, &f("material"))?;
                let (a, b) = (vec2(&f("from_m"), *from_m)?, vec2(&f("to_m"), *to_m)?);
                let w = v.range(&f("width_m"), *width_m, 0.05, 10.0)? as f32;
                let h = v.range(&f("height_m"), *height_m, 0.005, 1.0)? as f32;
                let c = color_of(&f("color"), color, m)?;
                props.push(line_box(a, b, 0.0, h, w, m, c).ok_or_else(|| v.fail(&f("to_m"), "kerb has no length"))?);
            }
        }
    }

    Ok((props, scenery))
}

/// Validates the dynamic props of a level file (stacks expanded bottom row first).
pub(crate) fn parse_dynamic(raw: &[RawDynamic], fx: &Fields) -> Result<Vec<DynamicProp>, ContentError> {
    let v = &fx.v;
    let vec2 = |field: &str, p: [f64; 2]| fx.vec2(field, p);
    let angle = |field: &str, d: f64| fx.angle(field, d);
    let mut dynamic = Vec::new();
    for (i, d) in raw.iter().enumerate() {
        let f = |field: &str| format!("dynamic[{i}].{field}");
        match d {
            RawDynamic::Box {
                size_m,
                position_m,
                yaw_deg,
                mass_kg,
                color,
            } => dynamic.push(DynamicProp {
                shape: DynamicShape::Box(v.positive3(&f("size_m"), *size_m)?),
                position_m: v.finite3(&f("position_m"), *position_m)?,
                yaw_rad: angle(&f("yaw_deg"), *yaw_deg)?,
                mass_kg: v.range(&f("mass_kg"), *mass_kg, 0.01, 1.0e6)? as f32,
                color: v.color(&f("color"), *color)?,
            }),
            RawDynamic::Stack {
                position_m,
                heading_deg,
                columns,
                rows,
                box_size_m,
                mass_kg,
                color,
            } => {
                let p = vec2(&f("position_m"), *position_m)?;
                let heading = angle(&f("heading_deg"), *heading_deg)?;
                let size = v.positive3(&f("box_size_m"), *box_size_m)?;
                let mass = v.range(&f("mass_kg"), *mass_kg, 0.01, 1.0e6)? as f32;
                let c = v.color(&f("color"), *color)?;
                if *columns == 0 || *rows == 0 || columns * rows > 400 {
                    return Err(v.fail(&f("columns"), "a stack needs 1 to 400 boxes"));
                }
                let across = Quat::from_rotation_y(heading) * Vec3::X;
                for r in 0..*rows {
                    for col in 0..*columns {
                        // Rows alternate half a box sideways, like a brick wall.
                        let offset =
                            (col as f32 - (*columns as f32 - 1.0) * 0.5 + (r % 2) as f32 * 0.25) * size.x * 1.02;
                        let centre = Vec3::new(p.x, (r as f32 + 0.5) * size.y * 1.001, p.y) + across * offset;
                        dynamic.push(DynamicProp {
                            shape: DynamicShape::Box(size),
                            position_m: centre,
                            yaw_rad: heading,
                            mass_kg: mass,
                            color: c,
                        });
                    }
                }
            }
            RawDynamic::Cone {
                position_m,
                height_m,
                radius_m,
                mass_kg,
            } => {
                let p = vec2(&f("position_m"), *position_m)?;
                let h = v.range(&f("height_m"), *height_m, 0.05, 10.0)? as f32;
                dynamic.push(DynamicProp {
                    shape: DynamicShape::Cone {
                        height_m: h,
                        radius_m: v.range(&f("radius_m"), *radius_m, 0.01, 5.0)? as f32,
                    },
                    position_m: Vec3::new(p.x, h * 0.5, p.y),
                    yaw_rad: 0.0,
                    mass_kg: v.range(&f("mass_kg"), *mass_kg, 0.01, 1000.0)? as f32,
                    color: Vec3::new(0.95, 0.45, 0.05),
                });
            }
        }
    }
    Ok(dynamic)
}
