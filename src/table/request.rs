//! One request to the table: who asks, what, when, in which public language, once per which key, and where a
//! long job reports.

use super::actor::Actor;
use super::command::Command;
use super::progress::Progress;
use crate::i18n;
use crate::store::record::Timestamp;

/// One request to the table: who asks, what, and when; the language of public posts (the actor's unless a
/// front end says otherwise); the key that makes a redelivered request do nothing; where a long job reports.
#[derive(Debug, Clone)]
pub struct Request<'a> {
    pub actor: &'a Actor,
    pub command: Command,
    pub now: Timestamp,
    pub public: i18n::Locale,
    pub key: Option<&'a str>,
    pub progress: Option<&'a Progress>,
}

impl<'a> Request<'a> {
    pub fn new(actor: &'a Actor, command: Command, now: Timestamp) -> Request<'a> {
        Request { actor, command, now, public: actor.locale, key: None, progress: None }
    }

    /// Replies everyone reads in `public` (a server's language); a refusal, which only the actor sees, and
    /// private replies stay in the actor's.
    pub fn public(self, public: i18n::Locale) -> Request<'a> {
        Request { public, ..self }
    }

    /// Once per `key` (a Discord interaction id): stored with the change the request makes, in the same
    /// transaction, so a request delivered again is not carried out again.
    pub fn once(self, key: &'a str) -> Request<'a> {
        Request { key: Some(key), ..self }
    }

    /// A long job reports to `progress` as it goes, and stops early when asked there if it can (an analysis
    /// answers with what it analysed; nothing stored is left half done).
    pub fn reporting(self, progress: &'a Progress) -> Request<'a> {
        Request { progress: Some(progress), ..self }
    }
}
