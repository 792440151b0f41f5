//! One AI driver: pure-pursuit steering and profiled speed through the Ackermann
//! controller.

use super::line::{DrivingLine, LinePosition};
use super::wander::Wander;
use crate::sim::VehicleControl;
use crate::vehicle::{AckermannControl, AckermannController};
use crate::vehicle::{CarDef, Telemetry, VehicleModel};
use glam::{Vec2, Vec3};
use rapier3d::prelude::RigidBody;
use std::sync::Arc;

/// How much further ahead than [`AiSettings::speed_preview_s`] a driver following another
/// car reads the speed profile, s (the preview the driver had before it was tuned for pace).
const FOLLOW_PREVIEW_S: f32 = 0.4;
/// Below this speed pure pursuit aims along the heading whatever `course_weight` says:
/// a car at rest or creeping has no travelling direction worth steering from, m/s.
const MIN_COURSE_SPEED_MPS: f32 = 2.0;

/// How an AI drives. Defaults suit both shipped sim cars and the arcade cars on the
/// circuit; a driver that cuts corners wants a longer look-ahead, one that weaves a
/// shorter one; one that runs wide wants a lower `speed_scale`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct AiSettings {
    /// Look-ahead at standstill, m.
    pub lookahead_m: f32,
    /// Look-ahead added per m/s of speed, s.
    pub lookahead_s: f32,
    /// The speed profile is read this far ahead (in seconds at the current speed), so
    /// the controller starts braking before the profile does.
    pub speed_preview_s: f32,
    /// Fraction of the profile's speed aimed for (the profile is the friction limit the
    /// car measurably holds: 1 drives at it).
    pub speed_scale: f32,
    /// The speed loop's proportional gain, pedal per m/s of speed under (or over) the
    /// target: the profile is the car's limit, so the pedals should be at their stops
    /// within a few tenths of a m/s of it (at 0.6 the car trailed the profile out of every
    /// corner by the 1–2 m/s the loop needed for full throttle).
    pub speed_gain: f32,
    /// Yaw rate over the steered arc's (κ·v) beyond which the driver lifts off.
    pub oversteer_ratio: f32,
    /// Wheel slip ratio beyond which the driver eases the brake or the throttle.
    pub slip_limit: f32,
    /// The rear axle's slip angle (its centre's velocity off the heading), degrees, from
    /// which a driver of a car driven at the rear eases the throttle, to none at
    /// [`AiSettings::sideslip_off_deg`]: power oversteer, the driven rear tires spending
    /// their friction circle on drive while the tail slides wide. Lower holds the car
    /// tighter out of a corner and accelerates it later. Measured at the rear axle, not
    /// the centre of mass: in a hairpin the centre of mass moves 10–15° off the heading
    /// with no tire sliding at all (the bicycle model's kinematic sideslip, atan(b·κ) for
    /// b from the rear axle), and a driver reading that as a slide crawled out of
    /// Norisring's hairpin at 6 m/s on an eighth of the throttle.
    pub sideslip_ease_deg: f32,
    /// The rear axle's slip angle at which that throttle is all gone, degrees.
    pub sideslip_off_deg: f32,
    /// Cross-track correction: steer atan(gain·offset / (v + 1)) back toward the line, m/s
    /// per m of offset.
    pub cross_track_gain: f32,
    /// Yaw damping: road-wheel angle per rad/s of yaw-rate error, s.
    pub yaw_feedback_s: f32,
    /// Where pure pursuit aims from: 0 along the body's heading, 1 along the velocity (the
    /// direction the car travels), between them in proportion. A car at its grip limit runs
    /// with its nose 3–5° into the corner (its body sideslip): aimed from the heading,
    /// the look-ahead point looks that much further round the corner than the path is
    /// going, so the driver straightens early and runs wide (the electric 1.1 m wide of the
    /// line at Montreal's turn 3 exit, its footprint past the border). All the way to the
    /// velocity spun the electric off at Montreal's hairpin (the steering then chases the
    /// slide it causes); see [`AiSettings::default`] for the figure chosen. Only for a car
    /// racing alone on its line (no racecraft offset or speed cap): in traffic the driver
    /// aims from its heading, as racecraft's offsets and gaps were tuned with (aimed from
    /// between them there, the aces passed a rookie on pole 2–3 times in three laps of the
    /// circuit instead of 6–7, `tests/sim/ai_racecraft.rs`).
    pub course_weight: f32,
    /// Where the driver holds itself off the line (none at the top difficulty; see
    /// [`super::AiDifficulty`]).
    pub wander: Wander,
}

impl Default for AiSettings {
    /// Tuned on Montreal's flying laps against the speed profile (examples/pace_probe.rs,
    /// PERFORMANCE.md): a short look-ahead with firmer yaw damping holds the line through
    /// the chicanes (3 m + 0.25 s with 0.5 s of yaw damping: pure pursuit steers for the
    /// line's curvature averaged over its look-ahead, so it straightens early and runs wide
    /// out of a corner by more the further it looks; at 5 m + 0.35 s and 0.4 s the sedan's
    /// footprint went 2.4 m past Montreal's border at turn 3's exit, now 0.7 m; shorter
    /// still, or a curvature feed-forward from the line, cost the arcade cars 0.6–1.7 % a lap);
    /// the profile read 0.1 s ahead (the pedals' and tires' response, no more) with a firm
    /// speed loop brakes where the profile brakes, not half a second
    /// early; and the ABS lets a wheel slip to 0.3, where the sim tire's force is near the
    /// friction circle (the PhysX tire saturates at three times its linear force, slip
    /// ≈ 0.3 for the sedan's front wheels; at 0.12 it braked on under 80 % of its grip).
    /// Pure pursuit aims from halfway between the heading and the velocity
    /// (`course_weight` 0.5; examples/pace_probe.rs, PERFORMANCE.md "Footprints inside the
    /// borders"): the lateral error rms on the real circuits fell from 0.18–0.34 m to
    /// 0.10–0.22 m and the electric's turn 3 exit from 1.1 m wide to 0.15 m inside the
    /// border; 0.75 put the sedan's Montreal lap 3.1 % over its profile, 1.0 spun the
    /// electric.
    fn default() -> Self {
        Self {
            lookahead_m: 3.0,
            lookahead_s: 0.25,
            speed_preview_s: 0.1,
            speed_scale: 1.0,
            speed_gain: 3.0,
            oversteer_ratio: 1.3,
            slip_limit: 0.3,
            sideslip_ease_deg: 5.0,
            sideslip_off_deg: 10.0,
            cross_track_gain: 0.0,
            yaw_feedback_s: 0.5,
            course_weight: 0.5,
            wander: Wander::default(),
        }
    }
}

/// What the driver's racecraft asks of it this tick, beside the line (see
/// [`super::Racecraft`]): where to drive across the track and how fast at most.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Plan {
    /// Drive this far left of the line (negative: right), m, on top of the wander.
    pub offset_m: f32,
    /// Never aim faster than this, m/s (following a car ahead).
    pub speed_cap_mps: f32,
    /// Read the speed profile this much further ahead, s: brake earlier (alongside another
    /// car on the outside of a corner).
    pub preview_extra_s: f32,
}

impl Default for Plan {
    /// On the line, no cap, the usual braking.
    fn default() -> Self {
        Self {
            offset_m: 0.0,
            speed_cap_mps: f32::INFINITY,
            preview_extra_s: 0.0,
        }
    }
}

/// Where a car was found on a line this tick by another (the race locates every car for
/// racecraft): [`AiDriver::control_located`] takes it in place of its own search when the
/// question was the same one (the same line, position and hint: the same answer).
#[derive(Debug, Clone, Copy)]
pub struct Located<'a> {
    /// The line searched.
    pub line: &'a Arc<DrivingLine>,
    /// The position located, world (x, z).
    pub p: Vec2,
    /// The hint the search started from.
    pub hint: Option<usize>,
    /// What it found.
    pub at: LinePosition,
}

/// An AI driving one car along a line.
#[derive(Debug, Clone)]
pub struct AiDriver {
    line: Arc<DrivingLine>,
    settings: AiSettings,
    ackermann: AckermannController,
    hint: Option<usize>,
    wheelbase_m: f32,
    /// The driver's ABS: the most brake pedal it gives now.
    brake_limit: f32,
    /// The driver's traction control: the most throttle it gives now.
    throttle_limit: f32,
    /// Where the rear axle is (z in the car's frame, m) when a wheel behind the centre of
    /// mass is driven (a sim car's drivetrain; an arcade car's thrust acts at its steered
    /// front wheels), so a sliding tail is the throttle's doing
    /// ([`AiSettings::sideslip_ease_deg`]); `None` when no rear wheel is driven.
    driven_rear_axle_z_m: Option<f32>,
    /// A gear change's clutch shock, which the traction control lets settle.
    shift_shock: ShiftShock,
}

impl AiDriver {
    /// A driver for `car` following `line`.
    pub fn new(line: Arc<DrivingLine>, car: &CarDef, settings: AiSettings) -> Self {
        Self {
            line,
            settings,
            ackermann: {
                let mut c = AckermannController::default();
                c.settings.speed_kp = settings.speed_gain;
                c
            },
            hint: None,
            wheelbase_m: car.wheelbase_m(),
            brake_limit: 1.0,
            throttle_limit: 1.0,
            driven_rear_axle_z_m: match &car.model {
                VehicleModel::Sim(p) if p.wheels.iter().any(|w| !w.front && w.drive_share > 0.0) => {
                    let rear: Vec<f32> = car.wheels.iter().filter(|w| !w.steered).map(|w| w.origin_m.z).collect();
                    Some(rear.iter().sum::<f32>() / rear.len().max(1) as f32)
                }
                _ => None,
            },
            shift_shock: ShiftShock::default(),
        }
    }

    /// The line it follows (shared: clone the `Arc`, never the line, in a tick).
    pub fn line(&self) -> &Arc<DrivingLine> {
        &self.line
    }

    /// How far off the line its wander takes the point it steers for, driving at
    /// `speed_mps` from `s_m` along the line, m (positive left): what racecraft allows for
    /// when it keeps the car clear of another (the wander where the car is now can differ
    /// from it by half a metre at speed, and a rookie holding its place beside a car
    /// steered into it).
    pub fn steered_wander_m(&self, s_m: f32, speed_mps: f32) -> f32 {
        self.settings.wander.offset_m(s_m + self.lookahead_m(speed_mps))
    }

    /// How far ahead along the line it steers for at `speed_mps`, m.
    fn lookahead_m(&self, speed_mps: f32) -> f32 {
        self.settings.lookahead_m + self.settings.lookahead_s * speed_mps.max(0.0)
    }

    /// The controls for this tick of a car whose chassis is `body` and whose latest
    /// telemetry is `telemetry`.
    pub fn control(&mut self, car: &CarDef, body: &RigidBody, telemetry: &Telemetry, dt_s: f32) -> VehicleControl {
        self.control_capped(car, body, telemetry, dt_s, f32::INFINITY)
    }

    /// [`AiDriver::control`] never aiming faster than `speed_cap_mps` (to follow a car
    /// ahead instead of running into it).
    pub fn control_capped(
        &mut self,
        car: &CarDef,
        body: &RigidBody,
        telemetry: &Telemetry,
        dt_s: f32,
        speed_cap_mps: f32,
    ) -> VehicleControl {
        let plan = Plan {
            speed_cap_mps,
            ..Plan::default()
        };
        self.control_planned(car, body, telemetry, dt_s, &plan)
    }

    /// [`AiDriver::control`] carrying out the racecraft's `plan`: off the line by its
    /// offset, under its speed cap, braking as much earlier as it asks.
    pub fn control_planned(
        &mut self,
        car: &CarDef,
        body: &RigidBody,
        telemetry: &Telemetry,
        dt_s: f32,
        plan: &Plan,
    ) -> VehicleControl {
        self.control_located(car, body, telemetry, dt_s, plan, None)
    }

    /// [`AiDriver::control_planned`], taking the car's place on the line from `located`
    /// when that search was the one it would make (its line, the car's position to the
    /// bit, its hint): [`DrivingLine::locate`] answers the same question the same way.
    pub fn control_located(
        &mut self,
        car: &CarDef,
        body: &RigidBody,
        telemetry: &Telemetry,
        dt_s: f32,
        plan: &Plan,
        located: Option<Located<'_>>,
    ) -> VehicleControl {
        let speed_cap_mps = plan.speed_cap_mps;
        let p3 = body.translation();
        let forward3 = *body.rotation() * Vec3::Z;
        let pos = Vec2::new(p3.x, p3.z);
        let heading = Vec2::new(forward3.x, forward3.z).normalize_or(Vec2::Y);
        let speed = body.linvel().dot(forward3);
        let same_search = |k: &Located<'_>| {
            Arc::ptr_eq(k.line, &self.line)
                && k.hint == self.hint
                && k.p.x.to_bits() == pos.x.to_bits()
                && k.p.y.to_bits() == pos.y.to_bits()
        };
        let here = match located {
            Some(k) if same_search(&k) => k.at,
            _ => self.line.locate(pos, self.hint),
        };
        self.hint = Some(here.index);

        // Pure pursuit: the arc through the look-ahead point tangent to the aim has
        // curvature 2·sin(α)/L_d; the bicycle's front angle for it is atan(L·κ).
        let lookahead = self.lookahead_m(speed);
        let target = self.line.point_at(here.s_m + lookahead)
            + self.line.left_at(here.s_m + lookahead)
                * (self.settings.wander.offset_m(here.s_m + lookahead) + plan.offset_m);
        let to_target = target - pos;
        let distance = to_target.length().max(1e-3);
        // Angle of the target left of the direction aimed from (world x is left of +z):
        // the heading turned toward the velocity by `course_weight` (the heading alone
        // when the car barely moves forward, its velocity's direction then meaningless, and
        // in traffic: see `course_weight`).
        let velocity = Vec2::new(body.linvel().x, body.linvel().z);
        let racing_alone = plan.offset_m == 0.0 && !speed_cap_mps.is_finite();
        let aim = if speed > MIN_COURSE_SPEED_MPS && racing_alone {
            heading
                .lerp(velocity.normalize(), self.settings.course_weight)
                .normalize_or(heading)
        } else {
            heading
        };
        let alpha = aim.perp_dot(to_target).atan2(aim.dot(to_target));
        let left = -alpha;
        let curvature = 2.0 * left.sin() / distance;
        // Plus a cross-track term (Stanley): tires need slip angles, so pure pursuit alone
        // settles a little outside a long corner; this pulls the car back onto the line.
        let off_wanted = here.offset_m - self.settings.wander.offset_m(here.s_m) - plan.offset_m;
        let cross_track = (-self.settings.cross_track_gain * off_wanted / (speed.abs() + 1.0)).atan();
        // Yaw damping: steer against the difference between the yaw rate the arc asks
        // (κ·v) and the car's, so a car that starts to swing in a quick change of direction
        // is caught before it weaves.
        let yaw_error = curvature * speed - body.angvel().y;
        let delta = (self.wheelbase_m * curvature).atan() + cross_track + self.settings.yaw_feedback_s * yaw_error;

        // Behind another car (a finite cap) the driver reads the profile further ahead, as it
        // did before it braked at the profile's own points: the car ahead brakes there, and
        // a follower braking as late closes its gap in every braking zone (a mixed field
        // with racecraft touched 9 times in 3 laps with the short preview, over its bound of 6).
        let following_s = if speed_cap_mps.is_finite() {
            FOLLOW_PREVIEW_S
        } else {
            0.0
        };
        let preview =
            here.s_m + speed.max(0.0) * (self.settings.speed_preview_s + following_s + plan.preview_extra_s.max(0.0));
        // Off the line the corner's radius differs: R − d on the inside. The friction-limited
        // cornering speed of a point mass, v = √(μ·g·R), scales by √(R'/R). An offset copy of
        // the racing line is not itself a racing line: on the outside of a late apex it
        // bends tighter than the line does, and driven at the line's speed it ran cars off
        // the track. So either side counts as the inside, four times over: √(1 − 4·|κ|·|d|).
        let radius_scale = if plan.offset_m == 0.0 {
            1.0
        } else {
            // The tighter of where the car is and where it previews: measured only ahead, a
            // car still mid-corner previewing the exit's straight was let run the line's
            // speed on its tighter offset path.
            let curvature_at = |s: f32| (self.line.turn_rad(s - 10.0, 20.0) / 20.0).abs();
            let curvature = curvature_at(here.s_m).max(curvature_at(preview));
            (1.0 - 4.0 * curvature * plan.offset_m.abs()).clamp(0.64, 1.0).sqrt()
        };
        let target_speed =
            (self.line.speed_at(here.s_m).min(self.line.speed_at(preview)) * self.settings.speed_scale * radius_scale)
                .min(speed_cap_mps.max(0.0));
        let mut c = self.ackermann.control(
            &AckermannControl {
                // Ackermann control steers positive to the right.
                steer: -delta,
                speed: target_speed,
                ..AckermannControl::default()
            },
            speed,
            car.max_steer_at_rad(speed),
            dt_s,
        );
        // Stability: yawing well away from what the arc it steers for asks (κ·v, signed)
        // means the rear is stepping out; lift off so the rear tires give their grip back
        // to cornering (a driven rear tire spends part of its friction circle on drive).
        let expected_yaw = curvature * speed;
        let excess = (body.angvel().y - expected_yaw).abs();
        if excess > (self.settings.oversteer_ratio - 1.0) * expected_yaw.abs() + 0.1 {
            c.throttle = 0.0;
        }
        // The driver's ABS and traction control: ease the pedal while a wheel slides
        // (a locked front wheel does not steer; a spinning rear one does not corner).
        // Each is a limit on the pedal that drops quickly while a wheel slides and recovers
        // slowly once it grips, so the pedal settles where the tires are at their peak.
        let slips = telemetry.wheels().iter().map(|w| w.slip_ratio);
        let (most_locked, most_spun) = slips.fold((0.0f32, 0.0f32), |(lo, hi), s| (lo.min(s), hi.max(s)));
        let adapt = |limit: &mut f32, sliding: bool| {
            *limit = if sliding {
                (*limit * 0.6).max(0.05)
            } else {
                (*limit + 2.0 * dt_s).min(1.0)
            };
        };
        self.shift_shock.follow(telemetry, most_spun);
        adapt(&mut self.brake_limit, most_locked < -self.settings.slip_limit);
        adapt(
            &mut self.throttle_limit,
            most_spun > self.settings.slip_limit && !self.shift_shock.settling(),
        );
        c.brake = c.brake.min(self.brake_limit);
        c.throttle = c.throttle.min(self.throttle_limit);
        // Power oversteer: the tail sliding out (the velocity well off the heading) on a
        // car driven at the rear. Ease the throttle with the slide, so the rear tires' friction
        // circle goes back to cornering (the PhysX tire's combined slip, `vehicle::tire`): at
        // full throttle the sedan ran 10° sideways out of Montreal's turn 3 and 1.4 m wide,
        // its footprint 0.67 m past the border.
        if let (Some(rear_z), true) = (self.driven_rear_axle_z_m, speed > 5.0) {
            let sideslip_deg = axle_slip_deg(body, heading, rear_z).abs();
            let (ease, off) = (self.settings.sideslip_ease_deg, self.settings.sideslip_off_deg);
            c.throttle *= ((off - sideslip_deg) / (off - ease).max(1e-3)).clamp(0.0, 1.0);
        }
        c
    }
}

/// The slip angle of the axle `axle_z_m` along the car (its frame's z), degrees, positive
/// with its centre's velocity left of `heading`: what a tire on it sees, where the centre of
/// mass's sideslip also holds the turn's geometry (bicycle model).
fn axle_slip_deg(body: &RigidBody, heading: Vec2, axle_z_m: f32) -> f32 {
    let at = body.translation() + *body.rotation() * Vec3::new(0.0, 0.0, axle_z_m);
    let v3 = body.velocity_at_point(at);
    let v = Vec2::new(v3.x, v3.z);
    heading.perp_dot(v).atan2(heading.dot(v)).to_degrees()
}

/// Engine speed over the driveline's below which the clutch counts as locked, rpm.
const CLUTCH_LOCKED_RPM: f32 = 50.0;

/// A gear change's clutch shock. As a sim car's new gear engages, the clutch dumps the
/// engine's spin (it runs on in neutral) into the driven wheels: 2 800 rpm of clutch slip
/// and a slip ratio of 0.7 out of Norisring's hairpins in the sedan, settling by itself
/// within a tenth of a second as the tires grip. The pedal did not spin those wheels, so
/// the driver's traction control does not cut it for them: it did, to a twentieth, and
/// took half a second to give the throttle back at every upshift (the sedan's Norisring lap
/// 2.8 % slower than its speed profile, which knows no shifts, before; see PERFORMANCE.md).
/// The shock lasts from the engagement while the clutch still slips or the wheels' slip
/// still falls; a slip that grows once the clutch holds is the pedal's again.
#[derive(Clone, Copy, Debug, Default)]
struct ShiftShock {
    /// The gear engaged at the last tick (0 while shifting); `None` before the first, so
    /// a car's first gear at the start is no shift.
    last_gear: Option<i8>,
    /// The most spun wheel's slip ratio at the last tick.
    last_spun: f32,
    settling: bool,
}

impl ShiftShock {
    /// Follows the car's `telemetry` and its most spun wheel's slip ratio this tick.
    fn follow(&mut self, telemetry: &Telemetry, most_spun: f32) {
        let engaged = self.last_gear == Some(0) && telemetry.gear > 0;
        let clutch_slips = telemetry.clutch_slip_rpm.abs() > CLUTCH_LOCKED_RPM;
        self.settling = engaged || (self.settling && (clutch_slips || most_spun < self.last_spun));
        self.last_gear = Some(telemetry.gear);
        self.last_spun = most_spun;
    }

    /// Whether the driven wheels' slip is still the shock's.
    fn settling(&self) -> bool {
        self.settling
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rapier3d::prelude::RigidBodyBuilder;

    #[test]
    fn a_rear_axle_rolling_round_a_hairpin_does_not_slip_where_a_sliding_tail_does() {
        // Heading +z, turning at 1 rad/s at 6 m/s, the rear axle 1.35 m behind the centre
        // of mass (the sedan's). Rolling: the axle moves along the heading, so the centre
        // of mass moves atan(1.35/6) = 12.7° off it (kinematic sideslip, no tire sliding).
        let body = |v: Vec3| RigidBodyBuilder::dynamic().linvel(v).angvel(Vec3::Y).build();
        let kinematic = (1.35f32 / 6.0).atan().to_degrees();
        let rolling = body(Vec3::new(1.35, 0.0, 6.0));
        let com = Vec2::new(rolling.linvel().x, rolling.linvel().z);
        assert!((Vec2::Y.perp_dot(com).atan2(com.y).to_degrees().abs() - kinematic).abs() < 1e-3);
        assert!(axle_slip_deg(&rolling, Vec2::Y, -1.35).abs() < 1e-3);
        // The centre of mass straight ahead while the car yaws: the tail is sliding out.
        let sliding = body(Vec3::new(0.0, 0.0, 6.0));
        assert!((axle_slip_deg(&sliding, Vec2::Y, -1.35).abs() - kinematic).abs() < 1e-3);
    }

    #[test]
    fn a_shifts_clutch_shock_settles_without_the_traction_control_and_a_spin_after_it_does_not() {
        let tick = |gear: i8, clutch_slip_rpm: f32| Telemetry {
            gear,
            clutch_slip_rpm,
            ..Telemetry::default()
        };
        let mut shock = ShiftShock::default();
        // Second gear at the start is no shift; then neutral while shifting.
        shock.follow(&tick(2, 0.0), 0.05);
        assert!(!shock.settling());
        shock.follow(&tick(0, 0.0), 0.05);
        assert!(!shock.settling());
        // Third engages: 2 800 rpm of clutch slip and the wheels spun to 0.7 by it.
        shock.follow(&tick(3, 2800.0), 0.7);
        assert!(shock.settling(), "the engagement");
        // The clutch still slipping holds the exemption even as the spin levels off.
        shock.follow(&tick(3, 900.0), 0.7);
        assert!(shock.settling(), "the clutch still slips");
        // Locked, while the spin falls, still the shock's.
        shock.follow(&tick(3, 0.0), 0.4);
        assert!(shock.settling(), "the spin falling");
        // Locked and the spin growing again: the pedal's, the traction control's to cut.
        shock.follow(&tick(3, 0.0), 0.45);
        assert!(!shock.settling(), "a spin that grows once the clutch holds");
        shock.follow(&tick(3, 0.0), 0.3);
        assert!(!shock.settling(), "ended until the next engagement");
    }
}
