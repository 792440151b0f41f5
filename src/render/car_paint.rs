//! The car shader: a car model's parts coloured by part (paint from the car's colour,
//! dark glass and trim, lamps lit from the snapshot), sun-lit and shadowed as the scene
//! is, with a specular highlight (Blinn-Phong) and a cheap environment reflection: the sky
//! gradient looked up by the reflected view vector, weighted by Schlick's Fresnel
//! approximation, so paint and glass read as glossy without a cubemap.
//!
//! The paints a player can choose and the AI's palette live here too: the AI never wears
//! the player's paint, so the player's car is the one of its colour on the grid.
//!
//! If a car draws black or flat, check that its mesh has the colour attribute (the part
//! code in alpha: [`part_code`]) and that the shadow map is bound to unit 1.

use super::fog::{set_haze, FOG_GLSL, HAZE_UNIFORM};
use super::shader::Program;
use super::shadow::shadow_glsl;
use super::RenderError;
use crate::content::ShadowFilter;
use glam::{Mat4, Quat, Vec3, Vec4};
use skidpad_bake::model::CarPart;

/// Scuff spots a car's paint can show at once.
pub const MAX_SCUFFS: usize = 4;

/// Scuffed paint on a car where it took hard hits: up to [`MAX_SCUFFS`] spots, each its
/// centre in the car's frame (xyz, m) and its radius (w, m; 0: no spot). Presentation
/// only: the game fills it from the simulation's impact events, nothing reads it back.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct Scuffs {
    /// The spots, in the car's frame.
    pub spots: [Vec4; MAX_SCUFFS],
}

impl Scuffs {
    /// The spots moved into the world with a car at `position`, `rotation` (radii kept).
    pub fn in_world(&self, position: Vec3, rotation: Quat) -> [Vec4; MAX_SCUFFS] {
        self.spots.map(|s| (position + rotation * s.truncate()).extend(s.w))
    }

    /// Whether any spot shows: the car needs the [`Scuffing::Scuffed`] program.
    pub fn any(&self) -> bool {
        self.spots.iter().any(|s| s.w > 0.0)
    }
}

/// The paints a player can choose (settings `display.car_paint`, car select): name and
/// linear RGB.
pub const PAINTS: [(&str, [f32; 3]); 8] = [
    ("red", [0.78, 0.06, 0.05]),
    ("blue", [0.06, 0.22, 0.70]),
    ("yellow", [0.92, 0.70, 0.05]),
    ("green", [0.08, 0.48, 0.18]),
    ("white", [0.86, 0.87, 0.88]),
    ("black", [0.035, 0.035, 0.04]),
    ("orange", [0.95, 0.36, 0.04]),
    ("purple", [0.40, 0.10, 0.55]),
];

/// How close in RGB two paints may be and still tell apart at a glance.
pub const NEAR_PAINT: f32 = 0.35;

/// The colour of a named paint, if it is one of [`PAINTS`].
pub fn paint_color(name: &str) -> Option<Vec3> {
    PAINTS.iter().find(|(n, _)| *n == name).map(|(_, c)| Vec3::from(*c))
}

/// The `k`-th AI car's paint: [`PAINTS`] in turn, skipping any near `player` (within 0.35
/// in RGB: an orange is not given to the AI beside a red player).
pub fn ai_paint(k: usize, player: Vec3) -> Vec3 {
    ai_paint_avoiding(k, &[player])
}

/// The `k`-th AI car's paint with several people playing: [`PAINTS`] in turn, skipping any
/// near one of `players`' paints; where they leave none, skipping only the first player's.
pub fn ai_paint_avoiding(k: usize, players: &[Vec3]) -> Vec3 {
    // No more than four players: a fixed array, the rest of it far from every paint.
    let mut avoid = [Vec3::splat(f32::INFINITY); 4];
    for (a, p) in avoid.iter_mut().zip(players) {
        *a = *p;
    }
    let pick = |avoid: &[Vec3]| {
        let palette = || {
            PAINTS
                .iter()
                .map(|(_, c)| Vec3::from(*c))
                .filter(|c| avoid.iter().all(|p| c.distance(*p) > NEAR_PAINT))
        };
        let n = palette().count();
        (n > 0).then(|| palette().nth(k % n).unwrap_or(Vec3::splat(0.5)))
    };
    pick(&avoid)
        .or_else(|| pick(&avoid[..1]))
        .unwrap_or(Vec3::new(0.5, 0.5, 0.5))
}

/// The AI palette slot world car `k` (not the player's, 0) wears: `slots[k - first_slotted]`
/// for the cars given one (a championship's drivers), else the palette in the world's order.
pub fn ai_paint_slot(k: usize, first_slotted: usize, slots: &[usize]) -> usize {
    k.checked_sub(first_slotted)
        .and_then(|j| slots.get(j).copied())
        .unwrap_or(k.saturating_sub(1))
}

/// A vertex colour of part `part`: its base colour (paint is white: the shader puts the
/// car's paint there), alpha the part code.
pub fn part_color(part: CarPart) -> [f32; 4] {
    let rgb = match part {
        CarPart::Paint => [1.0, 1.0, 1.0],
        CarPart::Glass => [0.035, 0.045, 0.055],
        CarPart::Trim => [0.045, 0.045, 0.05],
        CarPart::BrakeLamp => [0.40, 0.03, 0.03],
        CarPart::ReverseLamp => [0.55, 0.55, 0.55],
        CarPart::HeadLamp => [0.85, 0.85, 0.80],
        CarPart::Tyre => [0.055, 0.055, 0.06],
        CarPart::Rim => [0.60, 0.61, 0.64],
    };
    [rgb[0], rgb[1], rgb[2], part_code(part)]
}

/// A part's code as the vertex alpha carries it: code / 8 (exact in a float).
pub fn part_code(part: CarPart) -> f32 {
    part as u8 as f32 / 8.0
}

const VERTEX_HEAD: &str = r#"#version 330 core
layout(location = 0) in vec3 a_pos;
layout(location = 1) in vec3 a_normal;
layout(location = 2) in vec4 a_color;
uniform mat4 u_model;
uniform mat4 u_view_proj;
uniform mat4 u_light_vp;
uniform vec3 u_paint;
uniform vec2 u_lamps;
uniform vec3 u_eye;
out vec3 v_world;
out vec3 v_normal;
out vec4 v_light;
out float v_fog;
// What the part code in the vertex alpha says about the surface, worked out once a vertex
// rather than in every fragment (a triangle is one part, so these are flat): llvmpipe runs
// every side of a branch, so a per-fragment choice among the parts paid for all of them.
// The base colour (the car's paint on paint), whether the surface is paint (1: scuffs
// show), the finish (specular strength, its sharpness, reflection strength) and the glow.
flat out vec3 v_albedo;
flat out float v_is_paint;
flat out vec3 v_finish;
flat out vec3 v_emissive;
"#;

const VERTEX_MAIN: &str = r#"
void main() {
    vec4 world = u_model * vec4(a_pos, 1.0);
    v_world = world.xyz;
    v_normal = mat3(u_model) * a_normal;
    v_light = u_light_vp * world;
    v_fog = fog_amount(length(world.xyz - u_eye));
    int part = int(a_color.a * 8.0 + 0.5);
    v_is_paint = part == 0 ? 1.0 : 0.0;
    v_albedo = part == 0 ? u_paint : a_color.rgb;
    v_finish = vec3(0.05, 8.0, 0.0);
    if (part == 0) v_finish = vec3(0.7, 90.0, 0.30);
    else if (part == 1) v_finish = vec3(1.0, 160.0, 0.75);
    else if (part == 7) v_finish = vec3(0.8, 40.0, 0.45);
    else if (part == 2) v_finish = vec3(0.2, 20.0, 0.06);
    v_emissive = vec3(0.0);
    if (part == 3) v_emissive = vec3(1.8, 0.10, 0.06) * u_lamps.x;
    if (part == 4) v_emissive = vec3(1.4, 1.4, 1.3) * u_lamps.y;
    if (part == 5) v_emissive = vec3(0.35, 0.35, 0.30);
    gl_Position = u_view_proj * world;
}
"#;

const FRAGMENT_HEAD: &str = r#"#version 330 core
in vec3 v_world;
in vec3 v_normal;
in vec4 v_light;
in float v_fog;
flat in vec3 v_albedo;
flat in float v_is_paint;
flat in vec3 v_finish;
flat in vec3 v_emissive;
uniform sampler2DShadow u_shadow;
uniform float u_shadow_texel;
uniform vec3 u_sun_dir;
uniform vec3 u_sky;
uniform vec3 u_eye;
uniform vec4 u_scuffs[4];
// The ground under the car as lit (`SceneDesc::lit_ground`): the light it bounces up.
uniform vec3 u_ground;
out vec4 frag;
"#;

const FRAGMENT_MAIN: &str = r#"
void main() {
    vec3 n = normalize(v_normal);
    vec3 v = normalize(u_eye - v_world);
    vec3 albedo = v_albedo;
    float gloss = v_finish.x, shine = v_finish.y, refl = v_finish.z;
#ifdef SCUFFS
    // Scuffs where the car was hit: the paint scraped to pale primer with darker
    // scratches in streaks (a hash of the position in 2.5 cm × 17 cm cells, so it reads
    // as scraping, not a stain), full out to 70 % of the spot's radius and fading to its
    // edge; dull there.
    float scuff = 0.0;
    for (int i = 0; i < 4; i++) {
        float r = u_scuffs[i].w;
        if (r > 0.0) {
            float d = length(v_world - u_scuffs[i].xyz);
            scuff = max(scuff, 1.0 - smoothstep(0.7 * r, r, d));
        }
    }
    scuff *= v_is_paint;
    if (scuff > 0.0) {
        vec3 cell = floor(v_world * vec3(40.0, 6.0, 40.0));
        float streak = fract(sin(dot(cell, vec3(12.9898, 78.233, 37.719))) * 43758.5453);
        vec3 scraped = mix(vec3(0.55, 0.54, 0.51), vec3(0.14, 0.13, 0.12), step(0.6, streak));
        albedo = mix(albedo, scraped, scuff);
        gloss *= 1.0 - 0.85 * scuff;
        refl *= 1.0 - 0.85 * scuff;
    }
#endif
    float sun = max(dot(n, -u_sun_dir), 0.0);
    float lit_fraction = sun > 0.0 ? sun_visible(v_light) : 1.0;
    float sky_light = 0.5 + 0.5 * n.y;
    // Hemisphere lighting: the sky from above and the ground under the car from below
    // (the ground's lit colour is the radiance it sends up), so faces turned from the sun
    // keep their shape and a car on grass is lit green from under its sills.
    vec3 diffuse = albedo * (vec3(1.0, 0.96, 0.88) * sun * lit_fraction * 0.85 + u_sky * sky_light * 0.35
        + u_ground * (1.0 - sky_light));
    // Blinn-Phong highlight of the sun.
    vec3 h = normalize(-u_sun_dir + v);
    float spec = sun > 0.0 ? pow(max(dot(n, h), 0.0), shine) * gloss * lit_fraction : 0.0;
    // Environment: what the car stands in, by the reflected vector. Above, the level's sky
    // (pale horizon, deeper zenith); below, the ground under the car as lit (asphalt,
    // grass or sand), fading into the hazy horizon where the ground recedes. Schlick's
    // Fresnel weights it up at grazing angles.
    vec3 r = reflect(-v, n);
    vec3 horizon = mix(u_sky, vec3(1.0), 0.35);
    vec3 env = r.y >= 0.0
        ? mix(horizon, u_sky * 0.75, sqrt(r.y))
        : mix(horizon * 0.7, u_ground, clamp(-r.y * 4.0, 0.0, 1.0));
    // (1 − cos)^5 as products: pow is an exp2 and a log2 a fragment on llvmpipe.
    float grazing = 1.0 - max(dot(n, v), 0.0), grazing2 = grazing * grazing;
    float fresnel = 0.04 + 0.96 * grazing2 * grazing2 * grazing;
    float k = refl * (0.2 + 0.8 * fresnel) * mix(0.6, 1.0, lit_fraction);
    vec3 lit = diffuse * (1.0 - k) + env * k + vec3(1.0, 0.97, 0.9) * spec + v_emissive;
    frag = vec4(mix(lit, u_sky, v_fog), 1.0);
}
"#;

/// Whether a car program draws scuffs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scuffing {
    /// No scuff code in the shader: every car but a scuffed player's.
    Clean,
    /// The scuff spots looked up on the paint (`SCUFFS` defined): the player's car once it
    /// has been hit. Four spot distances and a hash a fragment: a third of the car
    /// shader's work, not paid by the cars that show none.
    Scuffed,
}

/// The car program and its uniforms.
pub struct CarProgram {
    program: Program,
    u_model: i32,
    u_view_proj: i32,
    u_light_vp: i32,
    u_paint: i32,
    u_lamps: i32,
    u_shadow: i32,
    u_shadow_texel: i32,
    u_sun_dir: i32,
    u_sky: i32,
    u_eye: i32,
    u_haze: i32,
    u_scuffs: i32,
    u_ground: i32,
}

/// What a frame's car draws share: camera, light and sky.
pub struct CarFrame {
    /// The camera's view-projection.
    pub view_proj: Mat4,
    /// The sun's view-projection (the shadow map's).
    pub light_vp: Mat4,
    /// 1 / the shadow map's size.
    pub shadow_texel: f32,
    /// Direction the sunlight travels.
    pub sun_dir: Vec3,
    /// Sky and fog colour.
    pub sky: Vec3,
    /// The horizon hills the sky function draws and fogs to (`sky::hills_uniform`).
    pub hills: super::sky::HillsUniform,
    /// The camera's position.
    pub eye: Vec3,
    /// The camera's haze scale, m (`Camera::haze_m`).
    pub haze_m: f32,
}

impl CarProgram {
    /// Compiles the car shader with or without scuffs, its shadow lookup filtered by
    /// `shadow_filter`.
    pub fn new(scuffing: Scuffing, shadow_filter: ShadowFilter) -> Result<CarProgram, RenderError> {
        // The define goes after the head, whose first line is the `#version` directive.
        let (name, define) = match scuffing {
            Scuffing::Clean => ("car", ""),
            Scuffing::Scuffed => ("car (scuffed)", "#define SCUFFS 1\n"),
        };
        let fragment = format!("{FRAGMENT_HEAD}{define}{}{FRAGMENT_MAIN}", shadow_glsl(shadow_filter));
        let vertex = format!("{VERTEX_HEAD}{FOG_GLSL}{VERTEX_MAIN}");
        let program = Program::new(name, &vertex, &fragment)?;
        Ok(CarProgram {
            u_model: program.uniform("u_model"),
            u_view_proj: program.uniform("u_view_proj"),
            u_light_vp: program.uniform("u_light_vp"),
            u_paint: program.uniform("u_paint"),
            u_lamps: program.uniform("u_lamps"),
            u_ground: program.uniform("u_ground"),
            u_shadow: program.uniform("u_shadow"),
            u_shadow_texel: program.uniform("u_shadow_texel"),
            u_sun_dir: program.uniform("u_sun_dir"),
            u_sky: program.uniform("u_sky"),
            u_eye: program.uniform("u_eye"),
            u_haze: program.uniform(HAZE_UNIFORM),
            u_scuffs: program.uniform("u_scuffs"),
            program,
        })
    }

    /// Binds the program with `frame`'s uniforms; the shadow map must be on unit 1.
    pub fn begin(&self, frame: &CarFrame) {
        self.program.bind();
        // SAFETY: uniforms of the bound program; matrices are 16 contiguous f32.
        unsafe {
            gl::UniformMatrix4fv(self.u_view_proj, 1, gl::FALSE, frame.view_proj.to_cols_array().as_ptr());
            gl::UniformMatrix4fv(self.u_light_vp, 1, gl::FALSE, frame.light_vp.to_cols_array().as_ptr());
            gl::Uniform1i(self.u_shadow, 1);
            gl::Uniform1f(self.u_shadow_texel, frame.shadow_texel);
            gl::Uniform3fv(self.u_sun_dir, 1, frame.sun_dir.to_array().as_ptr());
            gl::Uniform3fv(self.u_sky, 1, frame.sky.to_array().as_ptr());
            gl::Uniform3fv(self.u_eye, 1, frame.eye.to_array().as_ptr());
            set_haze(self.u_haze, frame.haze_m);
        }
    }

    /// Sets the car's paint, lamps (brake, reverse: 0 or 1) and the lit ground under it
    /// (`SceneDesc::lit_ground`) for the draws that follow.
    pub fn set_car(&self, paint: Vec3, brake: bool, reverse: bool, ground: Vec3) {
        // SAFETY: uniforms of the bound program.
        unsafe {
            gl::Uniform3fv(self.u_paint, 1, paint.to_array().as_ptr());
            gl::Uniform2f(self.u_lamps, brake as u8 as f32, reverse as u8 as f32);
            gl::Uniform3fv(self.u_ground, 1, ground.to_array().as_ptr());
        }
    }

    /// Sets the car's scuffs for the draws that follow: spots in the world (xyz, m) and
    /// their radii (w, m; 0: none).
    pub fn set_scuffs(&self, spots: &[Vec4; MAX_SCUFFS]) {
        // SAFETY: a uniform array of the bound program, MAX_SCUFFS contiguous vec4s.
        unsafe {
            gl::Uniform4fv(self.u_scuffs, MAX_SCUFFS as i32, spots.as_ptr().cast());
        }
    }

    /// Sets the model matrix of the next draw.
    pub fn set_model(&self, model: &Mat4) {
        // SAFETY: a uniform of the bound program; 16 contiguous f32.
        unsafe {
            gl::UniformMatrix4fv(self.u_model, 1, gl::FALSE, model.to_cols_array().as_ptr());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_ai_never_wears_the_players_paint() {
        for (_, player) in PAINTS {
            let player = Vec3::from(player);
            for k in 0..20 {
                let ai = ai_paint(k, player);
                assert!(
                    ai.distance(player) > NEAR_PAINT,
                    "AI car {k} painted {ai} beside a player in {player}"
                );
            }
        }
    }

    #[test]
    fn part_codes_round_trip_through_the_shaders_decoding() {
        for part in CarPart::ALL {
            let decoded = (part_code(part) * 8.0 + 0.5) as u8;
            assert_eq!(decoded, part as u8, "{part:?}");
        }
    }
}
