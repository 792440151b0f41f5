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
use super::{cloud_texture, gl_check, mip_chain, RenderError};
use glam::{Mat4, Vec3};

/// `sky_colour(dir)`: the sky seen along unit `dir`, from the uniforms `u_sky` (horizon and
/// fog colour), `u_sun_dir` (the direction sunlight travels) and `u_hills` (declared here:
/// the horizon hills' height in radians, 0 for none, and their phase; [`hills_uniform`]).
/// Below the horizon it is the hills' colour (the horizon's without them, plus the sun's
/// glow), which is what fog fades distant ground to.
pub const SKY_GLSL: &str = r#"
uniform vec2 u_hills;
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
// The sines of the two ranges' heights (far, near) at azimuth az (radians), or -2 (below
// everything) without hills. Each height is a few sines of whole turns (so it closes on
// itself), shifted by the level's phase.
vec2 hill_ridges(float az) {
    if (u_hills.x <= 0.0) return vec2(-2.0);
    float p = u_hills.y;
    float far_h = u_hills.x * (0.62 + 0.22 * sin(2.0 * az + p) + 0.11 * sin(5.0 * az + 1.7 * p)
        + 0.05 * sin(13.0 * az + 2.9 * p));
    float near_h = u_hills.x * (0.30 + 0.16 * sin(3.0 * az + 2.3 * p) + 0.08 * sin(8.0 * az + 0.7 * p)
        + 0.04 * sin(21.0 * az + 4.1 * p));
    return sin(vec2(far_h, near_h));
}
// Colour c with the hills over it, seen at height y under ridges `ridge` (hill_ridges).
vec3 with_hills(vec3 c, float y, vec2 ridge) {
    // Aerial perspective: the far range mostly sky, the near one greener.
    vec3 far_c = mix(u_sky, vec3(0.30, 0.42, 0.50), 0.45);
    vec3 near_c = mix(u_sky, vec3(0.18, 0.31, 0.20), 0.62);
    // A soft edge a tenth of a degree across, so the ridge does not crawl.
    const float edge = 0.0009;
    c = mix(c, far_c, 1.0 - smoothstep(ridge.x - edge, ridge.x + edge, y));
    return mix(c, near_c, 1.0 - smoothstep(ridge.y - edge, ridge.y + edge, y));
}
vec3 sky_colour(vec3 dir) {
    vec2 ridge = hill_ridges(atan(dir.z, dir.x));
    return with_hills(sky_gradient(dir.y) + sky_glow(dir), dir.y, ridge);
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
        vec3 white = vec3(1.0, 0.98, 0.95) * (0.62 + 0.38 * clamp(-u_sun_dir.y, 0.0, 1.0));
        vec3 cloud = mix(white, white * vec3(0.66, 0.69, 0.76), thick) + glow * 1.5;
        c = mix(c, cloud, cover);
        disc *= 1.0 - cover;
    }
    c = mix(c, vec3(1.0, 0.97, 0.9), disc);
    // Every pixel works out the ridges: a branch leaving out those above the highest
    // saved nothing on llvmpipe (92.851 against 92.856 M instructions a circuit frame).
    frag = vec4(with_hills(c, dir.y, hill_ridges(atan(dir.z, dir.x))), 1.0);
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

/// The sky's program, the empty vertex array its triangle is drawn from, and the clouds'
/// texture.
pub struct Sky {
    program: Program,
    vao: u32,
    clouds: u32,
    u_inv_view_proj: i32,
    u_eye: i32,
    u_sky: i32,
    u_sun_dir: i32,
    u_hills: i32,
    u_clouds: i32,
    u_cloud: i32,
}

/// Texture unit the clouds are bound to while the sky draws (the scene's are 0–2).
const CLOUD_UNIT: u32 = 3;

/// What `u_hills` holds for hills `height_deg` high on the level `level_name`: (height in
/// radians, a phase from the name), so each level has its own skyline and the same one
/// every time.
pub fn hills_uniform(height_deg: f32, level_name: &str) -> [f32; 2] {
    // FNV-1a of the name, to an angle.
    let hash = level_name
        .bytes()
        .fold(0x811c_9dc5u32, |h, b| (h ^ u32::from(b)).wrapping_mul(0x0100_0193));
    [height_deg.to_radians(), (hash % 6283) as f32 / 1000.0]
}

impl Sky {
    /// Compiles the sky and makes the clouds' texture. Needs a current GL 3.3 core
    /// context.
    pub fn new() -> Result<Sky, RenderError> {
        let fragment = format!("{FRAGMENT_HEAD}{SKY_GLSL}{FRAGMENT_MAIN}");
        let program = Program::new("sky", VERTEX, &fragment)?;
        let mut vao = 0;
        // SAFETY: creates a vertex array of ours (core profile draws need one bound).
        unsafe { gl::GenVertexArrays(1, &mut vao) };
        let clouds = upload_clouds(&cloud_texture::density(cloud_texture::SIDE), cloud_texture::SIDE);
        gl_check::check("sky")?;
        Ok(Sky {
            u_inv_view_proj: program.uniform("u_inv_view_proj"),
            u_eye: program.uniform("u_eye"),
            u_sky: program.uniform("u_sky"),
            u_sun_dir: program.uniform("u_sun_dir"),
            u_hills: program.uniform("u_hills"),
            u_clouds: program.uniform("u_clouds"),
            u_cloud: program.uniform("u_cloud"),
            program,
            vao,
            clouds,
        })
    }

    /// Bytes the sky holds on the GPU: the clouds' texture with its mip levels.
    pub fn bytes(&self) -> usize {
        mip_chain::chain_bytes(cloud_texture::SIDE)
    }

    /// Draws the sky behind what the bound framebuffer already holds, seen through
    /// `view_proj` from `eye`; `sky` is the horizon (and fog) colour, `sun_dir` the
    /// direction sunlight travels, `hills` the horizon hills ([`hills_uniform`]), `clouds`
    /// the cloud layer. Leaves depth testing on and depth writes on.
    pub fn draw(&self, view_proj: &Mat4, eye: Vec3, sky: Vec3, sun_dir: Vec3, hills: [f32; 2], clouds: CloudLayer) {
        self.program.bind();
        let inv = view_proj.inverse();
        // SAFETY: uniforms of the bound program; state on the current context, restored
        // below; our vertex array and texture.
        unsafe {
            gl::UniformMatrix4fv(self.u_inv_view_proj, 1, gl::FALSE, inv.to_cols_array().as_ptr());
            gl::Uniform3fv(self.u_eye, 1, eye.to_array().as_ptr());
            gl::Uniform3fv(self.u_sky, 1, sky.to_array().as_ptr());
            gl::Uniform3fv(self.u_sun_dir, 1, sun_dir.to_array().as_ptr());
            gl::Uniform2fv(self.u_hills, 1, hills.as_ptr());
            gl::Uniform4fv(self.u_cloud, 1, clouds.uniform().as_ptr());
            gl::Uniform1i(self.u_clouds, CLOUD_UNIT as i32);
            gl::ActiveTexture(gl::TEXTURE0 + CLOUD_UNIT);
            gl::BindTexture(gl::TEXTURE_2D, self.clouds);
            gl::ActiveTexture(gl::TEXTURE0);
            gl::DepthFunc(gl::LEQUAL);
            gl::DepthMask(gl::FALSE);
            gl::BindVertexArray(self.vao);
            gl::DrawArrays(gl::TRIANGLES, 0, 3);
            gl::BindVertexArray(0);
            gl::DepthMask(gl::TRUE);
            gl::DepthFunc(gl::LESS);
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
}
