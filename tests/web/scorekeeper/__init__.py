"""The project package, scorekeeper/: its settings, read from the environment, and the
production configuration run for real.

The folder is named for the package it tests, as every other folder here is named for the
games/ package it mirrors; the settings and the production server belong to no feature.
"""
