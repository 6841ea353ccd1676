"""Printable PDF sheets (games/sheets)."""
