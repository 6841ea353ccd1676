"""The games list, deleted games, the players and their figures (games/history)."""
