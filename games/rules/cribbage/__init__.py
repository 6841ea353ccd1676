"""Cribbage: `scoring` (the show, the hand and the game), `api` (its JSON), `kind` (the game
at the table)."""
