//! The ladder of costs a frame pays whatever its pixels, which dynamic resolution steps
//! down once its scale is at its floor and the scene still overruns
//! ([`DynamicResolution`](super::super::DynamicResolution)), and back up with headroom.
//!
//! Measured on the desktop profile at the 0.5 floor on llvmpipe (`bump`, callgrind,
//! PERFORMANCE.md "Dynamic resolution at its floor"): 122 M instructions a frame where the
//! xbox's 640×480 costs 76 M, and the same scene drawn into a 640×360 window 77 M. The
//! difference is the 1280×720 upscale (about 45 M), the 2×2 PCF shadow filter (10 M more
//! than the xbox's one bilinear tap at these pixels) and the 2048² shadow map (4.6 M more
//! than 1024²). The steps, in the order taken: the xbox's shadow filter, the xbox's
//! shadow-map size, then the upscale by nearest texel (10 M of the 45; at the 0.5 floor
//! each scene pixel is a 2×2 block instead of a blur of four), the coarser meshes at half
//! the distance, the ground's textures read within one mip level, and last the split views
//! seeing three quarters as far. A profile that already has a step's cheaper setting has
//! no such step. (Those figures were the blit's; the stretch is now a textured rectangle,
//! about 17 instructions a window pixel by nearest texel against the blit's 31:
//! `scene_target.rs`.)
//!
//! The last three steps are for split screen, where every view draws the scene's triangles
//! whatever its size (the last, the split views' nearer far plane, changes nothing for
//! one player's view). The coarser meshes took four players on the desktop at the 0.5 floor
//! from 174.4 to 168.4 M instructions a frame (lit triangles 25.1 → 21.2 k; PERFORMANCE.md):
//! each triangle costs llvmpipe its vertices, its set-up and a partly covered block of
//! fragments, so fewer and larger ones are what is left to take. The ground's one mip level
//! is a texture read a ground fragment instead of two (164.8 → 159.6 M); its seam, where
//! the level changes, falls where the fog already softens the ground.

use super::super::car_paint::{CarProgram, Scuffing};
use super::super::fog::FOG_GLSL;
use super::super::lit_program::{LitProgram, Sheen, GROUND_TEXTURE_UNIT};
use super::super::scene_target::StretchFilter;
use super::super::shadow::shadow_glsl;
use super::super::sky::SKY_GLSL;
use super::super::texture_array::GroundMipFilter;
use super::super::RenderError;
use super::super::MAX_DETAIL_STEPS;
use super::Renderer;
use crate::content::ShadowFilter;

/// The smallest shadow map the ladder steps down to, texels a side: the xbox profile's.
pub const MIN_LADDER_SHADOW_MAP: u32 = 1024;

/// One step down the ladder.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DetailStep {
    /// Lit fragments look the shadow map up with one bilinear tap, not the 2×2 PCF.
    BilinearShadowFilter,
    /// The shadow map's side halved, not under [`MIN_LADDER_SHADOW_MAP`].
    SmallerShadowMap,
    /// The scene drawn below full resolution is stretched onto the window by nearest texel,
    /// not bilinearly.
    NearestUpscale,
    /// Cars, wheels and decor switch to their coarser meshes at half the distance: their
    /// level of detail is chosen as for a view half as tall (`car_lod.rs`,
    /// `decor_lod.rs`).
    CoarserMeshes,
    /// The ground's textures read bilinearly within the nearer mip level, not blended
    /// between two ([`GroundMipFilter::OneLevel`]).
    OneGroundMipLevel,
    /// Split-screen views see [`NEARER_VIEW_FAR`](super::views::NEARER_VIEW_FAR) as far,
    /// their haze thickened to match; one player's view is unchanged.
    NearerSplitViews,
}

/// The lit and car programs built with the other shadow filter, swapped with the
/// renderer's own when the filter step is taken or given back.
pub(super) struct OtherFilterPrograms {
    lit: LitProgram,
    lit_sheen: LitProgram,
    car: CarProgram,
    car_scuffed: CarProgram,
}

/// The renderer's ladder: its steps for this profile, how many are taken, and what taking
/// them needs.
pub(super) struct DetailLadder {
    /// The steps this profile has, in order; the first `len` are used.
    steps: [DetailStep; MAX_DETAIL_STEPS as usize],
    len: u8,
    /// Steps taken now.
    steps_down: u8,
    /// The profile's shadow map side, texels.
    full_shadow_map: u32,
    /// The programs with the bilinear filter while the profile's are in use, and the
    /// reverse while the filter step is taken; `None` until [`Renderer::enable_detail_ladder`].
    other_filter: Option<OtherFilterPrograms>,
    /// Whether the renderer's programs are the bilinear ones (the filter step taken).
    bilinear_in_use: bool,
}

impl DetailLadder {
    /// The steps a renderer with a `shadow_map` side and `filter` has, none taken.
    pub fn new(shadow_map: u32, filter: ShadowFilter) -> DetailLadder {
        let mut steps = [DetailStep::NearestUpscale; MAX_DETAIL_STEPS as usize];
        let mut len = 0;
        let mut push = |s| {
            steps[len] = s;
            len += 1;
        };
        if filter != ShadowFilter::Bilinear {
            push(DetailStep::BilinearShadowFilter);
        }
        if shadow_map / 2 >= MIN_LADDER_SHADOW_MAP {
            push(DetailStep::SmallerShadowMap);
        }
        push(DetailStep::NearestUpscale);
        push(DetailStep::CoarserMeshes);
        push(DetailStep::OneGroundMipLevel);
        push(DetailStep::NearerSplitViews);
        DetailLadder {
            steps,
            len: len as u8,
            steps_down: 0,
            full_shadow_map: shadow_map,
            other_filter: None,
            bilinear_in_use: false,
        }
    }

    /// The steps this profile's ladder has.
    pub fn steps(&self) -> &[DetailStep] {
        &self.steps[..usize::from(self.len)]
    }

    /// Whether `step` is among the steps taken.
    pub fn taken(&self, step: DetailStep) -> bool {
        self.steps()[..usize::from(self.steps_down)].contains(&step)
    }

    /// Steps taken now.
    pub fn steps_down(&self) -> u8 {
        self.steps_down
    }

    /// The shadow map's side once [`DetailStep::SmallerShadowMap`] is taken.
    fn smaller_shadow_map(&self) -> u32 {
        (self.full_shadow_map / 2).max(MIN_LADDER_SHADOW_MAP)
    }

    /// The shadow map's side with the steps taken.
    fn shadow_map_side(&self) -> u32 {
        if self.taken(DetailStep::SmallerShadowMap) {
            self.smaller_shadow_map()
        } else {
            self.full_shadow_map
        }
    }

    /// The shadow map's side for a frame of `views` views: with more than one (split
    /// screen), half the side with the steps taken (at least [`MIN_SPLIT_SHADOW_MAP`]).
    /// Each view is drawn on at most half the window's rows, so it reads the map at half
    /// the texels it would alone, and every view draws its own map: a split frame at the
    /// full side drew 4.2× the texels of one player's (xbox, the circuit's start with 7
    /// AI: 1.46 M against 0.35 M), and cost 1.73× the instructions.
    fn shadow_map_side_for(&self, views: usize) -> u32 {
        let side = self.shadow_map_side();
        if views > 1 {
            (side / 2).max(MIN_SPLIT_SHADOW_MAP).min(side)
        } else {
            side
        }
    }
}

/// The least shadow map a split-screen view draws, texels a side (23 cm a texel over the
/// map's 90 m).
const MIN_SPLIT_SHADOW_MAP: u32 = 384;

impl Renderer {
    /// Builds what the detail ladder's steps need (the lit and car programs with the other
    /// shadow filter, compiled now and warmed at the next frame rather than at the step;
    /// the smaller shadow map, kept beside the profile's so a step costs no allocation),
    /// so [`Renderer::detail_steps`] offers them. Call it when dynamic resolution is turned
    /// on; without it the scene is always drawn with the profile's full detail.
    pub fn enable_detail_ladder(&mut self) -> Result<(), RenderError> {
        // First: should it fail, no step is offered (`detail_steps` stays 0).
        if self.ladder.steps().contains(&DetailStep::SmallerShadowMap) {
            self.shadow.prepare_side(self.ladder.smaller_shadow_map())?;
        }
        if self.ladder.other_filter.is_none() {
            let glsl = shadow_glsl(ShadowFilter::Bilinear);
            self.ladder.other_filter = Some(OtherFilterPrograms {
                lit: LitProgram::new(Sheen::Without, glsl, SKY_GLSL, FOG_GLSL)?,
                lit_sheen: LitProgram::new(Sheen::With, glsl, SKY_GLSL, FOG_GLSL)?,
                car: CarProgram::new(Scuffing::Clean, ShadowFilter::Bilinear)?,
                car_scuffed: CarProgram::new(Scuffing::Scuffed, ShadowFilter::Bilinear)?,
            });
            // The new programs' pipelines are built at the next frame's warm-up.
            self.pipelines = Default::default();
        }
        Ok(())
    }

    /// The steps down the ladder this renderer offers now (0 before
    /// [`Renderer::enable_detail_ladder`]): what [`DynamicResolution::with_ladder`] may
    /// take.
    ///
    /// [`DynamicResolution::with_ladder`]: super::super::DynamicResolution::with_ladder
    pub fn detail_steps(&self) -> u8 {
        if self.ladder.other_filter.is_some() {
            self.ladder.len
        } else {
            0
        }
    }

    /// Takes `steps_down` steps of the ladder (clamped to [`Renderer::detail_steps`]) from
    /// the next frame on.
    pub(super) fn set_detail_steps(&mut self, steps_down: u8) {
        self.ladder.steps_down = steps_down.min(self.detail_steps());
        let bilinear = self.ladder.taken(DetailStep::BilinearShadowFilter);
        if bilinear != self.ladder.bilinear_in_use {
            if let Some(mut other) = self.ladder.other_filter.take() {
                self.swap_filter_programs_with(&mut other);
                self.ladder.other_filter = Some(other);
                self.ladder.bilinear_in_use = bilinear;
            }
        }
        self.use_shadow_target(self.ladder.shadow_map_side_for(1), 0);
        let mip_filter = if self.ladder.taken(DetailStep::OneGroundMipLevel) {
            GroundMipFilter::OneLevel
        } else {
            GroundMipFilter::Trilinear
        };
        self.ground_textures.set_mip_filter(GROUND_TEXTURE_UNIT, mip_filter);
    }

    /// The shadow map's side in a frame of `views` views (the ladder's steps, halved in
    /// split screen).
    pub(super) fn shadow_side_for(&self, views: usize) -> u32 {
        self.ladder.shadow_map_side_for(views)
    }

    /// Draws the shadow map at `side` into view `view`'s target, switching when it changes.
    pub(super) fn use_shadow_target(&mut self, side: u32, view: usize) {
        if let Err(e) = self.shadow.use_target(side, view) {
            log::warn!("shadow map stays at {} texels: {e}", self.shadow.size());
        }
    }

    /// Makes the shadow maps of `views` split-screen views now (at set-up, with several
    /// players), so the first split frame allocates nothing.
    pub fn prepare_split_screen(&mut self, views: usize) -> Result<(), RenderError> {
        let mut sides = vec![self.ladder.shadow_map_side_for(2)];
        if self.ladder.steps().contains(&DetailStep::SmallerShadowMap) {
            sides.push((self.ladder.smaller_shadow_map() / 2).max(MIN_SPLIT_SHADOW_MAP));
        }
        for side in sides {
            for view in 0..views.min(super::MAX_VIEWS) {
                self.shadow.prepare_target(side, view)?;
            }
        }
        Ok(())
    }

    /// Whether this profile's ladder has `step` (taken or not).
    pub(super) fn ladder_has(&self, step: DetailStep) -> bool {
        self.ladder.steps().contains(&step)
    }

    /// How the scene drawn below full resolution is stretched onto the window: by nearest
    /// texel once [`DetailStep::NearestUpscale`] is taken.
    pub(super) fn stretch_filter(&self) -> StretchFilter {
        if self.ladder.taken(DetailStep::NearestUpscale) {
            StretchFilter::Nearest
        } else {
            StretchFilter::Bilinear
        }
    }

    /// The viewport height, px, a view `height` tall chooses its meshes' level of detail
    /// for: its own, or half of it with [`DetailStep::CoarserMeshes`] taken.
    pub(super) fn detail_height(&self, height: u32) -> u32 {
        if self.ladder.taken(DetailStep::CoarserMeshes) {
            height.div_ceil(2)
        } else {
            height
        }
    }

    /// Runs `warm` with the renderer's programs, then with the other filter's if built.
    pub(super) fn for_each_filter_set(&mut self, warm: &mut dyn FnMut(&mut Renderer)) {
        warm(self);
        if let Some(mut other) = self.ladder.other_filter.take() {
            self.swap_filter_programs_with(&mut other);
            warm(self);
            self.swap_filter_programs_with(&mut other);
            self.ladder.other_filter = Some(other);
        }
    }

    /// Runs `warm` with the programs the renderer draws with once `step` is taken (the
    /// other filter's if taking it takes the filter step and the renderer's are not those).
    pub(super) fn with_programs_at(&mut self, step: DetailStep, warm: &mut dyn FnMut(&mut Renderer)) {
        let steps = self.ladder.steps();
        let upto = steps.iter().position(|s| *s == step).map_or(steps.len(), |i| i + 1);
        let bilinear_at_step = steps[..upto].contains(&DetailStep::BilinearShadowFilter);
        if bilinear_at_step == self.ladder.bilinear_in_use {
            warm(self);
        } else if let Some(mut other) = self.ladder.other_filter.take() {
            self.swap_filter_programs_with(&mut other);
            warm(self);
            self.swap_filter_programs_with(&mut other);
            self.ladder.other_filter = Some(other);
        }
    }

    fn swap_filter_programs_with(&mut self, other: &mut OtherFilterPrograms) {
        std::mem::swap(&mut self.lit, &mut other.lit);
        std::mem::swap(&mut self.lit_sheen, &mut other.lit_sheen);
        std::mem::swap(&mut self.car_program, &mut other.car);
        std::mem::swap(&mut self.car_program_scuffed, &mut other.car_scuffed);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_profile_has_the_steps_it_can_take_in_order() {
        use DetailStep::*;
        let desktop = DetailLadder::new(2048, ShadowFilter::Pcf2x2);
        assert_eq!(
            desktop.steps(),
            [
                BilinearShadowFilter,
                SmallerShadowMap,
                NearestUpscale,
                CoarserMeshes,
                OneGroundMipLevel,
                NearerSplitViews
            ]
        );
        // The xbox already has the cheap filter and the smallest map.
        let xbox = DetailLadder::new(1024, ShadowFilter::Bilinear);
        assert_eq!(
            xbox.steps(),
            [NearestUpscale, CoarserMeshes, OneGroundMipLevel, NearerSplitViews]
        );
        let mut l = DetailLadder::new(4096, ShadowFilter::Pcf2x2);
        assert_eq!(l.shadow_map_side(), 4096);
        l.steps_down = 1;
        assert!(l.taken(BilinearShadowFilter) && !l.taken(SmallerShadowMap));
        assert_eq!(l.shadow_map_side(), 4096);
        l.steps_down = 2;
        assert_eq!(l.shadow_map_side(), 2048);
        assert!(!l.taken(NearestUpscale));
        l.steps_down = 3;
        assert!(l.taken(NearestUpscale) && !l.taken(CoarserMeshes));
        l.steps_down = 4;
        assert!(l.taken(CoarserMeshes) && !l.taken(OneGroundMipLevel));
        l.steps_down = 5;
        assert!(l.taken(OneGroundMipLevel) && !l.taken(NearerSplitViews));
        l.steps_down = 6;
        assert!(l.taken(NearerSplitViews));
    }

    #[test]
    fn a_split_screen_frame_draws_its_maps_at_half_the_side_never_under_the_least() {
        let xbox = DetailLadder::new(1024, ShadowFilter::Bilinear);
        assert_eq!(xbox.shadow_map_side_for(1), 1024);
        assert_eq!(xbox.shadow_map_side_for(2), 512);
        assert_eq!(xbox.shadow_map_side_for(4), 512);
        let mut desktop = DetailLadder::new(2048, ShadowFilter::Pcf2x2);
        assert_eq!(desktop.shadow_map_side_for(2), 1024);
        // The ladder's smaller map, halved again.
        desktop.steps_down = 2;
        assert_eq!(desktop.shadow_map_side_for(2), 512);
        // A small map halves only to the least, and never grows.
        let small = DetailLadder::new(512, ShadowFilter::Bilinear);
        assert_eq!(small.shadow_map_side_for(2), MIN_SPLIT_SHADOW_MAP);
        let tiny = DetailLadder::new(256, ShadowFilter::Bilinear);
        assert_eq!(tiny.shadow_map_side_for(2), 256);
    }
}
