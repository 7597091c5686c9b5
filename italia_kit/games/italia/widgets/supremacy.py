"""The naval-supremacy layer of the map (10.9): where a nation's fleets give it +1 ashore.

Two questions, both answered by the engine (:mod:`italia_kit.games.italia.naval`):

- *a nation*: every land zone where it would have naval supremacy over at least one other
  nation on the board (:func:`~italia_kit.games.italia.naval.supremacy_map`) is hatched in the
  nation's player colour, and the seas holding its fleets are outlined;
- *a battle zone*: for the two nations fighting there (the battle being fought, the two
  nations in the zone, or two given ones), which one has supremacy
  (:func:`~italia_kit.games.italia.naval.supremacy`); the zone is hatched in that nation's colour
  and the seas beside it are outlined, with the fleets counted in the caption.

:class:`SupremacyLayer` builds an ``ipyleaflet.LayerGroup`` of plain vector shapes (hatching
is a set of lines clipped to the zone with shapely, so it works offline and in any
browser) and a caption; :func:`show_supremacy` puts one on a map view (as the view's
``"supremacy"`` overlay), which keeps it up to date after every refresh. No rule is decided
here.
"""

from __future__ import annotations

import html
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import ipyleaflet
import ipywidgets
from shapely.geometry import LineString, MultiLineString, MultiPolygon, Polygon
from shapely.geometry.base import BaseGeometry

from italia_kit.core import Game
from italia_kit.games.italia import ItaliaState, World, world_of
from italia_kit.games.italia.naval import fleets_beside, supremacy, supremacy_map
from italia_kit.widgets import style as st

if TYPE_CHECKING:
    from italia_kit.widgets.mapview import MapView

__all__ = [
    "SupremacyLayer",
    "SupremacyView",
    "hatch_lines",
    "hide_supremacy",
    "show_supremacy",
    "supremacy_of",
]

#: The name the layer is shown under among a map view's overlays.
OVERLAY = "supremacy"

#: Degrees between two hatching lines (about 7 pixels at the map's opening zoom).
HATCH_SPACING = 0.14
NOBODY = "#555555"  # a battle zone where nobody has supremacy


def hatch_lines(
    geometry: BaseGeometry, spacing: float = HATCH_SPACING
) -> list[list[tuple[float, float]]]:
    """Diagonal lines ``spacing`` degrees apart clipped to ``geometry`` (lon/lat), as
    Leaflet wants them: a list of polylines of ``(lat, lon)`` points.

    >>> from shapely.geometry import box
    >>> lines = hatch_lines(box(0, 0, 1, 1), spacing=0.5)
    >>> len(lines), lines[0][0]
    (3, (0.5, 0.0))
    """
    minx, miny, maxx, maxy = geometry.bounds
    height = maxy - miny
    out: list[list[tuple[float, float]]] = []
    n = int((maxx - minx + height) / spacing) + 1
    for i in range(1, n + 1):
        # the line x - y = c, from the bottom edge up and to the right
        x0 = minx - height + i * spacing
        line = LineString([(x0, miny), (x0 + height, maxy)])
        cut = line.intersection(geometry)
        if cut.is_empty:
            continue
        parts = cut.geoms if isinstance(cut, MultiLineString) else [cut]
        for part in parts:
            if isinstance(part, LineString) and part.length > 0:
                out.append([(round(y, 4), round(x, 4)) for x, y in part.coords])
    return out


@dataclass(frozen=True)
class SupremacyView:
    """What the layer shows: zones hatched (with their colour), seas outlined, a caption."""

    hatched: tuple[tuple[str, str], ...]  # (zone, player colour, "" for nobody)
    seas: tuple[str, ...]
    caption: str  # HTML
    text: tuple[str, ...]  # the caption as plain sentences


class SupremacyLayer:
    """Naval supremacy on the map, for a ``nation`` or for the battle in ``zone``.

    With ``zone``, ``between`` names the two nations (attacker first); left out, they are
    the battle being fought there or the two nations with units in the zone.
    """

    def __init__(
        self,
        world: World,
        state: ItaliaState,
        *,
        nation: str | None = None,
        zone: str | None = None,
        between: tuple[str, str] | None = None,
    ) -> None:
        if (nation is None) == (zone is None):
            raise ValueError("show naval supremacy for a nation or for a battle zone, not both")
        self.world = world
        self.nation = world.nation(nation).name if nation is not None else None
        self.zone = world.zone_name(zone) if zone is not None else None
        if self.zone is not None and world.is_sea(self.zone):
            raise ValueError(f"{self.zone} is a sea: naval supremacy helps land battles (10.9)")
        self.between = (
            (world.nation(between[0]).name, world.nation(between[1]).name) if between else None
        )
        self.group = ipyleaflet.LayerGroup(name="naval supremacy (10.9)")
        self.caption = ipywidgets.HTML()
        self.control = ipyleaflet.WidgetControl(widget=self.caption, position="topright")
        self.view = SupremacyView((), (), "", ())
        self.update(state)

    # -- queries -------------------------------------------------------------------------------
    @property
    def zones(self) -> list[str]:
        """The land zones hatched, sorted."""
        return sorted(z for z, _ in self.view.hatched)

    def describe(self) -> list[str]:
        """The caption as plain sentences."""
        return list(self.view.text)

    # -- drawing -------------------------------------------------------------------------------
    def update(self, state: ItaliaState) -> bool:
        """Ask the engine again; re-send the shapes only if what they show changed."""
        view = self._nation_view(state) if self.nation else self._battle_view(state)
        if view == self.view:
            return False
        if view.hatched != self.view.hatched or view.seas != self.view.seas:
            self._draw(view)
        self.caption.value = view.caption
        self.view = view
        return True

    def follow(self, game: Game[Any]) -> bool:
        """Follow a map view's game (the view calls this at every refresh)."""
        return self.update(game.state)

    def close(self) -> None:
        for layer in list(self.group.layers):
            layer.close()
        self.group.close()
        self.caption.close()
        self.control.close()

    # -- internals -----------------------------------------------------------------------------
    def _nation_view(self, state: ItaliaState) -> SupremacyView:
        world, nation = self.world, self.nation
        assert nation is not None
        colour = world.scenario.colour_of(nation)
        over = supremacy_map(world, state, nation)
        seas = sorted({u.zone for u in state.units.values() if u.nation == nation and u.is_fleet})
        fleets = sum(1 for u in state.units.values() if u.nation == nation and u.is_fleet)
        text = [
            f"Naval supremacy of the {nation} (10.9): {fleets} fleet"
            f"{'' if fleets == 1 else 's'} at sea" + (f" ({', '.join(seas)})" if seas else "") + "."
        ]
        if over:
            text.append(
                f"Hatched: the {len(over)} land zones where the {nation} would have +1 against "
                "at least one nation on the board."
            )
        else:
            text.append(f"The {nation} have naval supremacy nowhere.")
        lines = [
            f"{z}: over the {', '.join(ns)}" for z, ns in sorted(over.items(), key=lambda kv: kv[0])
        ]
        caption = self._caption(colour, text, lines)
        return SupremacyView(
            tuple((z, colour) for z in sorted(over)), tuple(seas), caption, tuple(text + lines)
        )

    def _battle_view(self, state: ItaliaState) -> SupremacyView:
        world, zone = self.world, self.zone
        assert zone is not None
        pair = self._pair(state)
        seas = tuple(world.board.seas_beside(zone))
        if pair is None:
            text = [f"{zone}: no battle between two nations to judge (10.9)."]
            return SupremacyView((), seas, self._caption("", text, []), tuple(text))
        a, b = pair
        excluded = (
            state.battle.retreated_fleets if state.battle and state.battle.zone == zone else []
        )
        holder = supremacy(world, state, zone, a, b, exclude=excluded)
        fa = fleets_beside(world, state, zone, a, excluded)
        fb = fleets_beside(world, state, zone, b, excluded)
        beside = ", ".join(seas) if seas else "no sea"
        text = [
            f"{zone} ({beside} beside): the {a} have {fa} fleet{'' if fa == 1 else 's'} there, "
            f"the {b} {fb}.",
            (
                f"The {holder} have naval supremacy: +1 to their dice in {zone} (10.9)."
                if holder
                else "Nobody has naval supremacy there (10.9: at least one fleet and twice "
                "the enemy's)."
            ),
        ]
        colour = world.scenario.colour_of(holder) if holder else ""
        return SupremacyView(((zone, colour),), seas, self._caption(colour, text, []), tuple(text))

    def _pair(self, state: ItaliaState) -> tuple[str, str] | None:
        if self.between is not None:
            return self.between
        battle = state.battle
        if battle is not None and battle.zone == self.zone and not battle.naval:
            return battle.attacker, battle.defender
        assert self.zone is not None
        present = state.nations_in(self.zone)
        order = [n for n in self.world.order if n in present]
        if len(order) == 2:
            # the nation playing attacks (10.0)
            if order[1] == state.active:
                order.reverse()
            return order[0], order[1]
        return None

    def _caption(self, colour: str, text: list[str], lines: list[str]) -> str:
        mark = st.swatch(colour) if colour else ""
        body = "<br>".join(html.escape(t) for t in text)
        more = ""
        if lines:
            items = "".join(f"<li>{html.escape(x)}</li>" for x in lines)
            more = (
                "<details><summary>zones</summary>"
                f'<ul style="margin:0;padding-left:16px">{items}</ul></details>'
            )
        return (
            '<div class="ik-legend" style="max-width:330px;background:rgba(255,255,255,.92);'
            f'padding:4px 6px;border:1px solid #999">{mark}{body}{more}</div>'
        )

    def _draw(self, view: SupremacyView) -> None:
        for layer in list(self.group.layers):
            self.group.remove(layer)
            layer.close()
        board = self.world.board
        for name, colour in view.hatched:
            ink = st.player_ink(colour) if colour else NOBODY
            zone = board.zone(name)
            self.group.add(
                ipyleaflet.Polyline(
                    locations=hatch_lines(zone.geometry),
                    color=ink,
                    weight=2,
                    opacity=0.85,
                    fill=False,
                    pointer_events="none",
                    name=f"supremacy hatching {name}",
                )
            )
        sea_ink = st.player_ink(view.hatched[0][1]) if len(view.hatched) == 1 else None
        if self.nation:
            sea_ink = st.player_ink(self.world.scenario.colour_of(self.nation))
        for name in view.seas:
            self.group.add(
                ipyleaflet.Polygon(
                    locations=_outline(board.zone(name).geometry),
                    color=sea_ink or NOBODY,
                    weight=3,
                    dash_array="6 4",
                    fill=False,
                    pointer_events="none",
                    name=f"supremacy sea {name}",
                )
            )

    def attach(self, view: MapView) -> None:
        """Put the layer and its caption on a map view."""
        view.map.add(self.group)
        view.map.add(self.control)

    def detach(self, view: MapView) -> None:
        if self.group in view.map.layers:
            view.map.remove(self.group)
        if self.control in view.map.controls:
            view.map.remove(self.control)
        self.close()


def _outline(geometry: BaseGeometry) -> list[list[tuple[float, float]]]:
    if isinstance(geometry, MultiPolygon):
        polygons = list(geometry.geoms)
    elif isinstance(geometry, Polygon):
        polygons = [geometry]
    else:
        raise TypeError(f"a sea's shape is a polygon, not a {geometry.geom_type}")
    return [[(round(y, 4), round(x, 4)) for x, y in p.exterior.coords[:-1]] for p in polygons]


def show_supremacy(
    view: MapView,
    nation: str | None = None,
    *,
    zone: str | None = None,
    between: tuple[str, str] | None = None,
) -> SupremacyLayer:
    """Hatch on ``view`` where ``nation`` has naval supremacy, or who has it in the battle
    in ``zone`` (10.9); the layer follows the game at every refresh. Replaces a layer shown
    before."""
    hide_supremacy(view)
    layer = SupremacyLayer(
        world_of(view.game), view.game.state, nation=nation, zone=zone, between=between
    )
    view.add_overlay(OVERLAY, layer)
    return layer


def hide_supremacy(view: MapView) -> None:
    """Take the naval-supremacy layer off the map."""
    view.remove_overlay(OVERLAY)


def supremacy_of(view: MapView) -> SupremacyLayer | None:
    """The naval-supremacy layer shown on ``view``, if any."""
    layer = view.overlays.get(OVERLAY)
    return layer if isinstance(layer, SupremacyLayer) else None
