"""Playing a game, screen by screen (games/play): the home page, new and paper games, round
and hand entry, steals, undo, end and reopen."""
