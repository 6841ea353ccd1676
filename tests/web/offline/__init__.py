"""The installable app: its manifest and service worker (games/offline)."""
