//! Languages on Discord: a user's or server's locale tag to ours, and the Spanish command names written once
//! (as `es-ES` in the command attributes) given to both of Discord's Spanish locales.

use super::{Data, Error};
use crate::i18n::Locale;

/// Discord's locale tag to ours: `es-419` and `es-ES` are Spanish; everything else is English.
pub fn locale(tag: &str) -> Locale {
    match Locale::parse(tag) {
        Some(l) => l,
        None => Locale::English,
    }
}

/// The language of public posts: the server's preferred locale when we speak it, else the configured default.
pub fn public_locale(guild_locale: Option<&str>, default: Locale) -> Locale {
    guild_locale.and_then(Locale::parse).unwrap_or(default)
}

/// Gives every `es-ES` name, description and choice name to `es-419` too (Latin American Spanish), unless one
/// was written for it.
pub fn copy_spanish(commands: &mut [poise::Command<Data, Error>]) {
    fn copy(list: &mut Vec<(std::borrow::Cow<'static, str>, std::borrow::Cow<'static, str>)>) {
        let has_419 = list.iter().any(|(l, _)| l == "es-419");
        if let Some((_, text)) = list.iter().find(|(l, _)| l == "es-ES").cloned()
            && !has_419
        {
            list.push(("es-419".into(), text));
        }
    }
    for command in commands {
        copy(command.name_localizations.to_mut());
        copy(command.description_localizations.to_mut());
        for parameter in &mut command.parameters {
            copy(parameter.name_localizations.to_mut());
            copy(parameter.description_localizations.to_mut());
            for choice in parameter.choices.to_mut() {
                copy(choice.localizations.to_mut());
            }
        }
        copy_spanish(&mut command.subcommands);
    }
}
