"""Games out as CSV and JSON, and a JSON file back in (games/transfer)."""
