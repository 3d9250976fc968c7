//! The indexes checked against the records (and repaired when asked): channels, players, the schedule, the
//! leaderboards, the archive, the server's tournaments.

use std::collections::{BTreeMap, BTreeSet};

use super::*;

type Keys = BTreeSet<Vec<u8>>;
type Entries = BTreeSet<(Vec<u8>, Vec<u8>)>;

/// The game-keyed indexes, as the games say they should be (or as they are stored).
#[derive(Default)]
struct Indexes {
    /// channel → its live game
    channels: Entries,
    schedule: Keys,
    users: Keys,
    live_users: Keys,
    live_servers: Keys,
    /// the archive's key → the game's kind
    finished: Entries,
}

impl Indexes {
    /// What the games say, with each channel's latest game.
    fn of(games: &[GameRecord]) -> (Indexes, BTreeMap<ChannelId, GameId>) {
        let mut ix = Indexes::default();
        let mut last = BTreeMap::new();
        for g in games {
            if g.status.is_live() {
                ix.live_servers.insert(pair_key(g.guild.get(), g.id.get()).to_vec());
                ix.channels.insert((g.channel.get().to_be_bytes().to_vec(), g.id.get().to_be_bytes().to_vec()));
            }
            if let Some(key) = archive_key(g) {
                ix.finished.insert((key.to_vec(), vec![g.kind as u8]));
            }
            if let Some(due) = g.due {
                ix.schedule.insert(due_key(due, g.id).to_vec());
            }
            for user in g.indexed_users() {
                ix.users.insert(user_key(user, g.id).to_vec());
                if g.status.is_live() {
                    ix.live_users.insert(user_key(user, g.id).to_vec());
                }
            }
            if g.is_channels_latest() {
                last.insert(g.channel, g.id);
            }
        }
        (ix, last)
    }
}

/// The game id a key ends with (after its first 8 bytes).
fn game_at_8(key: &[u8]) -> u64 {
    id_from(&key[8..]).unwrap_or(0)
}

/// A line for each key one set holds and the other lacks: `missing` for the expected ones not stored, `stale`
/// for the stored ones not expected (none when `None`), each told the key's game.
fn differences(
    expected: &Keys,
    stored: &Keys,
    missing: impl Fn(u64) -> String,
    stale: Option<&dyn Fn(u64) -> String>,
) -> Vec<String> {
    let mut found: Vec<String> = expected.difference(stored).map(|k| missing(game_at_8(k))).collect();
    if let Some(stale) = stale {
        found.extend(stored.difference(expected).map(|k| stale(game_at_8(k))));
    }
    found
}

impl<K: Kv> KvStore<K> {
    pub(in crate::store) fn check_index_entries(&self, repair: bool) -> Result<Vec<String>, StoreError> {
        let (expected, last) = Indexes::of(&self.all_games()?);
        let stored = self.stored_indexes()?;
        let mut found = Vec::new();
        for (channel, game) in expected.channels.difference(&stored.channels) {
            found.push(format!(
                "live game {} is missing from the index of channel {}",
                id_from(game)?,
                id_from(channel)?
            ));
        }
        for (channel, game) in stored.channels.difference(&expected.channels) {
            found.push(format!(
                "channel {} is indexed as holding game {}, which is not live there",
                id_from(channel)?,
                id_from(game)?
            ));
        }
        found.extend(differences(
            &expected.schedule,
            &stored.schedule,
            |g| format!("game {g} is missing from the schedule"),
            Some(&|g| format!("the schedule holds a stale entry for game {g}")),
        ));
        found.extend(differences(
            &expected.live_users,
            &stored.live_users,
            |g| format!("live game {g} is missing from a player's live games"),
            Some(&|g| format!("game {g} is among a player's live games but is not live")),
        ));
        found.extend(differences(
            &expected.users,
            &stored.users,
            |g| format!("game {g} is missing from a player's games"),
            None,
        ));
        found.extend(differences(
            &expected.live_servers,
            &stored.live_servers,
            |g| format!("live game {g} is missing from its server's live games"),
            Some(&|g| format!("game {g} is among its server's live games but is not live")),
        ));
        let game_of = |k: &[u8]| k.get(16..).map_or(Ok(0), id_from).unwrap_or(0);
        found.extend(
            expected
                .finished
                .difference(&stored.finished)
                .map(|(k, _)| format!("finished game {} is missing from its server's archive", game_of(k))),
        );
        found.extend(
            stored
                .finished
                .difference(&expected.finished)
                .map(|(k, _)| format!("the archive holds a stale entry for game {}", game_of(k))),
        );
        for (channel, game) in &last {
            let stored = self.last_channel_game(*channel)?;
            if stored.is_none_or(|s| s < *game) {
                found.push(format!("channel {channel}'s latest game should be {game}, the index says {stored:?}"));
            }
        }
        if repair && !found.is_empty() {
            self.rebuild_indexes(&expected, &stored, &last)?;
        }
        Ok(found)
    }

    /// The game-keyed indexes as stored.
    fn stored_indexes(&self) -> Result<Indexes, StoreError> {
        let keys = |tree| -> Result<Keys, StoreError> { Ok(self.kv.all(tree)?.into_iter().map(|(k, _)| k).collect()) };
        Ok(Indexes {
            channels: self.kv.all(CHANNELS)?.into_iter().collect(),
            schedule: keys(SCHEDULE)?,
            users: keys(USER_GAMES)?,
            live_users: keys(USER_LIVE)?,
            live_servers: keys(GUILD_LIVE)?,
            finished: self.kv.all(GUILD_FINISHED)?.into_iter().collect(),
        })
    }

    /// The indexes rebuilt from the games, in one transaction (a player's games only added to: a player's
    /// finished games stay listed).
    fn rebuild_indexes(
        &self,
        expected: &Indexes,
        stored: &Indexes,
        last: &BTreeMap<ChannelId, GameId>,
    ) -> Result<(), StoreError> {
        let rebuilt = self.kv.transaction(&mut |t: &dyn KvTx| {
            for (k, _) in &stored.channels {
                t.remove(CHANNELS, k)?;
            }
            for (channel, game) in &expected.channels {
                t.insert(CHANNELS, channel, game)?;
            }
            for (tree, stored, expected) in [
                (SCHEDULE, &stored.schedule, &expected.schedule),
                (USER_LIVE, &stored.live_users, &expected.live_users),
                (GUILD_LIVE, &stored.live_servers, &expected.live_servers),
            ] {
                for k in stored {
                    t.remove(tree, k)?;
                }
                for k in expected {
                    t.insert(tree, k, &[])?;
                }
            }
            for k in &expected.users {
                t.insert(USER_GAMES, k, &[])?;
            }
            for (channel, game) in last {
                t.insert(CHANNEL_LAST, &channel.get().to_be_bytes(), &game.get().to_be_bytes())?;
            }
            for (k, _) in &stored.finished {
                t.remove(GUILD_FINISHED, k)?;
            }
            for (k, v) in &expected.finished {
                t.insert(GUILD_FINISHED, k, v)?;
            }
            Ok(())
        });
        rebuilt.map_err(|e| StoreError::Backend(format!("rebuilding the indexes: {e}")))
    }
}
