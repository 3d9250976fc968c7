//! A unit committed: every game written over its revision with its indexes kept in step, every tournament,
//! rating, notice, mark and setting, and the request's key, in one transaction, durable before it returns.

use super::*;
use crate::store::record::UserId;

impl<K: Kv> KvStore<K> {
    pub(in crate::store) fn index(t: &dyn KvTx, record: &GameRecord) -> Result<(), TxFail> {
        let channel = record.channel.get().to_be_bytes();
        let id = record.id.get().to_be_bytes();
        if record.status.is_live() {
            t.insert(CHANNELS, &channel, &id)?;
        } else if t.get(CHANNELS, &channel)?.is_some_and(|held| held == id) {
            t.remove(CHANNELS, &channel)?;
        }
        // A user's live games have an index of their own: quotas and `/games` read them without the rest.
        for user in record.indexed_users() {
            t.insert(USER_GAMES, &user_key(user, record.id), &[])?;
            if record.status.is_live() {
                t.insert(USER_LIVE, &user_key(user, record.id), &[])?;
            } else {
                t.remove(USER_LIVE, &user_key(user, record.id))?;
            }
        }
        if let Some(key) = archive_key(record) {
            t.insert(GUILD_FINISHED, &key, &[record.kind as u8])?;
        }
        for key in player_finished_keys(record) {
            t.insert(PLAYER_FINISHED, &key, &[record.kind as u8])?;
        }
        // A server's live games too: its web page lists them without reading the finished ones.
        if record.status.is_live() {
            t.insert(GUILD_LIVE, &pair_key(record.guild.get(), record.id.get()), &[])?;
        } else {
            t.remove(GUILD_LIVE, &pair_key(record.guild.get(), record.id.get()))?;
        }
        Ok(())
    }

    /// One game of a unit: created (its id assigned when 0), or written over revision `base`, with its
    /// indexes (live channel, the channel's latest game, its players, the schedule) kept in step; returns its id
    /// and the bytes written.
    pub(in crate::store) fn write_game(
        t: &dyn KvTx,
        mut record: GameRecord,
        base: Option<u64>,
        bytes: &[u8],
    ) -> Result<(GameId, u64), TxFail> {
        let Some(base) = base else {
            let mut bytes = bytes.to_vec();
            if record.id == GameId(0) {
                record.id = GameId(next_counter(t, NEXT_ID_KEY, 1)?);
                bytes = encode(&record)?;
            } else if t.get(GAMES, &record.id.get().to_be_bytes())?.is_some() {
                return Err(WriteError::IdTaken.into());
            }
            if record.status.is_live()
                && let Some(held) = t.get(CHANNELS, &record.channel.get().to_be_bytes())?
            {
                return Err(WriteError::ChannelBusy(GameId(id_from(&held)?)).into());
            }
            let written = 8 + bytes.len() as u64 + write_moves(t, &record, 0, 0)?;
            t.insert(GAMES, &record.id.get().to_be_bytes(), &bytes)?;
            if record.is_channels_latest() {
                t.insert(CHANNEL_LAST, &record.channel.get().to_be_bytes(), &record.id.get().to_be_bytes())?;
            }
            KvStore::<K>::index(t, &record)?;
            if let Some(due) = record.due {
                t.insert(SCHEDULE, &due_key(due, record.id), &[])?;
            }
            return Ok((record.id, written));
        };
        let key = record.id.get().to_be_bytes();
        let stored = t.get(GAMES, &key)?.ok_or(WriteError::Missing)?;
        if revision_of(&stored)? != base {
            return Err(WriteError::Conflict.into());
        }
        let old = decode(&stored)?;
        if old.channel != record.channel {
            // The game moves (into its thread): it leaves the old channel and needs the new one free.
            if let Some(held) = t.get(CHANNELS, &record.channel.get().to_be_bytes())?
                && held != key
            {
                return Err(WriteError::ChannelBusy(GameId(id_from(&held)?)).into());
            }
            if t.get(CHANNELS, &old.channel.get().to_be_bytes())?.is_some_and(|held| held == key) {
                t.remove(CHANNELS, &old.channel.get().to_be_bytes())?;
            }
            t.insert(CHANNEL_LAST, &record.channel.get().to_be_bytes(), &key)?;
        }
        if let Some(old_key) = archive_key(&old)
            && archive_key(&record) != Some(old_key)
        {
            // A finished game written again (an organiser's result): its archive entry moves with its end time.
            t.remove(GUILD_FINISHED, &old_key)?;
            for key in player_finished_keys(&old) {
                t.remove(PLAYER_FINISHED, &key)?;
            }
        }
        if old.due != record.due {
            if let Some(due) = old.due {
                t.remove(SCHEDULE, &due_key(due, record.id))?;
            }
            if let Some(due) = record.due {
                t.insert(SCHEDULE, &due_key(due, record.id), &[])?;
            }
        }
        t.insert(GAMES, &key, bytes)?;
        let stored_moves = moves_stored(&stored)?;
        let from = stored_moves.min(record.moves.len() as u64);
        let written = 8 + bytes.len() as u64 + write_moves(t, &record, from, stored_moves)?;
        KvStore::<K>::index(t, &record)?;
        Ok((record.id, written))
    }

    /// One tournament of a unit: created (its id assigned when 0, indexed by server) or written over `base`.
    pub(in crate::store) fn write_tournament(
        t: &dyn KvTx,
        tournament: &Tournament,
        base: Option<u64>,
        bytes: &[u8],
    ) -> Result<u64, TxFail> {
        let mut tournament = tournament.clone();
        // A tournament in sign-up with a deadline is marked for the scheduler at that deadline, and one started
        // without a round yet (its first round paired by the scheduler) at once; the mark kept in step with the
        // record, like a game's due time.
        let step_mark = |t: &Tournament| {
            let at = match t.status {
                TournamentStatus::SignUp => t.signup_until,
                TournamentStatus::Running if t.rounds.is_empty() => Some(0),
                _ => None,
            };
            at.map(|at| TournamentMark { at, tournament: t.id, game: GameId(0) })
        };
        let bytes = match base {
            None => {
                if tournament.id == 0 {
                    tournament.id = crate::store::record::TournamentId(next_counter(t, NEXT_TOURNAMENT_KEY, 1)?);
                } else if t.get(TOURNAMENTS, &tournament.id.get().to_be_bytes())?.is_some() {
                    return Err(WriteError::IdTaken.into());
                }
                t.insert(GUILD_TOURNAMENTS, &pair_key(tournament.guild.get(), tournament.id.get()), &[])?;
                json(&tournament)?
            }
            Some(base) => {
                let stored: Tournament = match t.get(TOURNAMENTS, &tournament.id.get().to_be_bytes())? {
                    Some(b) => unjson(&b)?,
                    None => return Err(WriteError::TournamentConflict.into()),
                };
                if stored.revision != base {
                    return Err(WriteError::TournamentConflict.into());
                }
                if let Some(old) = step_mark(&stored) {
                    t.remove(TOURNAMENT_MARKS, &mark_key(&old))?;
                }
                bytes.to_vec()
            }
        };
        if let Some(mark) = step_mark(&tournament) {
            t.insert(TOURNAMENT_MARKS, &mark_key(&mark), &[])?;
        }
        t.insert(TOURNAMENTS, &tournament.id.get().to_be_bytes(), &bytes)?;
        Ok(tournament.id.get())
    }

    pub(in crate::store) fn commit_unit(&self, unit: &Unit) -> Result<Committed, WriteError> {
        let Encoded { games, tournaments, settings, standings } = self.encode_unit(unit)?;
        let counts_commits = self.kv.counts_commits();
        let mut written = 0u64;
        let committed = self.kv.transaction(&mut |t: &dyn KvTx| {
            written = 0;
            let mut out = Committed::default();
            if counts_commits {
                next_counter(t, COMMITS_KEY, 1)?;
            }
            if let Some((key, at)) = &unit.request {
                if t.get(REQUESTS, key.as_bytes())?.is_some() {
                    return Err(WriteError::AlreadyDone.into());
                }
                t.insert(REQUESTS, key.as_bytes(), &at.to_be_bytes())?;
            }
            for (write, bytes) in &games {
                let (id, bytes) = KvStore::<K>::write_game(t, write.record.clone(), write.base, bytes)?;
                written += bytes;
                out.games.push(id);
            }
            for (write, bytes) in &tournaments {
                out.tournaments.push(KvStore::<K>::write_tournament(t, &write.tournament, write.base, bytes)?);
            }
            if let Some(standings) = &standings {
                KvStore::<K>::write_standings(t, standings)?;
            }
            for notice in &unit.notices {
                let id = next_counter(t, NEXT_NOTICE_KEY, 1)?;
                let notice = Notice { id, ..notice.clone() };
                t.insert(OUTBOX, &id.to_be_bytes(), &json(&notice)?)?;
                out.notices.push(id);
            }
            for id in &unit.delivered {
                t.remove(OUTBOX, &id.to_be_bytes())?;
            }
            for mark in &unit.unmarks {
                t.remove(TOURNAMENT_MARKS, &mark_key(mark))?;
            }
            for mark in &unit.marks {
                t.insert(TOURNAMENT_MARKS, &mark_key(mark), &[])?;
            }
            KvStore::<K>::write_settings(t, &settings)?;
            for (user, on) in &unit.notify {
                t.insert(USERS, &user.get().to_be_bytes(), &[u8::from(*on)])?;
            }
            super::sessions::write(t, &unit.sessions)?;
            super::training::write(t, &unit.training)?;
            // Every process that follows these games hears of them when (and only if) this commits: the
            // announcement is part of the unit, so neither a retry nor a process that ends right after the commit
            // loses or doubles it. A server's settings may turn its pages off: all its pages look again.
            for (id, (write, _)) in out.games.iter().zip(&games) {
                t.announce(super::GAMES_WRITTEN, &format!("{}:{id}", write.record.guild))?;
            }
            for write in &unit.settings {
                t.announce(super::GAMES_WRITTEN, &format!("{}:{}", write.guild, crate::store::EVERY_GAME))?;
            }
            Ok(out)
        })?;
        let others: usize = tournaments.iter().map(|(_, b)| b.len() + 8).sum::<usize>()
            + standings.as_ref().map_or(0, |s| {
                s.ratings.iter().map(|(k, i, v)| k.len() + i.len() + v.len()).sum::<usize>()
                    + s.teams.iter().map(|(k, v)| k.len() + v.len()).sum::<usize>()
            })
            + settings.iter().map(|(k, _, v)| k.len() + v.len()).sum::<usize>();
        self.written.fetch_add(written + others as u64, std::sync::atomic::Ordering::Relaxed);
        Ok(committed)
    }

    /// A unit's records encoded before its transaction (and, for a recomputation of the standings, the keys it
    /// replaces).
    fn encode_unit<'u>(&self, unit: &'u Unit) -> Result<Encoded<'u>, StoreError> {
        let mut games = Vec::with_capacity(unit.games.len());
        for write in &unit.games {
            games.push((write, encode(&write.record)?));
        }
        let mut tournaments = Vec::with_capacity(unit.tournaments.len());
        for write in &unit.tournaments {
            tournaments.push((write, json(&write.tournament)?));
        }
        let mut settings = Vec::with_capacity(unit.settings.len());
        for write in &unit.settings {
            settings.push((write.guild.0.to_be_bytes(), write.base, json(&write.settings)?));
        }
        let standings = match &unit.standings {
            Some(write) => Some(self.encode_standings(write)?),
            None => None,
        };
        Ok(Encoded { games, tournaments, settings, standings })
    }

    fn encode_standings<'u>(&self, write: &'u StandingsWrite) -> Result<EncodedStandings<'u>, StoreError> {
        let ratings = write
            .standings
            .ratings
            .iter()
            .map(|(g, k, u, r)| Ok((rating_key(*g, *k, *u), board_key(*g, *k, *u, r), json(r)?)))
            .collect::<Result<Vec<_>, StoreError>>()?;
        let teams = write
            .standings
            .teams
            .iter()
            .map(|(g, k, t)| Ok((team_key(*g, *k), json(t)?)))
            .collect::<Result<Vec<_>, StoreError>>()?;
        // A recomputation removes every record it does not write again. Read outside the transaction: a rating
        // written meanwhile also moves the sequence, and the check in the transaction then refuses the unit.
        let old = if write.replace {
            let keys = |tree| -> Result<Vec<Vec<u8>>, StoreError> {
                Ok(self.kv.all(tree)?.into_iter().map(|(k, _)| k).collect())
            };
            Some([keys(RATINGS)?, keys(RATING_INDEX)?, keys(TEAMS)?])
        } else {
            None
        };
        Ok(EncodedStandings { write, ratings, teams, old })
    }

    /// The ratings, their leaderboard index and the teams' records written in the unit's transaction, refused
    /// when a server's ratings moved since they were computed.
    fn write_standings(t: &dyn KvTx, standings: &EncodedStandings) -> Result<(), TxFail> {
        let EncodedStandings { write, ratings, teams, old } = standings;
        for &(guild, base) in &write.bases {
            if server_rating_sequence(t, guild)? != base {
                return Err(WriteError::RatingsMoved.into());
            }
        }
        if let Some(old) = old {
            for (tree, keys) in [RATINGS, RATING_INDEX, TEAMS].into_iter().zip(old) {
                for key in keys {
                    t.remove(tree, key)?;
                }
            }
        }
        for (rkey, index, value) in ratings {
            // The leaderboard index entry of the rating being replaced, read in the transaction.
            if let Some(old) = t.get(RATINGS, rkey)? {
                let old: Rating = unjson(&old)?;
                let user = id_from(&rkey[9..])?;
                let kind = &write.standings.ratings.iter().find(|r| rating_key(r.0, r.1, r.2) == *rkey);
                if let Some((guild, kind, _, _)) = kind {
                    t.remove(RATING_INDEX, &board_key(*guild, *kind, UserId(user), &old))?;
                }
            }
            t.insert(RATINGS, rkey, value)?;
            t.insert(RATING_INDEX, index, &[])?;
        }
        for (tkey, value) in teams {
            t.insert(TEAMS, tkey, value)?;
        }
        for &(guild, sequence) in &write.standings.sequences {
            t.insert(META, &server_rating_key(guild), &sequence.to_be_bytes())?;
        }
        Ok(())
    }

    /// Servers' settings written in the unit's transaction, each over the revision it was read at (when given).
    fn write_settings(t: &dyn KvTx, settings: &[EncodedSettings]) -> Result<(), TxFail> {
        for (key, base, value) in settings {
            if let Some(base) = base {
                let stored = match t.get(GUILDS, key)? {
                    Some(bytes) => unjson::<GuildSettings>(&bytes)?.revision,
                    None => 0,
                };
                if stored != *base {
                    return Err(WriteError::SettingsConflict.into());
                }
            }
            t.insert(GUILDS, key, value)?;
        }
        Ok(())
    }
}

/// A server's settings encoded: its key, the revision it was read at, the record.
type EncodedSettings = ([u8; 8], Option<u64>, Vec<u8>);

/// A unit's records encoded for its transaction.
struct Encoded<'u> {
    games: Vec<(&'u GameWrite, Vec<u8>)>,
    tournaments: Vec<(&'u TournamentWrite, Vec<u8>)>,
    settings: Vec<EncodedSettings>,
    standings: Option<EncodedStandings<'u>>,
}

/// New standings encoded: each rating with its key and leaderboard index key, each team record with its key,
/// and (for a recomputation) the keys of ratings, index and teams it replaces.
struct EncodedStandings<'u> {
    write: &'u StandingsWrite,
    ratings: Vec<([u8; 17], [u8; 26], Vec<u8>)>,
    teams: Vec<([u8; 17], Vec<u8>)>,
    old: Option<[Vec<Vec<u8>>; 3]>,
}
