"""The player colours as the kit draws them, shared by the map widgets and the plots
(3.0: Italia I's players are yellow, blue and red; Italia II adds green)."""

from __future__ import annotations

#: The fill of a zone (or a bar, a line) of a player of each colour.
PLAYER_FILL: dict[str, str] = {
    "yellow": "#f2d04b",
    "blue": "#5b8ad6",
    "red": "#e2706a",
    "green": "#74c476",
}

#: A darker shade of each player colour, for text and outlines.
PLAYER_INK: dict[str, str] = {
    "yellow": "#8a6d00",
    "blue": "#1f4e96",
    "red": "#9c1c16",
    "green": "#1f6b2a",
}

SEA_FILL = "#e1f0fa"
BORDERLAND_FILL = "#b8b8b8"
