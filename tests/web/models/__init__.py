"""What was entered at the table, the game's actions on it, and the rosters (games/models)."""
