"""How the map looks: colours per player colour and a small portrayal function.

Views ask :func:`portray_zone` for a :class:`ZoneStyle` and never decide anything about the
rules: who controls a zone, which zones are over their limit and where combat is due all
come from the engine; this module only turns those answers into colours and lines.

>>> portray_zone("land", ("yellow",)).fill
'#f2d04b'
>>> portray_zone("land", ("red",), over_stacked=True).to_leaflet()["color"]
'#d00000'
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from dataclasses import dataclass

from italia_kit.palette import BORDERLAND_FILL as BORDERLAND_FILL
from italia_kit.palette import PLAYER_FILL as PLAYER_FILL
from italia_kit.palette import PLAYER_INK as PLAYER_INK
from italia_kit.palette import SEA_FILL as SEA_FILL

SEA_OUTLINE = "#9dbfd8"
LAND_FILL = "#f3eddc"  # a land zone no one controls
UNKNOWN_FILL = "#c9a7e0"  # a colour the palette does not know
OUTLINE = "#474747"
OVER_STACKED = "#d00000"
COMBAT_DUE = "#ff7b00"
SELECTED = "#1565c0"  # the location clicked
MARKED = "#8e24aa"  # the locations of the action being chosen

#: Short names of the unit types on the map ("3 inf, 1 leg, Brennus").
UNIT_ABBREVIATIONS: dict[str, str] = {
    "infantry": "inf",
    "foederati": "foed",
    "legion": "leg",
    "consular_legion": "cons",
    "cavalry": "cav",
    "elephant": "eleph",
    "fleet": "fleet",
    "leader": "leader",
}


#: Short nation names for the crowded map (the full name is in the tooltip and details).
SHORT_NAMES: dict[str, str] = {
    "Carthaginians": "Carth.",
    "Etruscans": "Etrusc.",
    "Epirotes": "Epir.",
    "Illyrians": "Illyr.",
    "Numidians": "Numid.",
    "Samnites": "Samn.",
    "Optimates": "Optim.",
    "Populares": "Popul.",
    "Western Romans": "W. Rom.",
    "Romans of Africa": "Afr. Rom.",
    "Burgundians": "Burgund.",
    "Ostrogoths": "Ostrog.",
    "Sardinians": "Sard.",
    "Patrimonium": "Patrim.",
    "Byzantium": "Byzant.",
}


def short_name(nation: str) -> str:
    """The nation's name as the map's unit labels show it.

    >>> short_name("Carthaginians"), short_name("Celts")
    ('Carth.', 'Celts')
    """
    if nation in SHORT_NAMES:
        return SHORT_NAMES[nation]
    return nation if len(nation) <= 8 else nation[:6] + "."


def player_fill(colour: str) -> str:
    """The fill for a player colour (an unknown colour gets a visible violet; a ``#rrggbb``
    fill is its own, for games whose colours the palette does not name).

    >>> player_fill("#123456"), player_fill("mauve") == UNKNOWN_FILL
    ('#123456', True)
    """
    if colour.startswith("#"):
        return colour
    return PLAYER_FILL.get(colour.lower(), UNKNOWN_FILL)


def player_ink(colour: str) -> str:
    """The text colour that goes with a player colour."""
    return PLAYER_INK.get(colour.lower(), "#333333")


@dataclass(frozen=True, slots=True)
class ZoneStyle:
    """How one zone is drawn: fill, outline and their weights (Leaflet path options)."""

    fill: str
    fill_opacity: float = 0.6
    stroke: str = OUTLINE
    weight: int = 1
    dash: str | None = None
    opacity: float = 0.9

    def to_leaflet(self) -> dict[str, object]:
        """The style as the traits of an ipyleaflet path (``fill_color``, ``color`` ...)."""
        return {
            "fill_color": self.fill,
            "fill_opacity": self.fill_opacity,
            "color": self.stroke,
            "weight": self.weight,
            "opacity": self.opacity,
            "dash_array": self.dash,
        }


def portray_zone(
    kind: str,
    colours: Sequence[str] = (),
    *,
    over_stacked: bool = False,
    combat_due: bool = False,
) -> ZoneStyle:
    """The style of a zone of ``kind`` (``land``, ``borderland``, ``sea``).

    ``colours`` are the player colours of the nations with units there, the one to fill
    with first; two or more distinct colours mean the zone is contested (dashed outline).
    An over-stacked zone gets a thick red outline, a zone where combat is due an orange one.
    """
    if kind == "sea":
        fill, opacity = SEA_FILL, 0.85
    elif colours:
        fill, opacity = player_fill(colours[0]), 0.7
    elif kind == "borderland":
        fill, opacity = BORDERLAND_FILL, 0.65
    else:
        fill, opacity = LAND_FILL, 0.75
    if over_stacked:
        return ZoneStyle(fill, opacity, OVER_STACKED, 5)
    if combat_due:
        return ZoneStyle(fill, opacity, COMBAT_DUE, 4, "8 5")
    if len(set(colours)) > 1:
        return ZoneStyle(fill, opacity, OUTLINE, 2, "4 4")
    if kind == "sea":
        return ZoneStyle(fill, opacity, SEA_OUTLINE, 1)
    return ZoneStyle(fill, opacity)


def outlined(style: ZoneStyle, colour: str, weight: int) -> ZoneStyle:
    """``style`` with a solid outline of ``colour`` (a location clicked or chosen).

    >>> outlined(portray_zone("land"), SELECTED, 4).to_leaflet()["weight"]
    4
    """
    return ZoneStyle(style.fill, style.fill_opacity, colour, weight, None, 1.0)


def swatch(colour: str, size: int = 11) -> str:
    """A small square of a player colour, as HTML."""
    return (
        f'<span style="display:inline-block;width:{size}px;height:{size}px;'
        f"background:{player_fill(colour)};border:1px solid {player_ink(colour)};"
        f'vertical-align:-1px;margin-right:3px"></span>'
    )


def swatch_fill(fill: str, size: int = 11) -> str:
    """A small square of any fill colour, as HTML (for legends)."""
    return (
        f'<span style="display:inline-block;width:{size}px;height:{size}px;background:{fill};'
        f'border:1px solid {OUTLINE};vertical-align:-1px;margin-right:3px"></span>'
    )


def esc(text: str) -> str:
    """HTML-escape text (quotes too: it also goes into ``title`` attributes)."""
    return html.escape(text, quote=True)


#: The CSS the map's labels and the stepper's log need; shipped inside the widgets.
CSS = """
<style>
.ik-map .leaflet-container { background: #e9eef2; font-family: 'DejaVu Sans', sans-serif; }
.ik-boxes.leaflet-container, .ik-boxes .leaflet-container { background: #f6f3ea; }
.ik-map .leaflet-div-icon { background: transparent; border: none; }
.ik-label { position: absolute; transform: translate(-50%, -50%); white-space: nowrap;
  font: 700 11px/1.1 'DejaVu Sans', sans-serif; color: #222; pointer-events: none;
  text-shadow: 0 0 2px #fff, 0 0 2px #fff, 0 0 3px #fff, 0 0 4px #fff; }
.ik-label.ik-sea { font-weight: 400; font-style: italic; color: #2f5f86; }
.ik-label .ik-city { display: inline-block; width: 7px; height: 7px; background: #222;
  margin-left: 3px; vertical-align: 0; }
.ik-label .ik-ruin { display: inline-block; width: 5px; height: 5px; border: 1px solid #222;
  background: #fff; margin-left: 3px; transform: rotate(45deg); }
.ik-label .ik-capital { color: #b00020; margin-left: 2px; }
.ik-stack { position: absolute; transform: translate(-50%, -50%); white-space: nowrap;
  font: 10.5px/1.25 'DejaVu Sans Condensed', 'DejaVu Sans', sans-serif; color: #111;
  background: rgba(255,255,255,.9); border: 1px solid #666; border-radius: 2px;
  padding: 0; cursor: pointer; box-shadow: 0 1px 2px rgba(0,0,0,.25); }
.ik-stack.ik-center { transform: translate(-50%, -50%); }
.ik-stack.ik-right { transform: translate(-4px, -50%); }
.ik-stack.ik-left { transform: translate(calc(4px - 100%), -50%); }
.ik-stack.ik-below { transform: translate(-50%, -4px); }
.ik-stack.ik-above { transform: translate(-50%, calc(4px - 100%)); }
.ik-stack .ik-line { border-left: 5px solid #999; padding: 0 3px 0 2px; }
.ik-stack.ik-over { border: 2px solid #d00000; background: #fff3f3; }
.ik-stack .ik-warn { color: #d00000; font-weight: 700; padding: 0 3px; }
.ik-log { font: 12px/1.35 'DejaVu Sans', sans-serif; max-height: 600px; overflow-y: auto;
  border: 1px solid #ccc; padding: 4px 6px; background: #fff; }
.ik-side .ik-log { max-height: none; border: none; }
.ik-log .ik-ev { padding: 1px 0; border-bottom: 1px dotted #e3e3e3; }
.ik-log .ik-new { background: #fff6cc; }
.ik-log .ik-meta { color: #888; font-size: 10px; margin-right: 4px; }
.ik-details { font: 12px/1.4 'DejaVu Sans', sans-serif; }
.ik-header { font: 15px/1.4 'DejaVu Sans', sans-serif; }
.ik-out { color: #8a1c1c; font-size: 13px; }
.ik-legend { font: 11px/1.4 'DejaVu Sans', sans-serif; color: #333; }
</style>
"""
