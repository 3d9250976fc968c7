//! Reading records back: a game with its moves, the outbox, the tournament marks, board posts, and every record
//! tree by tree (what a backup and a check read).

use super::*;
use crate::store::record::ChannelId;
use crate::store::record::GuildId;
use crate::store::record::UserId;

/// A game from its stored header and its moves. Outside a consistent view the header and the moves are read
/// one after the other: moves past the header's count belong to a later write and are left out, and a shortfall
/// (a write between the two reads, or damage) is read again from a fresh header.
pub(in crate::store) fn with_moves(r: &dyn KvRead, id: GameId, header: &[u8]) -> Result<GameRecord, StoreError> {
    let mut header = header.to_vec();
    for _ in 0..5 {
        let mut record = decode(&header)?;
        let count = moves_stored(&header)?;
        record.moves.reserve(count as usize);
        let (from, to) = (move_key(id, 0), move_key(id, count));
        for (key, value) in r.range(MOVES, &from, Some(&to), None)? {
            if key != move_key(id, record.moves.len() as u64) {
                // A move missing from the middle (damage): the moves after it are not this game's next.
                break;
            }
            record.moves.push(unjson(&value)?);
        }
        if record.moves.len() as u64 == count {
            return Ok(record);
        }
        match r.get(GAMES, &id.get().to_be_bytes())? {
            Some(fresh) if fresh != header => header = fresh,
            // The same header: a write still being applied tree by tree, or damage; look again shortly.
            Some(_) => std::thread::sleep(std::time::Duration::from_millis(2)),
            None => return Err(StoreError::Corrupt(format!("game {id} vanished while it was read"))),
        }
    }
    let header_count = moves_stored(&header)?;
    Err(StoreError::Corrupt(format!("game {id}'s header says {header_count} moves, fewer are stored")))
}

pub(in crate::store) fn all_games(r: &dyn KvRead) -> Result<Vec<GameRecord>, StoreError> {
    r.all(GAMES)?.into_iter().map(|(key, value)| with_moves(r, GameId(id_from(&key)?), &value)).collect()
}

pub(in crate::store) fn notices(r: &dyn KvRead) -> Result<Vec<Notice>, StoreError> {
    r.all(OUTBOX)?
        .into_iter()
        .map(|(_, value)| serde_json::from_slice(&value).map_err(|e| StoreError::Corrupt(format!("a notice: {e}"))))
        .collect()
}

pub(in crate::store) fn tournament_marks(r: &dyn KvRead, until: Timestamp) -> Result<Vec<TournamentMark>, StoreError> {
    let end = mark_key(&TournamentMark {
        at: until,
        tournament: crate::store::record::TournamentId(u64::MAX),
        game: GameId(u64::MAX),
    });
    r.up_to(TOURNAMENT_MARKS, &end)?.into_iter().map(|(key, _)| mark_of(&key)).collect()
}

pub(in crate::store) fn board_post(r: &dyn KvRead, game: GameId) -> Result<Option<(ChannelId, u64)>, StoreError> {
    let Some(bytes) = r.get(BOARD_POSTS, &game.get().to_be_bytes())? else { return Ok(None) };
    if bytes.len() != 16 {
        return Err(StoreError::Corrupt(format!("board post of game {game} has {} bytes", bytes.len())));
    }
    Ok(Some((ChannelId(id_from(&bytes[..8])?), id_from(&bytes[8..])?)))
}

/// Every record, tree by tree, games second (what a backup holds).
pub(in crate::store) fn read_all(r: &dyn KvRead) -> Result<Vec<Entry>, StoreError> {
    let mut out = read_all_but_games(r)?;
    let games = all_games(r)?.into_iter().map(|record| Entry::Game { record: Box::new(record) });
    out.splice(1..1, games);
    Ok(out)
}

/// The counters, then every record but the games.
pub(in crate::store) fn read_all_but_games(r: &dyn KvRead) -> Result<Vec<Entry>, StoreError> {
    let mut out = vec![Entry::Counters(Counters {
        next_game_id: counter(r, NEXT_ID_KEY, 1)?,
        next_tournament_id: counter(r, NEXT_TOURNAMENT_KEY, 1)?,
        next_notice_id: counter(r, NEXT_NOTICE_KEY, 1)?,
        last_rating_sequence: highest_rating_sequence(r)?,
    })];
    for (_, value) in r.all(TOURNAMENTS)? {
        out.push(Entry::Tournament { record: unjson(&value)? });
    }
    for (key, value) in r.all(RATINGS)? {
        let game = *GameKind::ALL
            .iter()
            .find(|k| **k as u8 == key[8])
            .ok_or_else(|| StoreError::Corrupt(format!("a rating of game kind {}", key[8])))?;
        out.push(Entry::Rating {
            guild: GuildId(id_from(&key[..8])?),
            game,
            user: UserId(id_from(&key[9..])?),
            record: unjson(&value)?,
        });
    }
    for (key, value) in r.all(TEAMS)? {
        let id = id_from(&key[9..])?;
        let team = if key[8] == b'r' { TeamKey::Role(id) } else { TeamKey::Player(UserId(id)) };
        out.push(Entry::Team { guild: GuildId(id_from(&key[..8])?), team, record: unjson(&value)? });
    }
    for (key, value) in r.all(GUILDS)? {
        out.push(Entry::Settings { guild: GuildId(id_from(&key)?), record: unjson(&value)? });
    }
    for (key, value) in r.all(USERS)? {
        out.push(Entry::Notify { user: UserId(id_from(&key)?), on: value == [1] });
    }
    out.extend(notices(r)?.into_iter().map(|record| Entry::Notice { record }));
    out.extend(tournament_marks(r, u64::MAX)?.into_iter().map(|record| Entry::Mark { record }));
    for (key, record) in super::training::all(r)? {
        out.push(Entry::Training { key, record });
    }
    for (key, _) in r.all(BOARD_POSTS)? {
        let game = id_from(&key)?;
        if let Some((channel, message)) = board_post(r, GameId(game))? {
            out.push(Entry::BoardPost { game: GameId(game), channel, message });
        }
    }
    Ok(out)
}
