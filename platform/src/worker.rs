//! A background worker thread: jobs in, results out, in order. The game's level streaming
//! decodes chunks on one, so a frame never waits on a disk or a decoder.

use std::sync::mpsc::{channel, sync_channel, Receiver, Sender, SyncSender};
use std::thread::JoinHandle;

/// Where jobs are queued: a channel that grows, or one whose room was set at the start.
enum Jobs<J> {
    Growing(Sender<J>),
    Bounded(SyncSender<J>),
}

/// One thread running `f` on each submitted job, in submission order.
pub struct Worker<J: Send + 'static, R: Send + 'static> {
    jobs: Option<Jobs<J>>,
    results: Receiver<R>,
    thread: Option<JoinHandle<()>>,
}

impl<J: Send + 'static, R: Send + 'static> Worker<J, R> {
    /// Starts the thread. Fails only when the OS refuses a thread.
    pub fn spawn(name: &str, mut f: impl FnMut(J) -> R + Send + 'static) -> std::io::Result<Self> {
        let (job_tx, job_rx) = channel::<J>();
        let (res_tx, res_rx) = channel::<R>();
        let thread = serve(name, job_rx, move |job| res_tx.send(f(job)).is_ok())?;
        Ok(Self {
            jobs: Some(Jobs::Growing(job_tx)),
            results: res_rx,
            thread: Some(thread),
        })
    }

    /// [`Worker::spawn`] with room for `capacity` jobs and as many results, allocated now:
    /// submitting and receiving then allocate nothing (an unbounded channel allocates a
    /// block every few dozen messages, on the submitting thread: the game loop's, for the
    /// chunk loader). More than `capacity` jobs queued and unread results make
    /// [`Worker::submit`] wait for room, so size it for the most ever outstanding.
    pub fn spawn_bounded(
        name: &str,
        capacity: usize,
        mut f: impl FnMut(J) -> R + Send + 'static,
    ) -> std::io::Result<Self> {
        let (job_tx, job_rx) = sync_channel::<J>(capacity);
        let (res_tx, res_rx) = sync_channel::<R>(capacity);
        let thread = serve(name, job_rx, move |job| res_tx.send(f(job)).is_ok())?;
        Ok(Self {
            jobs: Some(Jobs::Bounded(job_tx)),
            results: res_rx,
            thread: Some(thread),
        })
    }

    /// Queues a job. Returns false if the thread has died (its job panicked).
    pub fn submit(&self, job: J) -> bool {
        match &self.jobs {
            Some(Jobs::Growing(tx)) => tx.send(job).is_ok(),
            Some(Jobs::Bounded(tx)) => tx.send(job).is_ok(),
            None => false,
        }
    }

    /// A finished result, if one is waiting.
    pub fn try_recv(&self) -> Option<R> {
        self.results.try_recv().ok()
    }

    /// The next result, waiting for it; `None` if the thread has died.
    pub fn recv(&self) -> Option<R> {
        self.results.recv().ok()
    }

    /// Lets the thread go without waiting for it: its job runs to its end (or to where it
    /// stops itself) on its own, its result unread, while the caller moves on at once —
    /// for work the game cancelled (the window closed, the player backed out) whose job
    /// cannot stop mid-step. A job that never ends keeps its thread until the process
    /// exits.
    pub fn detach(mut self) {
        self.jobs.take();
        // Dropping the handle detaches the thread; `Drop` then finds none to join.
        self.thread.take();
    }
}

impl<J: Send + 'static, R: Send + 'static> Drop for Worker<J, R> {
    fn drop(&mut self) {
        // Closing the job channel ends the thread's loop.
        self.jobs.take();
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

/// The worker's thread: runs each job from `jobs` through `run_and_send` (which does the
/// job and sends its result) until the jobs' channel closes or a result finds no one to
/// take it.
fn serve<J: Send + 'static>(
    name: &str,
    jobs: Receiver<J>,
    mut run_and_send: impl FnMut(J) -> bool + Send + 'static,
) -> std::io::Result<JoinHandle<()>> {
    std::thread::Builder::new().name(name.to_string()).spawn(move || {
        while let Ok(job) = jobs.recv() {
            if !run_and_send(job) {
                break;
            }
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn results_come_back_in_order() {
        let w = Worker::spawn("test", |x: u32| x * 2).unwrap();
        for i in 0..100 {
            assert!(w.submit(i));
        }
        let got: Vec<u32> = (0..100).map(|_| w.recv().unwrap()).collect();
        assert_eq!(got, (0..100).map(|i| i * 2).collect::<Vec<_>>());
        assert_eq!(w.try_recv(), None);
    }

    #[test]
    fn a_bounded_worker_returns_results_in_order() {
        let w = Worker::spawn_bounded("test", 8, |x: u32| x + 1).unwrap();
        for round in 0..4 {
            for i in 0..8 {
                assert!(w.submit(round * 8 + i));
            }
            let got: Vec<u32> = (0..8).map(|_| w.recv().unwrap()).collect();
            assert_eq!(got, (1..=8).map(|i| round * 8 + i).collect::<Vec<_>>());
        }
    }

    #[test]
    fn a_detached_worker_does_not_wait_for_its_job() {
        // The job holds until the test lets it go: a join would never return.
        let (release_tx, release_rx) = channel::<()>();
        let (done_tx, done_rx) = channel::<()>();
        let w = Worker::spawn("test", move |(): ()| {
            let _ = release_rx.recv();
            let _ = done_tx.send(());
        })
        .unwrap();
        assert!(w.submit(()));
        w.detach();
        // Here only because detach returned with the job still held; now let it end.
        release_tx.send(()).unwrap();
        assert_eq!(done_rx.recv(), Ok(()), "the detached job ran to its end");
    }
}
