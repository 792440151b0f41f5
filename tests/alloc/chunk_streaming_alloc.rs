//! Chunks streaming in and out of a drawn level allocate nothing on the game loop's thread
//! (issue 21 item 3, the window path): the circuit played as play plays it — chunks decoded
//! on the loader's worker (`ThreadedChunks`), the renderer sized for the level at load
//! (`Renderer::reserve_chunks`) — with the player's car teleported from one end of the
//! level to the other, so every stop brings a fresh set of chunks in and sends the last
//! one out. After one round to warm up, a second round of the same stops is counted:
//! the world's streaming (the loader's side on this thread included), the renderer's
//! uploads and frees, and the frame drawn over them.
//!
//! Before, each chunk entering cost the renderer a map node, its interleaved vertices and
//! two index vectors (0.02–0.19 allocations a tick in `profile`'s streaming phase), and
//! the loader a set and a map node and a channel block. If this fails,
//! `skidpad profile --platform xbox --level circuit` names the phase.

use crate::common;

use glam::{IVec2, Quat, Vec3};
use skidpad::alloc_count::thread_allocations;
use skidpad::app::{Session, Setup, ThreadedChunks};
use skidpad::content::{ContentRoot, PlatformProfile};
use skidpad::render::{Camera, Renderer};
use skidpad::sim::ChunkEvent;

const W: u32 = 160;
const H: u32 = 120;

/// Allocations on this thread in each part of one round of stops, and the chunk events it
/// applied.
#[derive(Debug, Default, PartialEq)]
struct Round {
    streaming: u64,
    uploads: u64,
    drawing: u64,
    events: usize,
    /// Allocations on the loader's worker: decoding what streams in.
    loader: u64,
}

/// The loader's allocations per chunk event at most. It decodes each chunk into buffers of
/// its own, a few dozen (about 11 an event, 270 for the counted round's 24 events on the
/// circuit, 2026-11-28); about three times that, so a decoder that starts allocating per
/// triangle or per vertex (thousands a chunk) fails while the buffers' count may move.
const LOADER_ALLOCATIONS_PER_EVENT: u64 = 32;

/// Teleports the player to each of `stops` in turn (high in the air: no contact forms),
/// applies the chunk events to `renderer` and draws a frame there.
fn round(session: &mut Session, renderer: &mut Renderer, events: &mut Vec<ChunkEvent>, stops: &[Vec3]) -> Round {
    let mut r = Round::default();
    let workers = crate::WorkerCount::start();
    for &stop in stops {
        let before = thread_allocations();
        session.world_mut_for_tools().teleport_player(stop, Quat::IDENTITY);
        session.drain_chunk_events(events);
        let streamed = thread_allocations();
        renderer.apply_chunk_events(events);
        let uploaded = thread_allocations();
        r.events += events.len();
        events.clear();
        let camera = Camera::looking_at(stop + Vec3::new(0.0, 40.0, -60.0), stop);
        renderer.draw(&session.frame_view(1.0, &camera), W, H);
        let drawn = thread_allocations();
        r.streaming += streamed - before;
        r.uploads += uploaded - streamed;
        r.drawing += drawn - uploaded;
    }
    r.loader = workers.since();
    r
}

#[test]
fn chunks_entering_and_leaving_allocate_nothing_on_the_game_thread() {
    let _alone = crate::alone();
    let root = ContentRoot::Embedded;
    let xbox = PlatformProfile::load("xbox").expect("the xbox profile ships");
    let setup = Setup::load(&root, "circuit", "coupe", xbox).expect("the circuit ships");
    let level = &setup.level.level;
    // The level's extreme chunks, west, north, east and south: far enough apart that each
    // stop's chunks are all new.
    let coords = setup.level.chunks.coords();
    let centre = |c: &IVec2| {
        Vec3::new(
            (c.x as f32 + 0.5) * level.chunk_size_m,
            30.0,
            (c.y as f32 + 0.5) * level.chunk_size_m,
        )
    };
    let pick = |key: fn(&IVec2) -> i32| {
        let min = coords.iter().min_by_key(|c| key(c)).expect("chunks");
        let max = coords.iter().max_by_key(|c| key(c)).expect("chunks");
        (centre(min), centre(max))
    };
    let ((west, east), (north, south)) = (pick(|c| c.x), pick(|c| c.y));
    let stops = [west, north, east, south];

    common::gl::on_each_api(|api| {
        let _platform = common::gl::open_offscreen(api, W, H);
        let mut renderer = Renderer::new(1024, 256).expect("a renderer");
        let loader = ThreadedChunks::new(setup.level.chunks.clone()).expect("a loader thread");
        let mut session = Session::with_provider(&setup, Box::new(loader));
        renderer.reserve_chunks(session.world().chunk_mesh_sizes());
        let mut events = Vec::with_capacity(64);

        let warm_up = round(&mut session, &mut renderer, &mut events, &stops);
        let counted = round(&mut session, &mut renderer, &mut events, &stops);
        eprintln!("warm-up {warm_up:?}\ncounted {counted:?}");
        assert!(counted.events >= 2 * stops.len(), "every stop streams: {counted:?}");
        assert_eq!(
            (counted.streaming, counted.uploads, counted.drawing),
            (0, 0, 0),
            "allocations streaming, uploading and drawing: {counted:?}"
        );
        // The loader's worker decodes each chunk into fresh buffers (they move to the
        // game thread, which keeps them): it allocates, but a bounded amount a chunk.
        assert!(
            counted.loader <= LOADER_ALLOCATIONS_PER_EVENT * counted.events as u64,
            "the chunk loader allocated {} times for {} chunk events: {counted:?}",
            counted.loader,
            counted.events
        );
    });
}
