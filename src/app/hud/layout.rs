//! Where every HUD element goes: one pure function from what is on (and the sizes its
//! content needs) to a rectangle per element, inside the title-safe area, none overlapping
//! another. Sizes scale with the window height, so the same layout holds at 640×480 as at
//! 1920×1080. No GL: the layout test enumerates every combination without a window.
//!
//! The regions: the frame graph and the telemetry page top left (graph above), the minimap
//! bottom left, the mode's panel (race, time trial, challenge) top right, the dial and the
//! assist lamps above it bottom right, the countdown in the centre, and the pause menu or
//! a message (controller unplugged) in the centre or, when the left column is wanted,
//! against the right edge. When space runs out an element yields — it takes a smaller
//! size or is hidden — by [`priority`]: placing goes down that list and an element only
//! takes a place clear of the ones already placed. If something is missing from the
//! screen, look at its place in that list and at the sizes in [`Request`].

/// A rectangle in window pixels, from the top left.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct Rect {
    /// Left edge.
    pub x: f32,
    /// Top edge.
    pub y: f32,
    /// Width.
    pub w: f32,
    /// Height.
    pub h: f32,
}

impl Rect {
    /// A rectangle from its top-left corner and size.
    pub const fn new(x: f32, y: f32, w: f32, h: f32) -> Rect {
        Rect { x, y, w, h }
    }

    /// Right edge.
    pub fn right(&self) -> f32 {
        self.x + self.w
    }

    /// Bottom edge.
    pub fn bottom(&self) -> f32 {
        self.y + self.h
    }

    /// Whether the two share any area (touching edges do not).
    pub fn overlaps(&self, o: &Rect) -> bool {
        self.x < o.right() && o.x < self.right() && self.y < o.bottom() && o.y < self.bottom()
    }

    /// Whether `self` lies wholly inside `outer` (a rounding's slack of 0.01 px allowed).
    pub fn inside(&self, outer: &Rect) -> bool {
        const SLACK: f32 = 0.01;
        self.x >= outer.x - SLACK
            && self.y >= outer.y - SLACK
            && self.right() <= outer.right() + SLACK
            && self.bottom() <= outer.bottom() + SLACK
    }
}

/// The HUD's elements.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Element {
    /// A full-stop message in the centre ("controller disconnected", "paused").
    Message,
    /// The pause menu.
    PauseMenu,
    /// The race's countdown, big in the centre.
    Countdown,
    /// The tachometer dial with the digital speed and the gear.
    Speedo,
    /// The mode's panel: race position and gaps, lap times, challenge figures.
    ModePanel,
    /// The assists' lamps (TCS, ABS, ESC, STR).
    AssistLamps,
    /// The race's minimap.
    Minimap,
    /// The telemetry page (F2).
    Telemetry,
    /// The frame-time graph (F1).
    FrameGraph,
}

/// Every element, in the order of the layout's slots.
pub const ELEMENTS: [Element; 9] = [
    Element::Message,
    Element::PauseMenu,
    Element::Countdown,
    Element::Speedo,
    Element::ModePanel,
    Element::AssistLamps,
    Element::Minimap,
    Element::Telemetry,
    Element::FrameGraph,
];

/// Which element keeps its place when two want the same space, most important first.
/// Driving, the live gauges come first and the debug pages last; paused, the game is
/// frozen (speed, lamps and countdown do not change), so the pages the player turned on to
/// read come right after the menu, and the gauges yield.
pub fn priority(paused: bool) -> [Element; 9] {
    use Element::*;
    if paused {
        [
            Message,
            PauseMenu,
            Telemetry,
            FrameGraph,
            ModePanel,
            Minimap,
            Speedo,
            AssistLamps,
            Countdown,
        ]
    } else {
        [
            Message,
            PauseMenu,
            Countdown,
            Speedo,
            ModePanel,
            AssistLamps,
            Minimap,
            Telemetry,
            FrameGraph,
        ]
    }
}

/// What wants a place this frame. Sizes are what the content needs in pixels (measured in
/// the fonts the HUD draws with); the layout clamps them to the safe area.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct Request {
    /// Window width, pixels.
    pub width_px: f32,
    /// Window height, pixels.
    pub height_px: f32,
    /// The platform profile's title-safe share of each dimension (0.9 on a console).
    pub title_safe: f32,
    /// The centred message's size, if one is shown.
    pub message: Option<[f32; 2]>,
    /// The pause menu's size, if it is open.
    pub pause_menu: Option<[f32; 2]>,
    /// The race's countdown is running.
    pub countdown: bool,
    /// The dial is wanted (always, driving).
    pub speedo: bool,
    /// The mode panel's size, if the mode has one.
    pub mode_panel: Option<[f32; 2]>,
    /// The assist lamps' least size (their labels in the HUD's font), if they are wanted.
    pub assist_lamps: Option<[f32; 2]>,
    /// The race's minimap is wanted.
    pub minimap: bool,
    /// The telemetry page's size, if it is on.
    pub telemetry: Option<[f32; 2]>,
    /// The frame graph is on.
    pub frame_graph: bool,
}

/// The rectangles chosen: one per element shown.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct Layout {
    /// The title-safe area everything lies in.
    pub safe: Rect,
    /// The gap kept between elements, pixels.
    pub gap: f32,
    slots: [Option<Rect>; 9],
}

impl Layout {
    /// Where `e` goes, or `None` when it is off or yielded.
    pub fn get(&self, e: Element) -> Option<Rect> {
        self.slots[slot(e)]
    }

    /// Every element shown and its rectangle.
    pub fn placed(&self) -> impl Iterator<Item = (Element, Rect)> + '_ {
        ELEMENTS.iter().filter_map(|&e| self.get(e).map(|r| (e, r)))
    }
}

fn slot(e: Element) -> usize {
    e as usize
}

/// The dial's side as a share of the window height (144 px at 480, 216 at 720), and the
/// smaller one it shrinks to when space runs out.
pub const SPEEDO_SHARE: [f32; 2] = [0.30, 0.20];
/// The minimap's side as a share of the height, and the smaller sides it yields to.
pub const MINIMAP_SHARE: [f32; 3] = [0.25, 0.20, 0.15];
/// The frame graph's width as a share of the height (wide strip, then narrow), and its
/// height (the plot and one line of text under it).
pub const GRAPH_WIDTH_SHARE: [f32; 2] = [0.60, 0.40];
/// The frame graph's height as a share of the window height.
pub const GRAPH_HEIGHT_SHARE: f32 = 0.15;
/// The lamps' row height as a share of the height (wider than the dial and taller than
/// this when their labels need it: [`Request::assist_lamps`]).
pub const LAMPS_HEIGHT_SHARE: f32 = 0.045;
/// The countdown's square as a share of the height.
pub const COUNTDOWN_SHARE: f32 = 0.16;

/// The title-safe area of a `w` × `h` window keeping `share` of each dimension, centred,
/// on whole pixels.
pub fn safe_area(w: f32, h: f32, share: f32) -> Rect {
    let share = if share.is_finite() { share.clamp(0.5, 1.0) } else { 1.0 };
    let (mx, my) = ((w * (1.0 - share) * 0.5).round(), (h * (1.0 - share) * 0.5).round());
    Rect::new(mx, my, w - 2.0 * mx, h - 2.0 * my)
}

/// Places what `req` asks for. The pause menu (or message) tries the middle of the safe
/// area, then centred against its bottom (clear of the top corners' panels), then the
/// middle of the right edge (clear of the left column's pages); of these, the one that
/// hides less — compared element by element down the priority list — wins (the first on a
/// tie).
pub fn place(req: &Request) -> Layout {
    let safe = safe_area(req.width_px, req.height_px, req.title_safe);
    let gap = (req.height_px * 0.0125).round().max(2.0);
    let mut best: Option<(u32, Layout)> = None;
    for modal_at in [ModalAt::Middle, ModalAt::Bottom, ModalAt::Right] {
        let layout = place_with(req, safe, gap, modal_at);
        let cost = hidden_cost(req, &layout);
        if best.as_ref().is_none_or(|(c, _)| cost < *c) {
            best = Some((cost, layout));
        }
    }
    best.map(|(_, l)| l).unwrap_or_default()
}

#[derive(Clone, Copy)]
enum ModalAt {
    Middle,
    Bottom,
    Right,
}

/// A weight per requested-but-hidden element: the most important weighs more than all
/// below it together (a bit per place in the priority list).
fn hidden_cost(req: &Request, layout: &Layout) -> u32 {
    let order = priority(paused(req));
    let mut cost = 0;
    for (rank, e) in order.iter().enumerate() {
        if wanted(req, *e) && layout.get(*e).is_none() {
            cost |= 1 << (order.len() - 1 - rank);
        }
    }
    cost
}

fn paused(req: &Request) -> bool {
    req.pause_menu.is_some() || req.message.is_some()
}

/// Whether `req` asks for `e`.
pub fn wanted(req: &Request, e: Element) -> bool {
    match e {
        Element::Message => req.message.is_some(),
        Element::PauseMenu => req.pause_menu.is_some(),
        Element::Countdown => req.countdown,
        Element::Speedo => req.speedo,
        Element::ModePanel => req.mode_panel.is_some(),
        Element::AssistLamps => req.assist_lamps.is_some(),
        Element::Minimap => req.minimap,
        Element::Telemetry => req.telemetry.is_some(),
        Element::FrameGraph => req.frame_graph,
    }
}

fn place_with(req: &Request, safe: Rect, gap: f32, modal_at: ModalAt) -> Layout {
    let mut layout = Layout {
        safe,
        gap,
        slots: [None; 9],
    };
    let h = req.height_px;
    for e in priority(paused(req)) {
        if !wanted(req, e) {
            continue;
        }
        let mut candidates = [None::<Rect>; 3];
        match e {
            Element::Message | Element::PauseMenu => {
                let size = if e == Element::Message {
                    req.message
                } else {
                    req.pause_menu
                };
                let [w, hh] = size.unwrap_or_default();
                let (w, hh) = (w.min(safe.w), hh.min(safe.h));
                let centre_x = (safe.x + (safe.w - w) * 0.5).round();
                let middle_y = (safe.y + (safe.h - hh) * 0.5).round();
                let (x, y) = match modal_at {
                    ModalAt::Middle => (centre_x, middle_y),
                    ModalAt::Bottom => (centre_x, safe.bottom() - hh),
                    ModalAt::Right => (safe.right() - w, middle_y),
                };
                candidates[0] = Some(Rect::new(x, y, w, hh));
            }
            Element::Countdown => {
                let s = (h * COUNTDOWN_SHARE).round();
                let x = (req.width_px * 0.5 - s * 0.5).round();
                candidates[0] = Some(Rect::new(x, ((h - s) * 0.4).round(), s, s));
            }
            Element::Speedo => {
                for (c, share) in candidates.iter_mut().zip(SPEEDO_SHARE) {
                    let s = (h * share).round();
                    *c = Some(Rect::new(safe.right() - s, safe.bottom() - s, s, s));
                }
            }
            Element::AssistLamps => {
                // As wide as the dial, or as its labels need; right-aligned over it. Wider
                // than half the safe area (labels at their least size on a window smaller
                // than any the game ships for) the row yields rather than cross the view.
                let [need_w, need_h] = req.assist_lamps.unwrap_or_default();
                let lh = (h * LAMPS_HEIGHT_SHARE).max(need_h).round();
                let lw = (h * SPEEDO_SHARE[0]).max(need_w).round();
                let bottom = layout.get(Element::Speedo).map_or(safe.bottom(), |s| s.y - gap);
                if lw <= safe.w * 0.5 {
                    candidates[0] = Some(Rect::new(safe.right() - lw, bottom - lh, lw, lh));
                }
            }
            Element::ModePanel => {
                let [w, hh] = req.mode_panel.unwrap_or_default();
                let w = w.min(safe.w * 0.5).round();
                candidates[0] = Some(Rect::new(safe.right() - w, safe.y, w, hh.min(safe.h).round()));
            }
            Element::Minimap => {
                for (c, share) in candidates.iter_mut().zip(MINIMAP_SHARE) {
                    let s = (h * share).min(safe.w * 0.25).round();
                    *c = Some(Rect::new(safe.x, safe.bottom() - s, s, s));
                }
            }
            Element::Telemetry => {
                let [w, hh] = req.telemetry.unwrap_or_default();
                let (w, hh) = (w.min(safe.w).round(), hh.min(safe.h).round());
                // Under the frame graph's strip when the graph is on, so both can show; at
                // the top when that place is taken.
                if req.frame_graph {
                    let below = safe.y + (h * GRAPH_HEIGHT_SHARE).round() + gap;
                    candidates[0] = Some(Rect::new(safe.x, below, w, hh));
                }
                candidates[1] = Some(Rect::new(safe.x, safe.y, w, hh));
            }
            Element::FrameGraph => {
                let gh = (h * GRAPH_HEIGHT_SHARE).round();
                for (c, share) in candidates.iter_mut().zip(GRAPH_WIDTH_SHARE) {
                    let gw = (h * share).min(safe.w).round();
                    *c = Some(Rect::new(safe.x, safe.y, gw, gh));
                }
            }
        }
        let chosen = candidates
            .into_iter()
            .flatten()
            .find(|r| r.w > 0.0 && r.h > 0.0 && r.inside(&safe) && layout.placed().all(|(_, p)| !p.overlaps(r)));
        layout.slots[slot(e)] = chosen;
    }
    layout
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::render::{face_sizes_px, TextSize, CAP_HEIGHT_EM};

    /// The window sizes the game ships for: the console (xbox profile), desktop 720p, the
    /// handheld's 16:10 screen and 1080p.
    const SIZES: [(f32, f32); 4] = [(640.0, 480.0), (1280.0, 720.0), (1280.0, 800.0), (1920.0, 1080.0)];

    /// Content sizes as the HUD's fonts measure them, in shares of the window height
    /// (the real font's sizes are shares of the height, see `render::hud`): the pause
    /// menu (its prompt line is the widest, about 0.69 h; eight rows under its title), the
    /// race panel (one Body and two Panel lines) and a full challenge panel (seven lines),
    /// the telemetry page (27 characters by 12 lines of the 8 px font plus its padding, at
    /// 480 lines; it grows with the font's whole-number scale).
    fn request(w: f32, h: f32, safe: f32, on: u32, tall_panel: bool) -> Request {
        let bit = |i: u32| on & (1 << i) != 0;
        let tel_scale = (h / 480.0).floor().max(1.0);
        // The lamps (`hud::lamps_size`) in the face the renderer sizes for this height: four
        // lamps of "ABS" (about 2 em) and a capital's height of margin, five thirds of a
        // capital high.
        let em = face_sizes_px(h as u32)[TextSize::Gauge as usize];
        let cap = em * CAP_HEIGHT_EM;
        let lamps = [
            4.0 * (2.05 * em + cap).ceil() + 3.0 * (cap / 3.0).round(),
            (cap * 5.0 / 3.0).ceil(),
        ];
        Request {
            width_px: w,
            height_px: h,
            title_safe: safe,
            message: bit(0).then_some([0.66 * h, 0.2 * h]),
            // A message and the pause menu never show together (the game draws the menu
            // only while the pad is connected); both are tried alone.
            pause_menu: (bit(1) && !bit(0)).then_some([0.72 * h, 0.70 * h]),
            countdown: bit(2),
            speedo: true,
            mode_panel: bit(3).then_some(if tall_panel {
                [0.6 * h, 0.45 * h]
            } else {
                [0.53 * h, 0.16 * h]
            }),
            assist_lamps: bit(4).then_some(lamps),
            minimap: bit(5),
            telemetry: bit(6).then_some([224.0 * tel_scale, 126.0 * tel_scale]),
            frame_graph: bit(7),
        }
    }

    #[test]
    fn no_two_elements_overlap_and_all_lie_in_the_safe_area_in_every_combination() {
        let mut checked = 0;
        for (w, h) in SIZES {
            for safe in [0.9, 0.95] {
                let area = safe_area(w, h, safe);
                assert!(area.w >= w * safe - 1.0 && area.h >= h * safe - 1.0, "{area:?}");
                for on in 0..256u32 {
                    for tall in [false, true] {
                        let req = request(w, h, safe, on, tall);
                        let layout = place(&req);
                        let placed: Vec<_> = layout.placed().collect();
                        for (i, (a, ra)) in placed.iter().enumerate() {
                            assert!(wanted(&req, *a), "{a:?} placed but not asked for");
                            assert!(
                                ra.inside(&area),
                                "{w}x{h} safe {safe} on {on:08b}: {a:?} {ra:?} outside {area:?}"
                            );
                            for (b, rb) in &placed[i + 1..] {
                                assert!(
                                    !ra.overlaps(rb),
                                    "{w}x{h} safe {safe} on {on:08b}: {a:?} {ra:?} overlaps {b:?} {rb:?}"
                                );
                            }
                        }
                        // The menu and the message never yield: the player's input goes there.
                        for e in [Element::Message, Element::PauseMenu] {
                            assert_eq!(layout.get(e).is_some(), wanted(&req, e), "{w}x{h} {on:08b} {e:?}");
                        }
                        checked += 1;
                    }
                }
            }
        }
        assert_eq!(checked, 4 * 2 * 256 * 2);
    }

    #[test]
    fn driving_everything_fits_at_every_size() {
        // Not paused: speedo, lamps, race panel, countdown, minimap, telemetry and graph
        // all on — the whole driving HUD shows, nothing yields.
        for (w, h) in SIZES {
            let req = request(w, h, 0.9, 0b1111_1100, false);
            let layout = place(&req);
            for e in ELEMENTS {
                assert_eq!(layout.get(e).is_some(), wanted(&req, e), "{w}x{h}: {e:?} in {layout:?}");
            }
            let speedo = layout.get(Element::Speedo).unwrap();
            assert_eq!(speedo.w, (h * SPEEDO_SHARE[0]).round(), "{w}x{h}: full-size dial");
        }
    }

    #[test]
    fn paused_the_pages_turned_on_stay_beside_the_menu_and_the_gauges_yield() {
        // The case: at 640×480 pause, telemetry and frame graph in a race. The
        // menu moves to the right edge to leave the left column to the pages; the race
        // panel, dial and lamps, frozen while paused, yield.
        let req = request(640.0, 480.0, 0.9, 0b1111_1010, false);
        let layout = place(&req);
        for e in [Element::PauseMenu, Element::Telemetry, Element::FrameGraph] {
            assert!(layout.get(e).is_some(), "{e:?} hidden: {layout:?}");
        }
        let menu = layout.get(Element::PauseMenu).unwrap();
        assert!(
            (menu.right() - layout.safe.right()).abs() < 0.01,
            "the menu keeps to the right edge: {menu:?}"
        );
        assert!(layout.get(Element::Speedo).is_none());
        // At 1280×720 the menu stays centred (against the bottom, clear of the race
        // panel) and everything shows but the countdown, whose place is the menu's.
        let req = request(1280.0, 720.0, 0.95, 0b1111_1110, false);
        let layout = place(&req);
        let menu = layout.get(Element::PauseMenu).unwrap();
        assert!((menu.x + menu.w * 0.5 - 640.0).abs() <= 1.0, "centred: {menu:?}");
        for e in ELEMENTS {
            let expected = wanted(&req, e) && e != Element::Countdown;
            assert_eq!(layout.get(e).is_some(), expected, "{e:?}: {layout:?}");
        }
    }

    #[test]
    fn lamps_whose_labels_need_over_half_the_width_yield() {
        // At 640×480 the lamps' 12 px labels widen their row past the dial's width, and
        // it shows; at 320×240 the same row would cross half the view, and yields.
        let req = request(640.0, 480.0, 0.9, 0b0001_0000, false);
        let lamps = place(&req).get(Element::AssistLamps).expect("lamps at 640x480");
        assert!(lamps.w > 480.0 * SPEEDO_SHARE[0], "{lamps:?}");
        let mut req = request(320.0, 240.0, 0.95, 0b0001_0000, false);
        req.assist_lamps = Some([196.0, 21.0]);
        let layout = place(&req);
        assert!(layout.get(Element::AssistLamps).is_none(), "{layout:?}");
        assert!(layout.get(Element::Speedo).is_some(), "the dial stays");
    }

    #[test]
    fn an_element_too_big_for_its_place_is_hidden_not_drawn_over_others() {
        // A telemetry page as tall as the window cannot sit under the graph: it takes the
        // top, and the graph (below it in priority while driving) yields.
        let mut req = request(640.0, 480.0, 0.9, 0b1100_0000, false);
        req.telemetry = Some([200.0, 480.0]);
        let layout = place(&req);
        let t = layout.get(Element::Telemetry).unwrap();
        assert_eq!((t.y, t.h), (layout.safe.y, layout.safe.h), "clamped to the safe area");
        assert!(layout.get(Element::FrameGraph).is_none());
    }
}
