//! An AI car's racecraft: from the cars around it ([`Traffic`]) and the room beside the line
//! ([`LineRoom`]), where across the track to drive and how fast at most ([`Plan`]) — follow
//! without rear-ending, pass on a free side, give room, defend once, rejoin safely.
//!
//! One [`Racecraft`] per car keeps what must last between ticks (the side of a pass under
//! way, the corner last defended, the offset steered now); everything else is decided from
//! the tick's traffic. Deterministic and allocation-free: it reads only the traffic, the
//! line and the room.
//!
//! Misbehaving? Cars that rear-end: the following gap ([`FOLLOW_GAP_M`], the difficulty's
//! time gap). Cars that never pass: the pass margin, and the room (a level without a track
//! has none). Cars that swipe each other mid-pass: [`SIDE_CLEARANCE_M`],
//! [`PASS_CLEARANCE_M`] and [`ALONGSIDE_MARGIN_M`]. Passes that end beside a car into a
//! braking zone or a corner: [`PASS_GIVE_UP_M`], [`PASS_OUTSIDE_GIVE_UP_M`] and
//! [`PASS_CORNER_LOOK_M`]. Cars side by side that touch where the track narrows:
//! [`SQUEEZE_CLEARANCE_M`] and [`SQUEEZE_DROP_BACK_MPS`]. The circuit matrix
//! (`examples/circuit_matrix.rs`, `MATRIX_WHERE=1`) prints what both cars of each contact
//! were doing over the 2 s before it.

use super::driver::Plan;
use super::line::DrivingLine;
use super::room::LineRoom;
use super::traffic::{NearbyCar, Traffic};

/// The gap kept to a car ahead at rest, centre to centre, m.
pub const FOLLOW_GAP_M: f32 = 8.0;
/// How fast a follower closes a larger gap: speed over the car ahead per metre of extra
/// gap, 1/s.
const FOLLOW_GAIN_PER_S: f32 = 0.5;
/// Space kept between two cars side by side, body to body, m.
pub const SIDE_CLEARANCE_M: f32 = 0.9;
/// Two cars count as alongside while their centres are within a car length plus this
/// along the line, m.
pub const ALONGSIDE_MARGIN_M: f32 = 2.0;
/// A pass is finished (back to the line) once the passed car is this far behind, beyond a
/// car length, m.
const PASS_CLEAR_M: f32 = 4.0;
/// A car moving back toward the line stays clear of a car behind it by this much time at its
/// speed beyond a car length and [`PASS_CLEAR_M`], s.
const CUT_IN_TIME_S: f32 = 0.3;
/// A car is attacked (a pass considered) while it is at most this far ahead, m.
const ATTACK_WITHIN_M: f32 = 30.0;
/// Held up this long behind a slower car before starting a pass, s (a pace edge that
/// lasts, not one tick's difference).
const HELD_BEFORE_PASS_S: f32 = 0.5;
/// Time constant of the car ahead's pace as watched from behind, s: long enough that a
/// moment's slowing (a lift, a twitch) does not start a pass, short enough that a slower
/// driver is found out within a few seconds.
const PACE_WATCH_S: f32 = 3.0;
/// The pace of the car ahead is only watched while this car runs at this fraction of its
/// own aim or more: from a standing start every car ahead is slower than the line (a
/// flying lap's), and watched then every car would be passed.
const PACE_WATCH_FROM: f32 = 0.8;
/// Berth added around a slower car ahead per m/s it is slower, s·(m/m/s): a car far slower
/// than the traffic is often sliding or sideways, wider than its width.
const SLOW_CAR_BERTH_S: f32 = 0.1;
/// Deceleration a follower counts on to stop behind a much slower car, m/s² (well inside
/// what the cars brake at on the circuit's asphalt, about 9).
const FOLLOW_BRAKE_MPS2: f32 = 5.0;
/// A car ahead in another lane is closing too fast to fall in behind while this car is more
/// than this faster than the speed it could follow it at, m/s.
const CLOSING_MARGIN_MPS: f32 = 1.0;
/// How late a follower reacts to the car ahead braking, s (the driver's pedal and the
/// speed controller's lag: measured decelerations of a follower trail its cap by about this).
const FOLLOW_REACTION_S: f32 = 0.3;
/// A pass is started only where the line turns less than this over the next
/// [`PASS_START_STRAIGHT_M`], rad: on a straight long enough to complete it before the
/// next corner (cars that were still alongside into a corner spun).
const PASS_START_MAX_TURN_RAD: f32 = 0.25;
const PASS_START_STRAIGHT_M: f32 = 150.0;
/// The line turns more than this over the next [`CORNER_LOOK_M`] in a corner, rad.
const CORNER_LOOK_M: f32 = 40.0;
/// A pass takes the inside of the way the line turns over this far past the car passed, m
/// (the straight a pass starts on, and the corner after it).
const PASS_INSIDE_LOOK_M: f32 = 350.0;
/// A passing car aims this much wider than side by side, m, so that once out of the car's
/// lane it stays out while the car ahead wanders (hysteresis on "in the path").
const PASS_EXTRA_M: f32 = 0.3;
/// A pass not yet half alongside is given up this far before the braking point, m.
const PASS_GIVE_UP_M: f32 = 20.0;
/// A pass on the outside of the corner ahead, not yet half alongside, is given up this far
/// before the braking point instead, m: there the passer has to fall in behind rather than
/// brake beside, and it needs the room to shed its closing speed (given up 20 m out while
/// closing at 5 m/s, it was still alongside into the braking zone, and the room narrowing
/// toward the turn-in squeezed it onto the car it had been passing).
const PASS_OUTSIDE_GIVE_UP_M: f32 = 90.0;
/// How far ahead a pass looks for a corner it would reach before it is half alongside, m.
const PASS_CORNER_LOOK_M: f32 = 40.0;
/// Clearance kept beside the car being passed, body to body, m, in place of
/// [`SIDE_CLEARANCE_M`] and the slower car's berth: that car counts as in the passer's path
/// (and caps its speed) only within its width and this. With the full berth a passer
/// moving out was capped behind the car it passed for the second or more it took to get
/// 2.7 m across, and lost the run it had; with a rookie's wander it often never got out.
const PASS_CLEARANCE_M: f32 = 0.5;
/// How far ahead a braking zone is looked for to defend it, m.
const DEFEND_LOOK_M: f32 = 90.0;
/// A braking zone: the line's speed drops below this fraction of the speed here.
const BRAKING_ZONE_DROP: f32 = 0.85;
/// A car behind is attacking (worth defending against) when it closes at this much or
/// more, m/s.
const ATTACK_CLOSING_MPS: f32 = 1.0;
/// Clearance a car keeps beside one alongside when the room ahead narrows onto it, body to
/// body, m: less than [`SIDE_CLEARANCE_M`] (the room is short there), enough for a car
/// slipping a few degrees in a corner (a 4.6 m car yawed 4° swings its corners 0.16 m).
const SQUEEZE_CLEARANCE_M: f32 = 0.25;
/// A car squeezed beside another and behind it aims this much slower than it, m/s: it
/// drops back a car length in about two seconds.
const SQUEEZE_DROP_BACK_MPS: f32 = 2.5;
/// How far toward the inside a defender moves, at most, m.
const DEFEND_OFFSET_M: f32 = 1.5;
/// Extra speed-profile preview when alongside on the outside of a corner, s.
const OUTSIDE_BRAKE_EARLY_S: f32 = 0.35;
/// A car steers no farther off the line than it can come back from, at its lateral speed,
/// before the room ahead narrows ([`LineRoom::funnel`]), starting this late, s: so a pass
/// is given up before the track narrows, not once it has (a passer held wide into a
/// narrowing ran off the track and rejoined across the field). The lateness covers the
/// driver's lag: on a curve a car runs up to a metre wide of where it steers.
const ROOM_LOOK_MARGIN_S: f32 = 0.5;
/// How far ahead along the line that room is looked at, m (at 45 m/s and 1.5 m/s across,
/// 150 m gives back 4.3 m: beyond the widest pass).
const ROOM_LOOK_M: f32 = 150.0;
/// A car this far beyond the room beside the line (off the track, wander included) has gone
/// off: it rejoins, m.
const OFF_TRACK_M: f32 = 1.5;
/// A car rejoining aims at no more than this fraction of the line's speed: off the track
/// (grass, gravel) it holds far less than the line's grip, and at the line's speed it spun.
const REJOIN_SPEED_FRACTION: f32 = 0.6;
/// The line turns more than this over the next [`CORNER_LOOK_M`] in a corner, rad: there a
/// car moves only back toward the line (an offset copy of the line bends tighter than the
/// line, and cars held off it spun).
const CORNER_TURN_RAD: f32 = 0.35;
/// How far along the line a corner's turn is measured, m, and the least turn that makes it
/// a corner (with an inside), rad.
const CORNER_SPAN_M: f32 = 100.0;
const CORNER_MIN_TURN_RAD: f32 = 0.15;

/// What a car's racecraft did last tick, the rule that set its plan (for logs and tests:
/// `RACECRAFT_WHERE=1 cargo test --test sim ai_racecraft::` prints it at each contact).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Stance {
    /// No car in its way: its own line and pace.
    #[default]
    Free,
    /// Behind a car in its path, its speed capped to keep the gap.
    Following,
    /// Beside or moving out to pass a slower car.
    Passing,
    /// Covering the inside before a braking zone.
    Defending,
    /// Held where it is (or kept out) by a car alongside or just passed.
    GivingRoom,
    /// Back onto the line after an off or a put-back.
    Rejoining,
}

/// How a driver races others: the part of a difficulty that is racecraft.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct RacecraftSettings {
    /// The following gap grows by this much per m/s of speed, s (a time gap).
    pub time_gap_s: f32,
    /// A pass is tried only while the car ahead's pace (its speed over the line's, watched
    /// over a few seconds) is this fraction of the line's speed below this car's own.
    pub pass_margin: f32,
    /// Whether it covers the inside before a braking zone against a faster car behind.
    pub defends: bool,
    /// How fast it moves across the track, m/s.
    pub lateral_mps: f32,
}

impl Default for RacecraftSettings {
    /// The top difficulty's.
    fn default() -> Self {
        Self {
            time_gap_s: 0.3,
            pass_margin: 0.025,
            defends: true,
            lateral_mps: 1.5,
        }
    }
}

/// One car's racecraft and what it keeps between ticks.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Racecraft {
    settings: RacecraftSettings,
    /// The car's width and length, m.
    width_m: f32,
    length_m: f32,
    /// The offset from the line steered now, m (moves toward the wanted one at
    /// `lateral_mps`).
    offset_m: f32,
    /// The pass under way: the car passed (its id) and the side (+1 left, −1 right).
    pass: Option<(usize, f32)>,
    /// Time held up behind a slower car, s.
    held_s: f32,
    /// The car ahead watched (its id) and its pace: its speed over the line's, smoothed.
    watched: Option<(usize, f32)>,
    /// Where the corner defended last brakes, m along the line (defended once).
    defended_at_m: Option<f32>,
    /// Side defended now (+1 left, −1 right, 0 none) and until where along the line (the
    /// braking point: the line is taken back from there).
    defend_side: f32,
    defend_until_m: f32,
    /// Back on track after an off or a put-back: moving onto the line without crossing a car.
    rejoining: bool,
    /// The rule that set the last plan.
    stance: Stance,
}

impl Racecraft {
    /// Racecraft for a car `width_m` wide and `length_m` long.
    pub fn new(settings: RacecraftSettings, width_m: f32, length_m: f32) -> Self {
        Self {
            settings,
            width_m,
            length_m,
            offset_m: 0.0,
            pass: None,
            held_s: 0.0,
            watched: None,
            defended_at_m: None,
            defend_side: 0.0,
            defend_until_m: 0.0,
            rejoining: false,
            stance: Stance::Free,
        }
    }

    /// The car was put back at `offset_m` from the line: it rejoins from there.
    pub fn rejoin_from(&mut self, offset_m: f32) {
        self.offset_m = offset_m;
        self.pass = None;
        self.defend_side = 0.0;
        self.rejoining = true;
    }

    /// Whether a pass is under way.
    pub fn passing(&self) -> bool {
        self.pass.is_some()
    }

    /// Whether the car is rejoining the line.
    pub fn rejoining(&self) -> bool {
        self.rejoining
    }

    /// The rule that set the last plan.
    pub fn stance(&self) -> Stance {
        self.stance
    }

    /// Centre-to-centre lateral distance two cars side by side keep, m.
    fn side_by_side_m(&self) -> f32 {
        self.width_m + SIDE_CLEARANCE_M
    }

    /// The fastest this car may go behind `c` and still stop short of where `c` would stop
    /// if it braked now (see the following rule in [`Racecraft::plan`]), m/s.
    fn safe_behind_mps(&self, c: &NearbyCar) -> f32 {
        self.safe_behind_within_mps(c, FOLLOW_BRAKE_MPS2, FOLLOW_REACTION_S)
    }

    /// [`Racecraft::safe_behind_mps`] counting on `brake_mps2` and reacting `reaction_s` late.
    fn safe_behind_within_mps(&self, c: &NearbyCar, brake_mps2: f32, reaction_s: f32) -> f32 {
        let room_m = (c.gap_m - self.length_m - ALONGSIDE_MARGIN_M).max(0.0);
        let v_ahead = c.speed_mps.max(0.0);
        let b_tau = brake_mps2 * reaction_s;
        -b_tau + (b_tau * b_tau + v_ahead * v_ahead + 2.0 * brake_mps2 * room_m).sqrt()
    }

    fn alongside(&self, c: &NearbyCar) -> bool {
        c.gap_m.abs() < self.length_m + ALONGSIDE_MARGIN_M
    }

    /// This tick's plan for a car aiming at `speed_scale` of the line's speed (its
    /// difficulty's pace), its wander taking the point it steers for `wander_m` off the
    /// line, amid `traffic` on `line` with `room` beside it, `dt_s` after the last.
    pub fn plan(
        &mut self,
        traffic: &Traffic,
        line: &DrivingLine,
        room: &LineRoom,
        speed_scale: f32,
        wander_m: f32,
        dt_s: f32,
    ) -> Plan {
        let me = traffic.me();
        let (room_left, room_right) = room.at(line, me.s_m);
        // How far off the line it may steer and still keep within the room ahead, given back
        // at its lateral speed.
        let (lateral_mps, speed_mps) = (self.settings.lateral_mps, me.speed_mps.max(1.0));
        let back_m = |d: f32| lateral_mps * (d / speed_mps - ROOM_LOOK_MARGIN_S);
        let (ahead_left, ahead_right) = room.funnel(line, me.s_m, ROOM_LOOK_M, back_m);
        let beside = self.side_by_side_m();
        // In the path: a car whose body overlaps the lane this car is in or is steering for.
        let steering_m = self.offset_m + wander_m;
        // A car much slower than this one may be sliding or sideways: a wider berth. The car
        // being passed is the one this car is moving out beside: only its body and a
        // clearance, so that moving out does not hold the passer behind it.
        let passing_id = self.pass.map(|(id, _)| id);
        let in_path = |c: &NearbyCar| {
            let berth = if passing_id == Some(c.id) {
                self.width_m + PASS_CLEARANCE_M
            } else {
                beside + SLOW_CAR_BERTH_S * (me.speed_mps - c.speed_mps).max(0.0)
            };
            (c.offset_m - me.offset_m).abs() < berth || (c.offset_m - steering_m).abs() < berth
        };

        // In the tow of a car it has the pace to pass (the pace watched last tick), on a
        // straight: closer, to gain in its wake before pulling out (`tow.rs`).
        let edge = self
            .watched
            .is_some_and(|(_, pace)| speed_scale - pace > self.settings.pass_margin);
        let drafting = self.pass.is_none() && tow::drafting(line, me.s_m, me.speed_mps, edge);
        let (time_gap_s, brake_mps2, reaction_s) = if drafting {
            (tow::DRAFT_TIME_GAP_S, tow::DRAFT_BRAKE_MPS2, tow::DRAFT_REACTION_S)
        } else {
            (self.settings.time_gap_s, FOLLOW_BRAKE_MPS2, FOLLOW_REACTION_S)
        };
        // Follow: constant time-gap spacing (adaptive cruise control's policy; Rajamani,
        // Vehicle Dynamics and Control, ch. 6) behind every car ahead in the path.
        let want_gap = FOLLOW_GAP_M + time_gap_s * me.speed_mps.max(0.0);
        let mut cap = f32::INFINITY;
        let mut blocker: Option<NearbyCar> = None;
        for c in traffic.cars().iter().filter(|c| c.gap_m > 0.0 && in_path(c)) {
            cap = cap.min(c.speed_mps.max(0.0) + FOLLOW_GAIN_PER_S * (c.gap_m - want_gap));
            // And never faster than lets it stop behind where the car ahead would stop if it
            // braked now (Gipps' safe speed, "A behavioural car-following model for computer
            // simulation", 1981: v ≤ −bτ + √(b²τ² + v_ahead² + 2·b·room), both braking at b,
            // this car τ late): the gain alone closes on a stopped car too late from 60 m,
            // and a cap of v_ahead + √(2·b·room), blind to the car ahead braking too, let
            // a queue into a hairpin concertina into rear-end contacts.
            cap = cap.min(self.safe_behind_within_mps(c, brake_mps2, reaction_s));
            if c.gap_m < ATTACK_WITHIN_M && blocker.is_none_or(|b| c.gap_m < b.gap_m) {
                blocker = Some(*c);
            }
        }

        let brake_at = braking_zone(line, me.s_m);
        let in_corner = line.turn_rad(me.s_m, CORNER_LOOK_M).abs() > CORNER_TURN_RAD;
        let mut wanted = 0.0;
        if let Some((id, _)) = self.pass {
            // Not at least half alongside by the braking point: given up on the straight,
            // falling in behind under braking rather than mid-corner. (Given up when the
            // braking zone came into sight, 90 m before, a pass was rarely completed: an ace
            // gains on a slower car most at the end of a straight, where it is capped.)
            let still_behind = traffic
                .cars()
                .iter()
                .any(|c| c.id == id && c.gap_m > 0.5 * self.length_m);
            // On the outside of the corner ahead, from farther out.
            let on_the_outside = |at: f32| {
                let inside = corner_inside(line, at);
                traffic
                    .cars()
                    .iter()
                    .any(|c| c.id == id && (me.offset_m - c.offset_m) * inside < 0.0)
            };
            let braking_here = braking_zone_within(line, me.s_m, PASS_GIVE_UP_M).is_some()
                || braking_zone_within(line, me.s_m, PASS_OUTSIDE_GIVE_UP_M).is_some_and(on_the_outside);
            // Overlapping on the inside of the corner ahead it has the line: it keeps the
            // pass into the braking zone, braking later than the car it passes (the
            // slower car brakes earlier; alongside, it gives room and brakes earlier still).
            let has_the_line = |c: &NearbyCar| {
                c.id == id
                    && c.gap_m < self.length_m
                    && (me.offset_m - c.offset_m) * corner_inside(line, me.s_m + PASS_GIVE_UP_M) > 0.0
            };
            let keeps_inside = braking_here && !in_corner && traffic.cars().iter().any(has_the_line);
            // Nor by the corner at the pace it closes: the corner is reached before it is half
            // alongside (given up at the corner itself, a passer 4 m behind closing at
            // 3 m/s was still beside the car it passed into the turn, both braking, and the
            // narrowing pushed it onto that car).
            let corner_first = traffic.cars().iter().any(|c| {
                let closing_mps = (me.speed_mps - c.speed_mps).max(0.1);
                let needed_m = me.speed_mps * (c.gap_m - 0.5 * self.length_m) / closing_mps;
                c.id == id
                    && needed_m > 0.0
                    && line
                        .turn_rad(me.s_m + needed_m.min(PASS_CORNER_LOOK_M), CORNER_LOOK_M)
                        .abs()
                        > CORNER_TURN_RAD
            });
            if (in_corner || braking_here || corner_first) && still_behind && !keeps_inside {
                self.pass = None;
            } else {
                wanted = self.continue_pass(traffic);
                let side = self.pass.map_or(0.0, |(_, side)| side);
                let room_side = if side > 0.0 { ahead_left } else { -ahead_right };
                if (wanted - room_side) * side > 0.5 {
                    // No room on this side over the stretch ahead: fall back in behind.
                    self.pass = None;
                    wanted = 0.0;
                }
            }
        } else if let Some(b) = blocker {
            // The pace edge: the blocker's speed over the line's where it is, watched over
            // a few seconds (an exponential moving average; a new car ahead starts as an
            // equal), against this car's own pace.
            let ratio = b.speed_mps / line.speed_at(me.s_m + b.gap_m).max(1.0);
            let rolling = me.speed_mps >= PACE_WATCH_FROM * line.speed_at(me.s_m) * speed_scale;
            let pace = match self.watched {
                Some((id, pace)) if id == b.id && rolling => pace + (ratio - pace) * (dt_s / PACE_WATCH_S).min(1.0),
                _ => 1.0,
            };
            self.watched = Some((b.id, pace));
            let faster = speed_scale - pace > self.settings.pass_margin;
            self.held_s = if faster { self.held_s + dt_s } else { 0.0 };
            let straight = line.turn_rad(me.s_m, PASS_START_STRAIGHT_M).abs() < PASS_START_MAX_TURN_RAD;
            // Drafting, it pulls out only once close behind, where the wake has given it
            // speed over the car ahead (from farther back it was not alongside in time), or
            // when it closes fast enough to need no tow.
            let towed_close =
                !drafting || b.gap_m <= tow::PULL_OUT_GAP_M || me.speed_mps - b.speed_mps > tow::NO_TOW_NEEDED_MPS;
            if self.held_s >= HELD_BEFORE_PASS_S && straight && towed_close {
                let inside = corner_inside_within(line, me.s_m + b.gap_m, PASS_INSIDE_LOOK_M);
                // A car ahead covering the inside leaves the other side free: that one first.
                let inside = if b.offset_m * inside > 0.5 * self.width_m {
                    -inside
                } else {
                    inside
                };
                // Room beside the car, and to come back from there before the track narrows.
                let (near_left, near_right) = room.narrowest(line, me.s_m, me.s_m + b.gap_m + 20.0);
                let room_pass = (ahead_left.min(near_left), ahead_right.min(near_right));
                if let Some(side) = free_side(traffic, &b, inside, beside + PASS_EXTRA_M, self.length_m, room_pass) {
                    self.pass = Some((b.id, side));
                    self.defend_side = 0.0;
                    self.held_s = 0.0;
                    wanted = b.offset_m + side * (beside + PASS_EXTRA_M);
                }
            }
        } else {
            self.held_s = 0.0;
        }

        // Defend: a faster car close behind and a braking zone ahead: cover the inside,
        // once per corner, and hold it to the corner (no weaving).
        if self.defend_side != 0.0 && past(line, me.s_m, self.defend_until_m) {
            self.defend_side = 0.0;
        }
        // Not in a queue: a car held up by one ahead has nothing to defend, and moving
        // across under braking there concertinaed the queue into rear-end contacts.
        let queued = blocker.is_some();
        if self.settings.defends && self.pass.is_none() && self.defend_side == 0.0 && !self.rejoining && !queued {
            if let (Some(at), false) = (brake_at, in_corner) {
                // An attacker closes on it: a car merely following at its pace is not one.
                let attacker = traffic.cars().iter().any(|c| {
                    c.gap_m < -self.length_m && c.gap_m > -25.0 && c.speed_mps > me.speed_mps + ATTACK_CLOSING_MPS
                });
                let fresh = self
                    .defended_at_m
                    .is_none_or(|d| line.wrap(at - d).min(line.wrap(d - at)) > 30.0);
                let inside = corner_inside(line, at);
                if attacker && fresh && inside != 0.0 {
                    self.defended_at_m = Some(at);
                    self.defend_side = inside;
                    self.defend_until_m = at;
                }
            }
        }
        if self.defend_side != 0.0 {
            let inside_room = if self.defend_side > 0.0 { room_left } else { room_right };
            wanted = self.defend_side * DEFEND_OFFSET_M.min(inside_room);
        }

        // Rejoin: off the track, back onto it from its nearest edge and then toward the
        // line, never across a car coming from behind.
        let off = me.offset_m > room_left + OFF_TRACK_M || -me.offset_m > room_right + OFF_TRACK_M;
        if !self.rejoining && off {
            // From where the car is, not from the track's edge: steered at the edge from
            // metres beyond it, the driver swung back across the track faster than any
            // car behind could react (every contact of the rookie-on-pole race once).
            self.rejoin_from(me.offset_m - wander_m);
        }
        if self.rejoining {
            self.pass = None;
            self.defend_side = 0.0;
            wanted = 0.0;
            // Coming from behind faster, or alongside (a car that has just drawn level is
            // still in the way).
            // A car behind at about this car's pace is following it, not coming by: waited
            // for, it held the rejoining car off the line, and both ran at the rejoining
            // speed for laps.
            let coming = |c: &&NearbyCar| {
                (c.gap_m < 0.0 && c.gap_m > -30.0 && c.speed_mps > me.speed_mps + CLOSING_MARGIN_MPS)
                    || self.alongside(c)
            };
            for c in traffic.cars().iter().filter(coming) {
                wanted = keep_clear(wanted, me.offset_m, self.offset_m, c.offset_m, beside);
            }
            if (self.offset_m - wanted).abs() < 0.3 && wanted.abs() < 0.3 {
                self.rejoining = false;
            }
            cap = cap.min(REJOIN_SPEED_FRACTION * line.speed_at(me.s_m) * speed_scale);
        }

        // Give room: never turn in across a car alongside, nor across the nose of one just
        // passed, to one side behind (until clear of it by a car length, a margin and 0.3 s
        // at this speed; a car behind in this car's lane is following, not in the way).
        let behind_m = self.length_m + PASS_CLEAR_M + CUT_IN_TIME_S * me.speed_mps.max(0.0);
        let nose_beside =
            |c: &&NearbyCar| c.gap_m < 0.0 && c.gap_m > -behind_m && (c.offset_m - me.offset_m).abs() > self.width_m;
        // Nor into the lane of a car ahead it is closing on faster than it could stop behind
        // (a pass given up at a braking zone fell in behind a car 7 m ahead at 5 m/s more,
        // and hit it): it stays beside it, braking, until it fits behind.
        let closing_ahead = |c: &&NearbyCar| {
            c.gap_m > 0.0
                && c.gap_m < ATTACK_WITHIN_M
                && (c.offset_m - me.offset_m).abs() > self.width_m
                && self.safe_behind_mps(c) < me.speed_mps - CLOSING_MARGIN_MPS
        };
        // Kept clear where the car will be, its wander included: a rookie held its plan
        // beside a car and wandered into it.
        let mut gave_room = false;
        let mut give_room = |wanted: &mut f32, c: &NearbyCar| {
            let was = *wanted;
            *wanted = keep_clear(
                *wanted + wander_m,
                me.offset_m,
                self.offset_m + wander_m,
                c.offset_m,
                beside,
            ) - wander_m;
            gave_room |= *wanted != was;
        };
        for c in traffic.cars().iter().filter(|c| self.alongside(c) || nose_beside(c)) {
            give_room(&mut wanted, c);
        }
        // The room ahead narrowing wins over these (a car holds no lane it could not come
        // back from in time), but not over a car it is closing on: steered back toward the
        // line by the narrowing, a pass given up into a braking zone turned in onto the rear
        // corner of the car it had been passing (closing at 5 m/s, 4.6 m behind, no brake
        // could meet its cap). It holds its lane, braking, within the track here.
        if !self.rejoining {
            wanted = wanted.clamp(-ahead_right, ahead_left);
        }
        for c in traffic.cars().iter().filter(closing_ahead) {
            give_room(&mut wanted, c);
        }
        self.stance = if self.rejoining {
            Stance::Rejoining
        } else if gave_room {
            Stance::GivingRoom
        } else if self.defend_side != 0.0 {
            Stance::Defending
        } else if self.pass.is_some() {
            Stance::Passing
        } else if cap.is_finite() {
            Stance::Following
        } else {
            Stance::Free
        };
        wanted = if self.rejoining {
            // Off the track it may hold its distance out (waiting for a car to go by), never
            // move farther out.
            wanted.clamp((-ahead_right).min(self.offset_m), ahead_left.max(self.offset_m))
        } else {
            wanted.clamp(-room_right, room_left)
        };
        // In a corner a car only moves back toward the line (or holds where it is): moving
        // off it mid-corner tightens its path where the line's speed has no margin left.
        // Only to keep clear of a car alongside (below) does it move out.
        if in_corner && !self.rejoining && wanted.abs() > self.offset_m.abs() {
            wanted = self.offset_m.clamp(-room_right, room_left);
        }
        // Squeezed: the rules above can hold a car against one alongside (the room ahead
        // narrowing onto it wins over giving room; a car beside one it is closing on holds
        // its lane), and two such cars ran side by side a hand's width apart into the next
        // corner, touching at its turn-in every lap. Each moves away from a car alongside to
        // a body-to-body clearance, within the room the track has here; one that cannot
        // (at the edge, here or over the stretch ahead) and is behind the other drops back.
        let squeeze_clear_m = self.width_m + SQUEEZE_CLEARANCE_M;
        let (least_left, least_right) = if self.rejoining {
            ((-room_right).min(self.offset_m), room_left.max(self.offset_m))
        } else {
            (-room_right, room_left)
        };
        let mut squeezed = false;
        for c in traffic.cars().iter().filter(|c| self.alongside(c)) {
            let heading_m = wanted + wander_m;
            let away = if c.offset_m > me.offset_m {
                heading_m.min(c.offset_m - squeeze_clear_m)
            } else {
                heading_m.max(c.offset_m + squeeze_clear_m)
            };
            if away != heading_m {
                wanted = (away - wander_m).clamp(least_left, least_right);
                squeezed = true;
                // Short of room here, or over the stretch ahead (then it drops back before
                // the squeeze, not once in it: both cars are braking by then).
                let farthest_m = if c.offset_m > me.offset_m {
                    c.offset_m - (wanted + wander_m).min(-ahead_right + wander_m)
                } else {
                    (wanted + wander_m).max(ahead_left + wander_m) - c.offset_m
                };
                let short = farthest_m < squeeze_clear_m;
                // Only the car behind: two nearly level cars both dropping back to the
                // other's speed less a margin slowed each other to a standstill.
                if short && c.gap_m > 0.0 {
                    cap = cap.min((c.speed_mps - SQUEEZE_DROP_BACK_MPS).max(0.0));
                }
            }
        }
        if squeezed && !self.rejoining {
            self.stance = Stance::GivingRoom;
        }
        let step = self.settings.lateral_mps * dt_s;
        self.offset_m += (wanted - self.offset_m).clamp(-step, step);

        // Alongside a car on the inside of the corner ahead: brake earlier and let it have
        // the corner.
        let mut preview_extra_s = 0.0;
        if let Some(at) = brake_at {
            let inside = corner_inside(line, at);
            let on_my_inside = |c: &NearbyCar| (c.offset_m - me.offset_m) * inside > 0.0;
            if traffic.cars().iter().any(|c| self.alongside(c) && on_my_inside(c)) {
                preview_extra_s = OUTSIDE_BRAKE_EARLY_S;
            }
        }
        Plan {
            offset_m: self.offset_m,
            speed_cap_mps: cap,
            preview_extra_s,
        }
    }

    /// The offset wanted while a pass is under way: beside the car being passed until it is
    /// clear behind (then back to the line); abandoned when it got away (the caller gives it
    /// up when the side runs out of room).
    fn continue_pass(&mut self, traffic: &Traffic) -> f32 {
        let Some((id, side)) = self.pass else {
            return 0.0;
        };
        let passed = traffic.cars().iter().find(|c| c.id == id);
        let Some(p) = passed.filter(|p| p.gap_m > -(self.length_m + PASS_CLEAR_M)) else {
            // Clear behind (or out of sight): the pass is done.
            self.pass = None;
            return 0.0;
        };
        let wanted = p.offset_m + side * (self.side_by_side_m() + PASS_EXTRA_M);
        if p.gap_m > ATTACK_WITHIN_M {
            // It got away: fall back in behind.
            self.pass = None;
            return 0.0;
        }
        wanted
    }
}

/// `wanted` limited so as not to come within `beside` of a car at `other_m` from the side
/// the car at `mine_m` is on: it may stay where it is, or where it steers (`steered_m`)
/// if that is farther from the other car, never move closer. (Held at where it was, a car
/// running past its steering, as a driver does coming out of a lane change, was steered
/// on after itself, a few centimetres a tick, into the car it was keeping clear of.)
fn keep_clear(wanted: f32, mine_m: f32, steered_m: f32, other_m: f32, beside: f32) -> f32 {
    if other_m > mine_m {
        wanted.min((other_m - beside).max(mine_m.min(steered_m)))
    } else {
        wanted.max((other_m + beside).min(mine_m.max(steered_m)))
    }
}

/// The side (+1 left, −1 right) on which to pass `blocker`: one with room for a car beside
/// it and no other car there, the corner's inside (`inside`) first.
fn free_side(
    traffic: &Traffic,
    blocker: &NearbyCar,
    inside: f32,
    beside: f32,
    length_m: f32,
    (room_left, room_right): (f32, f32),
) -> Option<f32> {
    let first = if inside == 0.0 { 1.0 } else { inside };
    [first, -first].into_iter().find(|&side| {
        let target = blocker.offset_m + side * beside;
        let fits = if side > 0.0 {
            target <= room_left
        } else {
            -target <= room_right
        };
        let taken = traffic.cars().iter().any(|c| {
            c.id != blocker.id
                && c.gap_m > -length_m
                && c.gap_m < blocker.gap_m + length_m + ALONGSIDE_MARGIN_M
                && (c.offset_m - target).abs() < beside
        });
        fits && !taken
    })
}

mod line_ahead;
mod tow;

use line_ahead::{braking_zone, braking_zone_within, corner_inside, corner_inside_within, past};

#[cfg(test)]
mod tests;
