"""The area names of the Medieval Italia board, kept here so that the scenario loader needs
no map data; ``tests/test_medieval_scenario.py`` checks them against ``geo.load_board``.

>>> len(LAND), len(SEAS), BOXES
(41, 4, ('France', 'Austria'))
"""

from __future__ import annotations

#: facts 1.2: the 38 areas the sources name, then Sardinia, Corsica and the Alps
#: (reconstructed, geodata/MEDIEVAL.md)
LAND: tuple[str, ...] = (
    "Aosta", "Turin", "Saluzzo", "Novara", "Alessandria", "Genoa", "La Spezia", "Milan",
    "Brescia", "Mantua", "Parma", "Bologna", "Ferrara", "Ravenna", "Venice", "Friuli", "Istria",
    "Florence", "Pisa", "Siena", "Perugia", "Ancona", "Spoleto", "Rome", "Abruzzi", "Gaeta",
    "Molise", "Benevento", "Naples", "Amalfi", "Foggia", "Bari", "Brindisi", "Basilicata",
    "Calabria", "Palermo", "Messina", "Ragusa", "Sardinia", "Corsica", "Alps",
)  # fmt: skip
#: facts 1.3: the sea zones
SEAS: tuple[str, ...] = ("Adriatic", "Tyrrhenian", "Ionian", "Ligurian")
#: facts 1.3: the off-map arrival boxes
BOXES: tuple[str, ...] = ("France", "Austria")
ALL: frozenset[str] = frozenset(LAND + SEAS + BOXES)
