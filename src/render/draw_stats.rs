//! What the renderer reports about a frame and a level: draws and culls per pass, and the
//! GPU memory it holds (data only, no GL), read by `profile` and the culling tests.

/// GPU memory the renderer holds for the level, by kind, bytes: what `profile` counts
/// against the platform profile's memory budget. Buffers and textures as uploaded (what
/// the driver adds for alignment is not seen); the window's own framebuffer is not counted.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct GpuMemory {
    /// The ground's detail textures, with their mip chains.
    pub textures: usize,
    /// The resident chunks' meshes.
    pub chunk_meshes: usize,
    /// Car models uploaded, and the shared prop and wheel meshes.
    pub models: usize,
    /// The sun's depth map (24-bit depth, counted as 4 bytes a texel).
    pub shadow_map: usize,
    /// Skid marks' ring buffer.
    pub skid_marks: usize,
}

impl GpuMemory {
    /// All of it, bytes.
    pub fn total(&self) -> usize {
        self.textures + self.chunk_meshes + self.models + self.shadow_map + self.skid_marks
    }
}

/// Meshes one pass of a frame drew and skipped as outside its view.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct PassDrawStats {
    /// Draw calls issued.
    pub drawn: u32,
    /// Meshes culled: wholly outside the pass's frustum.
    pub culled: u32,
    /// Triangles the pass submits: in the lit pass every triangle of the drawn meshes, in
    /// the shadow pass their casters only (a baked chunk's low ground is never submitted
    /// there). The vertex and triangle-setup work, which a software rasterizer does on the
    /// thread that draws.
    pub triangles: u32,
}

/// Draw counts of the last frame, per pass: what the profiler and the culling tests read.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct FrameDrawStats {
    /// The sun's depth pass (zero when shadows are off, and when the frame kept the map
    /// the frame before drew: `shadow_reuse.rs`).
    pub shadow: PassDrawStats,
    /// The lit pass from the camera.
    pub lit: PassDrawStats,
    /// Texels of the sun's map the depth pass drew casters into: the part the lit pass
    /// reads (`shadow_footprint.rs`), or the whole map with culling off.
    pub shadow_texels: u32,
    /// Whether the frame kept the map the frame before drew, its inputs unchanged (then
    /// `shadow` and `shadow_texels` are zero).
    pub shadow_map_kept: bool,
    /// Shadow maps the frame's depth passes drew: one a view, or one several views share
    /// (split screen with the cars close); 0 when kept.
    pub shadow_maps: u32,
    /// Particle puffs drawn: those each view's frustum sees, within the fill budget.
    pub puffs: u32,
}

impl PassDrawStats {
    /// The counts of two passes of one frame together (split screen: a pass per view).
    pub fn plus(self, other: PassDrawStats) -> PassDrawStats {
        PassDrawStats {
            drawn: self.drawn + other.drawn,
            culled: self.culled + other.culled,
            triangles: self.triangles + other.triangles,
        }
    }
}

impl FrameDrawStats {
    /// The counts of a frame's views together (split screen): every view's passes summed,
    /// the map kept only when every view kept it.
    pub fn plus(self, other: FrameDrawStats) -> FrameDrawStats {
        FrameDrawStats {
            shadow: self.shadow.plus(other.shadow),
            lit: self.lit.plus(other.lit),
            shadow_texels: self.shadow_texels + other.shadow_texels,
            shadow_map_kept: self.shadow_map_kept && other.shadow_map_kept,
            shadow_maps: self.shadow_maps + other.shadow_maps,
            puffs: self.puffs + other.puffs,
        }
    }
}
