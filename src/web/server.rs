//! The HTTP server of every surface from outside (the pages, the interactions endpoint, the operator's routes),
//! with its own bounds since it shares the process with the bot: a request's headers must arrive within the
//! header timeout (counted from the connection's start), a connection with nothing read or written for the idle
//! timeout is closed (an idle keep-alive, a stream whose reader stopped reading), at most `connections` are open
//! (fewer when the process's open files are short: a reserve stays for Discord and the store), at most
//! `per_client` from one client (a trusted proxy counts in the total only: its clients are counted by the
//! gate); one more is answered 503 and closed at once. Every request then passes the [`Gate`] before the
//! router sees it: read in full, its client ([`super::gate::Client`]) and the address it came from ([`Peer`])
//! in its extensions.

use std::net::SocketAddr;
use std::pin::Pin;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::task::{Context, Poll};
use std::time::{Duration, Instant};

use axum::Router;
use hyper_util::rt::{TokioIo, TokioTimer};
use tokio::io::{AsyncRead, AsyncWrite, AsyncWriteExt, ReadBuf};
use tokio::net::{TcpListener, TcpStream};
use tower::ServiceExt;

use super::gate::{Bodies, Client, Gate};
use super::shares::Counts;

/// Open files kept for everything but the pages: the Discord gateway and REST, the store's files and
/// connections, the process's own.
pub const RESERVE_FILES: u64 = 512;

/// The address a connection came from, in every request's extensions.
#[derive(Debug, Clone, Copy)]
pub struct Peer(pub SocketAddr);

/// Raises the process's soft limit of open files to its hard limit; the soft limit then in force.
pub fn raise_open_files() -> Option<u64> {
    let mut limit = libc::rlimit { rlim_cur: 0, rlim_max: 0 };
    // SAFETY: getrlimit and setrlimit only read and write the struct given.
    unsafe {
        if libc::getrlimit(libc::RLIMIT_NOFILE, &mut limit) != 0 {
            return None;
        }
        if limit.rlim_cur < limit.rlim_max {
            let raised = libc::rlimit { rlim_cur: limit.rlim_max, rlim_max: limit.rlim_max };
            if libc::setrlimit(libc::RLIMIT_NOFILE, &raised) == 0 {
                limit = raised;
            }
        }
    }
    Some(limit.rlim_cur)
}

/// The connections the pages may hold: the configured cap, within the open files left after the reserve.
pub fn connection_cap(configured: usize, open_files: Option<u64>) -> usize {
    match open_files {
        Some(files) => configured.min(files.saturating_sub(RESERVE_FILES).max(16) as usize),
        None => configured,
    }
}

/// A socket that notes when it last read or wrote something.
struct Watched {
    io: TcpStream,
    start: Instant,
    last: Arc<AtomicU64>,
}

impl Watched {
    fn touch(&self) {
        self.last.store(self.start.elapsed().as_millis() as u64, Ordering::Relaxed);
    }
}

impl AsyncRead for Watched {
    fn poll_read(mut self: Pin<&mut Self>, cx: &mut Context<'_>, buf: &mut ReadBuf<'_>) -> Poll<std::io::Result<()>> {
        let before = buf.filled().len();
        let polled = Pin::new(&mut self.io).poll_read(cx, buf);
        if matches!(polled, Poll::Ready(Ok(()))) && buf.filled().len() > before {
            self.touch();
        }
        polled
    }
}

impl AsyncWrite for Watched {
    fn poll_write(mut self: Pin<&mut Self>, cx: &mut Context<'_>, data: &[u8]) -> Poll<std::io::Result<usize>> {
        let polled = Pin::new(&mut self.io).poll_write(cx, data);
        if matches!(polled, Poll::Ready(Ok(n)) if n > 0) {
            self.touch();
        }
        polled
    }
    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<std::io::Result<()>> {
        Pin::new(&mut self.io).poll_flush(cx)
    }
    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<std::io::Result<()>> {
        Pin::new(&mut self.io).poll_shutdown(cx)
    }
}

/// The answer to a connection over a cap: written at once, then the socket closes.
const REFUSED: &[u8] = b"HTTP/1.1 503 Service Unavailable\r\nContent-Type: text/plain; charset=utf-8\r\n\
Retry-After: 10\r\nConnection: close\r\nContent-Length: 41\r\n\r\nToo many connections: try again shortly.\n";

/// Serves `app` on `listener` behind `gate` until the process ends.
pub async fn serve(listener: TcpListener, app: Router, gate: Gate) -> std::io::Result<()> {
    let open = Arc::new(Mutex::new(Counts::<Option<Client>>::default()));
    let bodies = Bodies::new(gate.bodies_bytes);
    let gate = Arc::new(gate);
    loop {
        let (stream, peer) = match listener.accept().await {
            Ok(accepted) => accepted,
            Err(e) => {
                // Out of files or memory for a moment: wait instead of spinning; the reserve keeps the bot going.
                tracing::warn!(error = %e, "the web pages cannot accept a connection");
                tokio::time::sleep(Duration::from_millis(100)).await;
                continue;
            }
        };
        // A trusted proxy's connections carry many clients: they count in the total only (key `None`).
        let key = (!gate.trusted.contains(&peer.ip())).then(|| Client::at(peer.ip()));
        let each = if key.is_some() { gate.per_client } else { gate.connections };
        let taken = open.lock().unwrap_or_else(|e| e.into_inner()).take(key, gate.connections, each);
        let Some(()) = taken else {
            crate::metrics::refused("gate-connections");
            tokio::spawn(async move {
                let mut stream = stream;
                let _ = tokio::time::timeout(Duration::from_secs(1), stream.write_all(REFUSED)).await;
            });
            continue;
        };
        let _ = stream.set_nodelay(true);
        let app = app.clone();
        let (open, gate, bodies) = (open.clone(), gate.clone(), bodies.clone());
        tokio::spawn(async move {
            connection(stream, peer, app, gate, bodies).await;
            open.lock().unwrap_or_else(|e| e.into_inner()).give(&key);
        });
    }
}

/// One request through the gate: read in full (or refused), then answered by `app` while its body's bytes
/// stay counted.
async fn through_gate(
    gate: &Gate,
    bodies: &Arc<Bodies>,
    peer: SocketAddr,
    app: Router,
    request: hyper::Request<hyper::body::Incoming>,
) -> Result<axum::response::Response, std::convert::Infallible> {
    let client = Client::of(peer.ip(), request.headers(), &gate.trusted);
    let mut read = match gate.read(bodies, client, request).await {
        Ok(read) => read,
        Err(refusal) => return Ok(refusal.answer(gate)),
    };
    read.request.extensions_mut().insert(Peer(peer));
    let answer = app.oneshot(read.request).await;
    drop(read.reserved);
    answer
}

async fn connection(stream: TcpStream, peer: SocketAddr, app: Router, gate: Arc<Gate>, bodies: Arc<Bodies>) {
    let last = Arc::new(AtomicU64::new(0));
    let start = Instant::now();
    let io = TokioIo::new(Watched { io: stream, start, last: last.clone() });
    let (header, idle) = (gate.header, gate.idle);
    let service = hyper::service::service_fn(move |request: hyper::Request<hyper::body::Incoming>| {
        let (gate, bodies, app) = (gate.clone(), bodies.clone(), app.clone());
        async move { through_gate(&gate, &bodies, peer, app, request).await }
    });
    let mut builder = hyper::server::conn::http1::Builder::new();
    builder.timer(TokioTimer::new()).header_read_timeout(header).max_buf_size(16 * 1024).keep_alive(true);
    let conn = builder.serve_connection(io, service);
    tokio::pin!(conn);
    loop {
        let idle_for = Duration::from_millis(start.elapsed().as_millis() as u64 - last.load(Ordering::Relaxed));
        let left = idle.saturating_sub(idle_for);
        if left.is_zero() {
            // Nothing moved for the idle timeout: a finished request ends, then the socket closes; a response
            // nobody reads is dropped after a moment.
            conn.as_mut().graceful_shutdown();
            let _ = tokio::time::timeout(Duration::from_secs(1), conn.as_mut()).await;
            return;
        }
        tokio::select! {
            _ = conn.as_mut() => return,
            _ = tokio::time::sleep(left) => {}
        }
    }
}
