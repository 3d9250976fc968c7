//! Who is acting, as the front end knows it: where (guild, channel), who (id, display name, roles), in which
//! language, with which permissions. The table service decides everything from this; it never asks Discord.

use crate::i18n::Locale;
use crate::store::record::{ChannelId, GuildId, Player, UserId};

pub type RoleId = u64;

/// What the front end knows of the member's permissions.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Permissions {
    /// Discord's Manage Server, or the console's organiser flag.
    pub manage_server: bool,
    /// Discord's Mention Everyone: the member may ping any role, mentionable or not.
    pub mention_everyone: bool,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Actor {
    pub guild: GuildId,
    pub channel: ChannelId,
    pub user: UserId,
    pub name: String,
    pub roles: Vec<RoleId>,
    pub locale: Locale,
    pub permissions: Permissions,
    /// Outside a server (a direct message or a group DM): `guild` is then the channel's own id, its games are
    /// casual, and what belongs to a server (ratings, tournaments, its settings and pages) is not there.
    pub private: bool,
}

/// The id the server itself acts under (no member has it).
pub const SERVER: UserId = UserId(0);

impl Actor {
    /// The server itself, as the bot acts for it in its scheduled work (a tournament game moved into the channel
    /// opened for it): no member, the organisers' rights.
    pub fn server(guild: GuildId, channel: ChannelId, locale: Locale) -> Actor {
        Actor {
            guild,
            channel,
            user: SERVER,
            name: "tablero".into(),
            roles: Vec::new(),
            locale,
            permissions: Permissions { manage_server: true, mention_everyone: false },
            private: false,
        }
    }

    pub fn player(&self) -> Player {
        Player { id: self.user, name: self.name.clone() }
    }
}
