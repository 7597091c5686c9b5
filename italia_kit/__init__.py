"""italia_kit: the board game Italia as a map, a rules engine and analysis tools."""

__version__ = "0.1.0"
