//! The one gate in front of every HTTP surface from outside: the pages (with sign-in and the Activity), the
//! interactions endpoint and the operator's routes are all served through it ([`super::server::serve`]), so a
//! route mounted on any of them gets all of this without remembering it:
//!
//! - who the client is ([`Client`]): the connection's address, or behind a trusted proxy the client it forwards
//!   (the proxy itself then counts in no per-address cap); an IPv6 client by its /64, which is what one
//!   subscriber is given;
//! - a request is read in full, within a size bound and a total deadline counted from its headers, before it
//!   takes any share or reaches a handler; the bytes being read and held count against the surface's budget and
//!   the client's share of it, so slow or large bodies from one client hold neither the others' pages nor the
//!   process's memory;
//! - every refusal says what was refused, closes the connection, and is counted in `/metrics`
//!   (`tablero_refused_total{cause="gate-…"}`).

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::body::Body;
use axum::http::{HeaderMap, HeaderValue, Request, StatusCode, header};
use axum::response::{IntoResponse, Response};
use futures_util::StreamExt;

/// What the gate lets through, for one surface.
#[derive(Debug, Clone)]
pub struct Gate {
    /// Seconds a connection has to send a request's headers (from its start).
    pub header: Duration,
    /// A connection with nothing read or written for this long is closed.
    pub idle: Duration,
    /// Connections at once, in all; from one client (a trusted proxy counts in none but the total).
    pub connections: usize,
    pub per_client: usize,
    /// The largest body a request may carry.
    pub body_bytes: usize,
    /// How long a request's body may take to arrive, in all, from the end of its headers.
    pub body_within: Duration,
    /// Bytes of bodies being read or handled at once, in all; one client may hold a sixteenth of it.
    pub bodies_bytes: usize,
    /// Proxies whose `X-Forwarded-For` names the client.
    pub trusted: Vec<IpAddr>,
}

/// A client as the gate counts it: the address its requests come from (behind a trusted proxy, the address the
/// proxy forwards), an IPv6 address as its /64 network.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Client(pub IpAddr);

impl Client {
    /// The client of a request that came from `peer`: its own address, or, when that is one of `trusted` proxies,
    /// the last address of `X-Forwarded-For` that is not a trusted proxy (what the proxy saw).
    pub fn of(peer: IpAddr, headers: &HeaderMap, trusted: &[IpAddr]) -> Client {
        if !trusted.contains(&peer) {
            return Client::at(peer);
        }
        let forwarded = headers.get_all("x-forwarded-for").iter().filter_map(|v| v.to_str().ok());
        let hops: Vec<IpAddr> = forwarded.flat_map(|v| v.split(',')).filter_map(|a| a.trim().parse().ok()).collect();
        Client::at(hops.into_iter().rev().find(|a| !trusted.contains(a)).unwrap_or(peer))
    }

    /// The client an address is: an IPv4 address itself, an IPv6 address its /64 (an IPv4 address written as
    /// IPv6 is that IPv4 address).
    pub fn at(address: IpAddr) -> Client {
        match address {
            IpAddr::V4(_) => Client(address),
            IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
                Some(v4) => Client(IpAddr::V4(v4)),
                None => {
                    let s = v6.segments();
                    Client(IpAddr::V6(std::net::Ipv6Addr::new(s[0], s[1], s[2], s[3], 0, 0, 0, 0)))
                }
            },
        }
    }

    /// The client of a request that passed the gate (a request made in a test without it: the loopback).
    pub fn of_request(extensions: &axum::http::Extensions) -> Client {
        extensions.get::<Client>().copied().unwrap_or(Client(IpAddr::from([127, 0, 0, 1])))
    }
}

/// Bytes of bodies held, in all and per client.
#[derive(Debug, Default)]
struct Held {
    total: usize,
    by: HashMap<Client, usize>,
}

/// The bodies a surface is reading or handling, in bytes.
#[derive(Debug)]
pub struct Bodies {
    total: usize,
    per_client: usize,
    held: Mutex<Held>,
}

/// Bytes of a body taken from the budget until dropped.
pub struct Reserved {
    bodies: Arc<Bodies>,
    client: Client,
    bytes: usize,
}

impl Drop for Reserved {
    fn drop(&mut self) {
        let mut held = self.bodies.held.lock().unwrap_or_else(|e| e.into_inner());
        held.total -= self.bytes;
        if let Some(mine) = held.by.get_mut(&self.client) {
            *mine -= self.bytes;
            if *mine == 0 {
                held.by.remove(&self.client);
            }
        }
    }
}

impl Bodies {
    pub fn new(total: usize) -> Arc<Bodies> {
        Arc::new(Bodies { total, per_client: (total / 16).max(1), held: Mutex::new(Held::default()) })
    }

    /// `bytes` more for `client`, unless the budget or the client's share of it would be passed.
    fn reserve(self: &Arc<Self>, client: Client, bytes: usize) -> Option<Reserved> {
        let mut held = self.held.lock().unwrap_or_else(|e| e.into_inner());
        let mine = held.by.get(&client).copied().unwrap_or(0);
        if bytes > 0 && (held.total + bytes > self.total || mine + bytes > self.per_client) {
            return None;
        }
        held.total += bytes;
        if bytes > 0 {
            held.by.insert(client, mine + bytes);
        }
        Some(Reserved { bodies: self.clone(), client, bytes })
    }

    /// Bytes held now, in all.
    pub fn held(&self) -> usize {
        self.held.lock().unwrap_or_else(|e| e.into_inner()).total
    }
}

/// Why the gate turned a request back.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Refusal {
    /// Its body is larger than the bound (said by its length, or found reading it).
    TooLarge,
    /// Its body did not arrive within the deadline.
    TooSlow,
    /// Its body broke off, or was not HTTP.
    Unreadable,
    /// The surface, or this client, holds as many bodies' bytes as it may.
    Busy,
}

impl Refusal {
    /// The metric's cause.
    pub fn cause(self) -> &'static str {
        match self {
            Refusal::TooLarge => "gate-body-too-large",
            Refusal::TooSlow => "gate-body-too-slow",
            Refusal::Unreadable => "gate-body-unreadable",
            Refusal::Busy => "gate-bodies-busy",
        }
    }

    /// The answer: what was refused, in plain words, and the connection closed.
    pub fn answer(self, gate: &Gate) -> Response {
        crate::metrics::refused(self.cause());
        let (status, text) = match self {
            Refusal::TooLarge => {
                (StatusCode::PAYLOAD_TOO_LARGE, format!("A request's body has at most {} bytes.\n", gate.body_bytes))
            }
            Refusal::TooSlow => (
                StatusCode::REQUEST_TIMEOUT,
                format!("A request's body must arrive within {} seconds.\n", gate.body_within.as_secs()),
            ),
            Refusal::Unreadable => (StatusCode::BAD_REQUEST, "The request's body could not be read.\n".to_string()),
            Refusal::Busy => {
                (StatusCode::SERVICE_UNAVAILABLE, "Too many requests being sent at once: try again shortly.\n".into())
            }
        };
        let mut answer = (status, text).into_response();
        let headers = answer.headers_mut();
        headers.insert(header::CONNECTION, HeaderValue::from_static("close"));
        if self == Refusal::Busy {
            headers.insert(header::RETRY_AFTER, HeaderValue::from_static("5"));
        }
        answer
    }
}

/// A request read in full, with the bytes it holds of the budget (kept until its answer is made).
pub struct Read {
    pub request: Request<Body>,
    pub reserved: Reserved,
}

impl Gate {
    /// Reads `request` from `client` in full within the gate's bounds, or says why not. The client is put in
    /// its extensions.
    pub async fn read<B>(&self, bodies: &Arc<Bodies>, client: Client, request: Request<B>) -> Result<Read, Refusal>
    where
        B: hyper::body::Body<Data = hyper::body::Bytes> + Send + 'static,
        B::Error: Into<axum::BoxError>,
    {
        let (mut parts, body) = request.into_parts();
        let said = parts.headers.get(header::CONTENT_LENGTH).and_then(|v| v.to_str().ok()?.trim().parse::<u64>().ok());
        if said.is_some_and(|n| n > self.body_bytes as u64) {
            return Err(Refusal::TooLarge);
        }
        // A body of unknown length is held as if it had the largest size until it is read.
        let expected = body.size_hint().exact().or(said).map_or(self.body_bytes, |n| n as usize);
        let reserved = bodies.reserve(client, expected).ok_or(Refusal::Busy)?;
        let limit = self.body_bytes;
        let mut stream = Body::new(body).into_data_stream();
        let mut bytes = Vec::with_capacity(expected.min(limit));
        let whole = async {
            while let Some(chunk) = stream.next().await {
                let chunk = chunk.map_err(|_| Refusal::Unreadable)?;
                if bytes.len() + chunk.len() > limit {
                    return Err(Refusal::TooLarge);
                }
                bytes.extend_from_slice(&chunk);
            }
            Ok(())
        };
        tokio::time::timeout(self.body_within, whole).await.map_err(|_| Refusal::TooSlow)??;
        parts.extensions.insert(client);
        Ok(Read { request: Request::from_parts(parts, Body::from(bytes)), reserved })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ip(text: &str) -> IpAddr {
        text.parse().unwrap()
    }

    #[test]
    fn an_ipv6_client_is_its_64_and_a_mapped_ipv4_is_itself() {
        assert_eq!(Client::at(ip("2001:db8:1:2:aaaa:bbbb:cccc:dddd")), Client(ip("2001:db8:1:2::")));
        assert_eq!(Client::at(ip("2001:db8:1:2::1")), Client::at(ip("2001:db8:1:2:ffff::9")));
        assert_ne!(Client::at(ip("2001:db8:1:2::1")), Client::at(ip("2001:db8:1:3::1")));
        assert_eq!(Client::at(ip("::ffff:10.0.0.1")), Client(ip("10.0.0.1")));
        assert_eq!(Client::at(ip("10.0.0.1")), Client(ip("10.0.0.1")));
    }

    #[test]
    fn the_forwarded_address_counts_only_behind_a_trusted_proxy() {
        let proxy = ip("10.0.0.9");
        let mut headers = HeaderMap::new();
        headers.insert("x-forwarded-for", "1.2.3.4, 5.6.7.8, 10.0.0.9".parse().unwrap());
        assert_eq!(Client::of(proxy, &headers, &[]), Client(proxy));
        assert_eq!(Client::of(proxy, &headers, &[proxy]), Client(ip("5.6.7.8")));
        assert_eq!(Client::of(ip("7.7.7.7"), &headers, &[proxy]), Client(ip("7.7.7.7")));
        headers.insert("x-forwarded-for", "2001:db8::5".parse().unwrap());
        assert_eq!(Client::of(proxy, &headers, &[proxy]), Client(ip("2001:db8::")));
    }

    #[test]
    fn one_client_holds_a_sixteenth_of_the_bodies_and_gives_it_back() {
        let bodies = Bodies::new(1600);
        let (a, b) = (Client(ip("10.0.0.1")), Client(ip("10.0.0.2")));
        let first = bodies.reserve(a, 60).unwrap();
        assert!(bodies.reserve(a, 41).is_none(), "past its share");
        let _second = bodies.reserve(a, 40).unwrap();
        let _others: Vec<_> = (0..3).map(|_| bodies.reserve(b, 0)).collect();
        assert!(bodies.reserve(a, 0).is_some(), "a request without a body always passes");
        let _third = bodies.reserve(b, 100).unwrap();
        assert!(bodies.reserve(b, 1).is_none(), "past its share");
        drop(first);
        assert_eq!(bodies.held(), 140);
        assert!(bodies.reserve(a, 60).is_some());
    }

    fn gate() -> Gate {
        Gate {
            header: Duration::from_secs(1),
            idle: Duration::from_secs(1),
            connections: 4,
            per_client: 2,
            body_bytes: 10,
            body_within: Duration::from_millis(200),
            bodies_bytes: 1000,
            trusted: Vec::new(),
        }
    }

    #[tokio::test]
    async fn a_body_is_read_whole_or_refused_by_its_size_or_its_deadline() {
        let (gate, bodies, client) = (gate(), Bodies::new(1600), Client(ip("10.0.0.1")));
        let request = |body: &'static str| Request::builder().uri("/").body(Body::from(body)).unwrap();
        let read = gate.read(&bodies, client, request("0123456789")).await.ok().unwrap();
        assert_eq!(Client::of_request(read.request.extensions()), client);
        assert_eq!(bodies.held(), 10, "held while it is handled");
        drop(read);
        assert_eq!(bodies.held(), 0);
        assert_eq!(gate.read(&bodies, client, request("0123456789a")).await.err(), Some(Refusal::TooLarge));
        let said = Request::builder().header("content-length", "11").body(Body::empty()).unwrap();
        assert_eq!(gate.read(&bodies, client, said).await.err(), Some(Refusal::TooLarge));
        // A body that never ends is cut at the deadline.
        let never = futures_util::stream::pending::<Result<hyper::body::Bytes, std::io::Error>>();
        let slow = Request::builder().uri("/").body(Body::from_stream(never)).unwrap();
        assert_eq!(gate.read(&bodies, client, slow).await.err(), Some(Refusal::TooSlow));
        assert_eq!(bodies.held(), 0);
    }
}
