"""Signing up, logging in, passwords, and who may keep a game (games/accounts)."""
