"""The admin (games/admin.py)."""
