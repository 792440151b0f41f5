//! The ground's detail textures on the GPU: one `GL_TEXTURE_2D_ARRAY`, a layer per
//! [`GroundTexture`] (made by `textures.rs`), mipmapped (levels built on the CPU,
//! `mip_chain.rs`) and sampled trilinearly (anisotropy
//! only as [`ANISOTROPY`] asks, where the driver offers it), so distant ground does not
//! shimmer.
//!
//! If the ground shimmers, check [`GroundTextures::level_sizes`]: every mip level down to
//! 1×1 must be allocated.

use super::gl_check;
use super::mip_chain::levels_below;
use super::textures::{generate, TEXTURE_SIZE};
use super::RenderError;
use skidpad_bake::GroundTexture;

/// `GL_TEXTURE_MAX_ANISOTROPY` (core in 4.6, `EXT_texture_filter_anisotropic` before: the
/// same enum value; not in the 3.3 bindings).
const TEXTURE_MAX_ANISOTROPY: u32 = 0x84FE;
/// `GL_MAX_TEXTURE_MAX_ANISOTROPY`.
const MAX_TEXTURE_MAX_ANISOTROPY: u32 = 0x84FF;
/// The anisotropy asked for. 1 (off): on llvmpipe, 4× anisotropy made the circuit's
/// frames 7× slower at 640×480 (GPU wait 46 → 500 ms a frame under load, and a 9 s first
/// frame while it compiled the sampler); the fog hides what trilinear blurs at a distance.
/// (Bilinear within one mip level instead of trilinear saved nothing measurable there at
/// one player, 5 M instructions of 165 M at four: the detail ladder's last step,
/// [`GroundMipFilter::OneLevel`].)
/// A GPU with hardware anisotropy could take 4 at little cost: make it a profile key then.
const ANISOTROPY: f32 = 1.0;

/// How the ground's textures are read between mip levels.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GroundMipFilter {
    /// Blended between the two nearest levels (trilinear): no seam where the level changes.
    Trilinear,
    /// Bilinear within the nearer level only: a seam where the level changes, at a
    /// distance where the fog already softens the ground, for one texture read a fragment
    /// instead of two (the detail ladder's step; on llvmpipe a four-player frame 5 M
    /// instructions fewer, PERFORMANCE.md).
    OneLevel,
}

impl GroundMipFilter {
    fn gl_min_filter(self) -> u32 {
        match self {
            GroundMipFilter::Trilinear => gl::LINEAR_MIPMAP_LINEAR,
            GroundMipFilter::OneLevel => gl::LINEAR_MIPMAP_NEAREST,
        }
    }
}

/// The texture array and what it costs.
pub struct GroundTextures {
    texture: u32,
    /// Bytes on the GPU, every layer and mip level.
    bytes: usize,
    mip_filter: GroundMipFilter,
}

impl GroundTextures {
    /// Generates every layer and uploads them. Needs a current GL 3.3 core context.
    pub fn new() -> Result<GroundTextures, RenderError> {
        let n = TEXTURE_SIZE;
        let layers = GroundTexture::ALL.len();
        let mut texels = Vec::with_capacity(n * n * 4 * layers);
        // Each level below the top, every layer's texels one after another as TexImage3D
        // takes them.
        let mut levels: Vec<Vec<u8>> = Vec::new();
        for t in GroundTexture::ALL {
            let top = generate(t).rgba;
            for (level, below) in levels_below(&top, n).into_iter().enumerate() {
                match levels.get_mut(level) {
                    Some(all) => all.extend_from_slice(&below),
                    None => levels.push(below),
                }
            }
            texels.extend_from_slice(&top);
        }
        let mut texture = 0;
        // SAFETY: creates and fills a texture of ours on the current context; `texels` holds
        // n·n·layers RGBA8 texels and `levels[l]` (n/2^(l+1))²·layers, as TexImage3D is
        // told; the anisotropy enum is only used when the driver lists the extension.
        unsafe {
            gl::GenTextures(1, &mut texture);
            gl::BindTexture(gl::TEXTURE_2D_ARRAY, texture);
            gl::PixelStorei(gl::UNPACK_ALIGNMENT, 4);
            gl::TexImage3D(
                gl::TEXTURE_2D_ARRAY,
                0,
                gl::RGBA8 as i32,
                n as i32,
                n as i32,
                layers as i32,
                0,
                gl::RGBA,
                gl::UNSIGNED_BYTE,
                texels.as_ptr().cast(),
            );
            // The levels below, built here rather than by the driver (`mip_chain.rs`).
            for (level, texels) in levels.iter().enumerate() {
                let side = (n >> (level + 1)) as i32;
                gl::TexImage3D(
                    gl::TEXTURE_2D_ARRAY,
                    level as i32 + 1,
                    gl::RGBA8 as i32,
                    side,
                    side,
                    layers as i32,
                    0,
                    gl::RGBA,
                    gl::UNSIGNED_BYTE,
                    texels.as_ptr().cast(),
                );
            }
            gl::TexParameteri(
                gl::TEXTURE_2D_ARRAY,
                gl::TEXTURE_MIN_FILTER,
                GroundMipFilter::Trilinear.gl_min_filter() as i32,
            );
            gl::TexParameteri(gl::TEXTURE_2D_ARRAY, gl::TEXTURE_MAG_FILTER, gl::LINEAR as i32);
            gl::TexParameteri(gl::TEXTURE_2D_ARRAY, gl::TEXTURE_WRAP_S, gl::REPEAT as i32);
            gl::TexParameteri(gl::TEXTURE_2D_ARRAY, gl::TEXTURE_WRAP_T, gl::REPEAT as i32);
            if has_anisotropy() {
                let mut max = 1.0f32;
                gl::GetFloatv(MAX_TEXTURE_MAX_ANISOTROPY, &mut max);
                gl::TexParameterf(gl::TEXTURE_2D_ARRAY, TEXTURE_MAX_ANISOTROPY, ANISOTROPY.min(max));
            }
            gl::BindTexture(gl::TEXTURE_2D_ARRAY, 0);
        }
        gl_check::check("ground textures")?;
        let bytes = super::mip_chain::chain_bytes(n) * layers;
        Ok(GroundTextures {
            texture,
            bytes,
            mip_filter: GroundMipFilter::Trilinear,
        })
    }

    /// How the array is read between mip levels now.
    pub fn mip_filter(&self) -> GroundMipFilter {
        self.mip_filter
    }

    /// Reads the array between mip levels as `filter` says from the next draw on, leaving
    /// it bound to texture unit `unit`. On llvmpipe a filter is part of every program's
    /// compiled code: a program first drawn with a new one compiles then (warm it first,
    /// `warm_up.rs`).
    pub fn set_mip_filter(&mut self, unit: u32, filter: GroundMipFilter) {
        if filter == self.mip_filter {
            return;
        }
        self.bind(unit);
        // SAFETY: a parameter of our texture, bound to `unit` above, on the current context.
        unsafe {
            gl::ActiveTexture(gl::TEXTURE0 + unit);
            gl::TexParameteri(
                gl::TEXTURE_2D_ARRAY,
                gl::TEXTURE_MIN_FILTER,
                filter.gl_min_filter() as i32,
            );
            gl::ActiveTexture(gl::TEXTURE0);
        }
        self.mip_filter = filter;
    }

    /// Binds the array to texture unit `unit`.
    pub fn bind(&self, unit: u32) {
        // SAFETY: binds our texture on the current context.
        unsafe {
            gl::ActiveTexture(gl::TEXTURE0 + unit);
            gl::BindTexture(gl::TEXTURE_2D_ARRAY, self.texture);
            gl::ActiveTexture(gl::TEXTURE0);
        }
    }

    /// Bytes the array takes on the GPU (every layer, every mip level).
    pub fn bytes(&self) -> usize {
        self.bytes
    }

    /// The side of each mip level as the driver allocated it (0 for a level it did not),
    /// from level 0 down to 1×1: what a test checks to know mipmaps exist.
    pub fn level_sizes(&self) -> Vec<i32> {
        let levels = TEXTURE_SIZE.ilog2() as i32 + 1;
        let mut sizes = Vec::with_capacity(levels as usize);
        // SAFETY: queries of our texture on the current context.
        unsafe {
            gl::BindTexture(gl::TEXTURE_2D_ARRAY, self.texture);
            for level in 0..levels {
                let mut w = 0;
                gl::GetTexLevelParameteriv(gl::TEXTURE_2D_ARRAY, level, gl::TEXTURE_WIDTH, &mut w);
                sizes.push(w);
            }
            gl::BindTexture(gl::TEXTURE_2D_ARRAY, 0);
        }
        sizes
    }
}

impl Drop for GroundTextures {
    fn drop(&mut self) {
        // SAFETY: the texture is ours.
        unsafe { gl::DeleteTextures(1, &self.texture) };
    }
}

/// Whether the driver lists anisotropic filtering (the EXT or the ARB extension).
fn has_anisotropy() -> bool {
    let mut count = 0;
    // SAFETY: GetIntegerv into a local; GetStringi within the count the driver gave, its
    // strings static and NUL-terminated.
    unsafe {
        gl::GetIntegerv(gl::NUM_EXTENSIONS, &mut count);
        (0..count.max(0) as u32).any(|i| {
            let s = gl::GetStringi(gl::EXTENSIONS, i);
            if s.is_null() {
                return false;
            }
            let name = std::ffi::CStr::from_ptr(s.cast());
            matches!(
                name.to_bytes(),
                b"GL_EXT_texture_filter_anisotropic" | b"GL_ARB_texture_filter_anisotropic"
            )
        })
    }
}
