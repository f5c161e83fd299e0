"""Table Companion: a camera-fed referee for tabletop dice games."""

__version__ = "0.1.0"
