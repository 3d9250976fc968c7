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
    pub id: crate::table::button_id::ButtonId,
    pub label: String,
    pub enabled: bool,
    pub style: ButtonStyle,
    /// Starts a new row (rows hold five buttons; a full row also starts a new one).
    pub new_row: bool,
}

/// A link a reply carries (Discord shows it as a link button): the game's web page, and, when the game can be
/// opened inside Discord (an Activity), the label of the button that does.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Link {
    pub label: String,
    pub url: String,
    pub launch: Option<String>,
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
    pub menus: Vec<crate::table::menus::Menu>,
    /// The page of the game on the web, when the server's pages are on.
    pub link: Option<Link>,
    /// Who it is for, and where.
    pub audience: Audience,
    /// The outbox notice this reply also is: the front end posts it with the notice's nonce and reports it
    /// delivered ([`crate::table::service::Table::delivered`]), so a crash before the post leaves it to the scheduler.
    pub notice: Option<u64>,
    /// The language the reply is written in (a front end writes its own words, such as times, in it too).
    pub locale: crate::i18n::Locale,
    /// The game this reply shows the latest state of (a board, or a challenge waiting for its answer). A front
    /// end keeps one such post per game with live buttons, and strips the buttons of the one before.
    pub game: Option<GameId>,
}

/// Where a reply goes: the one thing a front end reads to route it, for an answer, a button press or a
/// scheduled notice alike.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub enum Audience {
    /// Everyone where the request was made.
    #[default]
    Here,
    /// The member who asked, alone.
    Asker,
    /// Everyone in another channel of the server (a tournament's announcements, a game's own channel).
    Channel(crate::store::record::ChannelId),
    /// Everyone in a channel of the game's own, which the front end opens with this title (a Discord thread,
    /// under `under` or where the request was made) and then tells the table with [`crate::table::command::PlayCommand::MoveTo`].
    /// `parked`: the game has no channel yet (a tournament game), so a front end without threads gives it one
    /// of its own; a front end that cannot open one posts where the game is.
    GameThread { title: String, under: Option<crate::store::record::ChannelId>, parked: bool },
}

impl Reply {
    /// Only the member who asked sees it.
    pub fn is_private(&self) -> bool {
        self.audience == Audience::Asker
    }

    /// The channel it is posted in, when not where the request was made.
    pub fn channel(&self) -> Option<crate::store::record::ChannelId> {
        match &self.audience {
            Audience::Channel(c) => Some(*c),
            Audience::GameThread { under, .. } => *under,
            Audience::Here | Audience::Asker => None,
        }
    }

    /// The reply posted in `channel` (a game's thread opened under it) rather than where the request was made;
    /// a private one stays private.
    pub fn in_channel(mut self, channel: crate::store::record::ChannelId) -> Reply {
        self.audience = match self.audience {
            Audience::GameThread { title, parked, .. } => Audience::GameThread { title, under: Some(channel), parked },
            Audience::Asker => Audience::Asker,
            Audience::Here | Audience::Channel(_) => Audience::Channel(channel),
        };
        self
    }

    /// The game has no channel yet (a tournament game): a front end without threads gives it one of its own.
    pub fn parked(&self) -> bool {
        matches!(self.audience, Audience::GameThread { parked: true, .. })
    }

    /// The title of the game's own channel it asks for.
    pub fn thread_title(&self) -> Option<&str> {
        match &self.audience {
            Audience::GameThread { title, .. } => Some(title),
            _ => None,
        }
    }

    /// The reply with `calls` in front of its text: the members and roles it notifies (the player now on turn,
    /// the challenged player, a role team), and the only ones. The computer is never called.
    pub fn calling(mut self, calls: impl IntoIterator<Item = (Callee, String)>) -> Reply {
        let calls = calls.into_iter().filter(|(callee, _)| *callee != Callee::User(COMPUTER.get()));
        self.text = std::mem::take(&mut self.text).calling(calls);
        self
    }

    /// The members the reply calls.
    pub fn mentions(&self) -> Vec<UserId> {
        self.text
            .calls()
            .into_iter()
            .filter_map(|c| if let Callee::User(u) = c { Some(UserId(u)) } else { None })
            .collect()
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

/// A ranked list as data, for a page to lay out as a table: its title, its column headers, and a row of cells
/// each (a member's name links to their page).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Ranking {
    pub title: String,
    pub headers: Vec<String>,
    pub rows: Vec<Vec<Text>>,
}
