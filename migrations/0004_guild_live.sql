-- The live games of each server (server, game -> nothing): its web page lists them without the finished ones.
-- The store fills it from the live games when it opens a database that has none yet.
CREATE TABLE tablero_guild_live (key bytea PRIMARY KEY, value bytea NOT NULL);
