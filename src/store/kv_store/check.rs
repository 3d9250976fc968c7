//! The indexes checked against the records (and repaired when asked): channels, players, the schedule, the
//! leaderboards, the archive, the server's tournaments.

use super::*;

impl<K: Kv> KvStore<K> {
    pub(in crate::store) fn check_index_entries(&self, repair: bool) -> Result<Vec<String>, StoreError> {
        use std::collections::{BTreeMap, BTreeSet};
        let games = self.all_games()?;
        let key_set = |tree| -> Result<BTreeSet<Vec<u8>>, StoreError> {
            Ok(self.kv.all(tree)?.into_iter().map(|(k, _)| k).collect())
        };
        let (mut channels, mut schedule, mut users, mut last) =
            (BTreeSet::new(), BTreeSet::new(), BTreeSet::new(), BTreeMap::new());
        let mut finished = BTreeSet::new();
        let mut live_users = BTreeSet::new();
        let mut live_servers = BTreeSet::new();
        for g in &games {
            if g.status.is_live() {
                live_servers.insert(pair_key(g.guild, g.id).to_vec());
            }
            if let Some(key) = archive_key(g) {
                finished.insert((key.to_vec(), vec![g.kind as u8]));
            }
            if g.status.is_live() {
                channels.insert((g.channel.to_be_bytes().to_vec(), g.id.to_be_bytes().to_vec()));
            }
            if let Some(due) = g.due {
                schedule.insert(due_key(due, g.id).to_vec());
            }
            for user in g.indexed_users() {
                users.insert(user_key(user, g.id).to_vec());
                if g.status.is_live() {
                    live_users.insert(user_key(user, g.id).to_vec());
                }
            }
            if g.is_channels_latest() {
                last.insert(g.channel, g.id);
            }
        }
        let mut found = Vec::new();
        let stored_channels: BTreeSet<(Vec<u8>, Vec<u8>)> = self.kv.all(CHANNELS)?.into_iter().collect();
        for (channel, game) in channels.difference(&stored_channels) {
            found.push(format!(
                "live game {} is missing from the index of channel {}",
                id_from(game)?,
                id_from(channel)?
            ));
        }
        for (channel, game) in stored_channels.difference(&channels) {
            found.push(format!(
                "channel {} is indexed as holding game {}, which is not live there",
                id_from(channel)?,
                id_from(game)?
            ));
        }
        let stored_schedule = key_set(SCHEDULE)?;
        found.extend(
            schedule
                .difference(&stored_schedule)
                .map(|k| format!("game {} is missing from the schedule", id_from(&k[8..]).unwrap_or(0))),
        );
        found.extend(
            stored_schedule
                .difference(&schedule)
                .map(|k| format!("the schedule holds a stale entry for game {}", id_from(&k[8..]).unwrap_or(0))),
        );
        let stored_users = key_set(USER_GAMES)?;
        let stored_live = key_set(USER_LIVE)?;
        found.extend(
            live_users
                .difference(&stored_live)
                .map(|k| format!("live game {} is missing from a player's live games", id_from(&k[8..]).unwrap_or(0))),
        );
        found.extend(
            stored_live.difference(&live_users).map(|k| {
                format!("game {} is among a player's live games but is not live", id_from(&k[8..]).unwrap_or(0))
            }),
        );
        found.extend(
            users
                .difference(&stored_users)
                .map(|k| format!("game {} is missing from a player's games", id_from(&k[8..]).unwrap_or(0))),
        );
        let stored_live_servers = key_set(GUILD_LIVE)?;
        found.extend(
            live_servers.difference(&stored_live_servers).map(|k| {
                format!("live game {} is missing from its server's live games", id_from(&k[8..]).unwrap_or(0))
            }),
        );
        found.extend(stored_live_servers.difference(&live_servers).map(|k| {
            format!("game {} is among its server's live games but is not live", id_from(&k[8..]).unwrap_or(0))
        }));
        let stored_finished: BTreeSet<(Vec<u8>, Vec<u8>)> = self.kv.all(GUILD_FINISHED)?.into_iter().collect();
        let game_of = |k: &[u8]| k.get(16..).map_or(Ok(0), id_from).unwrap_or(0);
        found.extend(
            finished
                .difference(&stored_finished)
                .map(|(k, _)| format!("finished game {} is missing from its server's archive", game_of(k))),
        );
        found.extend(
            stored_finished
                .difference(&finished)
                .map(|(k, _)| format!("the archive holds a stale entry for game {}", game_of(k))),
        );
        for (channel, game) in &last {
            let stored = self.last_channel_game(*channel)?;
            if stored.is_none_or(|s| s < *game) {
                found.push(format!("channel {channel}'s latest game should be {game}, the index says {stored:?}"));
            }
        }
        if repair && !found.is_empty() {
            // Rebuilt from the games, in one transaction.
            let old_channels = key_set(CHANNELS)?;
            let rebuilt = self.kv.transaction(&mut |t: &dyn KvTx| {
                for k in &old_channels {
                    t.remove(CHANNELS, k)?;
                }
                for k in &stored_schedule {
                    t.remove(SCHEDULE, k)?;
                }
                for (channel, game) in &channels {
                    t.insert(CHANNELS, channel, game)?;
                }
                for k in &schedule {
                    t.insert(SCHEDULE, k, &[])?;
                }
                for k in &users {
                    t.insert(USER_GAMES, k, &[])?;
                }
                for k in &stored_live {
                    t.remove(USER_LIVE, k)?;
                }
                for k in &live_users {
                    t.insert(USER_LIVE, k, &[])?;
                }
                for k in &stored_live_servers {
                    t.remove(GUILD_LIVE, k)?;
                }
                for k in &live_servers {
                    t.insert(GUILD_LIVE, k, &[])?;
                }
                for (channel, game) in &last {
                    t.insert(CHANNEL_LAST, &channel.to_be_bytes(), &game.to_be_bytes())?;
                }
                for (k, _) in &stored_finished {
                    t.remove(GUILD_FINISHED, k)?;
                }
                for (k, v) in &finished {
                    t.insert(GUILD_FINISHED, k, v)?;
                }
                Ok(())
            });
            rebuilt.map_err(|e| StoreError::Backend(format!("rebuilding the indexes: {e}")))?;
        }
        Ok(found)
    }
}
