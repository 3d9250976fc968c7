-- tablero's store in PostgreSQL: one table per tree of src/store/kv.rs, keys and values as the sled store
-- holds them (big-endian keys, so that key order is id and time order; JSON or fixed-width values).
CREATE TABLE tablero_meta (key bytea PRIMARY KEY, value bytea NOT NULL);
CREATE TABLE tablero_games (key bytea PRIMARY KEY, value bytea NOT NULL);
CREATE TABLE tablero_channels (key bytea PRIMARY KEY, value bytea NOT NULL);
CREATE TABLE tablero_channel_last (key bytea PRIMARY KEY, value bytea NOT NULL);
CREATE TABLE tablero_user_games (key bytea PRIMARY KEY, value bytea NOT NULL);
CREATE TABLE tablero_schedule (key bytea PRIMARY KEY, value bytea NOT NULL);
CREATE TABLE tablero_outbox (key bytea PRIMARY KEY, value bytea NOT NULL);
CREATE TABLE tablero_guilds (key bytea PRIMARY KEY, value bytea NOT NULL);
CREATE TABLE tablero_users (key bytea PRIMARY KEY, value bytea NOT NULL);
CREATE TABLE tablero_ratings (key bytea PRIMARY KEY, value bytea NOT NULL);
CREATE TABLE tablero_rating_index (key bytea PRIMARY KEY, value bytea NOT NULL);
CREATE TABLE tablero_teams (key bytea PRIMARY KEY, value bytea NOT NULL);
CREATE TABLE tablero_tournaments (key bytea PRIMARY KEY, value bytea NOT NULL);
CREATE TABLE tablero_guild_tournaments (key bytea PRIMARY KEY, value bytea NOT NULL);
CREATE TABLE tablero_tournament_marks (key bytea PRIMARY KEY, value bytea NOT NULL);
CREATE TABLE tablero_requests (key bytea PRIMARY KEY, value bytea NOT NULL);
CREATE TABLE tablero_moves (key bytea PRIMARY KEY, value bytea NOT NULL);
CREATE TABLE tablero_board_posts (key bytea PRIMARY KEY, value bytea NOT NULL);
