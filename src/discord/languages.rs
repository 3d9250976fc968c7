//! The servers' own languages as Discord last told this process (every interaction carries its server's, and the
//! gateway's `GUILD_CREATE` its preferred locale): what an action taken outside Discord (on a page, in the
//! Activity) posts publicly in, so a move reads the same in the channel whichever front end it came from. A
//! server's `/settings` language still comes first (the table applies it).

use std::collections::HashMap;
use std::sync::Mutex;

use super::localize;
use crate::i18n::Locale;
use crate::store::record::GuildId;

/// The public language of each server this process heard of, one entry a server.
#[derive(Default)]
pub struct Languages {
    heard: Mutex<HashMap<u64, Locale>>,
}

impl Languages {
    /// Discord says `guild`'s language is `tag` (a locale tag; one we do not speak stands for `default`).
    pub fn heard(&self, guild: u64, tag: &str, default: Locale) {
        let locale = localize::public_locale(Some(tag), default);
        let mut heard = self.heard.lock().unwrap_or_else(|e| e.into_inner());
        if heard.get(&guild) != Some(&locale) {
            heard.insert(guild, locale);
        }
    }

    /// The language of `guild`'s public posts as Discord last said it, else `default`.
    pub fn public(&self, guild: GuildId, default: Locale) -> Locale {
        self.heard.lock().unwrap_or_else(|e| e.into_inner()).get(&guild.get()).copied().unwrap_or(default)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_server_reads_in_the_language_discord_last_gave_it() {
        let languages = Languages::default();
        let (spanish, english) = (Locale::parse("es-ES").unwrap(), Locale::English);
        assert_eq!(languages.public(GuildId(7), english), english, "not heard of: the default");
        languages.heard(7, "es-ES", english);
        assert_eq!(languages.public(GuildId(7), english), spanish);
        assert_eq!(languages.public(GuildId(8), english), english, "another server");
        languages.heard(7, "fr", english);
        assert_eq!(languages.public(GuildId(7), english), english, "a language we do not speak: the default");
    }
}
