//! What the table service answers: plain data that any front end can show.

use crate::i18n::{Callee, Text};
use crate::store::record::{COMPUTER, GameId, UserId};

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Image {
    pub file_name: String,
    pub png: Vec<u8>,
    /// What it shows, in words (a screen reader reads it): at most 1,024 characters.
    pub description: String,
}

/// A file a reply carries: a game's record, an animated replay.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct File {
    pub name: String,
    pub bytes: Vec<u8>,
    /// What a picture file (an animated replay) shows, in words, for those who cannot see it.
    pub description: Option<String>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ButtonStyle {
    Primary,
    Secondary,
    Success,
    Danger,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Button {
    /// What a press asks (written into the button, so it works after a restart).
    pub id: super::ButtonId,
    pub label: String,
    pub enabled: bool,
    pub style: ButtonStyle,
    /// Starts a new row (rows hold five buttons; a full row also starts a new one).
    pub new_row: bool,
}

/// A link a reply carries (Discord shows it as a link button): the game's web page.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Link {
    pub label: String,
    pub url: String,
}

#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Reply {
    /// What it says, with its spans (names, channels, moments) for the front end to render.
    pub text: Text,
    pub image: Option<Image>,
    /// Files attached to the reply (records, replays).
    pub files: Vec<File>,
    /// A plain-text board for terminals.
    pub diagram: Option<String>,
    /// At most 25, in rows of 5 as Discord lays them out.
    pub buttons: Vec<Button>,
    /// Select menus, each a row of its own above the buttons (with them, at most five rows).
    pub menus: Vec<super::Menu>,
    /// The page of the game on the web, when the server's pages are on.
    pub link: Option<Link>,
    /// Only the actor should see it.
    pub private: bool,
    /// The game wants a channel of its own, with this title: the front end opens it (a Discord thread), posts
    /// this reply there and tells the table with [`super::Command::MoveTo`]. Front ends without threads ignore it.
    pub open_thread: Option<String>,
    /// The game has no channel yet (a tournament game): a front end without threads gives it one of its own.
    pub needs_channel: bool,
    /// Post it in this channel rather than where the actor is (a tournament's announcements).
    pub channel: Option<crate::store::record::ChannelId>,
    /// The outbox notice this reply also is: the front end posts it with the notice's nonce and reports it
    /// delivered ([`super::Table::delivered`]), so a crash before the post leaves it to the scheduler.
    pub notice: Option<u64>,
    /// The language the reply is written in (a front end writes its own words, such as times, in it too).
    pub locale: crate::i18n::Locale,
    /// The game this reply shows the latest state of (a board, or a challenge waiting for its answer). A front
    /// end keeps one such post per game with live buttons, and strips the buttons of the one before.
    pub game: Option<GameId>,
}

impl Reply {
    /// The reply with `calls` in front of its text: the members and roles it notifies (the player now on turn,
    /// the challenged player, a role team), and the only ones. The computer is never called.
    pub fn calling(mut self, calls: impl IntoIterator<Item = (Callee, String)>) -> Reply {
        let calls = calls.into_iter().filter(|(callee, _)| *callee != Callee::User(COMPUTER));
        self.text = std::mem::take(&mut self.text).calling(calls);
        self
    }

    /// The members the reply calls.
    pub fn mentions(&self) -> Vec<UserId> {
        self.text.calls().into_iter().filter_map(|c| if let Callee::User(u) = c { Some(u) } else { None }).collect()
    }

    /// The roles the reply calls.
    pub fn role_mentions(&self) -> Vec<u64> {
        self.text.calls().into_iter().filter_map(|c| if let Callee::Role(r) = c { Some(r) } else { None }).collect()
    }
}

/// A refusal, already in the actor's language. Nothing was changed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{text}")]
pub struct Refusal {
    pub text: Text,
    /// True when the fault is ours (the text apologises and gives an error id), false for a user's mistake.
    pub internal: bool,
}
