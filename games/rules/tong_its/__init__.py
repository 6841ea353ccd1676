"""Tong-Its: `hand` (what a hand is), `checks` and `scoring` (the rules), `api` (its JSON),
`kind` (the game at the table)."""
