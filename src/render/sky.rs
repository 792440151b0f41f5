//! The sky: a full-screen pass drawn after the solid scene wherever nothing was (depth
//! still at the far plane), so it costs only the pixels it shows. A gradient from the
//! horizon colour (the level's sky colour, which is also the fog's) to a deeper zenith, a
//! sun disc in the direction the sunlight comes from (the direction the shadow map is
//! drawn along), a soft glow around it, and a layer of clouds (`[sky] cloud_cover`)
//! drifting with the session's time, hiding the disc where they pass over it.
//!
//! [`SKY_GLSL`] is the one sky function: the lit shader fogs towards it too, so distant
//! ground melts into the sky behind it. If a seam shows at the horizon, the two have
//! drifted apart. It draws the level's horizon hills as well (`[terrain]
//! horizon_hills_deg`): two ranges of silhouettes at no distance at all, the far one higher
//! and hazier, so a flat level does not end in a bare line; under them, where the fog
//! takes distant ground, it takes it to the hills' colour, so the ground runs into them.
//! The fog leaves out the clouds: they are over the horizon's haze, never behind ground.

use super::shader::Program;
use super::viewport::ViewRect;
use super::{cloud_texture, gl_check, mip_chain, RenderError};
use glam::{Mat4, Vec3};

/// `sky_colour(dir)`: the sky seen along unit `dir`, from the uniforms `u_sky` (horizon and
/// fog colour), `u_sun_dir` (the direction sunlight travels) and `u_hills` (declared here:
/// the horizon hills' heights and phases, [`hills_uniform`]). Below the horizon it is the
/// hills' colour (the horizon's without them, plus the sun's glow), which is what fog fades
/// distant ground to.
pub const SKY_GLSL: &str = r#"
uniform vec4 u_hills[4];
vec3 sky_glow(vec3 dir) {
    // Forward (Mie-like) scattering around the sun: a broad haze and a tighter halo.
    float s = max(dot(dir, -u_sun_dir), 0.0);
    float s2 = s * s, s4 = s2 * s2, s8 = s4 * s4, s32 = s8 * s8 * s8 * s8;
    return vec3(1.0, 0.9, 0.72) * (0.22 * s4 * s2 + 0.45 * s32 * s32);
}
// Horizon to zenith at height y (the sine of the elevation): the horizon's colour
// deepening towards a saturated blue overhead.
vec3 sky_gradient(float y) {
    float up = sqrt(clamp(y, 0.0, 1.0));
    return mix(u_sky, u_sky * vec3(0.42, 0.6, 0.92), up);
}
vec2 turn(vec2 a, vec2 b) { return vec2(a.x * b.x - a.y * b.y, a.x * b.y + a.y * b.x); }
// The sines of the two ranges' heights (far, near) in direction dir, or -2 (below
// everything) without hills. Each height is a mean plus three sines of whole turns of the
// azimuth (so it closes on itself), 2, 5 and 13 for the far range, 3, 8 and 21 for the
// near: Fibonacci numbers, so each turn e^(ik·az) is the product of the two before it and
// the six cost five complex products from dir.xz, with no atan or sine a pixel (they were
// a third of the sky pass on llvmpipe). u_hills[1..3] hold each term's amplitude and phase
// as a complex number, so a term is one dot product.
vec2 hill_ridges(vec3 dir) {
    vec2 e1 = dir.xz * inversesqrt(max(dot(dir.xz, dir.xz), 1e-20));
    vec2 e2 = turn(e1, e1), e3 = turn(e2, e1), e5 = turn(e3, e2);
    vec2 e8 = turn(e5, e3), e13 = turn(e8, e5), e21 = turn(e13, e8);
    vec2 h = u_hills[0].xy + vec2(
        dot(e2, u_hills[1].xy) + dot(e5, u_hills[1].zw) + dot(e13, u_hills[2].xy),
        dot(e3, u_hills[2].zw) + dot(e8, u_hills[3].xy) + dot(e21, u_hills[3].zw));
    // sin(h) to h^5/120, under 2e-6 for the highest hills a level may ask (10°).
    return u_hills[0].z > 0.0 ? h - h * h * h * (1.0 / 6.0) : vec2(-2.0);
}
// Colour c with the hills over it, seen at height y under ridges `ridge` (hill_ridges),
// the far range in far_c and the near in near_c (hill_tints).
vec3 with_hills(vec3 c, float y, vec2 ridge, vec3 far_c, vec3 near_c) {
    // A soft edge a tenth of a degree across, so the ridge does not crawl.
    const float edge = 0.0009;
    c = mix(c, far_c, 1.0 - smoothstep(ridge.x - edge, ridge.x + edge, y));
    return mix(c, near_c, 1.0 - smoothstep(ridge.y - edge, ridge.y + edge, y));
}
vec3 sky_colour(vec3 dir) {
    // Aerial perspective: the far range mostly sky, the near one greener (the sky pass
    // has them from `sky::tints`, worked out once a frame).
    vec3 far_c = mix(u_sky, vec3(0.30, 0.42, 0.50), 0.45);
    vec3 near_c = mix(u_sky, vec3(0.18, 0.31, 0.20), 0.62);
    return with_hills(sky_gradient(dir.y) + sky_glow(dir), dir.y, hill_ridges(dir), far_c, near_c);
}
"#;

const VERTEX: &str = r#"#version 330 core
uniform mat4 u_inv_view_proj;
uniform vec3 u_eye;
out vec3 v_ray;
void main() {
    // One triangle covering the screen, from the vertex index (no vertex buffer).
    vec2 ndc = vec2(gl_VertexID == 1 ? 3.0 : -1.0, gl_VertexID == 2 ? 3.0 : -1.0);
    // Points at one NDC depth lie on a plane of constant view depth, so the world-space
    // ray to them interpolates linearly across the screen.
    vec4 p = u_inv_view_proj * vec4(ndc, 0.0, 1.0);
    v_ray = p.xyz / p.w - u_eye;
    // At the far plane: drawn only where the scene left the depth clear.
    gl_Position = vec4(ndc, 1.0, 1.0);
}
"#;

const FRAGMENT_HEAD: &str = r#"#version 330 core
in vec3 v_ray;
uniform vec3 u_sky;
uniform vec3 u_sun_dir;
uniform sampler2D u_clouds;
uniform vec4 u_cloud;
// Colours that depend on the uniforms alone, worked out once a frame (`sky::tints`)
// rather than at every sky pixel: the far and near hills, the clouds' sunlit white and
// their grey middles.
uniform vec3 u_tints[4];
out vec4 frag;
"#;

const FRAGMENT_MAIN: &str = r#"
void main() {
    vec3 dir = normalize(v_ray);
    vec3 glow = sky_glow(dir);
    vec3 c = sky_gradient(dir.y) + glow;
    // The sun's disc, about 2.4° across (four times the real sun, so it reads at
    // 640×480), with a soft edge.
    float disc = smoothstep(0.99970, 0.99985, dot(dir, -u_sun_dir));
    if (u_cloud.x > 0.0 && dir.y > 0.0) {
        // Clouds on a flat layer overhead: the point of the layer seen along dir is
        // dir.xz / dir.y, flattened towards the horizon (+0.1) as a round earth's layer
        // would, so the far clouds neither stretch to lines nor shimmer. The texture's
        // density is equalised to 0..1, so `cover` is the share of the layer clouded.
        vec2 uv = dir.xz * (u_cloud.w / (dir.y + 0.1)) + u_cloud.yz;
        float d = texture(u_clouds, uv).r;
        float lo = 1.0 - u_cloud.x;
        float cover = smoothstep(lo - 0.06, lo + 0.10, d) * smoothstep(0.0, 0.18, dir.y);
        // Seen from below, thin edges let the sunlight through and thick middles are
        // grey; the sun's halo silvers the ones in front of it.
        float thick = clamp((d - lo) / max(u_cloud.x, 0.05), 0.0, 1.0);
        vec3 cloud = mix(u_tints[2], u_tints[3], thick) + glow * 1.5;
        c = mix(c, cloud, cover);
        disc *= 1.0 - cover;
    }
    c = mix(c, vec3(1.0, 0.97, 0.9), disc);
    // Only the rows the hills may reach work out the ridges (`hill_rows`): a branch
    // leaving out the pixels above the highest saved nothing on llvmpipe (92.851 against
    // 92.856 M instructions a circuit frame), which runs both sides.
#ifdef HILLS
    frag = vec4(with_hills(c, dir.y, hill_ridges(dir), u_tints[0], u_tints[1]), 1.0);
#else
    frag = vec4(c, 1.0);
#endif
}
"#;

/// The clouds' layer as drawn: how much of it is clouded and where the wind has taken it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct CloudLayer {
    /// Share of the layer clouded, 0..1 (the level's `[sky] cloud_cover`).
    pub cover: f32,
    /// Seconds since the session began: the layer drifts with [`CLOUD_WIND`].
    pub time_s: f64,
}

/// How far the cloud texture repeats per unit of the layer's plane (`dir.xz / dir.y`):
/// with the layer about 1.5 km up, one repeat is about 4 km, four clouds across.
const CLOUD_REPEATS_PER_UNIT: f32 = 0.35;

/// The clouds' drift, texture repeats a second along the layer's x and z: a breeze of
/// about 12 m/s at 1.5 km, slow enough to be seen only when the car stands still.
pub const CLOUD_WIND: [f64; 2] = [0.0024, 0.0011];

impl CloudLayer {
    /// What `u_cloud` holds: (cover, texture offset u and v, repeats per unit). The offset
    /// wraps to 0..1 in f64, so the layer drifts smoothly however long a session runs.
    pub fn uniform(&self) -> [f32; 4] {
        let offset = |wind: f64| (self.time_s * wind).rem_euclid(1.0) as f32;
        [
            self.cover.clamp(0.0, 1.0),
            offset(CLOUD_WIND[0]),
            offset(CLOUD_WIND[1]),
            CLOUD_REPEATS_PER_UNIT,
        ]
    }
}

/// The sky's two programs (with the hills, for the rows they may reach, and without), the
/// empty vertex array its triangle is drawn from, and the clouds' texture.
pub struct Sky {
    with_hills: SkyProgram,
    without_hills: SkyProgram,
    vao: u32,
    clouds: u32,
}

/// One of the sky's programs and its uniforms.
struct SkyProgram {
    program: Program,
    u_inv_view_proj: i32,
    u_eye: i32,
    u_sky: i32,
    u_sun_dir: i32,
    u_hills: i32,
    u_clouds: i32,
    u_cloud: i32,
    u_tints: i32,
}

/// Texture unit the clouds are bound to while the sky draws (the scene's are 0–2).
const CLOUD_UNIT: u32 = 3;

/// The far hills' colour and how far the sky's is mixed towards it (`sky_colour`'s).
const FAR_HILL_TINT: ([f32; 3], f32) = ([0.30, 0.42, 0.50], 0.45);
/// The near hills' colour and how far the sky's is mixed towards it.
const NEAR_HILL_TINT: ([f32; 3], f32) = ([0.18, 0.31, 0.20], 0.62);

/// What the sky pass's `u_tints` holds under sky colour `sky` and sunlight travelling
/// along `sun_dir`: the far and near hills' colours (as `sky_colour` mixes them), the
/// clouds' sunlit white (brighter the higher the sun) and their grey middles.
pub fn tints(sky: Vec3, sun_dir: Vec3) -> [Vec3; 4] {
    let white = Vec3::new(1.0, 0.98, 0.95) * (0.62 + 0.38 * (-sun_dir.y).clamp(0.0, 1.0));
    let tint = |(colour, share): ([f32; 3], f32)| sky.lerp(Vec3::from_array(colour), share);
    [
        tint(FAR_HILL_TINT),
        tint(NEAR_HILL_TINT),
        white,
        white * Vec3::new(0.66, 0.69, 0.76),
    ]
}

/// The horizon hills as the sky function's `uniform vec4 u_hills[4]` holds them.
pub type HillsUniform = [[f32; 4]; 4];

/// Each hill term's share of the height: the far range's mean and its sines of 2, 5 and 13
/// turns, then the near range's mean and its sines of 3, 8 and 21 turns (the shader's
/// `hill_ridges` names the turns).
const FAR_HILLS: [f32; 4] = [0.62, 0.22, 0.11, 0.05];
const NEAR_HILLS: [f32; 4] = [0.30, 0.16, 0.08, 0.04];
/// The level's skyline phase in radians: FNV-1a of its name, to an angle.
fn skyline_phase(level_name: &str) -> f32 {
    let hash = level_name
        .bytes()
        .fold(0x811c_9dc5u32, |h, b| (h ^ u32::from(b)).wrapping_mul(0x0100_0193));
    (hash % 6283) as f32 / 1000.0
}

/// Each sine's phase as a multiple of the level's phase, in the same order.
const FAR_PHASES: [f32; 3] = [1.0, 1.7, 2.9];
const NEAR_PHASES: [f32; 3] = [2.3, 0.7, 4.1];

/// What `u_hills` holds for hills `height_deg` high on the level `level_name`: the ranges'
/// mean heights in radians and the height itself (0: no hills), then each sine term as
/// amplitude × (sin, cos) of its phase, so the shader takes a term as the dot product of
/// the azimuth's turn with it (sin(k·az + q) = sin(k·az)·cos q + cos(k·az)·sin q). The
/// phase comes from the name, so each level has its own skyline and the same one every
/// time.
pub fn hills_uniform(height_deg: f32, level_name: &str) -> HillsUniform {
    let phase = skyline_phase(level_name);
    let height = height_deg.to_radians();
    let term = |share: f32, times: f32| {
        let (sin, cos) = (times * phase).sin_cos();
        [height * share * sin, height * share * cos]
    };
    let [f2, f5, f13] = [1, 2, 3].map(|i| term(FAR_HILLS[i], FAR_PHASES[i - 1]));
    let [n3, n8, n21] = [1, 2, 3].map(|i| term(NEAR_HILLS[i], NEAR_PHASES[i - 1]));
    [
        [height * FAR_HILLS[0], height * NEAR_HILLS[0], height, 0.0],
        [f2[0], f2[1], f5[0], f5[1]],
        [f13[0], f13[1], n3[0], n3[1]],
        [n8[0], n8[1], n21[0], n21[1]],
    ]
}

impl Sky {
    /// Compiles the sky and makes the clouds' texture. Needs a current GL 3.3 core
    /// context.
    pub fn new() -> Result<Sky, RenderError> {
        let with_hills = SkyProgram::new("sky with hills", "#define HILLS\n")?;
        let without_hills = SkyProgram::new("sky", "")?;
        let mut vao = 0;
        // SAFETY: creates a vertex array of ours (core profile draws need one bound).
        unsafe { gl::GenVertexArrays(1, &mut vao) };
        let clouds = upload_clouds(&cloud_texture::density(cloud_texture::SIDE), cloud_texture::SIDE);
        gl_check::check("sky")?;
        Ok(Sky {
            with_hills,
            without_hills,
            vao,
            clouds,
        })
    }

    /// Bytes the sky holds on the GPU: the clouds' texture with its mip levels.
    pub fn bytes(&self) -> usize {
        mip_chain::chain_bytes(cloud_texture::SIDE)
    }

    /// Draws the sky behind what `rect` of the bound framebuffer (the viewport) already holds,
    /// seen through `view_proj` from `eye`; `sky` is the horizon (and fog) colour,
    /// `sun_dir` the direction sunlight travels, `hills` the horizon hills
    /// ([`hills_uniform`]), `clouds` the cloud layer. The rows the hills may reach are
    /// drawn with the program that works them out, the rows above with the one that does
    /// not. Leaves depth testing on, depth writes on and the scissor test off.
    #[allow(clippy::too_many_arguments)]
    pub fn draw(
        &self,
        view_proj: &Mat4,
        eye: Vec3,
        sky: Vec3,
        sun_dir: Vec3,
        hills: &HillsUniform,
        clouds: CloudLayer,
        rect: ViewRect,
    ) {
        let (width, height) = (rect.width, rect.height);
        let inv = view_proj.inverse();
        let split = hill_rows(&inv, eye, hills[0][2], height);
        // SAFETY: state on the current context, restored below; our vertex array and
        // texture.
        unsafe {
            gl::ActiveTexture(gl::TEXTURE0 + CLOUD_UNIT);
            gl::BindTexture(gl::TEXTURE_2D, self.clouds);
            gl::ActiveTexture(gl::TEXTURE0);
            gl::DepthFunc(gl::LEQUAL);
            gl::DepthMask(gl::FALSE);
            gl::BindVertexArray(self.vao);
            gl::Enable(gl::SCISSOR_TEST);
        }
        let parts = [(&self.with_hills, 0, split), (&self.without_hills, split, height)];
        for (program, from_row, to_row) in parts {
            if to_row > from_row {
                program.bind(&inv, eye, sky, sun_dir, hills, clouds);
                // SAFETY: as above.
                unsafe {
                    gl::Scissor(
                        rect.x as i32,
                        (rect.y + from_row) as i32,
                        width as i32,
                        (to_row - from_row) as i32,
                    );
                    gl::DrawArrays(gl::TRIANGLES, 0, 3);
                }
            }
        }
        // SAFETY: as above.
        unsafe {
            gl::Disable(gl::SCISSOR_TEST);
            gl::BindVertexArray(0);
            gl::DepthMask(gl::TRUE);
            gl::DepthFunc(gl::LESS);
        }
    }
}

impl SkyProgram {
    /// The sky's program with `defines` ahead of its fragment source.
    fn new(name: &str, defines: &str) -> Result<SkyProgram, RenderError> {
        let head = FRAGMENT_HEAD.replacen('\n', &format!("\n{defines}"), 1);
        let fragment = format!("{head}{SKY_GLSL}{FRAGMENT_MAIN}");
        let program = Program::new(name, VERTEX, &fragment)?;
        Ok(SkyProgram {
            u_inv_view_proj: program.uniform("u_inv_view_proj"),
            u_eye: program.uniform("u_eye"),
            u_sky: program.uniform("u_sky"),
            u_sun_dir: program.uniform("u_sun_dir"),
            u_hills: program.uniform("u_hills"),
            u_clouds: program.uniform("u_clouds"),
            u_cloud: program.uniform("u_cloud"),
            u_tints: program.uniform("u_tints"),
            program,
        })
    }

    /// Binds the program with the frame's uniforms (`inv_view_proj`: the inverse of the
    /// camera's view-projection).
    fn bind(
        &self,
        inv_view_proj: &Mat4,
        eye: Vec3,
        sky: Vec3,
        sun_dir: Vec3,
        hills: &HillsUniform,
        clouds: CloudLayer,
    ) {
        self.program.bind();
        let tints = tints(sky, sun_dir);
        // SAFETY: uniforms of the bound program, from live arrays of the sizes declared.
        unsafe {
            gl::UniformMatrix4fv(
                self.u_inv_view_proj,
                1,
                gl::FALSE,
                inv_view_proj.to_cols_array().as_ptr(),
            );
            gl::Uniform3fv(self.u_eye, 1, eye.to_array().as_ptr());
            gl::Uniform3fv(self.u_sky, 1, sky.to_array().as_ptr());
            gl::Uniform3fv(self.u_sun_dir, 1, sun_dir.to_array().as_ptr());
            gl::Uniform4fv(self.u_hills, 4, hills.as_ptr().cast());
            gl::Uniform4fv(self.u_cloud, 1, clouds.uniform().as_ptr());
            gl::Uniform3fv(self.u_tints, 4, tints.as_ptr().cast());
            gl::Uniform1i(self.u_clouds, CLOUD_UNIT as i32);
        }
    }
}

/// Rows of the image sampled when finding where the hills end: a step is under 8 px at
/// 480 rows, about a degree of view.
const HILL_ROW_SAMPLES: u32 = 64;

/// The first row (from the bottom of a `height`-row image seen through the inverse
/// view-projection `inv_view_proj` from `eye`) above which no pixel looks at or below the
/// hills' crest, `hills_height_rad` high (0: no hills, no row needs them). Each sampled
/// row's lowest ray is taken across nine columns, and a sampled row's step is added above
/// the highest that reaches the crest, so a roll of the camera or the rows between samples
/// leave no hill unshaded. A camera upside down sees hills in every row it needs to.
pub fn hill_rows(inv_view_proj: &Mat4, eye: Vec3, hills_height_rad: f32, height: u32) -> u32 {
    if hills_height_rad <= 0.0 || height == 0 {
        return 0;
    }
    // The ridge's soft edge, and a step's worth above it.
    let crest = (hills_height_rad + 0.002).sin();
    let mut highest = None;
    for row in 0..=HILL_ROW_SAMPLES {
        let ndc_y = row as f32 / HILL_ROW_SAMPLES as f32 * 2.0 - 1.0;
        let lowest = (0..=8)
            .map(|col| {
                let ndc_x = col as f32 / 4.0 - 1.0;
                let p = *inv_view_proj * glam::Vec4::new(ndc_x, ndc_y, 0.0, 1.0);
                let ray = p.truncate() / p.w - eye;
                ray.y / ray.length().max(1e-9)
            })
            .fold(f32::INFINITY, f32::min);
        // A NaN (a degenerate matrix) counts as reaching the hills.
        if lowest.is_nan() || lowest <= crest {
            highest = Some(row);
        }
    }
    match highest {
        None => 0,
        Some(row) => {
            let top = (row + 1).min(HILL_ROW_SAMPLES) as f32 / HILL_ROW_SAMPLES as f32;
            ((top * height as f32).ceil() as u32).min(height)
        }
    }
}

/// Uploads the clouds' density (`side`², RGBA8) with its mip levels (built on the CPU,
/// `mip_chain.rs`), repeating.
fn upload_clouds(texels: &[u8], side: usize) -> u32 {
    let levels = mip_chain::levels_below(texels, side);
    let mut texture = 0;
    // SAFETY: a texture of ours, filled from live slices of the sizes each level has.
    unsafe {
        gl::GenTextures(1, &mut texture);
        gl::BindTexture(gl::TEXTURE_2D, texture);
        gl::PixelStorei(gl::UNPACK_ALIGNMENT, 4);
        for (level, data) in std::iter::once(texels)
            .chain(levels.iter().map(Vec::as_slice))
            .enumerate()
        {
            let s = (side >> level) as i32;
            gl::TexImage2D(
                gl::TEXTURE_2D,
                level as i32,
                gl::RGBA8 as i32,
                s,
                s,
                0,
                gl::RGBA,
                gl::UNSIGNED_BYTE,
                data.as_ptr().cast(),
            );
        }
        // Nearest mip level, filtered within it: the far layer is soft and one level
        // costs half of two on llvmpipe.
        gl::TexParameteri(gl::TEXTURE_2D, gl::TEXTURE_MIN_FILTER, gl::LINEAR_MIPMAP_NEAREST as i32);
        gl::TexParameteri(gl::TEXTURE_2D, gl::TEXTURE_MAG_FILTER, gl::LINEAR as i32);
        gl::TexParameteri(gl::TEXTURE_2D, gl::TEXTURE_WRAP_S, gl::REPEAT as i32);
        gl::TexParameteri(gl::TEXTURE_2D, gl::TEXTURE_WRAP_T, gl::REPEAT as i32);
        gl::BindTexture(gl::TEXTURE_2D, 0);
    }
    texture
}

impl Drop for Sky {
    fn drop(&mut self) {
        // SAFETY: the vertex array and texture are ours.
        unsafe {
            gl::DeleteVertexArrays(1, &self.vao);
            gl::DeleteTextures(1, &self.clouds);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A camera 1.5 m up looking level at the horizon (60° vertical field of view): the
    /// horizon is the image's middle row, hills 3° high reach 3/30 of the half-image
    /// above it (tan 3° / tan 30° = 0.091), so the hills' program draws the lower 55 %
    /// or so, never less than the crest needs, and nothing without hills.
    #[test]
    fn the_hills_program_draws_the_rows_up_to_the_crest_and_no_higher_than_a_step_over() {
        let eye = Vec3::new(0.0, 1.5, 0.0);
        let proj = glam::camera::rh::proj::opengl::perspective(60f32.to_radians(), 4.0 / 3.0, 0.1, 2000.0);
        let level = proj * glam::camera::rh::view::look_at_mat4(eye, eye + Vec3::NEG_Z, Vec3::Y);
        let height = 480;
        let rows = hill_rows(&level.inverse(), eye, 3f32.to_radians(), height);
        // The crest at the image's centre column, where it stands highest on screen.
        let crest_row = (0.5 + 0.5 * 3f32.to_radians().tan() / 30f32.to_radians().tan()) * height as f32;
        let step = height as f32 / HILL_ROW_SAMPLES as f32;
        assert!(rows as f32 >= crest_row, "{rows} rows, the crest at {crest_row}");
        assert!(
            rows as f32 <= crest_row + 2.5 * step,
            "{rows} rows, the crest at {crest_row}"
        );
        assert_eq!(hill_rows(&level.inverse(), eye, 0.0, height), 0, "no hills");
        // Looking 60° up, the hills are below the image: no row needs them.
        let up = proj
            * glam::camera::rh::view::look_at_mat4(eye, eye + Vec3::new(0.0, 60f32.to_radians().tan(), -1.0), Vec3::Y);
        assert_eq!(hill_rows(&up.inverse(), eye, 3f32.to_radians(), height), 0);
        // Looking 40° down, the horizon is above the image's top: every row may.
        let down = proj
            * glam::camera::rh::view::look_at_mat4(
                eye,
                eye + Vec3::new(0.0, -(40f32.to_radians().tan()), -1.0),
                Vec3::Y,
            );
        assert_eq!(hill_rows(&down.inverse(), eye, 3f32.to_radians(), height), height);
        // Rolled 30°, the crest's highest point moves to a side of the image: still covered.
        let roll = Mat4::from_rotation_z(30f32.to_radians());
        let rolled = proj * roll * glam::camera::rh::view::look_at_mat4(eye, eye + Vec3::NEG_Z, Vec3::Y);
        let rolled_rows = hill_rows(&rolled.inverse(), eye, 3f32.to_radians(), height);
        // At the image's edge (x = ±1) the horizon stands tan 30° · (4/3) of a half-image off the middle.
        let edge_rise = (30f32.to_radians().tan() * 4.0 / 3.0 * 0.5 + 0.5) * height as f32;
        assert!(
            rolled_rows as f32 >= edge_rise,
            "rolled: {rolled_rows} rows, the horizon up to {edge_rise}"
        );
    }

    /// The sky pass reads the hills' colours from `tints`, the lit pass's fog works them
    /// out in `sky_colour`: both from the same constants, so the fogged ground meets the
    /// hills in one colour.
    #[test]
    fn the_sky_pass_and_the_fog_colour_the_hills_alike() {
        for (colour, share) in [FAR_HILL_TINT, NEAR_HILL_TINT] {
            let glsl = format!(
                "mix(u_sky, vec3({:.2}, {:.2}, {:.2}), {share:.2})",
                colour[0], colour[1], colour[2]
            );
            assert!(SKY_GLSL.contains(&glsl), "SKY_GLSL lacks {glsl}");
        }
        let sky = Vec3::new(0.6, 0.7, 0.8);
        let [far, near, white, grey] = tints(sky, Vec3::new(0.0, -1.0, 0.0));
        assert!((far - sky.lerp(Vec3::new(0.30, 0.42, 0.50), 0.45)).length() < 1e-6);
        assert!((near - sky.lerp(Vec3::new(0.18, 0.31, 0.20), 0.62)).length() < 1e-6);
        // The sun overhead lights the clouds fully; their middles are darker.
        assert!((white - Vec3::new(1.0, 0.98, 0.95)).length() < 1e-6);
        assert!(grey.max_element() < white.min_element());
    }

    #[test]
    fn the_clouds_drift_with_the_wind_and_wrap_without_a_jump_in_precision() {
        let at = |time_s: f64| CloudLayer { cover: 0.4, time_s }.uniform();
        let (a, b) = (at(100.0), at(101.0));
        assert!((b[1] - a[1] - CLOUD_WIND[0] as f32).abs() < 1e-6);
        assert!((b[2] - a[2] - CLOUD_WIND[1] as f32).abs() < 1e-6);
        // A week in: still a step of one second's drift, not f32's rounding of a huge time.
        let week = 7.0 * 86_400.0;
        let (c, d) = (at(week), at(week + 1.0));
        let step = (d[1] - c[1]).rem_euclid(1.0);
        assert!((step - CLOUD_WIND[0] as f32).abs() < 1e-5, "{step}");
        assert_eq!(
            CloudLayer {
                cover: 3.0,
                time_s: 0.0
            }
            .uniform()[0],
            1.0
        );
    }

    /// The shader's `hill_ridges` in f32, as written in GLSL: the azimuth's turns by
    /// complex products, each term a dot product with its row of the uniform.
    fn ridges_as_the_shader_does(u: &HillsUniform, dir: [f32; 3]) -> [f32; 2] {
        let turn = |a: [f32; 2], b: [f32; 2]| [a[0] * b[0] - a[1] * b[1], a[0] * b[1] + a[1] * b[0]];
        let dot = |a: [f32; 2], b: [f32; 2]| a[0] * b[0] + a[1] * b[1];
        let r = (dir[0] * dir[0] + dir[2] * dir[2]).max(1e-20).sqrt();
        let e1 = [dir[0] / r, dir[2] / r];
        let e2 = turn(e1, e1);
        let e3 = turn(e2, e1);
        let e5 = turn(e3, e2);
        let e8 = turn(e5, e3);
        let e13 = turn(e8, e5);
        let e21 = turn(e13, e8);
        let far = u[0][0] + dot(e2, [u[1][0], u[1][1]]) + dot(e5, [u[1][2], u[1][3]]) + dot(e13, [u[2][0], u[2][1]]);
        let near = u[0][1] + dot(e3, [u[2][2], u[2][3]]) + dot(e8, [u[3][0], u[3][1]]) + dot(e21, [u[3][2], u[3][3]]);
        [far - far.powi(3) / 6.0, near - near.powi(3) / 6.0]
    }

    #[test]
    fn the_hills_by_complex_turns_are_the_skyline_of_sines_they_replace() {
        // The skyline as first written (and drawn until the turns replaced it): sines of
        // the azimuth in f64, from the same height and the name's phase.
        let height_deg = 10.0f32;
        let u = hills_uniform(height_deg, "spa");
        let phase = f64::from(skyline_phase("spa"));
        let h = f64::from(height_deg).to_radians();
        for i in 0..720 {
            let az = f64::from(i) * std::f64::consts::TAU / 720.0 - std::f64::consts::PI;
            let far = h
                * (0.62
                    + 0.22 * (2.0 * az + phase).sin()
                    + 0.11 * (5.0 * az + 1.7 * phase).sin()
                    + 0.05 * (13.0 * az + 2.9 * phase).sin());
            let near = h
                * (0.30
                    + 0.16 * (3.0 * az + 2.3 * phase).sin()
                    + 0.08 * (8.0 * az + 0.7 * phase).sin()
                    + 0.04 * (21.0 * az + 4.1 * phase).sin());
            // A direction 3° up at that azimuth: only its horizontal part matters.
            let dir = [(az.cos() * 0.9986) as f32, 0.052, (az.sin() * 0.9986) as f32];
            let got = ridges_as_the_shader_does(&u, dir);
            // 1e-5 of a radian is 0.0006°, a thousandth of a pixel at 480 lines.
            assert!(
                (f64::from(got[0]) - far.sin()).abs() < 1e-5,
                "far range at {az}: {got:?} against {}",
                far.sin()
            );
            assert!(
                (f64::from(got[1]) - near.sin()).abs() < 1e-5,
                "near range at {az}: {got:?} against {}",
                near.sin()
            );
        }
        // Straight up the azimuth is undefined: the ranges' means, never a NaN.
        let up = ridges_as_the_shader_does(&u, [0.0, 1.0, 0.0]);
        assert!(up.iter().all(|r| r.is_finite() && *r < 0.2), "{up:?}");
        // Each level its own skyline: another name, another phase.
        assert_ne!(hills_uniform(height_deg, "monza")[1], u[1]);
        // No hills: the shader's switch reads the height, 0.
        assert_eq!(hills_uniform(0.0, "spa")[0][2], 0.0);
    }
}
