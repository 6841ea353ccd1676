"""Gin Rummy: `spread` (melds, spreads and lay-offs), `scoring` (the rules), `api` (its JSON),
`kind` (the game at the table)."""
