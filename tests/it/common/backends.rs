//! The two store backends for tests that hold for both (the store's conformance suite): sled in a temporary
//! folder, and PostgreSQL in a fresh database of the server named by `TABLERO_TEST_POSTGRES` (dropped after the
//! test). Without that variable the PostgreSQL half is skipped, and each test binary says so once.

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

use tablero::store::{PgStore, SledStore, Store};

#[derive(Debug, Clone)]
pub enum Backend {
    Sled,
    /// The URL of the server's maintenance database (new databases are made through it).
    Postgres(String),
}

/// The PostgreSQL backend, when `TABLERO_TEST_POSTGRES` names a server; otherwise one line on the terminal (not
/// captured by the test harness) says the tests were skipped and how to run them.
pub fn postgres() -> Option<Backend> {
    match std::env::var("TABLERO_TEST_POSTGRES").ok().filter(|u| !u.is_empty()) {
        Some(url) => Some(Backend::Postgres(url)),
        None => {
            static SAID: std::sync::Once = std::sync::Once::new();
            SAID.call_once(|| {
                use std::io::Write;
                let _ = writeln!(
                    std::io::stderr().lock(),
                    "PostgreSQL tests skipped: set TABLERO_TEST_POSTGRES=postgres://postgres@127.0.0.1:5432/postgres \
                     (a server where the user may create databases) to run them"
                );
            });
            None
        }
    }
}

/// A fresh, empty store of a backend.
pub struct Fresh {
    store: Option<Arc<dyn Store>>,
    place: Place,
}

enum Place {
    Sled(tempfile::TempDir),
    Postgres { admin: String, name: String, url: String },
}

/// `url` with its database replaced by `name`.
fn with_database(url: &str, name: &str) -> String {
    let (base, query) = url.split_once('?').map_or((url, None), |(b, q)| (b, Some(q)));
    let authority = base.find("://").map_or(0, |i| i + 3);
    let base = match base[authority..].find('/') {
        Some(slash) => &base[..authority + slash],
        None => base,
    };
    match query {
        Some(q) => format!("{base}/{name}?{q}"),
        None => format!("{base}/{name}"),
    }
}

/// Runs one statement on the maintenance database (on a thread of its own: callers may be async).
fn admin_sql(admin: &str, sql: String) {
    use sqlx::Connection;
    let admin = admin.to_string();
    std::thread::spawn(move || {
        let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap();
        runtime.block_on(async {
            let mut connection = sqlx::PgConnection::connect(&admin).await.expect("the test PostgreSQL server answers");
            sqlx::raw_sql(sqlx::AssertSqlSafe(sql)).execute(&mut connection).await.expect("the statement runs");
        });
    })
    .join()
    .expect("the statement ran");
}

impl Backend {
    pub fn fresh(&self) -> Fresh {
        match self {
            Backend::Sled => {
                let dir = tempfile::tempdir().unwrap();
                let store = Arc::new(SledStore::open(dir.path()).unwrap());
                Fresh { store: Some(store), place: Place::Sled(dir) }
            }
            Backend::Postgres(admin) => {
                static N: AtomicU64 = AtomicU64::new(0);
                let name = format!("tablero_test_{}_{}", std::process::id(), N.fetch_add(1, Ordering::SeqCst));
                admin_sql(admin, format!("DROP DATABASE IF EXISTS {name} WITH (FORCE)"));
                admin_sql(admin, format!("CREATE DATABASE {name}"));
                let url = with_database(admin, &name);
                let store = Arc::new(PgStore::connect(&url).unwrap());
                Fresh { store: Some(store), place: Place::Postgres { admin: admin.clone(), name, url } }
            }
        }
    }
}

impl Backend {
    /// A new database on the PostgreSQL server, which nothing has opened yet: its URL, and what drops it.
    pub fn empty_postgres(&self) -> Option<(String, Fresh)> {
        let Backend::Postgres(admin) = self else { return None };
        static N: AtomicU64 = AtomicU64::new(0);
        let name = format!("tablero_empty_{}_{}", std::process::id(), N.fetch_add(1, Ordering::SeqCst));
        admin_sql(admin, format!("DROP DATABASE IF EXISTS {name} WITH (FORCE)"));
        admin_sql(admin, format!("CREATE DATABASE {name}"));
        let url = with_database(admin, &name);
        Some((url.clone(), Fresh { store: None, place: Place::Postgres { admin: admin.clone(), name, url } }))
    }
}

impl Fresh {
    pub fn store(&self) -> &Arc<dyn Store> {
        self.store.as_ref().expect("open")
    }

    /// Another handle on the same store, as another process would open it (sled allows one process: the same
    /// handle).
    pub fn another(&self) -> Arc<dyn Store> {
        match &self.place {
            Place::Sled(_) => self.store().clone(),
            Place::Postgres { url, .. } => Arc::new(PgStore::connect(url).unwrap()),
        }
    }

    /// Closes the store and opens it again (as a restart does; the caller holds no other handle of it).
    pub fn reopen(&mut self) -> &Arc<dyn Store> {
        self.store = None;
        let store: Arc<dyn Store> = match &self.place {
            Place::Sled(dir) => Arc::new(SledStore::open(dir.path()).unwrap()),
            Place::Postgres { url, .. } => Arc::new(PgStore::connect(url).unwrap()),
        };
        self.store.insert(store)
    }

    /// Closes the store and makes it what schema version 2 left: the same records, without the archive index
    /// (version 3's `guild_finished` tree) — for the migration's test. `reopen` opens it again.
    pub fn as_version_2(&mut self) {
        self.store = None;
        match &self.place {
            Place::Sled(dir) => {
                let db = open_when_released(dir.path());
                db.open_tree("meta").unwrap().insert("schema_version", "2").unwrap();
                db.open_tree("guild_finished").unwrap().clear().unwrap();
                db.flush().unwrap();
            }
            Place::Postgres { url, .. } => admin_sql(
                url,
                "UPDATE tablero_meta SET value = '2' WHERE key = 'schema_version'::bytea; \
                 DELETE FROM tablero_guild_finished;"
                    .into(),
            ),
        }
    }

    /// Closes the store and makes it what a store written before the index of each server's live games looks
    /// like: the same records, the index empty and not marked filled. `reopen` opens it again.
    pub fn without_server_live_index(&mut self) {
        self.store = None;
        match &self.place {
            Place::Sled(dir) => {
                let db = open_when_released(dir.path());
                db.open_tree("meta").unwrap().remove("guild_live_filled").unwrap();
                db.open_tree("guild_live").unwrap().clear().unwrap();
                db.flush().unwrap();
            }
            Place::Postgres { url, .. } => admin_sql(
                url,
                "DELETE FROM tablero_meta WHERE key = 'guild_live_filled'::bytea; DELETE FROM tablero_guild_live;"
                    .into(),
            ),
        }
    }

    /// Where the store is, as `[store] url` or `--data` would name it.
    pub fn location(&self) -> String {
        match &self.place {
            Place::Sled(dir) => dir.path().display().to_string(),
            Place::Postgres { url, .. } => url.clone(),
        }
    }
}

impl Drop for Fresh {
    fn drop(&mut self) {
        self.store = None;
        if let Place::Postgres { admin, name, .. } = &self.place {
            admin_sql(admin, format!("DROP DATABASE IF EXISTS {name} WITH (FORCE)"));
        }
    }
}

/// Defines each named test `fn name(backend: &Backend)` twice: `sled::name` and `postgres::name`.
#[macro_export]
macro_rules! on_both_backends {
    ($($name:ident),* $(,)?) => {
        mod on_sled {
            $(
                #[test]
                fn $name() {
                    super::$name(&$crate::common::backends::Backend::Sled)
                }
            )*
        }
        mod on_postgres {
            $(
                #[test]
                fn $name() {
                    if let Some(backend) = $crate::common::backends::postgres() {
                        super::$name(&backend)
                    }
                }
            )*
        }
    };
}

/// Opens a sled folder whose last handle was just dropped: sled's flusher thread lets go of the folder's lock a
/// moment later, so the open is tried again for up to five seconds.
fn open_when_released(path: &std::path::Path) -> sled::Db {
    let started = std::time::Instant::now();
    loop {
        match sled::open(path) {
            Ok(db) => return db,
            Err(_) if started.elapsed() < std::time::Duration::from_secs(5) => {
                std::thread::sleep(std::time::Duration::from_millis(20));
            }
            Err(e) => panic!("the sled folder stays locked: {e}"),
        }
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_database_is_named_in_the_url() {
        assert_eq!(super::with_database("postgres://u@h:5432/postgres", "t1"), "postgres://u@h:5432/t1");
        assert_eq!(super::with_database("postgres://u@h", "t1"), "postgres://u@h/t1");
        assert_eq!(super::with_database("postgres://u@h/p?sslmode=disable", "t1"), "postgres://u@h/t1?sslmode=disable");
    }
}
