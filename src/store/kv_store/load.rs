//! Filling an empty store from a backup's entries (the counters last, never lowered).

use super::*;

impl<K: Kv> KvStore<K> {
    pub(in crate::store) fn load_entries(&self, entries: &[Entry]) -> Result<(), StoreError> {
        if !self.is_empty()? {
            return Err(StoreError::Backend("the store to fill already holds data".into()));
        }
        let failed = |e: WriteError| StoreError::Backend(format!("loading the records: {e}"));
        let mut counters = Counters::default();
        let mut units = vec![Unit::default()];
        let mut standings = Standings::default();
        for entry in entries {
            let unit = units.last_mut().expect("a unit");
            match entry {
                Entry::Counters(c) => counters = *c,
                Entry::Game { record } => unit.games.push(GameWrite { record: (**record).clone(), base: None }),
                Entry::Tournament { record } => {
                    unit.tournaments.push(TournamentWrite { tournament: record.clone(), base: None })
                }
                Entry::Rating { guild, game, user, record } => {
                    standings.ratings.push((*guild, *game, *user, record.clone()))
                }
                Entry::Team { guild, team, record } => standings.teams.push((*guild, *team, record.clone())),
                Entry::Settings { guild, record } => {
                    unit.settings.push(SettingsWrite { guild: *guild, settings: record.clone(), base: None })
                }
                Entry::Notify { user, on } => unit.notify.push((*user, *on)),
                Entry::Mark { record } => unit.marks.push(*record),
                Entry::Training { key, record } => unit.training.push(crate::store::training::TrainingWrite {
                    key: *key,
                    value: record.clone(),
                    base: None,
                }),
                Entry::Notice { record } => {
                    // Notices keep their ids (their posts' nonces are made of them).
                    self.kv.put(OUTBOX, &record.id.to_be_bytes(), &json(record)?)?;
                }
                Entry::BoardPost { game, channel, message } => {
                    self.set_board_post(*game, *channel, *message)?;
                }
            }
            if unit.games.len() + unit.tournaments.len() + unit.training.len() >= 200 {
                units.push(Unit::default());
            }
        }
        for unit in &units {
            self.commit(unit).map_err(failed)?;
        }
        let standings = StandingsWrite { bases: Vec::new(), standings, replace: false };
        self.commit(&Unit { standings: Some(standings), ..Unit::default() }).map_err(failed)?;
        for (key, value, default) in [
            (NEXT_ID_KEY, counters.next_game_id, 1),
            (NEXT_TOURNAMENT_KEY, counters.next_tournament_id, 1),
            (NEXT_NOTICE_KEY, counters.next_notice_id, 1),
            (LAST_RATING_KEY, counters.last_rating_sequence, 0),
        ] {
            self.kv.put(META, key, &value.max(default).to_be_bytes())?;
        }
        self.kv.flush()
    }
}
