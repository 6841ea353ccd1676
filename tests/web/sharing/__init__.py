"""The live share link and the co-scorekeepers (games/sharing)."""
