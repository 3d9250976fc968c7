-- Schema version 3: the index of a server's finished games (guild, end time, game -> game kind), the archive.
-- The store fills it from the games when it opens a version 2 database.
CREATE TABLE tablero_guild_finished (key bytea PRIMARY KEY, value bytea NOT NULL);
