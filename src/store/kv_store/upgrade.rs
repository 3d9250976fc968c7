//! Opening a store written by an earlier build: the schema version checked and stamped, and the indexes a
//! later version added built once, each in one transaction a second process finds done.

use super::*;

impl<K: Kv> KvStore<K> {
    /// Checks the schema version: a new store is stamped with this build's, another version is refused (the
    /// caller migrates what it knows how to first).
    pub(in crate::store) fn check_schema(&self, shown: &str) -> Result<(), StoreError> {
        match self.kv.get(META, SCHEMA_KEY)? {
            Some(found) => {
                let found = String::from_utf8_lossy(&found).into_owned();
                if found != SCHEMA_VERSION.to_string() {
                    return Err(StoreError::Schema { path: shown.into(), found, expected: SCHEMA_VERSION });
                }
            }
            None => {
                if !self.kv.is_empty(GAMES)? || !self.kv.is_empty(META)? {
                    return Err(StoreError::Unversioned { path: shown.into() });
                }
                self.kv.put(META, SCHEMA_KEY, SCHEMA_VERSION.to_string().as_bytes())?;
                self.kv.flush()?;
            }
        }
        Ok(())
    }

    /// The indexes of each user's and each server's live games are filled once from the live games (which the
    /// channels' index lists) for a store written before they existed, each in one transaction, and a mark in the
    /// metadata says it is done (a second process doing the same finds the mark and does nothing).
    pub(in crate::store) fn mark_live_games(&self) -> Result<(), StoreError> {
        self.fill_once(b"user_live_filled", USER_LIVE, "users'", |record| {
            record.indexed_users().into_iter().map(|user| user_key(user, record.id).to_vec()).collect()
        })?;
        self.fill_once(b"guild_live_filled", GUILD_LIVE, "servers'", |record| {
            vec![pair_key(record.guild.get(), record.id.get()).to_vec()]
        })
    }

    /// The players' archive of each server is filled once from the games the servers' archive lists, for a
    /// store written before it existed (the mark `player_finished_filled` says it is done).
    pub(in crate::store) fn fill_player_archive(&self) -> Result<(), StoreError> {
        const MARK: &[u8] = b"player_finished_filled";
        if self.kv.get(META, MARK)?.is_some() {
            return Ok(());
        }
        let mut entries = Vec::new();
        for (key, value) in self.kv.all(GUILD_FINISHED)? {
            if let Some(record) = self.game(GameId(id_from(key.get(16..).unwrap_or_default())?))? {
                entries.extend(player_finished_keys(&record).into_iter().map(|k| (k, value.clone())));
            }
        }
        let done = self.kv.transaction(&mut |t: &dyn KvTx| {
            if t.get(META, MARK)?.is_some() {
                return Ok(());
            }
            for (key, kind) in &entries {
                t.insert(PLAYER_FINISHED, key, kind)?;
            }
            t.insert(META, MARK, b"1")?;
            Ok(())
        });
        done.map_err(|e| StoreError::Backend(format!("filling the players' archive: {e}")))
    }

    /// Fills `tree` with the keys `keys_of` gives for each live game, once (the mark `marked` says it is done).
    fn fill_once(
        &self,
        marked: &[u8],
        tree: usize,
        whose: &str,
        keys_of: impl Fn(&GameRecord) -> Vec<Vec<u8>>,
    ) -> Result<(), StoreError> {
        if self.kv.get(META, marked)?.is_some() {
            return Ok(());
        }
        let mut keys = Vec::new();
        for (_, game) in self.kv.all(CHANNELS)? {
            if let Some(record) = self.game(GameId(id_from(&game)?))? {
                keys.extend(keys_of(&record));
            }
        }
        let done = self.kv.transaction(&mut |t: &dyn KvTx| {
            if t.get(META, marked)?.is_some() {
                return Ok(());
            }
            for key in &keys {
                t.insert(tree, key, &[])?;
            }
            t.insert(META, marked, b"1")?;
            Ok(())
        });
        done.map_err(|e| StoreError::Backend(format!("marking the live games in the {whose} index: {e}")))
    }

    /// Version 2 had no archive index: it is built from the games' headers, and the version stamped, in one
    /// transaction (a second process doing the same at the same moment finds version 3 and does nothing).
    pub(in crate::store) fn migrate_from_2(&self) -> Result<(), StoreError> {
        #[derive(serde::Deserialize)]
        struct Summary {
            guild: GuildId,
            kind: GameKind,
            status: crate::store::record::Status,
            updated_at: Timestamp,
        }
        let mut entries = Vec::new();
        for (key, header) in self.kv.all(GAMES)? {
            let game: Summary = unjson(header.get(16..).unwrap_or_default())?;
            if let Some(key) = finished_key(game.guild, game.updated_at, GameId(id_from(&key)?), &game.status) {
                entries.push((key, game.kind as u8));
            }
        }
        let done = self.kv.transaction(&mut |t: &dyn KvTx| {
            if t.get(META, SCHEMA_KEY)?.as_deref() != Some(b"2") {
                return Ok(());
            }
            for (key, kind) in &entries {
                t.insert(GUILD_FINISHED, key, &[*kind])?;
            }
            t.insert(META, SCHEMA_KEY, b"3")?;
            Ok(())
        });
        done.map_err(|e| StoreError::Backend(format!("migrating the store to version 3: {e}")))
    }
}
