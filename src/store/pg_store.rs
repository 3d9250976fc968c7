//! The PostgreSQL backend, for several bot processes sharing one store. Each tree of [`super::kv`] is a table
//! `tablero_<tree> (key bytea PRIMARY KEY, value bytea)` (migrations embedded from `migrations/`), holding the same
//! keys and values as the sled store; a unit is one SERIALIZABLE transaction, so the revision checks of a unit
//! (a game's, a tournament's, the rating sequence) are decided by the database across processes, and a
//! transaction that a concurrent one invalidated (SQLSTATE 40001, or a deadlock, 40P01) is run again from the
//! start. The live-channel index is a table keyed by channel: one live game per channel holds across processes.
//!
//! The store's interface is synchronous (the table layer runs on blocking threads); the queries run on a small
//! runtime of the store's own, and the calling thread waits for each.

use std::future::Future;
use std::sync::mpsc;

use sqlx::postgres::{PgPool, PgPoolOptions};
use sqlx::{AssertSqlSafe, Postgres, Transaction};

use super::kv::*;
use super::kv_store::{KvStore, SCHEMA_KEY};
use super::{StoreError, WriteError};

/// The store in a PostgreSQL database.
pub type PgStore = KvStore<PgKv>;

static MIGRATOR: sqlx::migrate::Migrator = sqlx::migrate!("./migrations");

/// The advisory lock under which a process opening the store creates, migrates and stamps it ("tablero" in
/// ASCII; sqlx's own migration lock is another key).
const SCHEMA_LOCK: i64 = 0x0074_6162_6c65_726f;

/// The statements of one table.
struct TreeSql {
    get: String,
    from: String,
    between: String,
    insert: String,
    remove: String,
}

pub struct PgKv {
    runtime: Option<tokio::runtime::Runtime>,
    pool: PgPool,
    sql: std::sync::Arc<Vec<TreeSql>>,
}

/// A URL with its password hidden, to be shown.
pub fn shown_url(url: &str) -> String {
    // A password given as a parameter (`?password=…`, `&password=…`) is hidden too.
    if let Some((base, query)) = url.split_once('?') {
        let query: Vec<String> = query
            .split('&')
            .map(|pair| match pair.split_once('=') {
                Some((key, _)) if key.eq_ignore_ascii_case("password") => format!("{key}=***"),
                _ => pair.to_string(),
            })
            .collect();
        return format!("{}?{}", shown_url(base), query.join("&"));
    }
    match (url.find("://"), url.rfind('@')) {
        (Some(scheme), Some(at)) if at > scheme => {
            let credentials = &url[scheme + 3..at];
            match credentials.find(':') {
                Some(colon) => format!("{}{}:***{}", &url[..scheme + 3], &credentials[..colon], &url[at..]),
                None => url.to_string(),
            }
        }
        _ => url.to_string(),
    }
}

fn failed(e: sqlx::Error) -> StoreError {
    StoreError::Postgres(e)
}

/// Whether a transaction failed only because a concurrent one got there first (it is run again).
fn retryable(e: &sqlx::Error) -> bool {
    e.as_database_error().and_then(|d| d.code()).is_some_and(|code| code == "40001" || code == "40P01")
}

/// Runs `work` on `runtime` and waits for it (from any thread, async or not).
fn run_on<T: Send + 'static>(runtime: &tokio::runtime::Runtime, work: impl Future<Output = T> + Send + 'static) -> T {
    let (send, receive) = mpsc::sync_channel(1);
    runtime.spawn(async move {
        let _ = send.send(work.await);
    });
    receive.recv().expect("the store's runtime stopped")
}

impl PgKv {
    /// Runs a query on the store's runtime and waits for it.
    fn run<T: Send + 'static>(&self, work: impl Future<Output = T> + Send + 'static) -> T {
        run_on(self.runtime.as_ref().expect("the store is open"), work)
    }

    fn sql(&self) -> std::sync::Arc<Vec<TreeSql>> {
        self.sql.clone()
    }
}

impl Drop for PgKv {
    fn drop(&mut self) {
        // Dropping a runtime waits for its threads, which an async caller may not do: they are let go instead.
        if let Some(runtime) = self.runtime.take() {
            runtime.shutdown_background();
        }
    }
}

type Row = (Vec<u8>, Vec<u8>);

async fn get<'c, E: sqlx::PgExecutor<'c>>(e: E, sql: &str, key: Vec<u8>) -> Result<Option<Vec<u8>>, sqlx::Error> {
    sqlx::query_scalar::<_, Vec<u8>>(AssertSqlSafe(sql.to_string())).bind(key).fetch_optional(e).await
}

async fn range<'c, E: sqlx::PgExecutor<'c>>(
    e: E,
    sql: &[TreeSql],
    tree: usize,
    from: Vec<u8>,
    to: Option<Vec<u8>>,
    limit: Option<usize>,
) -> Result<Vec<Row>, sqlx::Error> {
    let limit = limit.map_or(i64::MAX, |l| l as i64);
    match to {
        Some(to) => {
            sqlx::query_as::<_, Row>(AssertSqlSafe(sql[tree].between.clone()))
                .bind(from)
                .bind(to)
                .bind(limit)
                .fetch_all(e)
                .await
        }
        None => {
            sqlx::query_as::<_, Row>(AssertSqlSafe(sql[tree].from.clone())).bind(from).bind(limit).fetch_all(e).await
        }
    }
}

impl KvRead for PgKv {
    fn get(&self, tree: usize, key: &[u8]) -> Result<Option<Vec<u8>>, StoreError> {
        let (pool, sql, key) = (self.pool.clone(), self.sql(), key.to_vec());
        self.run(async move { get(&pool, &sql[tree].get, key).await }).map_err(failed)
    }

    fn range(&self, tree: usize, from: &[u8], to: Option<&[u8]>, limit: Option<usize>) -> Result<Entries, StoreError> {
        let (pool, sql, from, to) = (self.pool.clone(), self.sql(), from.to_vec(), to.map(<[u8]>::to_vec));
        self.run(async move { range(&pool, &sql, tree, from, to, limit).await }).map_err(failed)
    }
}

/// A transaction in progress; each statement borrows it and gives it back.
struct PgTx<'a> {
    kv: &'a PgKv,
    tx: std::cell::RefCell<Option<Transaction<'static, Postgres>>>,
}

impl PgTx<'_> {
    fn with<T: Send + 'static, F>(
        &self,
        work: impl FnOnce(Transaction<'static, Postgres>) -> F,
    ) -> Result<T, sqlx::Error>
    where
        F: Future<Output = (Transaction<'static, Postgres>, Result<T, sqlx::Error>)> + Send + 'static,
    {
        let tx = self.tx.borrow_mut().take().ok_or_else(|| sqlx::Error::WorkerCrashed)?;
        let (tx, out) = self.kv.run(work(tx));
        *self.tx.borrow_mut() = Some(tx);
        out
    }
}

fn backend(e: sqlx::Error) -> TxFail {
    TxFail::Backend(Box::new(e))
}

impl KvTx for PgTx<'_> {
    fn get(&self, tree: usize, key: &[u8]) -> Result<Option<Vec<u8>>, TxFail> {
        let (sql, key) = (self.kv.sql(), key.to_vec());
        self.with(|mut tx| async move {
            let out = get(&mut *tx, &sql[tree].get, key).await;
            (tx, out)
        })
        .map_err(backend)
    }

    fn insert(&self, tree: usize, key: &[u8], value: &[u8]) -> Result<(), TxFail> {
        let (sql, key, value) = (self.kv.sql(), key.to_vec(), value.to_vec());
        self.with(|mut tx| async move {
            let out =
                sqlx::query(AssertSqlSafe(sql[tree].insert.clone())).bind(key).bind(value).execute(&mut *tx).await;
            (tx, out.map(|_| ()))
        })
        .map_err(backend)
    }

    fn remove(&self, tree: usize, key: &[u8]) -> Result<(), TxFail> {
        let (sql, key) = (self.kv.sql(), key.to_vec());
        self.with(|mut tx| async move {
            let out = sqlx::query(AssertSqlSafe(sql[tree].remove.clone())).bind(key).execute(&mut *tx).await;
            (tx, out.map(|_| ()))
        })
        .map_err(backend)
    }

    /// PostgreSQL delivers a notification made in a transaction when it commits, and never when it does not.
    fn announce(&self, channel: &'static str, payload: &str) -> Result<(), TxFail> {
        let payload = payload.to_string();
        self.with(|mut tx| async move {
            let out = sqlx::query("SELECT pg_notify($1, $2)").bind(channel).bind(payload).execute(&mut *tx).await;
            (tx, out.map(|_| ()))
        })
        .map_err(backend)
    }
}

/// Reads inside one REPEATABLE READ transaction: one view of every table.
struct PgView<'a>(PgTx<'a>);

impl KvRead for PgView<'_> {
    fn get(&self, tree: usize, key: &[u8]) -> Result<Option<Vec<u8>>, StoreError> {
        let (sql, key) = (self.0.kv.sql(), key.to_vec());
        self.0
            .with(|mut tx| async move {
                let out = get(&mut *tx, &sql[tree].get, key).await;
                (tx, out)
            })
            .map_err(failed)
    }

    fn range(&self, tree: usize, from: &[u8], to: Option<&[u8]>, limit: Option<usize>) -> Result<Entries, StoreError> {
        let (sql, from, to) = (self.0.kv.sql(), from.to_vec(), to.map(<[u8]>::to_vec));
        self.0
            .with(|mut tx| async move {
                let out = range(&mut *tx, &sql, tree, from, to, limit).await;
                (tx, out)
            })
            .map_err(failed)
    }
}

/// How many times a transaction is run again after conflicts before the unit is given up.
const ATTEMPTS: u32 = 200;

impl PgKv {
    /// Listens on `channel` with a connection of its own, again after a lost connection (telling `None`).
    async fn listen(pool: PgPool, channel: &'static str, tell: Heard) {
        loop {
            match sqlx::postgres::PgListener::connect_with(&pool).await {
                Ok(mut listener) => {
                    if let Err(e) = listener.listen(channel).await {
                        tracing::warn!(error = %e, "cannot listen for other processes' writes");
                    } else {
                        // Writes made before this listener was in place (a page followed as the process started,
                        // or while the connection was down) were not heard: every followed game is looked at.
                        tell(None);
                        loop {
                            match listener.try_recv().await {
                                Ok(Some(note)) => tell(Some(note.payload())),
                                // The connection was lost (and is made again by the listener): something may have
                                // been missed.
                                Ok(None) => tell(None),
                                Err(e) => {
                                    tracing::warn!(error = %e, "lost the connection that hears other processes' writes");
                                    break;
                                }
                            }
                        }
                    }
                }
                Err(e) => tracing::warn!(error = %e, "cannot connect to hear other processes' writes"),
            }
            tokio::time::sleep(std::time::Duration::from_secs(1)).await;
        }
    }
}

impl Kv for PgKv {
    /// Nothing more to tell: every unit's announcements were made in its transaction, and PostgreSQL delivers
    /// them to this process's listener too.
    fn announce(&self, _channel: &'static str, _payload: String) {}

    fn hear(&self, channel: &'static str, tell: Heard) -> bool {
        let Some(runtime) = self.runtime.as_ref() else { return false };
        runtime.spawn(PgKv::listen(self.pool.clone(), channel, tell));
        true
    }

    fn transaction<T>(&self, body: &mut dyn FnMut(&dyn KvTx) -> Result<T, TxFail>) -> Result<T, WriteError> {
        for attempt in 0..ATTEMPTS {
            if attempt > 0 {
                // Conflicting transactions spread out rather than collide again in step.
                std::thread::sleep(std::time::Duration::from_micros(200 * u64::from(attempt.min(20))));
            }
            let pool = self.pool.clone();
            let tx = self.run(async move { pool.begin_with("BEGIN ISOLATION LEVEL SERIALIZABLE").await });
            let tx = PgTx { kv: self, tx: std::cell::RefCell::new(Some(tx.map_err(failed)?)) };
            let outcome = body(&tx);
            let Some(open) = tx.tx.into_inner() else {
                return Err(WriteError::Store(StoreError::Backend("a transaction was lost".into())));
            };
            match outcome {
                Ok(value) => match self.run(open.commit()) {
                    Ok(()) => return Ok(value),
                    Err(e) if retryable(&e) => continue,
                    Err(e) => return Err(WriteError::Store(failed(e))),
                },
                Err(fail) => {
                    let _ = self.run(open.rollback());
                    match fail {
                        TxFail::Abort(e) => return Err(e),
                        TxFail::Backend(e) => match e.downcast::<sqlx::Error>() {
                            Ok(e) if retryable(&e) => continue,
                            Ok(e) => return Err(WriteError::Store(failed(*e))),
                            Err(_) => {
                                return Err(WriteError::Store(StoreError::Backend("a transaction failed".into())));
                            }
                        },
                    }
                }
            }
        }
        Err(WriteError::Store(StoreError::Backend(format!(
            "PostgreSQL: the change conflicted with others {ATTEMPTS} times in a row; try again"
        ))))
    }

    fn consistent<T>(&self, read: &mut dyn FnMut(&dyn KvRead) -> Result<T, StoreError>) -> Result<T, StoreError> {
        let pool = self.pool.clone();
        let tx = self.run(async move { pool.begin_with("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY").await });
        let view = PgView(PgTx { kv: self, tx: std::cell::RefCell::new(Some(tx.map_err(failed)?)) });
        let out = read(&view);
        if let Some(open) = view.0.tx.into_inner() {
            let _ = self.run(open.commit());
        }
        out
    }

    fn put(&self, tree: usize, key: &[u8], value: &[u8]) -> Result<(), StoreError> {
        let (pool, sql, key, value) = (self.pool.clone(), self.sql(), key.to_vec(), value.to_vec());
        self.run(async move {
            sqlx::query(AssertSqlSafe(sql[tree].insert.clone())).bind(key).bind(value).execute(&pool).await
        })
        .map(|_| ())
        .map_err(failed)
    }

    fn delete(&self, tree: usize, key: &[u8]) -> Result<(), StoreError> {
        let (pool, sql, key) = (self.pool.clone(), self.sql(), key.to_vec());
        self.run(async move { sqlx::query(AssertSqlSafe(sql[tree].remove.clone())).bind(key).execute(&pool).await })
            .map(|_| ())
            .map_err(failed)
    }

    fn flush(&self) -> Result<(), StoreError> {
        // A commit PostgreSQL acknowledged is durable (synchronous_commit).
        Ok(())
    }

    fn counts_commits(&self) -> bool {
        false
    }

    fn size_bytes(&self) -> Option<u64> {
        // Every table of the store (named `tablero_…`) in the schema it uses, with its indexes and TOAST.
        const SIZE: &str = "SELECT COALESCE(SUM(pg_total_relation_size(c.oid)), 0)::bigint FROM pg_class c \
                            JOIN pg_namespace n ON n.oid = c.relnamespace \
                            WHERE c.relkind = 'r' AND c.relname LIKE 'tablero\\_%' AND n.nspname = current_schema()";
        let pool = self.pool.clone();
        let size: Result<i64, sqlx::Error> = self.run(async move { sqlx::query_scalar(SIZE).fetch_one(&pool).await });
        size.ok().and_then(|s| u64::try_from(s).ok())
    }
}

impl KvStore<PgKv> {
    /// Connects to the database at `url` (`postgres://…`), creating the tables on first use (migrations run
    /// under PostgreSQL's advisory lock, so processes starting together do it once).
    pub fn connect(url: &str) -> Result<PgStore, StoreError> {
        let shown = shown_url(url);
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(2)
            .thread_name("tablero-pg")
            .enable_all()
            .build()
            .map_err(|e| StoreError::Backend(format!("starting the PostgreSQL client: {e}")))?;
        let url = url.to_string();
        // The tables, the migration of old records and the schema version's check-and-stamp all happen under one
        // advisory lock, held by a connection of its own: processes starting together on an empty database take
        // turns, so the second finds the first's stamp instead of a store that "holds data but no version".
        let opened = run_on(&runtime, async move {
            let pool = PgPoolOptions::new()
                .max_connections(16)
                .acquire_timeout(std::time::Duration::from_secs(10))
                .connect(&url)
                .await?;
            let mut lock = pool.acquire().await?.detach();
            sqlx::query("SELECT pg_advisory_lock($1)").bind(SCHEMA_LOCK).execute(&mut lock).await?;
            MIGRATOR.run(&pool).await.map_err(sqlx::Error::from)?;
            Ok::<_, sqlx::Error>((pool, lock))
        });
        let (pool, mut lock) =
            opened.map_err(|e| StoreError::Backend(format!("cannot use the PostgreSQL store at {shown}: {e}")))?;
        let sql = NAMES
            .iter()
            .map(|name| {
                let table = format!("tablero_{name}");
                TreeSql {
                    get: format!("SELECT value FROM {table} WHERE key = $1"),
                    from: format!("SELECT key, value FROM {table} WHERE key >= $1 ORDER BY key LIMIT $2"),
                    between: format!(
                        "SELECT key, value FROM {table} WHERE key >= $1 AND key < $2 ORDER BY key LIMIT $3"
                    ),
                    insert: format!(
                        "INSERT INTO {table} (key, value) VALUES ($1, $2) ON CONFLICT (key) DO UPDATE SET value = \
                         EXCLUDED.value"
                    ),
                    remove: format!("DELETE FROM {table} WHERE key = $1"),
                }
            })
            .collect();
        let store = KvStore::over(PgKv { runtime: Some(runtime), pool, sql: std::sync::Arc::new(sql) });
        let checked = (|| {
            if store.kv.get(META, SCHEMA_KEY)?.as_deref() == Some(b"2") {
                store.migrate_from_2()?;
            }
            store.check_schema(&shown)?;
            store.mark_live_games()?;
            store.fill_player_archive()
        })();
        // Closing the lock's connection releases the lock, whatever the check found.
        store.kv.run(async move {
            let _ = sqlx::query("SELECT pg_advisory_unlock($1)").bind(SCHEMA_LOCK).execute(&mut lock).await;
            let _ = sqlx::Connection::close(lock).await;
        });
        checked?;
        Ok(store)
    }
}

#[cfg(test)]
mod tests {
    use super::shown_url;

    #[test]
    fn a_password_is_never_shown() {
        assert_eq!(shown_url("postgres://bot:s3cret@db:5432/tablero"), "postgres://bot:***@db:5432/tablero");
        assert_eq!(shown_url("postgres://postgres@127.0.0.1/t"), "postgres://postgres@127.0.0.1/t");
        assert_eq!(shown_url("postgres:///t"), "postgres:///t");
        assert_eq!(
            shown_url("postgres://bot@db/t?sslmode=require&password=s3cret"),
            "postgres://bot@db/t?sslmode=require&password=***"
        );
        assert_eq!(shown_url("postgres://bot:pw@db/t?password=x"), "postgres://bot:***@db/t?password=***");
    }
}
