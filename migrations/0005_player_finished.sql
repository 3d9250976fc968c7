-- The finished games of each player in each server (server, player, end time, game -> game kind), the computer's
-- included: a server's archive filtered by a player, and a player's page, read that player's games of that server
-- alone. The store fills it from the archive when it opens a database that has none yet.
CREATE TABLE tablero_player_finished (key bytea PRIMARY KEY, value bytea NOT NULL);
