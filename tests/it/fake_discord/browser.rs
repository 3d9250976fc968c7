//! A browser without script for tests and benchmarks of the pages: it keeps cookies, follows no redirect by
//! itself, posts forms, and signs in through the fake Discord's OAuth2.

use std::collections::HashMap;

/// A browser without script: it keeps cookies and follows nothing by itself.
pub struct Browser {
    client: reqwest::Client,
    pub cookies: HashMap<String, String>,
}

/// An answer: status, where it sends the browser, body.
#[derive(Debug)]
pub struct Got {
    pub status: u16,
    pub location: Option<String>,
    pub body: String,
}

impl Browser {
    pub fn new() -> Browser {
        let client = reqwest::Client::builder().no_proxy().redirect(reqwest::redirect::Policy::none()).build().unwrap();
        Browser { client, cookies: HashMap::new() }
    }

    fn cookie_header(&self) -> String {
        self.cookies.iter().map(|(k, v)| format!("{k}={v}")).collect::<Vec<_>>().join("; ")
    }

    async fn keep(&mut self, response: reqwest::Response) -> Got {
        for set in response.headers().get_all("set-cookie") {
            let text = set.to_str().unwrap();
            let (pair, _) = text.split_once(';').unwrap_or((text, ""));
            let (k, v) = pair.split_once('=').unwrap();
            if v.is_empty() || text.contains("Max-Age=0") {
                self.cookies.remove(k);
            } else {
                self.cookies.insert(k.to_string(), v.to_string());
            }
        }
        let status = response.status().as_u16();
        let location = response.headers().get("location").map(|l| l.to_str().unwrap().to_string());
        Got { status, location, body: response.text().await.unwrap() }
    }

    pub async fn get(&mut self, url: &str) -> Got {
        let response = self.client.get(url).header("cookie", self.cookie_header()).send().await.unwrap();
        self.keep(response).await
    }

    pub async fn post(&mut self, url: &str, form: &[(&str, &str)]) -> Got {
        let body = form.iter().map(|(k, v)| format!("{k}={}", super::oauth::encode(v))).collect::<Vec<_>>().join("&");
        let response = self
            .client
            .post(url)
            .header("cookie", self.cookie_header())
            .header("content-type", "application/x-www-form-urlencoded")
            .body(body)
            .send()
            .await
            .unwrap();
        self.keep(response).await
    }

    /// Signs in (as whoever the fake Discord signs in) and comes back to `page`: the page's path.
    pub async fn sign_in(&mut self, site: &str, page: &str) -> Got {
        let begun = self.get(&format!("{site}/signin?next={page}")).await;
        assert_eq!(begun.status, 303, "{begun:?}");
        let authorize = begun.location.unwrap();
        let back = self.get(&authorize).await;
        assert_eq!(back.status, 302, "the fake signs in: {back:?}");
        self.get(&back.location.unwrap()).await
    }
}
