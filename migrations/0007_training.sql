-- What members learn and train with (see src/store/training.rs): lesson progress, puzzles, puzzle ratings,
-- tries and each server's daily puzzle, each value its revision (8 bytes) and its JSON.
CREATE TABLE tablero_training (key bytea PRIMARY KEY, value bytea NOT NULL);
