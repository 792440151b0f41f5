//! What each player's view draws: their chase camera, its field of view fitted to the
//! view's shape, and the session's frame seen through it.

use super::layout::SplitViews;
use crate::app::hud::{minimap, LevelMap, Rect};
use crate::app::session::Session;
use crate::render::{Camera, FrameView, Hud, ViewRect};
use crate::sim::MAX_PLAYERS;

/// How far a half-screen view sees, m: where the haze hides all but 2 % of a surface
/// (`render::fog_amount`: 1 − e^−(d/180 m)² = 0.982 at 360 m), so what a player could make
/// out in a view half the window is there, and the views do not each draw the far side of
/// the level (2 views: 1.8 % of a frame's instructions against 480 m, where 0.1 % is left).
/// `Camera::seeing` keeps the haze as it is at this distance.
pub const SPLIT_VIEW_FAR_M: f32 = 360.0;

/// How far a quarter view (three or four players) sees, m, its haze thickened to hide all
/// but 2 % at that distance (`Camera::seeing`: a 136 m scale, 180 m in a bigger view). A
/// quarter view draws about as many triangles as one player's whole view (its chunks of
/// ground out to the far plane), and each costs llvmpipe the same to set up and bin however
/// small the view: at 270 m four players' frame on the desktop at the dynamic resolution's
/// floor is 16 % fewer instructions than at 360 m (PERFORMANCE.md). Split-screen console
/// racers drew less far with more players for the same reason.
pub const QUARTER_VIEW_FAR_M: f32 = 270.0;

/// Each player's camera `alpha` of the way between the last two ticks, for the views of
/// `split` (one player's whole-window view keeps the chase camera's own field of view).
pub fn player_cameras(session: &Session, split: &SplitViews, alpha: f32) -> [Camera; MAX_PLAYERS] {
    let mut cameras = [session.camera(alpha); MAX_PLAYERS];
    let far_m = match split.views().len() {
        0 | 1 => return cameras,
        2 => SPLIT_VIEW_FAR_M,
        _ => QUARTER_VIEW_FAR_M,
    };
    for (p, rect) in split.views().iter().enumerate() {
        cameras[p] = session.camera_of(p, alpha).fitted_to(rect.aspect()).seeing(far_m);
    }
    cameras
}

/// The frame each player's view draws, with the rectangle it goes in: what
/// `Renderer::draw_views` takes. Builds no list (no allocation).
pub fn frame_views<'a>(
    session: &'a Session,
    split: &'a SplitViews,
    cameras: &'a [Camera; MAX_PLAYERS],
    alpha: f32,
) -> impl ExactSizeIterator<Item = (FrameView<'a>, ViewRect)> + 'a {
    split
        .views()
        .iter()
        .enumerate()
        .map(move |(p, rect)| (session.frame_view_of(p, alpha, &cameras[p]), *rect))
}

/// The quarter three players leave free (`SplitViews::free`): the level's map with every
/// car, each player's dot in the colour of their car (`players`: world index and colour),
/// centred in the quarter. Flushed into the quarter itself.
pub fn draw_free_quarter(
    hud: &mut Hud,
    map: &LevelMap,
    session: &Session,
    split: &SplitViews,
    players: &[(usize, [f32; 4])],
) {
    let Some(quarter) = split.free else {
        return;
    };
    let (w, h) = (quarter.width as f32, quarter.height as f32);
    let side = (w.min(h) * 0.9).floor();
    let square = Rect {
        x: ((w - side) * 0.5).floor(),
        y: ((h - side) * 0.5).floor(),
        w: side,
        h: side,
    };
    minimap::draw_players(hud, map, session.snapshot(), square, players);
    hud.flush_in(quarter);
}
