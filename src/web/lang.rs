//! The reader's language: `?lang=` (the pages' switch, kept in a cookie), else the cookie, else the browser's
//! `Accept-Language` in its order of preference, else English.

use axum::http::HeaderMap;

use crate::i18n::Locale;

/// The cookie that keeps the switch's choice.
pub const COOKIE: &str = "tablero_lang";

/// The language of a request.
pub fn of(headers: &HeaderMap, asked: Option<&str>) -> Locale {
    if let Some(locale) = asked.and_then(Locale::parse) {
        return locale;
    }
    let cookies = headers.get_all(axum::http::header::COOKIE).iter().filter_map(|v| v.to_str().ok());
    for pair in cookies.flat_map(|c| c.split(';')) {
        if let Some((COOKIE, value)) = pair.trim().split_once('=')
            && let Some(locale) = Locale::parse(value)
        {
            return locale;
        }
    }
    headers
        .get(axum::http::header::ACCEPT_LANGUAGE)
        .and_then(|v| v.to_str().ok())
        .and_then(accepted)
        .unwrap_or(Locale::English)
}

/// The first language of an `Accept-Language` list (by weight, then order) that the bot speaks.
fn accepted(header: &str) -> Option<Locale> {
    let mut ranked: Vec<(f32, usize, Locale)> = header
        .split(',')
        .enumerate()
        .filter_map(|(i, item)| {
            let mut parts = item.split(';');
            let locale = Locale::parse(parts.next()?.trim())?;
            let weight = parts
                .find_map(|p| p.trim().strip_prefix("q=").and_then(|q| q.trim().parse::<f32>().ok()))
                .unwrap_or(1.0);
            (weight > 0.0).then_some((weight, i, locale))
        })
        .collect();
    ranked.sort_by(|a, b| b.0.total_cmp(&a.0).then(a.1.cmp(&b.1)));
    ranked.first().map(|r| r.2)
}

/// The short tag of a page's `lang` attribute.
pub fn html_tag(locale: Locale) -> &'static str {
    match locale {
        Locale::English => "en",
        Locale::SpanishLatinAmerica => "es-419",
        Locale::SpanishSpain => "es-ES",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn headers(pairs: &[(&str, &str)]) -> HeaderMap {
        let mut h = HeaderMap::new();
        for (k, v) in pairs {
            h.append(axum::http::HeaderName::from_bytes(k.as_bytes()).unwrap(), v.parse().unwrap());
        }
        h
    }

    #[test]
    fn the_switch_wins_then_the_cookie_then_the_browser() {
        let es = headers(&[("accept-language", "fr-FR, es-MX;q=0.8, en;q=0.5")]);
        assert_eq!(of(&es, None), Locale::SpanishLatinAmerica, "French is not spoken; Spanish weighs more");
        assert_eq!(of(&es, Some("en")), Locale::English);
        let cookie = headers(&[("cookie", "a=b; tablero_lang=es-ES"), ("accept-language", "en")]);
        assert_eq!(of(&cookie, None), Locale::SpanishSpain);
        assert_eq!(of(&headers(&[("accept-language", "de, *;q=0.1")]), None), Locale::English);
        assert_eq!(of(&headers(&[("accept-language", "en;q=0.2, es")]), None), Locale::SpanishLatinAmerica);
        assert_eq!(of(&headers(&[]), Some("klingon")), Locale::English);
    }
}
