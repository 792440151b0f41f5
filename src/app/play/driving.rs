//! The race being driven: each player's input folded into ticks, the session advanced by
//! the frame's time (none while paused or while a player's pad is unplugged), the scene
//! and the HUD drawn (`race_view`: a view a player on a split screen), sound and rumble
//! played. Pausing (P, pad Start, Esc) opens the pause menu, driven by the controller that
//! paused; what it asks beyond the race (restart, back to the menu, quit) waits in
//! [`Driving::request`] for the flow.

use super::feed::TickFeed;
use super::feedback::{Feedback, RumbleTarget};
use super::frame::{Frame, FrameAccount};
use super::pause_menu::PauseMenu;
use super::race_view::{draw_split, Overlay, SplitFrame};
use super::seat_inputs::SeatInputs;
use super::stage::Stage;
use crate::app::frontend::{Outcome, Party};
use crate::app::game_mode::{FreeDriveMode, GameMode, TickGate};
use crate::app::hud::{HudState, LevelMap};
use crate::app::race::AiPlayer;
use crate::app::session::Session;
use crate::app::setup::ReplayGrid;
use crate::app::split_screen::TwoPlayerSplit;
use crate::content::ChunkMeshSizes;
use crate::input::bindings::Action;
use crate::input::seats::InputDevice;
use crate::input::UiRequests;
use crate::settings::Settings;
use crate::sim::{ChunkEvent, TickInput, MAX_PLAYERS};
use crate::time::Phase;
use skidpad_platform::{Clock, Key, PadId, PlatformEvent};
use std::time::Duration;

/// Bytes of HUD text a frame composes before the buffer grows.
const HUD_TEXT_BYTES: usize = 128;
/// Chunk changes a frame hands render before the buffer grows.
const CHUNK_EVENTS_PER_FRAME: usize = 64;

/// The driving screen. Pause is part of it: paused, no time reaches the simulation and the
/// frame still draws.
pub struct Driving {
    session: Session,
    /// Every player's input, each from their own controller.
    inputs: SeatInputs,
    /// This tick's input of each player.
    tick_inputs: [TickInput; MAX_PLAYERS],
    hud: HudState,
    hud_text: String,
    feed: TickFeed,
    feedback: Feedback,
    chunk_events: Vec<ChunkEvent>,
    /// The level's chunk sizes, until the renderer has reserved room for them (at the first
    /// frame: the renderer is the stage's).
    chunks_to_reserve: Option<ChunkMeshSizes>,
    /// When the last frame started (its time is this frame's delta).
    last_frame_start: Duration,
    /// Whether this frame's simulation was frozen (paused, or the pad in use lost).
    frozen: bool,
    /// How far between the last two ticks this frame draws.
    alpha: f32,
    /// The player's settings (the pause menu's options edit them).
    settings: Settings,
    /// The keys bound to leaving (Esc): they open the pause menu instead.
    menu_keys: Vec<Key>,
    /// The pause menu, while paused.
    pause: Option<PauseMenu>,
    /// This frame's pause-menu outcomes.
    outcomes: Vec<Outcome>,
    /// What the pause menu asked of the flow (restart, quit to menu, quit).
    request: Option<Outcome>,
    /// Whether the pause menu changed the settings since the flow last saved them.
    settings_changed: bool,
    /// This frame's window events as the driving input takes them (leave keys out).
    events: Vec<PlatformEvent>,
    /// The game mode being played (its rules after every tick, its panel on the HUD).
    mode: Box<dyn GameMode>,
    /// The AI at each player's wheel (`play --ai-driver`; one a player, in order), in
    /// place of their controls; the pads still pause and work the menus.
    ai_drivers: Vec<Option<AiPlayer>>,
    /// Split screen's parts: how two players share the window, the level's map for the
    /// quarter three leave free, each player's car and paint for its dots.
    split: Option<SplitScreen>,
    /// The mode put a new world in place this frame (the renderer's chunks must go).
    world_replaced: bool,
}

/// What a race with several players draws beyond one player's.
pub struct SplitScreen {
    /// How two players share the window.
    pub two: TwoPlayerSplit,
    /// The level's map, for the quarter three players leave free.
    pub map: LevelMap,
    /// Each player's car (world index) and paint, for the map's dots.
    pub dots: Vec<(usize, [f32; 4])>,
}

/// A race as it ended (the game closed in it, or the player left it): what `--record`
/// writes and the closing log reports. Only figures are kept, not the world.
#[derive(Debug, Clone)]
pub struct FinishedRun {
    /// The level's name.
    pub level: String,
    /// The player's car's name.
    pub car: String,
    /// Every tick's input, when recording.
    pub inputs: Option<Vec<TickInput>>,
    /// The guests' cars, in seat order (none: one player).
    pub guest_cars: Vec<String>,
    /// Each guest's every tick's input, when recording.
    pub guest_inputs: Vec<Vec<TickInput>>,
    /// Ticks run.
    pub ticks: u64,
    /// The world's state hash after the last tick.
    pub final_hash: u64,
    /// AI opponents raced.
    pub opponents: usize,
    /// Their car (empty with none).
    pub opponents_car: String,
    /// Their difficulty as a replay names it (empty with none).
    pub ai_difficulty: String,
    /// Each opponent's difficulty where they differ, and each person's grid slot where the
    /// race placed them apart (a championship round's; [`Setup::replay_grid`]).
    pub grid: ReplayGrid,
}

impl Driving {
    /// Drives `session` in `mode` with the player's `settings`, ticks fed by `feed` (which
    /// records when the mode keeps the run's inputs: a time trial's ghost), sound through
    /// `stage`; the first frame's time counts from now.
    pub fn new(session: Session, settings: &Settings, feed: TickFeed, mode: Box<dyn GameMode>, stage: &Stage) -> Self {
        let feedback = Feedback::new(settings.volumes);
        let chunk_sizes = session.world().chunk_mesh_sizes();
        Self {
            session,
            inputs: SeatInputs::solo(settings),
            tick_inputs: [TickInput::default(); MAX_PLAYERS],
            hud: HudState::default(),
            hud_text: String::with_capacity(HUD_TEXT_BYTES),
            feed,
            feedback,
            chunk_events: Vec::with_capacity(CHUNK_EVENTS_PER_FRAME),
            chunks_to_reserve: Some(chunk_sizes),
            last_frame_start: stage.clock.now(),
            frozen: false,
            alpha: 0.0,
            settings: settings.clone(),
            menu_keys: settings
                .input
                .bindings
                .keys
                .get(&Action::Quit)
                .cloned()
                .unwrap_or_default(),
            pause: None,
            outcomes: Vec::with_capacity(8),
            request: None,
            settings_changed: false,
            events: Vec::with_capacity(64),
            mode,
            ai_drivers: Vec::new(),
            split: None,
            world_replaced: false,
        }
    }

    /// The same, each player's car driven by the AI of the same place in `ais`, if any
    /// (`play --ai-driver`; a shared season's person nobody sat in for).
    pub fn with_ai_drivers(mut self, ais: Vec<Option<AiPlayer>>) -> Self {
        self.ai_drivers = ais;
        self
    }

    /// The same, played by everyone in `party` (the session seats their cars), each on
    /// their own controller with their own assists, on a split screen drawn as `split`
    /// says. A party of one is the one-player game.
    pub fn with_party(mut self, party: &Party, split: Option<SplitScreen>) -> Self {
        // Every guest's seat has settings to keep what their pause menu changes (the menus
        // keep them when a race starts; a race started from the command line has none).
        self.settings_changed |= party.remember(&mut self.settings.guests);
        self.inputs = SeatInputs::party(party, &self.settings);
        self.split = split.filter(|_| self.session.player_count() > 1);
        if let Some(split) = &self.split {
            log::info!(
                "split screen: {} players ({:?} for two)",
                self.session.player_count(),
                split.two
            );
        }
        self
    }

    /// What is shown, for logs: the pad-unplugged screen, a page of the pause menu, or the
    /// race itself.
    pub fn screen_name(&self) -> &'static str {
        match &self.pause {
            _ if self.hud.controller_lost => "pad-lost",
            Some(p) => p.page_name(),
            None => "race",
        }
    }

    /// What the pause menu asked of the flow, taken once.
    pub fn request(&mut self) -> Option<Outcome> {
        self.request.take()
    }

    /// The settings, when the pause menu's options changed them since the last call.
    pub fn take_settings_change(&mut self) -> Option<&Settings> {
        std::mem::take(&mut self.settings_changed).then_some(&self.settings)
    }

    /// The frame's input, its ticks and the chunks they streamed. False when play ends
    /// this frame, undrawn: the player quit, or the replay ran out.
    pub fn update(&mut self, stage: &mut Stage, frame: &mut Frame) -> bool {
        if !self.take_input(stage) {
            return false;
        }
        frame.mark(&stage.clock, Phase::Input);

        // Paused (by the player, or because the pad in use was unplugged), no time reaches
        // the simulation; the frame still draws.
        self.frozen = self.hud.paused || self.hud.controller_lost;
        let delta = if self.frozen {
            Duration::ZERO
        } else {
            frame.started() - self.last_frame_start
        };
        let plan = self.session.plan_frame(delta);
        self.last_frame_start = frame.started();
        self.alpha = plan.alpha;
        if !self.run_ticks(plan.ticks, stage) {
            return false;
        }
        frame.set_ticks(plan.ticks);
        frame.mark(&stage.clock, Phase::Sim);

        // A mode's new world (a challenge's next run) streams its own chunks to the renderer.
        if std::mem::take(&mut self.world_replaced) {
            stage.renderer.forget_chunks();
        }
        if let Some(sizes) = self.chunks_to_reserve.take() {
            stage.renderer.reserve_chunks(sizes);
        }
        self.session.drain_chunk_events(&mut self.chunk_events);
        stage.renderer.apply_chunk_events(&self.chunk_events);
        self.chunk_events.clear();
        frame.mark(&stage.clock, Phase::Streaming);
        true
    }

    /// Folds the frame's events into the players' inputs and acts on the UI keys. False
    /// when the player quit.
    fn take_input(&mut self, stage: &mut Stage) -> bool {
        // The leave key (Esc) pauses instead of quitting: the pause menu has Quit game.
        let mut open_menu = false;
        // The press that brings a player back from the unplugged screen (a pad's button,
        // Enter) is not also a press in the pause menu under it: it would choose Resume.
        let lost_before = self.hud.controller_lost;
        self.events.clear();
        for e in &stage.events {
            match *e {
                PlatformEvent::Key { key, .. } if self.menu_keys.contains(&key) => {
                    if matches!(
                        e,
                        PlatformEvent::Key {
                            pressed: true,
                            repeat: false,
                            ..
                        }
                    ) && self.pause.is_none()
                    {
                        open_menu = true;
                        self.inputs.set_paused_by(InputDevice::Keyboard);
                    }
                }
                PlatformEvent::Key {
                    key: Key::Enter,
                    pressed: true,
                    ..
                } if self.hud.controller_lost => {
                    self.inputs.continue_on_keyboard();
                }
                _ => self.events.push(*e),
            }
        }
        let inputs = &mut self.inputs;
        self.events.iter().for_each(|e| inputs.on_platform_event(e));
        let (pad_in_use, was_lost) = (inputs.first().active_pad(), inputs.lost_player());
        stage.pad_events.iter().for_each(|e| inputs.on_pad_event(e));
        inputs.end_poll();
        log_controller_change(pad_in_use, was_lost, inputs, self.session.world().tick());
        if inputs.first().quit_requested() {
            return false;
        }
        let was_paused = self.hud.paused;
        // While paused, only the controller driving the menu resumes with its pause key.
        let menu_seat = self.inputs.menu_device().and_then(|d| self.inputs.seat_of(d));
        let mut ui = UiRequests::default();
        let mut cameras = [false; MAX_PLAYERS];
        self.inputs.take_ui(|p, u| {
            ui.toggle_pause |= u.toggle_pause && (!was_paused || menu_seat.is_none_or(|s| s == p));
            ui.toggle_frame_graph |= u.toggle_frame_graph;
            ui.toggle_telemetry |= u.toggle_telemetry;
            ui.toggle_friction_view |= u.toggle_friction_view;
            if let Some(c) = cameras.get_mut(p) {
                *c = u.next_camera;
            }
        });
        self.hud.paused ^= ui.toggle_pause;
        self.hud.paused |= open_menu;
        self.hud.frame_graph ^= ui.toggle_frame_graph;
        self.hud.telemetry ^= ui.toggle_telemetry;
        if ui.toggle_friction_view {
            let view = stage.renderer.ground_view().toggled();
            stage.renderer.set_ground_view(view, self.session.world().materials());
        }
        for (p, _) in cameras.iter().enumerate().filter(|(_, c)| **c) {
            self.session.next_camera_view_of(p);
        }
        let lost = self.inputs.lost_player();
        self.hud.controller_lost = lost.is_some();
        self.hud.lost_player = lost.filter(|_| self.inputs.len() > 1).map(|p| p as u8);
        self.hud.pad_connected = self.inputs.pad_connected();
        match (was_paused, self.hud.paused) {
            (false, true) => self.pause = Some(self.open_pause_menu(stage)),
            (true, false) => self.pause = None,
            // The press that opened the menu is not also a menu press.
            (true, true) if !self.hud.controller_lost && !lost_before => {
                if self.pause.is_none() {
                    self.pause = Some(self.open_pause_menu(stage));
                }
                self.pause_menu(stage);
            }
            _ => {}
        }
        true
    }

    /// The pause menu, driven by the controller that paused (any, with one player).
    fn open_pause_menu(&self, stage: &Stage) -> PauseMenu {
        let p = self.menu_player();
        let seen = self.inputs.settings_seen_by(p, &self.settings);
        PauseMenu::open(seen, self.finish_row(), stage)
            .driven_by(self.inputs.menu_device())
            .for_player((p > 0).then_some(p + 1))
    }

    /// The player driving the pause menu (the first, with one player).
    fn menu_player(&self) -> usize {
        self.inputs
            .menu_device()
            .and_then(|d| self.inputs.seat_of(d))
            .unwrap_or(0)
    }

    /// The pause menu's presses, and what they ask.
    fn pause_menu(&mut self, stage: &Stage) {
        let Some(menu) = self.pause.as_mut() else {
            return;
        };
        self.outcomes.clear();
        menu.update(stage, &mut self.outcomes);
        if let Some(hz) = menu.take_blip() {
            self.feedback.beep(hz);
        }
        for i in 0..self.outcomes.len() {
            match self.outcomes[i].clone() {
                Outcome::Resume => self.hud.paused = false,
                Outcome::ResetCar => {
                    let p = self.menu_player();
                    if let Some(input) = self.inputs.get_mut(p) {
                        input.request_reset();
                    }
                    self.hud.paused = false;
                }
                Outcome::Camera => {
                    let p = self.menu_player();
                    self.session.next_camera_view_of(p);
                }
                Outcome::SettingsChanged => {
                    let p = self.menu_player();
                    if let Some(m) = &self.pause {
                        self.inputs.take_edit(p, m.settings(), &mut self.settings);
                    }
                    self.feedback.set_volumes(self.settings.volumes);
                    self.settings_changed = true;
                }
                other => self.request = Some(other),
            }
        }
        if !self.hud.paused {
            self.pause = None;
        }
    }

    /// Runs `ticks` ticks, each on the players' inputs (or the replay's) as the mode lets
    /// the world step, with sound, rumble and recording after each. False when the replay
    /// ran out.
    fn run_ticks(&mut self, ticks: u32, stage: &mut Stage) -> bool {
        // Every player the session seats: those at the screen, and in a replay watched, those
        // it recorded.
        let players = self.session.player_count().clamp(1, MAX_PLAYERS);
        for _ in 0..ticks {
            let plan = match self.mode.before_tick(&mut self.session) {
                Ok(plan) => plan,
                Err(e) => {
                    log::error!("{} stopped, free drive instead: {e}", self.mode.mode().label());
                    self.mode = Box::new(FreeDriveMode);
                    crate::app::game_mode::TickPlan::STEP
                }
            };
            self.world_replaced |= plan.world_replaced;
            if let Some(hz) = plan.beep_hz {
                self.feedback.beep(hz);
            }
            // While a challenge's car settles the player's input is not taken: a brake held
            // through it would count as held at a stop and engage reverse for the launch.
            let idle = plan.gate == TickGate::StepIdle;
            let world = self.session.world();
            for p in 0..players {
                let car = world.player_car_index(p).unwrap_or(0);
                let top_gear = world
                    .player_car(p)
                    .def()
                    .sim()
                    .map_or(0, |s| s.gearbox.forward.len() as i8);
                let own = match self.inputs.get_mut(p) {
                    Some(input) => {
                        input.observe_gearbox(world.telemetry(car).gear, top_gear);
                        if idle {
                            TickInput::default()
                        } else {
                            input.take_tick_input(world.car_forward_speed(car), world.dt_s())
                        }
                    }
                    None => TickInput::default(),
                };
                let own = match self.ai_drivers.get_mut(p).and_then(Option::as_mut) {
                    Some(ai) if !idle => ai.input(world),
                    _ => own,
                };
                self.tick_inputs[p] = match p {
                    0 => own,
                    _ => self.feed.guest_input(p - 1, world.tick(), own),
                };
            }
            let Some(first) = self.feed.input(world.tick(), self.tick_inputs[0]) else {
                return false;
            };
            self.tick_inputs[0] = first;
            let inputs = &mut self.tick_inputs[..players];
            match plan.gate {
                // 3-2-1-go: the world waits, nobody moves before the go.
                TickGate::Hold => {
                    let throttle = inputs[0].control.throttle;
                    self.feedback.held_tick(&self.session, throttle, &mut stage.sound);
                    continue;
                }
                TickGate::Step => {}
                TickGate::StepIdle => inputs.fill(TickInput::default()),
                TickGate::StepWithoutResets => inputs.iter_mut().for_each(|i| {
                    i.reset = false;
                    i.restart = false;
                }),
            }
            self.session.tick_players(inputs);
            let rumble = self.rumble_targets();
            self.feedback.after_tick(
                &self.session,
                &self.tick_inputs[0],
                &rumble[..players],
                &mut stage.pads,
                &mut stage.sound,
            );
            self.feed.record_players(&self.tick_inputs[..players]);
            self.mode
                .after_tick(self.session.world(), &self.tick_inputs[0], self.feed.recorded());
            if self.mode.is_over() && self.request.is_none() {
                self.request = Some(Outcome::Finish);
            }
        }
        true
    }

    /// Each player's car (world index), the pad they drive with and their rumble setting.
    fn rumble_targets(&self) -> [RumbleTarget; MAX_PLAYERS] {
        let world = self.session.world();
        std::array::from_fn(|p| RumbleTarget {
            car: world.player_car_index(p).unwrap_or(0),
            pad: self.inputs.active_pad(p),
            scale: self.inputs.rumble_scale(p),
        })
    }

    /// The scene between the last two ticks from each player's chase camera, and the HUD
    /// over it: one view, or a view a player on a split screen.
    pub fn draw(&mut self, stage: &mut Stage, frame: &mut Frame, account: &FrameAccount) {
        let (w, h) = stage.platform.drawable_size();
        // The pause menu says "paused" itself.
        let mut state = self.hud;
        state.paused &= self.pause.is_none();
        let split = self.split.is_some();
        if let Some(split) = &self.split {
            let parts = SplitFrame {
                session: &self.session,
                mode: self.mode.as_mut(),
                text: &mut self.hud_text,
                account,
                state,
                alpha: self.alpha,
                two: split.two,
                map: Some(&split.map),
                dots: &split.dots,
            };
            draw_split(stage, parts);
        } else {
            let camera = self.session.camera(self.alpha);
            let mut view = self.session.frame_view(self.alpha, &camera);
            if let Some(ghost) = self.mode.ghost() {
                view.ghost = Some((ghost.before, ghost.after));
                view.ghost_is_authors = ghost.authors;
            }
            stage.pick_scene_resolution();
            stage.renderer.draw(&view, w, h);
        }
        let menu = self.pause.as_mut().filter(|_| !self.hud.controller_lost);
        let mut overlay = Overlay {
            stage,
            session: &self.session,
            text: &mut self.hud_text,
            menu,
            account,
            state,
            size: (w, h),
            split,
        };
        // Split, each view drew its player's panel; alone, the panel goes in the overlay.
        let mut shown = false;
        if !split {
            self.mode.show_panel(self.session.world(), 0, &mut |panel| {
                shown = true;
                overlay.draw(Some(panel));
            });
        }
        if !shown {
            overlay.draw(None);
        }
        frame.mark(&overlay.stage.clock, Phase::Render);
    }

    /// After the frame is shown: while frozen, the idling engines (a running race's
    /// sound goes out with each tick).
    pub fn end_frame(&mut self, stage: &mut Stage, frame: &mut Frame) {
        if self.frozen {
            self.feedback.frozen_frame(&self.session, &mut stage.sound);
        }
        frame.mark(&stage.clock, Phase::Audio);
    }

    /// The game mode, taken as the screen is left (free drive is left in its place): the
    /// flow keeps a mode that lasts more than one round.
    pub fn take_mode(&mut self) -> Box<dyn GameMode> {
        std::mem::replace(&mut self.mode, Box::new(FreeDriveMode))
    }

    /// The game mode, its run ended on the world as it stands ([`GameMode::end_run`]: a
    /// championship counts its round), taken as the screen is left for its results.
    pub fn take_finished_mode(&mut self) -> Box<dyn GameMode> {
        self.mode.end_run(self.session.world());
        self.take_mode()
    }

    /// The pause menu's row that ends the run now, if the mode offers one.
    fn finish_row(&self) -> Option<&'static str> {
        self.mode.offers_finish().then(|| self.mode.finish_label())
    }

    /// The race as it stands and the recording.
    /// The race as it stands, as a finished run of `level` in `car`; the recording is
    /// taken (the screen is being left).
    pub fn finish(&mut self, level: &str, car: &str) -> FinishedRun {
        let opponents = self.session.opponents();
        FinishedRun {
            level: level.to_string(),
            car: car.to_string(),
            inputs: self.feed.take_recording(),
            guest_cars: (1..self.session.player_count())
                .map(|p| self.session.world().player_car(p).def().name.clone())
                .collect(),
            guest_inputs: self.feed.take_guest_recordings(),
            ticks: self.session.world().tick(),
            final_hash: self.session.world().state_hash(),
            opponents: opponents.len(),
            opponents_car: opponents.defs().next().map_or(String::new(), |c| c.name.clone()),
            ai_difficulty: if opponents.is_empty() {
                String::new()
            } else {
                opponents.difficulty().name().to_string()
            },
            grid: ReplayGrid::default(),
        }
    }
}

/// One log line when the pad in use is unplugged (the game pauses, and the HUD asks for a
/// controller) and one when a button press on a pad brings the player back; with several
/// players, the line names whose pad it was.
fn log_controller_change(pad_in_use: Option<PadId>, was_lost: Option<usize>, inputs: &SeatInputs, tick: u64) {
    let pad_name = |p: Option<PadId>| p.map_or_else(|| "?".to_string(), |p| p.0.to_string());
    let whose = |p: usize| {
        if inputs.len() > 1 {
            format!("player {}'s ", p + 1)
        } else {
            String::new()
        }
    };
    match (was_lost, inputs.lost_player()) {
        (None, Some(p)) => log::warn!(
            "{}controller {} unplugged: paused at tick {tick}; connect a controller and press a button to go on",
            whose(p),
            if p == 0 { pad_name(pad_in_use) } else { "?".to_string() }
        ),
        (Some(p), None) => log::info!(
            "{}controller {} in use: resumed at tick {tick}",
            whose(p),
            pad_name(inputs.active_pad(p))
        ),
        _ => {}
    }
}
