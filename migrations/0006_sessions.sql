-- The web pages' sign-ins under way, sessions and each member's sign-out generation (see src/store/session.rs),
-- so every process of a deployment knows who is signed in.
CREATE TABLE tablero_sessions (key bytea PRIMARY KEY, value bytea NOT NULL);
