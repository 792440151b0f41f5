//! Level of detail for a chunk's fine decor (issue 20): each detail group the bake made
//! (`skidpad_bake::mesh_detail`: a stretch of a stand's crowd, a board's lettering, a band
//! of chequers) is culled by its own bounds in each pass, and drawn with its far stand-in
//! once its smallest feature projects under [`FAR_DECOR_MAX_PX`].
//!
//! Chunks are 200 m across on the circuit, so the start chunk is in view whenever the
//! start is, with its crowd of 1.9 k triangles mostly beside or behind the camera; llvmpipe
//! shades every vertex and sets up every triangle of a draw on the thread that draws,
//! clipped or not. A group's bounds keep those off the frame; the stand-in (a band per row
//! of seats in the crowd's mean colour, the lettering's panel in its mean) costs a few
//! triangles where features no longer resolve. If a switch shows, lower
//! [`FAR_DECOR_MAX_PX`]; the shadow pass follows the lit pass's choice, so shadows switch
//! with what casts them.

use super::camera::Camera;
use super::caster_tiles::CasterTiles;
use super::frustum::Frustum;
use super::shadow_reach::casts_into_any_view;
use glam::Vec3;
use skidpad_bake::mesh_detail::MAX_DETAIL_GROUPS;

/// A detail group whose smallest feature (`DetailGroup::feature_m`) projects under this
/// many pixels of the viewport's height draws its far stand-in: under a pixel the
/// feature no longer resolves, so only its mean colour is seen either way (at 640×480 the
/// gantry's lettering, whose feature is two of its 0.08 m cells, beyond ~65 m; a crowd
/// figure beyond ~180 m).
pub const FAR_DECOR_MAX_PX: f32 = 1.0;

/// A run of a mesh's uploaded indices; its first `casters` draw into the shadow map.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct IndexRange {
    /// First index.
    pub first: u32,
    /// Indices in the run.
    pub count: u32,
    /// Of those, the shadow casters (at the start of the run).
    pub casters: u32,
}

/// One detail group as uploaded: its near and far runs, its bounds and its feature size.
#[derive(Debug, Clone, Copy, Default)]
pub struct GroupDraw {
    /// The detailed triangles.
    pub near: IndexRange,
    /// The stand-in's.
    pub far: IndexRange,
    /// The sphere around both, world space.
    pub centre: Vec3,
    /// Its radius, m.
    pub radius_m: f32,
    /// The smallest feature the stand-in leaves out, m.
    pub feature_m: f32,
}

/// Which of a mesh's groups a pass draws (bit `i` for group `i`), and which of those with
/// the stand-in.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct DetailChoice {
    /// Groups in view.
    pub drawn: u32,
    /// Groups drawn far.
    pub far: u32,
    /// The base's caster tiles drawn (bit `i` for tile `i`; `caster_tiles.rs`).
    pub tiles: u64,
    /// The base's quiet hills' tiles drawn (the lit pass's; none in the shadow pass).
    pub hill_tiles: u64,
}

/// A chunk mesh's index runs: what is drawn at every distance, then each detail group.
/// A fixed array, so a chunk entering allocates nothing.
#[derive(Debug, Clone, Copy, Default)]
pub struct MeshDetail {
    /// The triangles drawn at every distance.
    pub base: IndexRange,
    /// The base's casters as tiles, each culled on its own (empty: the base draws whole).
    pub base_tiles: CasterTiles,
    /// Indices of the base's quiet hills, after its casters (`shadow_casters.rs`).
    pub base_hills: u32,
    /// Those hills as tiles, culled as the casters' are in the lit pass (a level's hills
    /// are most of a chunk's triangles; drawn whole, every view shaded every vertex).
    pub hill_tiles: CasterTiles,
    groups: [GroupDraw; MAX_DETAIL_GROUPS],
    len: usize,
}

const _: () = assert!(
    MAX_DETAIL_GROUPS <= u32::BITS as usize,
    "a group per bit of DetailChoice"
);

impl MeshDetail {
    /// Every index in one run (a mesh without detail groups).
    pub fn whole(count: u32, casters: u32) -> MeshDetail {
        MeshDetail {
            base: IndexRange {
                first: 0,
                count,
                casters,
            },
            ..MeshDetail::default()
        }
    }

    /// Adds a group (ignored past [`MAX_DETAIL_GROUPS`]: the bake never makes more).
    pub fn push(&mut self, group: GroupDraw) {
        if let Some(slot) = self.groups.get_mut(self.len) {
            *slot = group;
            self.len += 1;
        }
    }

    /// The detail groups.
    pub fn groups(&self) -> &[GroupDraw] {
        &self.groups[..self.len]
    }

    /// Each group in `frustum` drawn near or far as `scale` says: every group near and in
    /// view when `frustum` is everything and the threshold 0.
    pub fn choose(&self, frustum: &Frustum, scale: &DecorScale) -> DetailChoice {
        let mut choice = DetailChoice {
            tiles: self.base_tiles.visible(frustum),
            hill_tiles: self.hill_tiles.visible(frustum),
            ..DetailChoice::default()
        };
        for (i, g) in self.groups().iter().enumerate() {
            if frustum.sees_sphere(g.centre, g.radius_m) {
                choice.drawn |= 1 << i;
                if scale.is_far(g) {
                    choice.far |= 1 << i;
                }
            }
        }
        choice
    }

    /// [`MeshDetail::choose`] for the shadow pass: a group draws into the map if it casts
    /// into any of the cameras' `views` (`shadow_reach.rs`), far only where every view's
    /// `scales` draws it far (a map several views share casts what the nearest sees).
    pub fn choose_for_shadows(
        &self,
        frustum: &Frustum,
        views: &[Frustum],
        sun_dir: Vec3,
        scales: &[DecorScale],
    ) -> DetailChoice {
        let mut choice = DetailChoice {
            tiles: self.base_tiles.casting(frustum, views, sun_dir),
            ..DetailChoice::default()
        };
        for (i, g) in self.groups().iter().enumerate() {
            if casts_into_any_view(frustum, views, sun_dir, g.centre, g.radius_m) {
                choice.drawn |= 1 << i;
                if scales.iter().all(|scale| scale.is_far(g)) {
                    choice.far |= 1 << i;
                }
            }
        }
        choice
    }

    /// The runs `choice` draws: each drawn group's near or far run, then the base (its
    /// chosen caster tiles, then its ground, when it has tiles). Groups first: most are
    /// decals a centimetre over a face (lettering, chequers), so the face drawn after them
    /// fails the depth test under them instead of being shaded and then covered (with the
    /// road as groups, drawn last it doubled the circuit's lit fragments).
    pub fn runs(&self, choice: DetailChoice) -> impl Iterator<Item = IndexRange> + '_ {
        self.group_runs(choice).chain(self.base_runs(choice))
    }

    /// The runs of [`MeshDetail::runs`] that draw the chosen groups.
    pub fn group_runs(&self, choice: DetailChoice) -> impl Iterator<Item = IndexRange> + '_ {
        self.groups().iter().enumerate().filter_map(move |(i, g)| {
            let bit = 1 << i;
            (choice.drawn & bit != 0).then_some(if choice.far & bit != 0 { g.far } else { g.near })
        })
    }

    /// The runs of [`MeshDetail::runs`] that draw the base: its chosen caster tiles, its
    /// chosen hill tiles (no casters), then its flat ground; whole when it has no tiles.
    pub fn base_runs(&self, choice: DetailChoice) -> impl Iterator<Item = IndexRange> + '_ {
        let tiled = !self.base_tiles.is_empty() || !self.hill_tiles.is_empty();
        let (tiles, hill_tiles, rest) = if tiled {
            let before_ground = self.base.casters + self.base_hills;
            let ground = IndexRange {
                first: self.base.first + before_ground,
                count: self.base.count - before_ground,
                casters: 0,
            };
            (choice.tiles, choice.hill_tiles, ground)
        } else {
            (0, 0, self.base)
        };
        let run = |r: std::ops::Range<u32>, casts: bool| IndexRange {
            first: r.start,
            count: r.end - r.start,
            casters: if casts { r.end - r.start } else { 0 },
        };
        let caster_runs = self.base_tiles.runs(tiles).map(move |r| run(r, true));
        let hill_runs = self.hill_tiles.runs(hill_tiles).map(move |r| run(r, false));
        caster_runs.chain(hill_runs).chain(std::iter::once(rest))
    }
}

/// `runs` as draw calls, (first, count): runs that follow each other in the index buffer
/// merged into one, empty ones left out.
pub fn merged_runs(runs: impl Iterator<Item = IndexRange>) -> impl Iterator<Item = (u32, u32)> {
    let mut runs = runs.filter(|r| r.count > 0).peekable();
    std::iter::from_fn(move || {
        let first = runs.next()?;
        let mut count = first.count;
        while let Some(next) = runs.next_if(|r| r.first == first.first + count) {
            count += next.count;
        }
        Some((first.first, count))
    })
}

/// How big a feature looks from the frame's camera, and the size under which a group goes
/// far.
#[derive(Debug, Clone, Copy)]
pub struct DecorScale {
    eye: Vec3,
    forward: Vec3,
    /// Pixels for a metre at a metre's depth.
    focal_px: f32,
    /// [`FAR_DECOR_MAX_PX`], or 0 to draw every group near.
    max_px: f32,
}

impl DecorScale {
    /// What the choice follows, as numbers: eye, forward, focal length and threshold (the
    /// shadow map's reuse digests them: `shadow_reuse.rs`).
    pub fn parameters(&self) -> [f32; 8] {
        let (e, f) = (self.eye, self.forward);
        [e.x, e.y, e.z, f.x, f.y, f.z, self.focal_px, self.max_px]
    }

    /// Features as `camera` sees them in a viewport `viewport_height_px` high (the
    /// scene's, after dynamic resolution), going far under `max_px`.
    pub fn on_screen(camera: &Camera, viewport_height_px: u32, max_px: f32) -> DecorScale {
        let half_tan = (camera.fov_y_rad * 0.5).tan().max(1e-4);
        DecorScale {
            eye: camera.eye,
            forward: (camera.target - camera.eye).normalize_or(Vec3::NEG_Z),
            focal_px: viewport_height_px as f32 * 0.5 / half_tan,
            max_px,
        }
    }

    /// Whether `group`'s feature projects under the threshold at the group's nearest
    /// depth along the view (its bounds' nearest, so no part of it is closer).
    pub fn is_far(&self, group: &GroupDraw) -> bool {
        let depth = ((group.centre - self.eye).dot(self.forward) - group.radius_m).max(1e-3);
        group.feature_m * self.focal_px / depth < self.max_px
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn group(z: f32) -> GroupDraw {
        GroupDraw {
            near: IndexRange {
                first: 6,
                count: 60,
                casters: 60,
            },
            far: IndexRange {
                first: 66,
                count: 6,
                casters: 6,
            },
            centre: Vec3::new(0.0, 0.0, z),
            radius_m: 5.0,
            feature_m: 0.44,
        }
    }

    fn scale(max_px: f32) -> DecorScale {
        let camera = Camera::looking_at(Vec3::ZERO, Vec3::NEG_Z);
        DecorScale::on_screen(&camera, 480, max_px)
    }

    #[test]
    fn a_group_goes_far_when_its_feature_shrinks_under_the_threshold() {
        // 0.44 m at 480 px and 60°: 183 px at a metre, so a pixel beyond 183 m.
        assert!(!scale(FAR_DECOR_MAX_PX).is_far(&group(-150.0)));
        assert!(scale(FAR_DECOR_MAX_PX).is_far(&group(-200.0)));
        assert!(!scale(0.0).is_far(&group(-1000.0)), "threshold 0: always near");
    }

    #[test]
    fn a_group_behind_the_camera_casts_nothing_a_group_beside_the_view_does() {
        let mut d = MeshDetail::whole(6, 0);
        d.push(group(30.0)); // 30 m behind the camera
        d.push(GroupDraw {
            // Just right of the view, 40 m ahead: the sun shades towards −x, into it.
            centre: Vec3::new(45.0, 0.0, -40.0),
            ..group(0.0)
        });
        let camera = Camera::looking_at(Vec3::new(0.0, 2.0, 0.0), Vec3::new(0.0, 2.0, -1.0));
        let view = Frustum::from_view_proj(&camera.view_proj(4.0 / 3.0));
        let sun = Vec3::new(-0.45, -1.0, 0.55).normalize();
        let choice = d.choose_for_shadows(
            &Frustum::everything(),
            std::slice::from_ref(&view),
            sun,
            &[scale(FAR_DECOR_MAX_PX)],
        );
        assert_eq!(choice.drawn, 0b10);
        assert_eq!(d.choose(&view, &scale(FAR_DECOR_MAX_PX)).drawn, 0, "neither is in view");
    }

    #[test]
    fn the_runs_are_each_drawn_groups_choice_then_the_base() {
        let mut d = MeshDetail::whole(6, 0);
        d.push(group(-10.0));
        d.push(group(-300.0));
        let everything = Frustum::everything();
        let choice = d.choose(&everything, &scale(FAR_DECOR_MAX_PX));
        assert_eq!(
            choice,
            DetailChoice {
                drawn: 0b11,
                far: 0b10,
                tiles: 0,
                hill_tiles: 0,
            }
        );
        let runs: Vec<_> = d.runs(choice).map(|r| (r.first, r.count)).collect();
        assert_eq!(runs, vec![(6, 60), (66, 6), (0, 6)]);
        let none = DetailChoice::default();
        assert_eq!(d.runs(none).count(), 1, "groups out of view are not drawn");
    }

    #[test]
    fn runs_that_follow_each_other_are_one_draw() {
        let run = |first, count| IndexRange {
            first,
            count,
            casters: 0,
        };
        let merged: Vec<_> =
            merged_runs([run(6, 60), run(66, 6), run(80, 0), run(90, 3), run(0, 6)].into_iter()).collect();
        assert_eq!(merged, vec![(6, 66), (90, 3), (0, 6)]);
    }
}
