"""Indian Chief: `melds` (each meld's score), `scoring` (a round with its steals, and a
game), `api` (its JSON), `figures` (a player's card figures), `kind` (the game at the
table)."""
