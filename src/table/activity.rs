//! What the Activity (tablero inside Discord's own window) shows a member who opens it in a channel of a
//! server: where the server's pages are, the channel's game (its live one, else its latest) and the member's
//! live games in that server.

use crate::i18n::Locale;
use crate::store::record::{ChannelId, GameId, GuildId, Status, UserId};
use crate::table::fail::TableError;
use crate::table::pages::GameLine;
use crate::table::service::Table;
use crate::table::write::AtWork;

/// The games the Activity offers a member in a channel.
#[derive(Debug, Clone)]
pub struct ActivityGames {
    /// The path of the server's pages (`/s/{segment}`; empty when every server's pages are at the root).
    pub base: String,
    /// The channel's game, when it has one that has begun.
    pub current: Option<GameId>,
    /// The member's live games in the server, the latest first.
    pub mine: Vec<GameLine>,
}

/// The member's games listed at most.
const LISTED: usize = 25;

impl Table {
    /// The games the Activity opened in `channel` of `guild` offers `user`, or `None` when the server's pages are
    /// off (the Activity shows the pages).
    pub fn activity_games(
        &self,
        guild: GuildId,
        channel: ChannelId,
        user: UserId,
        locale: Locale,
    ) -> Result<Option<ActivityGames>, TableError> {
        let base = if self.config.web_open {
            String::new()
        } else {
            match self.store.guild_settings(guild)?.web_segment(guild) {
                Some(segment) => format!("/s/{segment}"),
                None => return Ok(None),
            }
        };
        let begun = |id: GameId| -> Result<bool, TableError> {
            Ok(self.store.game(id)?.is_some_and(|g| g.guild == guild && has_page(g.status)))
        };
        let mut current = None;
        for id in [self.store.channel_game(channel)?, self.store.last_channel_game(channel)?].into_iter().flatten() {
            if begun(id)? {
                current = Some(id);
                break;
            }
        }
        let work = AtWork::own(self);
        let mut mine = Vec::new();
        for id in self.store.user_live_games(user)?.into_iter().rev() {
            match self.store.game(id)? {
                Some(record) if record.guild == guild && has_page(record.status) => {
                    mine.push(work.game_line(&record, locale)?);
                }
                _ => {}
            }
            if mine.len() == LISTED {
                break;
            }
        }
        Ok(Some(ActivityGames { base, current, mine }))
    }
}

/// Whether a game has a page: it began (a challenge has none).
fn has_page(status: Status) -> bool {
    matches!(status, Status::Active | Status::Finished { .. })
}
