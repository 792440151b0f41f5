//! The race being driven: the player's input folded into ticks, the session advanced by
//! the frame's time (none while paused or while the pad in use is unplugged), the scene and
//! the HUD drawn, sound and rumble played. Pausing (P, pad Start, Esc) opens the pause
//! menu; what it asks beyond the race (restart, back to the menu, quit) waits in
//! [`Driving::request`] for the flow.

use super::feed::TickFeed;
use super::feedback::Feedback;
use super::frame::{Frame, FrameAccount};
use super::pause_menu::PauseMenu;
use super::stage::Stage;
use crate::app::frontend::Outcome;
use crate::app::game_mode::{FreeDriveMode, GameMode, TickGate};
use crate::app::hud::{self, Element, HudPanel, HudState};
use crate::app::race::AiPlayer;
use crate::app::session::Session;
use crate::content::ChunkMeshSizes;
use crate::input::bindings::Action;
use crate::input::InputState;
use crate::settings::Settings;
use crate::sim::{ChunkEvent, TickInput};
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
    input: InputState,
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
    /// The AI at the player's wheel (`play --ai-driver`), in place of the player's
    /// controls; the pads still pause and work the menus.
    ai_driver: Option<Box<AiPlayer>>,
    /// The mode put a new world in place this frame (the renderer's chunks must go).
    world_replaced: bool,
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
}

impl Driving {
    /// Drives `session` in `mode` with the player's `settings`, ticks fed by `feed` (which
    /// records when the mode keeps the run's inputs: a time trial's ghost), sound through
    /// `stage`; the first frame's time counts from now.
    pub fn new(session: Session, settings: &Settings, feed: TickFeed, mode: Box<dyn GameMode>, stage: &Stage) -> Self {
        let mut feedback = Feedback::new(settings.volumes);
        feedback.set_rumble_scale(settings.input.rumble_scale());
        let chunk_sizes = session.world().chunk_mesh_sizes();
        Self {
            session,
            input: InputState::new(settings.input.clone()).with_assists(settings.assists),
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
            ai_driver: None,
            world_replaced: false,
        }
    }

    /// The same, the player's car driven by `ai` (`play --ai-driver`).
    pub fn with_ai_driver(mut self, ai: Option<AiPlayer>) -> Self {
        self.ai_driver = ai.map(Box::new);
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

    /// Folds the frame's events into the input state and acts on the UI keys. False when
    /// the player quit.
    fn take_input(&mut self, stage: &mut Stage) -> bool {
        // The leave key (Esc) pauses instead of quitting: the pause menu has Quit game.
        let mut open_menu = false;
        // The press that brings the player back from the unplugged screen (a pad's button,
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
                    }
                }
                PlatformEvent::Key {
                    key: Key::Enter,
                    pressed: true,
                    ..
                } if self.hud.controller_lost => {
                    self.input.continue_on_keyboard();
                }
                _ => self.events.push(*e),
            }
        }
        let input = &mut self.input;
        self.events.iter().for_each(|e| input.on_platform_event(e));
        let (pad_in_use, was_lost) = (input.active_pad(), input.controller_lost());
        stage.pad_events.iter().for_each(|e| input.on_pad_event(e));
        log_controller_change(pad_in_use, was_lost, input, self.session.world().tick());
        if input.quit_requested() {
            return false;
        }
        let ui = input.take_ui();
        let was_paused = self.hud.paused;
        self.hud.paused ^= ui.toggle_pause;
        self.hud.paused |= open_menu;
        self.hud.frame_graph ^= ui.toggle_frame_graph;
        self.hud.telemetry ^= ui.toggle_telemetry;
        if ui.toggle_friction_view {
            let view = stage.renderer.ground_view().toggled();
            stage.renderer.set_ground_view(view, self.session.world().materials());
        }
        if ui.next_camera {
            self.session.next_camera_view();
        }
        self.hud.controller_lost = self.input.controller_lost();
        self.hud.pad_connected = self.input.pad_connected();
        match (was_paused, self.hud.paused) {
            (false, true) => self.pause = Some(PauseMenu::open(self.settings.clone(), self.finish_row(), stage)),
            (true, false) => self.pause = None,
            // The press that opened the menu is not also a menu press.
            (true, true) if !self.hud.controller_lost && !lost_before => {
                if self.pause.is_none() {
                    self.pause = Some(PauseMenu::open(self.settings.clone(), self.finish_row(), stage));
                }
                self.pause_menu(stage);
            }
            _ => {}
        }
        true
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
                    self.input.request_reset();
                    self.hud.paused = false;
                }
                Outcome::Camera => self.session.next_camera_view(),
                Outcome::SettingsChanged => {
                    if let Some(m) = &self.pause {
                        self.settings = m.settings().clone();
                    }
                    self.input
                        .set_settings(self.settings.input.clone(), self.settings.assists);
                    self.feedback.set_volumes(self.settings.volumes);
                    self.feedback.set_rumble_scale(self.settings.input.rumble_scale());
                    self.settings_changed = true;
                }
                other => self.request = Some(other),
            }
        }
        if !self.hud.paused {
            self.pause = None;
        }
    }

    /// Runs `ticks` ticks, each on the player's input (or the replay's) as the mode lets
    /// the world step, with sound, rumble and recording after each. False when the replay
    /// ran out.
    fn run_ticks(&mut self, ticks: u32, stage: &mut Stage) -> bool {
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
            let world = self.session.world();
            let top_gear = world.player().def().sim().map_or(0, |p| p.gearbox.forward.len() as i8);
            self.input.observe_gearbox(world.telemetry(0).gear, top_gear);
            // While a challenge's car settles the player's input is not taken: a brake held
            // through it would count as held at a stop and engage reverse for the launch.
            let idle = plan.gate == TickGate::StepIdle;
            let player = if idle {
                TickInput::default()
            } else {
                self.input.take_tick_input(world.player_forward_speed(), world.dt_s())
            };
            let player = match self.ai_driver.as_mut() {
                Some(ai) if !idle => ai.input(world),
                _ => player,
            };
            let Some(mut tick_input) = self.feed.input(world.tick(), player) else {
                return false;
            };
            match plan.gate {
                // 3-2-1-go: the world waits, nobody moves before the go.
                TickGate::Hold => {
                    let throttle = tick_input.control.throttle;
                    self.feedback.held_tick(&self.session, throttle, &mut stage.sound);
                    continue;
                }
                TickGate::Step => {}
                TickGate::StepIdle => tick_input = TickInput::default(),
                TickGate::StepWithoutResets => {
                    tick_input.reset = false;
                    tick_input.restart = false;
                }
            }
            self.session.tick(&tick_input);
            self.feedback.after_tick(
                &self.session,
                &tick_input,
                self.input.active_pad(),
                &mut stage.pads,
                &mut stage.sound,
            );
            self.feed.record(tick_input);
            self.mode
                .after_tick(self.session.world(), &tick_input, self.feed.recorded());
            if self.mode.is_over() && self.request.is_none() {
                self.request = Some(Outcome::Finish);
            }
        }
        true
    }

    /// The scene between the last two ticks from the chase camera, and the HUD over it.
    pub fn draw(&mut self, stage: &mut Stage, frame: &mut Frame, account: &FrameAccount) {
        let (w, h) = stage.platform.drawable_size();
        let camera = self.session.camera(self.alpha);
        let mut view = self.session.frame_view(self.alpha, &camera);
        if let Some(ghost) = self.mode.ghost() {
            view.ghost = Some((ghost.before, ghost.after));
            view.ghost_is_authors = ghost.authors;
        }
        stage.pick_scene_resolution();
        stage.renderer.draw(&view, w, h);
        // The pause menu says "paused" itself.
        let mut state = self.hud;
        state.paused &= self.pause.is_none();
        let menu = self.pause.as_mut().filter(|_| !self.hud.controller_lost);
        let mut overlay = Overlay {
            stage,
            session: &self.session,
            text: &mut self.hud_text,
            menu,
            account,
            state,
            size: (w, h),
        };
        let mut shown = false;
        self.mode.show_panel(self.session.world(), 0, &mut |panel| {
            shown = true;
            overlay.draw(Some(panel));
        });
        if !shown {
            overlay.draw(None);
        }
        frame.mark(&stage.clock, Phase::Render);
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
            ticks: self.session.world().tick(),
            final_hash: self.session.world().state_hash(),
            opponents: opponents.len(),
            opponents_car: opponents.defs().next().map_or(String::new(), |c| c.name.clone()),
            ai_difficulty: if opponents.is_empty() {
                String::new()
            } else {
                opponents.difficulty().name().to_string()
            },
        }
    }
}

/// What the HUD is drawn from in one frame of the race.
struct Overlay<'a> {
    stage: &'a mut Stage,
    session: &'a Session,
    text: &'a mut String,
    /// The pause menu, while open and not under the unplugged screen.
    menu: Option<&'a mut PauseMenu>,
    account: &'a FrameAccount,
    state: HudState,
    size: (u32, u32),
}

impl Overlay<'_> {
    /// Every element asks for its place, the layout gives each one clear of the others,
    /// then each draws in its own: the mode's `panel`, the HUD, the pause menu.
    fn draw(&mut self, panel: Option<&dyn HudPanel>) {
        let (w, h) = self.size;
        let stage = &mut *self.stage;
        let mut req = hud::request(&stage.hud, self.session, self.state, w, h, stage.title_safe);
        if let Some(p) = panel {
            p.request(&stage.hud, self.text, &mut req);
        }
        req.pause_menu = self.menu.as_ref().map(|m| m.size(stage, h));
        let layout = hud::place(&req);
        if let Some(p) = panel {
            p.draw(&mut stage.hud, self.text, &layout, self.session.snapshot());
        }
        // After the panels: its modal message dims them too.
        hud::compose(
            &mut stage.hud,
            self.text,
            hud::HudInputs {
                session: self.session,
                player: 0,
                history: self.account.history(),
                budget: self.account.budget(),
                state: self.state,
                layout: &layout,
            },
            w,
            h,
        );
        if let (Some(menu), Some(rect)) = (self.menu.as_deref_mut(), layout.get(Element::PauseMenu)) {
            menu.draw(stage, rect, w, h);
        }
        stage.hud.flush(w, h);
    }
}

/// One log line when the pad in use is unplugged (the game pauses, and the HUD asks for a
/// controller) and one when a button press on a pad brings the player back.
fn log_controller_change(pad_in_use: Option<PadId>, was_lost: bool, input: &InputState, tick: u64) {
    match (was_lost, input.controller_lost()) {
        (false, true) => log::warn!(
            "controller {} unplugged: paused at tick {tick}; connect a controller and press a button to go on",
            pad_in_use.map_or_else(|| "?".to_string(), |p| p.0.to_string())
        ),
        (true, false) => log::info!(
            "controller {} in use: resumed at tick {tick}",
            input.active_pad().map_or_else(|| "?".to_string(), |p| p.0.to_string())
        ),
        _ => {}
    }
}
