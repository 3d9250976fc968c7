//! Discord delivering interactions over HTTP: each body signed with the application's Ed25519 key over the
//! timestamp and the body (a fixed test key here), posted to replicas behind a load balancer that sends each
//! request to the next replica in turn and, when one does not answer at all (refused, or dropped before any
//! answer), on to the next.

use std::time::{Duration, SystemTime, UNIX_EPOCH};

use ed25519_dalek::{Signer, SigningKey};
use serde_json::Value;

use super::FakeDiscord;

/// The test application's signing key.
pub fn key() -> SigningKey {
    SigningKey::from_bytes(&[7u8; 32])
}

/// Its public key as the developer portal shows it: 64 hex digits.
pub fn public_key() -> String {
    key().verifying_key().to_bytes().iter().map(|b| format!("{b:02x}")).collect()
}

/// Seconds since the epoch, as Discord's timestamp header says them.
pub fn now() -> u64 {
    SystemTime::now().duration_since(UNIX_EPOCH).unwrap().as_secs()
}

/// A request as Discord sends it: the body, its timestamp and its signature (hex).
#[derive(Debug, Clone)]
pub struct Signed {
    pub body: String,
    pub timestamp: String,
    pub signature: String,
}

impl Signed {
    pub fn new(interaction: &Value, timestamp: u64) -> Signed {
        let body = interaction.to_string();
        let timestamp = timestamp.to_string();
        let signed = key().sign(format!("{timestamp}{body}").as_bytes());
        let signature = signed.to_bytes().iter().map(|b| format!("{b:02x}")).collect();
        Signed { body, timestamp, signature }
    }

    /// Posts it to `url`: the status and body, or `None` when nothing answered.
    pub async fn post(&self, url: &str) -> Option<(u16, String)> {
        let client = reqwest::Client::builder().no_proxy().timeout(Duration::from_secs(10)).build().unwrap();
        let response = client
            .post(url)
            .header("content-type", "application/json")
            .header("x-signature-ed25519", &self.signature)
            .header("x-signature-timestamp", &self.timestamp)
            .body(self.body.clone())
            .send()
            .await
            .ok()?;
        let status = response.status().as_u16();
        Some((status, response.text().await.unwrap_or_default()))
    }
}

/// A load balancer in front of replicas: each request goes to the next replica in turn, and on to the one after
/// when a replica does not answer.
pub struct Balancer {
    pub replicas: Vec<String>,
    next: std::sync::atomic::AtomicUsize,
}

impl Balancer {
    pub fn new(replicas: Vec<String>) -> Balancer {
        Balancer { replicas, next: std::sync::atomic::AtomicUsize::new(0) }
    }

    /// Delivers `interaction` signed now (its token remembered by `fake`): the status of the replica that
    /// answered; panics when none did.
    pub async fn deliver(&self, fake: &FakeDiscord, interaction: &Value) -> u16 {
        fake.expect(interaction);
        let signed = Signed::new(interaction, now());
        let first = self.next.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
        for i in 0..self.replicas.len() {
            let replica = &self.replicas[(first + i) % self.replicas.len()];
            if let Some((status, _)) = signed.post(replica).await {
                return status;
            }
        }
        panic!("no replica answered {}", interaction["id"]);
    }
}
