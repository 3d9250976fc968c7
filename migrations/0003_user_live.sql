-- The live games of each user (user, game -> nothing): quotas and `/games` read a user's live games without the
-- finished ones. The store fills it from the live games when it opens a database that has none yet.
CREATE TABLE tablero_user_live (key bytea PRIMARY KEY, value bytea NOT NULL);
