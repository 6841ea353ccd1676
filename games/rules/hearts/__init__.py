"""Hearts: `scoring` (the rules), `api` (its JSON), `kind` (the game at the table)."""
