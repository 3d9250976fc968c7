//! A piece picked from a board's menu: the menus of its moves, for the player on turn alone.

use crate::i18n::{self, Message};
use crate::store::record::{GameId, Timestamp};
use crate::table::actor::Actor;
use crate::table::button_id::ButtonId;
use crate::table::fail::Answer;
use crate::table::menus::MenuOption;
use crate::table::menus::{MENU_OPTIONS, MOVE_MENUS, by_piece, split};
use crate::table::reply::{Audience, Reply};
use crate::table::write::AtWork;

impl AtWork<'_> {
    /// A piece picked from a board's menu: the menus of its moves, for the player on turn alone.
    pub(in crate::table) fn pick_piece(
        &self,
        actor: &Actor,
        game: GameId,
        ply: usize,
        square: &str,
        now: Timestamp,
    ) -> Answer {
        let (record, _, position) = self.turn_of(actor, Some((game, ply)), now)?;
        let moves = by_piece(&position).into_iter().find(|(s, _)| s == square).map(|(_, m)| m).unwrap_or_default();
        if moves.is_empty() {
            return Err(Message::new("menu-no-moves").str("square", square).into());
        }
        let locale = actor.locale;
        let total = moves.len();
        let options: Vec<MenuOption> = moves
            .into_iter()
            .map(|m| MenuOption {
                description: m.contains('x').then(|| i18n::text(locale, &Message::new("menu-capture"))),
                label: m.clone(),
                value: m,
            })
            .collect();
        let placeholder = |k: usize, count: usize| {
            let message = match count {
                1 => Message::new("menu-move").str("square", square),
                _ => Message::new("menu-move-part")
                    .str("square", square)
                    .num("part", (k + 1) as i64)
                    .num("parts", count as i64),
            };
            i18n::text(locale, &message)
        };
        let menus = split(options, MOVE_MENUS, |k| ButtonId::MoveMenu { game: record.id, ply, menu: k }, placeholder);
        let mut text =
            i18n::text(locale, &Message::new("menu-moves-of").str("square", square).num("count", total as i64));
        if total > MOVE_MENUS * MENU_OPTIONS {
            text.push('\n');
            text.push_str(&i18n::text(
                locale,
                &Message::new("menu-more").num("shown", (MOVE_MENUS * MENU_OPTIONS) as i64),
            ));
        }
        Ok(vec![Reply { text: text.into(), menus, audience: Audience::Asker, ..Reply::default() }])
    }
}
