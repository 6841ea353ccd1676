"""The JSON scoring endpoints and their limits (games/api)."""
