//! The queue of heavy work (the computer's moves, hints, analyses, replays, record imports): a fixed number of
//! worker threads, each taking the next job of the next server in turn, so that one server's flood waits behind
//! its own jobs and never in front of another server's (and within a server, the next member's in turn, so one
//! member's flood waits behind their own jobs too); one server runs at most all the workers but one at once
//! (so a server's long jobs always leave a worker to the others); at most so many jobs waiting in all, per member
//! and per server, beyond which a job is refused at once ("busy, try again in a minute") rather than queued without
//! end. It runs closures and knows nothing of what they do or of any front end.

use std::collections::{HashMap, VecDeque};
use std::sync::{Arc, Condvar, Mutex};

/// How much a queue takes on: worker threads, jobs waiting in all, and jobs waiting or running per member and per
/// server (the configuration's `[limits]` say them for each queue).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Shares {
    pub workers: usize,
    pub queue: usize,
    pub per_user: usize,
    pub per_server: usize,
}

/// A job, and what it has to say once its place in the queue is free again (its answer to whoever waits for it:
/// an answer that came before the place was freed would let the member's next job find the place still taken).
type Job = Box<dyn FnOnce() -> Done + Send>;
type Done = Box<dyn FnOnce() + Send>;

/// The queue's server for work asked outside any server (direct messages and group DMs): all of it shares one
/// server's share, so that channels made at will (or a member's other accounts) add no shares.
pub const OUTSIDE_SERVERS: u64 = u64::MAX;

/// The queue's server for work of `guild` (`private`: outside a server, where `guild` is the channel).
pub fn queue_server(guild: crate::store::record::GuildId, private: bool) -> u64 {
    if private { OUTSIDE_SERVERS } else { guild.get() }
}

/// Why a job was not queued.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Busy {
    /// The queue holds its most jobs.
    Full(usize),
    /// This member has their most jobs waiting or running.
    Member(usize),
    /// This server has its most jobs waiting or running.
    Server(usize),
}

impl Busy {
    /// The message for the member, with the limit's number.
    pub fn message(self) -> crate::i18n::Message {
        use crate::i18n::Message;
        match self {
            Busy::Full(max) => Message::new("busy-full").num("max", max as i64),
            Busy::Member(max) => Message::new("busy-member").num("max", max as i64),
            Busy::Server(max) => Message::new("busy-server").num("max", max as i64),
        }
    }
}

/// A server's jobs waiting: its members take turns (the bot's own work is one more member), each member's jobs
/// oldest first, so one member's flood waits behind their own jobs, not in front of another member's.
#[derive(Default)]
struct Line {
    turns: VecDeque<Option<u64>>,
    jobs: HashMap<Option<u64>, VecDeque<Job>>,
}

impl Line {
    fn push(&mut self, member: Option<u64>, job: Job) {
        let jobs = self.jobs.entry(member).or_default();
        if jobs.is_empty() {
            self.turns.push_back(member);
        }
        jobs.push_back(job);
    }

    /// The next member's oldest job; that member goes to the back of the line if more of theirs wait.
    fn pop(&mut self) -> Option<(Option<u64>, Job)> {
        let member = self.turns.pop_front()?;
        let jobs = self.jobs.get_mut(&member)?;
        let job = jobs.pop_front()?;
        if jobs.is_empty() {
            self.jobs.remove(&member);
        } else {
            self.turns.push_back(member);
        }
        Some((member, job))
    }

    fn is_empty(&self) -> bool {
        self.turns.is_empty()
    }
}

#[derive(Default)]
struct State {
    /// Jobs waiting, by server, each server's by member in turn.
    waiting: HashMap<u64, Line>,
    /// Servers with jobs waiting, in the order they take their turns.
    turns: VecDeque<u64>,
    queued: usize,
    /// Jobs waiting or running, by member and by server; jobs running, by server.
    by_member: HashMap<u64, usize>,
    by_server: HashMap<u64, usize>,
    running: HashMap<u64, usize>,
    stopped: bool,
}

struct Shared {
    state: Mutex<State>,
    ready: Condvar,
    queue: usize,
    per_member: usize,
    per_server: usize,
    /// Jobs one server may run at once.
    per_server_running: usize,
    /// The queue's name, as the metrics call it.
    name: &'static str,
}

impl Shared {
    fn lock(&self) -> std::sync::MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }
}

/// The heavy-work queue and its workers (which stop when the queue is dropped, after their current job).
pub struct WorkQueue {
    shared: Arc<Shared>,
}

impl WorkQueue {
    /// `limits.workers` threads, `limits.queue` jobs waiting at most, `limits.per_user` and `limits.per_server`
    /// waiting or running per member and per server; its threads run nicer than the rest of the process.
    pub fn new(name: &'static str, limits: &Shares) -> WorkQueue {
        WorkQueue::start(name, limits, true)
    }

    /// As [`WorkQueue::new`], its threads at the process's own priority: for work someone is looking at the page
    /// for (a board's picture), which must not wait behind the answers it competes with.
    pub fn at_once(name: &'static str, limits: &Shares) -> WorkQueue {
        WorkQueue::start(name, limits, false)
    }

    fn start(name: &'static str, limits: &Shares, nicer: bool) -> WorkQueue {
        let shared = Arc::new(Shared {
            state: Mutex::new(State::default()),
            ready: Condvar::new(),
            queue: limits.queue.max(1),
            per_member: limits.per_user.max(1),
            per_server: limits.per_server.max(1),
            per_server_running: limits.workers.saturating_sub(1).max(1),
            name,
        });
        for n in 0..limits.workers.max(1) {
            let shared = shared.clone();
            let spawned = std::thread::Builder::new().name(format!("tablero-heavy-{n}")).spawn(move || {
                if nicer {
                    lower_priority();
                }
                work(&shared)
            });
            if let Err(e) = spawned {
                tracing::error!(error = %e, "a heavy-work thread could not start");
            }
        }
        WorkQueue { shared }
    }

    /// Queues `job` for `server` on behalf of `member` (`None`: the bot's own work, such as the computer's
    /// move, which counts for the server only), or says why not.
    pub fn submit(&self, server: u64, member: Option<u64>, job: impl FnOnce() + Send + 'static) -> Result<(), Busy> {
        self.submit_then(server, member, move || {
            job();
            Box::new(|| {})
        })
    }

    /// As [`WorkQueue::submit`], with what the job has to say said only after its place is free.
    fn submit_then(
        &self,
        server: u64,
        member: Option<u64>,
        job: impl FnOnce() -> Done + Send + 'static,
    ) -> Result<(), Busy> {
        let mut state = self.shared.lock();
        let refused = |busy: Busy| {
            crate::metrics::refused(match busy {
                Busy::Full(_) => "queue-full",
                Busy::Member(_) => "member-share",
                Busy::Server(_) => "server-share",
            });
            Err(busy)
        };
        if state.queued >= self.shared.queue {
            return refused(Busy::Full(self.shared.queue));
        }
        if let Some(m) = member
            && state.by_member.get(&m).copied().unwrap_or(0) >= self.shared.per_member
        {
            return refused(Busy::Member(self.shared.per_member));
        }
        if state.by_server.get(&server).copied().unwrap_or(0) >= self.shared.per_server {
            return refused(Busy::Server(self.shared.per_server));
        }
        if let Some(m) = member {
            *state.by_member.entry(m).or_default() += 1;
        }
        *state.by_server.entry(server).or_default() += 1;
        let line = state.waiting.entry(server).or_default();
        let first = line.is_empty();
        let (queued, name) = (std::time::Instant::now(), self.shared.name);
        line.push(
            member,
            Box::new(move || {
                crate::metrics::queue_wait(name, queued.elapsed());
                job()
            }),
        );
        if first {
            state.turns.push_back(server);
        }
        state.queued += 1;
        crate::metrics::queue_depth(name, state.queued);
        drop(state);
        self.shared.ready.notify_one();
        Ok(())
    }

    /// Runs `job` on the queue and waits for its result without blocking the async runtime. `None` when the
    /// job could not finish (it panicked).
    pub async fn run<T: Send + 'static>(
        &self,
        server: u64,
        member: Option<u64>,
        job: impl FnOnce() -> T + Send + 'static,
    ) -> Result<Option<T>, Busy> {
        let (send, receive) = tokio::sync::oneshot::channel();
        self.submit_then(server, member, move || {
            let out = job();
            Box::new(move || {
                let _ = send.send(out);
            })
        })?;
        Ok(receive.await.ok())
    }
}

impl Drop for WorkQueue {
    fn drop(&mut self) {
        self.shared.lock().stopped = true;
        self.shared.ready.notify_all();
    }
}

/// A worker: the next server's next member's oldest job, then that server goes to the back of the line.
/// How much nicer than the rest of the process a worker thread is: heavy work (searches, drawings) takes the CPU
/// that answers to commands and pages leave, never the other way round.
const NICER: libc::c_int = 10;

/// Lowers the calling thread's CPU priority by [`NICER`] (Linux schedules each thread by its own nice value);
/// raising it needs no privilege, and where it fails the thread runs as before.
fn lower_priority() {
    #[cfg(target_os = "linux")]
    // SAFETY: gettid has no preconditions; setpriority on this thread's id changes only its own nice value.
    unsafe {
        let thread = libc::gettid() as libc::id_t;
        let now = libc::getpriority(libc::PRIO_PROCESS, thread);
        if libc::setpriority(libc::PRIO_PROCESS, thread, (now + NICER).min(19)) != 0 {
            tracing::debug!("a heavy-work thread keeps its priority");
        }
    }
}

fn work(shared: &Shared) {
    loop {
        let (server, member, job) = {
            let mut state = shared.lock();
            loop {
                if state.stopped {
                    return;
                }
                // The first server in line that may run one more job; the ones passed over keep their places.
                let eligible = state
                    .turns
                    .iter()
                    .position(|s| state.running.get(s).copied().unwrap_or(0) < shared.per_server_running);
                if let Some(server) = eligible.and_then(|at| state.turns.remove(at)) {
                    let line = state.waiting.get_mut(&server);
                    let Some((member, job)) = line.and_then(Line::pop) else { continue };
                    if state.waiting.get(&server).is_some_and(|q| !q.is_empty()) {
                        state.turns.push_back(server);
                    } else {
                        state.waiting.remove(&server);
                    }
                    state.queued -= 1;
                    crate::metrics::queue_depth(shared.name, state.queued);
                    *state.running.entry(server).or_default() += 1;
                    break (server, member, job);
                }
                state = shared.ready.wait(state).unwrap_or_else(|e| e.into_inner());
            }
        };
        let done = std::panic::catch_unwind(std::panic::AssertUnwindSafe(job));
        if done.is_err() {
            tracing::error!(server, "a heavy job failed");
        }
        let mut state = shared.lock();
        if let Some(m) = member {
            release(&mut state.by_member, m);
        }
        release(&mut state.by_server, server);
        release(&mut state.running, server);
        drop(state);
        // The server may run another job now: a worker waiting for one may take it.
        shared.ready.notify_all();
        // Only now is the job's answer given: whoever hears it finds the job's place free.
        if let Ok(done) = done {
            done();
        }
    }
}

fn release(counts: &mut HashMap<u64, usize>, key: u64) {
    if let Some(n) = counts.get_mut(&key) {
        *n -= 1;
        if *n == 0 {
            counts.remove(&key);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::record::GuildId;
    use std::sync::mpsc;
    use std::time::Duration;

    fn queue(workers: usize, queue: usize, per_user: usize, per_server: usize) -> WorkQueue {
        WorkQueue::new("test", &Shares { workers, queue, per_user, per_server })
    }

    #[cfg(target_os = "linux")]
    #[test]
    fn heavy_work_runs_nicer_than_the_thread_that_asked_and_pictures_do_not() {
        let nice = || unsafe { libc::getpriority(libc::PRIO_PROCESS, libc::gettid() as libc::id_t) };
        let asked = nice();
        let work = queue(1, 10, 10, 10);
        let (tx, rx) = mpsc::channel();
        work.submit(1, Some(1), move || tx.send(nice()).unwrap()).unwrap();
        let worker = rx.recv_timeout(Duration::from_secs(10)).expect("the job ran");
        assert_eq!(worker, (asked + NICER).min(19), "the worker's nice value against the asker's {asked}");
        let at_once = WorkQueue::at_once("test", &Shares { workers: 1, queue: 10, per_user: 10, per_server: 10 });
        let (tx, rx) = mpsc::channel();
        at_once.submit(1, Some(1), move || tx.send(nice()).unwrap()).unwrap();
        assert_eq!(rx.recv_timeout(Duration::from_secs(10)).expect("the job ran"), asked, "a picture's worker");
    }

    #[test]
    fn servers_take_turns_so_a_flood_does_not_delay_another_server() {
        let work = queue(1, 100, 100, 100);
        let (gate_send, gate) = mpsc::channel::<()>();
        let gate = Arc::new(Mutex::new(gate));
        let (done_send, done) = mpsc::channel();
        // The worker is held by server 1's first job while server 1 queues nine more and server 2 one.
        let held = gate.clone();
        let first = done_send.clone();
        work.submit(1, None, move || {
            let _ = held.lock().unwrap().recv_timeout(Duration::from_secs(10));
            first.send((1, 0)).unwrap();
        })
        .unwrap();
        for k in 1..10 {
            let done = done_send.clone();
            work.submit(1, None, move || done.send((1, k)).unwrap()).unwrap();
        }
        let done2 = done_send.clone();
        work.submit(2, None, move || done2.send((2, 0)).unwrap()).unwrap();
        gate_send.send(()).unwrap();
        let order: Vec<(u64, i32)> = (0..11).map(|_| done.recv_timeout(Duration::from_secs(10)).unwrap()).collect();
        let second_server = order.iter().position(|&(s, _)| s == 2).unwrap();
        assert!(second_server <= 2, "server 2's job ran at {second_server}: {order:?}");
        let first_server: Vec<i32> = order.iter().filter(|o| o.0 == 1).map(|o| o.1).collect();
        assert_eq!(first_server, (0..10).collect::<Vec<_>>(), "a server's own jobs keep their order");
    }

    #[test]
    fn a_server_never_holds_every_worker() {
        let work = queue(2, 100, 100, 100);
        let (gate_send, gate) = mpsc::channel::<()>();
        let gate = Arc::new(Mutex::new(gate));
        let (done_send, done) = mpsc::channel();
        // Server 1 queues three long jobs: one runs, the others wait for it, and the second worker stays free.
        for k in 0..3 {
            let (gate, done) = (gate.clone(), done_send.clone());
            work.submit(1, None, move || {
                let _ = gate.lock().unwrap().recv_timeout(Duration::from_secs(10));
                done.send((1, k)).unwrap();
            })
            .unwrap();
        }
        let d = done_send.clone();
        work.submit(2, None, move || d.send((2, 0)).unwrap()).unwrap();
        assert_eq!(done.recv_timeout(Duration::from_secs(10)).unwrap(), (2, 0), "server 2 runs at once");
        for _ in 0..3 {
            gate_send.send(()).unwrap();
        }
        let rest: Vec<_> = (0..3).map(|_| done.recv_timeout(Duration::from_secs(10)).unwrap()).collect();
        assert_eq!(rest, [(1, 0), (1, 1), (1, 2)]);
    }

    #[test]
    fn within_a_server_members_take_turns() {
        // One worker, held by a first job; member 1 queues three jobs, then member 2 one: member 2's runs second.
        let work = queue(1, 10, 5, 10);
        let (gate_send, gate) = mpsc::channel::<()>();
        let (done_send, done) = mpsc::channel();
        let (started_send, started) = mpsc::channel();
        work.submit(7, Some(1), move || {
            started_send.send(()).unwrap();
            let _ = gate.recv_timeout(Duration::from_secs(10));
        })
        .unwrap();
        started.recv_timeout(Duration::from_secs(10)).unwrap();
        for k in 0..3 {
            let d = done_send.clone();
            work.submit(7, Some(1), move || d.send((1, k)).unwrap()).unwrap();
        }
        let d = done_send.clone();
        work.submit(7, Some(2), move || d.send((2, 0)).unwrap()).unwrap();
        gate_send.send(()).unwrap();
        let order: Vec<_> = (0..4).map(|_| done.recv_timeout(Duration::from_secs(10)).unwrap()).collect();
        assert_eq!(order, [(1, 0), (2, 0), (1, 1), (1, 2)]);
    }

    #[test]
    fn work_outside_servers_shares_one_servers_share() {
        // One worker held; a server's share is two jobs: three direct-message channels of one person's accounts
        // take two places in all, not two each.
        let work = queue(1, 10, 1, 2);
        let (gate_send, gate) = mpsc::channel::<()>();
        work.submit(queue_server(GuildId(500), true), Some(1), move || {
            let _ = gate.recv_timeout(Duration::from_secs(10));
        })
        .unwrap();
        work.submit(queue_server(GuildId(501), true), Some(2), || {}).unwrap();
        assert_eq!(work.submit(queue_server(GuildId(502), true), Some(3), || {}), Err(Busy::Server(2)));
        assert!(
            work.submit(queue_server(GuildId(502), false), Some(3), || {}).is_ok(),
            "a server of that id has its own"
        );
        gate_send.send(()).unwrap();
    }

    #[test]
    fn members_servers_and_the_queue_have_caps_and_a_finished_job_frees_its_place() {
        let work = queue(1, 3, 1, 2);
        let (gate_send, gate) = mpsc::channel::<()>();
        let (done_send, done) = mpsc::channel();
        let (started_send, started) = mpsc::channel();
        let d = done_send.clone();
        work.submit(1, Some(10), move || {
            started_send.send(()).unwrap();
            let _ = gate.recv_timeout(Duration::from_secs(10));
            d.send(()).unwrap();
        })
        .unwrap();
        started.recv_timeout(Duration::from_secs(10)).unwrap();
        assert_eq!(work.submit(1, Some(10), || {}), Err(Busy::Member(1)));
        work.submit(1, Some(11), || {}).unwrap();
        assert_eq!(work.submit(1, Some(12), || {}), Err(Busy::Server(2)));
        work.submit(2, None, || {}).unwrap();
        work.submit(3, None, || {}).unwrap();
        // Three waiting (the first runs): the queue is full for anyone.
        assert_eq!(work.submit(4, None, || {}), Err(Busy::Full(3)));
        gate_send.send(()).unwrap();
        done.recv_timeout(Duration::from_secs(10)).unwrap();
        let d = done_send.clone();
        let again = (0..1000).find_map(|_| {
            std::thread::sleep(Duration::from_millis(5));
            let d = d.clone();
            work.submit(1, Some(10), move || d.send(()).unwrap()).ok()
        });
        assert!(again.is_some(), "the member's place is free once their job is done");
        done.recv_timeout(Duration::from_secs(10)).unwrap();
    }

    #[test]
    fn whoever_hears_a_jobs_answer_finds_its_place_free() {
        // One job per member: the moment `run` answers, the member's next job must be taken.
        let work = queue(1, 3, 1, 3);
        let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap();
        runtime.block_on(async {
            for round in 0..200 {
                let answer = work.run(1, Some(10), move || round).await;
                assert_eq!(answer, Ok(Some(round)));
                assert_eq!(work.submit(1, Some(10), || {}), Ok(()), "round {round}: the place is free");
                // Its own place frees as it finishes; the next round waits for that.
                let _ = work.run(1, Some(99), || ()).await;
                let free = (0..1000).any(|_| {
                    std::thread::sleep(Duration::from_millis(1));
                    work.shared.lock().by_member.get(&10).copied().unwrap_or(0) == 0
                });
                assert!(free);
            }
        });
    }
}
