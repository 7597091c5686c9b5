"""MapView: the board of Italia as an ipyleaflet map that follows a game.

Every zone is one vector polygon coloured by the player colour of the nation that controls
it (6.1, as the engine says: ``World.controlled_zones``); unit stacks are labelled markers at
the zones' anchor points ("Celts: 3 inf, Brennus"); zone names, cities, ruins and capitals
are permanent labels. Zones the engine finds over their stacking limit (``state.surplus``,
8.0) get a thick red outline and the arithmetic in the tooltip; zones where combat is due
(``state.combat_due``, 10.0) an orange dashed one. No rule is decided here.

:meth:`MapView.refresh` compares what each zone shows with what it showed before and
re-sends only the polygons and markers that changed. Everything a person can do with the
mouse has a plain-Python method (:meth:`~MapView.click`), so tests and notebooks drive it.
"""

from __future__ import annotations

import math
import time
from collections import Counter, defaultdict
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import Any

import ipyleaflet
import ipywidgets

from italia_kit.games.italia import (
    ItaliaGame,
    ItaliaRules,
    ItaliaState,
    Unit,
    UnitType,
    World,
    stacking_limit,
)
from italia_kit.games.italia.stacking import capital_of
from italia_kit.games.italia.widgets.supremacy import SupremacyLayer
from italia_kit.geo import Zone
from italia_kit.widgets import style as st

#: The order unit types are counted in on the map.
TYPE_ORDER = (
    UnitType.LEGION,
    UnitType.CONSULAR_LEGION,
    UnitType.INFANTRY,
    UnitType.FOEDERATI,
    UnitType.CAVALRY,
    UnitType.ELEPHANT,
    UnitType.FLEET,
)

#: Where the map opens: all of the board (Italy, the islands, Africa) in about 720 pixels.
DEFAULT_CENTER = (41.0, 12.9)
DEFAULT_ZOOM = 6.25


@dataclass(frozen=True, slots=True)
class ZoneView:
    """What the map shows of one zone; two refreshes compare these to find what changed."""

    style: st.ZoneStyle
    label: str  # HTML of the permanent label (name, city or ruin, capital)
    stack: str  # HTML of the stack marker ("" when the zone is empty)
    text: str  # the stack as plain text
    over: str | None  # the stacking arithmetic when the zone is over its limit


@dataclass(frozen=True, slots=True)
class RefreshStats:
    """What one refresh re-sent: polygons restyled, labels and stacks redrawn."""

    styles: int
    labels: int
    stacks: int
    seconds: float

    @property
    def layers(self) -> int:
        return self.styles + self.labels + self.stacks


def _world_of(game: ItaliaGame) -> World:
    rules = game.rules
    if not isinstance(rules, ItaliaRules):
        raise TypeError(f"MapView shows games of Italia, not {type(rules).__name__}")
    return rules.world


def _locations(zone: Zone) -> list[list[list[tuple[float, float]]]]:
    """The zone's polygons as Leaflet wants them: [[outer ring, holes...], ...] in lat/lon."""
    geom = zone.geometry
    polygons = list(geom.geoms) if geom.geom_type == "MultiPolygon" else [geom]
    out = []
    for poly in polygons:
        rings = [poly.exterior, *poly.interiors]
        out.append([[(round(y, 4), round(x, 4)) for x, y in ring.coords[:-1]] for ring in rings])
    return out


def _placement(zone: Zone) -> str:
    """Which side of the anchor point a stack hangs on: away from the zone's name.

    The geodata puts the anchor beside the label (``docs/geodata-format.md``); a stack label
    is wider than that gap, so it extends from the anchor away from the name.
    """
    (lx, ly), (ax, ay) = zone.label_point, zone.anchor_point
    dx = (ax - lx) * math.cos(math.radians(ly))
    dy = ay - ly
    if abs(dx) >= abs(dy):
        return "ik-right" if dx >= 0 else "ik-left"
    return "ik-above" if dy > 0 else "ik-below"


def _divicon(html: str) -> ipyleaflet.DivIcon:
    # a 0x0 icon: the HTML centres itself on the point (CSS in style.CSS)
    return ipyleaflet.DivIcon(html=html, icon_size=(0, 0), icon_anchor=(0, 0))


def nation_stack_text(units: list[Unit]) -> str:
    """One nation's units in a zone: counts by type, then leaders by name, then cargo.

    >>> from italia_kit.games.italia import Unit, UnitType
    >>> nation_stack_text([Unit(1, "Celts", UnitType.INFANTRY, "Verona"),
    ...                    Unit(2, "Celts", UnitType.INFANTRY, "Verona"),
    ...                    Unit(3, "Celts", UnitType.LEADER, "Verona", name="Brennus")])
    '2 inf, Brennus'
    """

    def counted(group: list[Unit]) -> list[str]:
        counts = Counter(u.type for u in group if not u.is_leader)
        parts = [f"{counts[t]} {st.UNIT_ABBREVIATIONS[t.value]}" for t in TYPE_ORDER if counts[t]]
        return parts + [u.name or "a leader" for u in group if u.is_leader]

    ashore = [u for u in units if u.carrier is None]
    aboard = [u for u in units if u.carrier is not None]
    parts = counted(ashore)
    if aboard:
        parts.append("aboard: " + " ".join(counted(aboard)))
    return ", ".join(parts)


class MapView:
    """The board of a game of Italia on an ipyleaflet map.

    ``tiles=True`` adds an OpenStreetMap tile layer under the zones (it needs the internet;
    the zones themselves are the map, so it is off by default). ``center``, ``zoom`` and
    ``height`` frame the map (a tutorial about the south zooms in).
    """

    def __init__(
        self,
        game: ItaliaGame,
        *,
        tiles: bool = False,
        center: tuple[float, float] = DEFAULT_CENTER,
        zoom: float = DEFAULT_ZOOM,
        height: str = "860px",
    ) -> None:
        self._game = game
        self.world = _world_of(game)
        self.map = ipyleaflet.Map(
            layers=(),
            center=center,
            zoom=zoom,
            zoom_snap=0.25,
            zoom_delta=0.5,
            min_zoom=4,
            max_zoom=10,
            scroll_wheel_zoom=True,
            keyboard=False,  # a focusable map scrolls the page on click, moving what was clicked
            attribution_control=tiles,
            layout=ipywidgets.Layout(height=height, width="100%"),
        )
        self.map.add_class("ik-map")
        if tiles:
            base = ipyleaflet.basemap_to_tiles(ipyleaflet.basemaps.OpenStreetMap.Mapnik)
            base.base = True
            self.map.add(base)
        self.details = ipywidgets.HTML(
            '<div class="ik-details"><i>Click a zone for its details.</i></div>'
        )
        self.legend = ipywidgets.HTML(self._legend_html())
        self._css = ipywidgets.HTML(st.CSS)
        self._click_hooks: list[Callable[[str], None]] = []
        self._refresh_hooks: list[Callable[[], object]] = []
        self.supremacy: SupremacyLayer | None = None  # the naval-supremacy layer shown
        self._views: dict[str, ZoneView] = {}
        self._polygons: dict[str, ipyleaflet.Polygon] = {}
        self._labels: dict[str, ipyleaflet.Marker] = {}
        self._stacks: dict[str, ipyleaflet.Marker] = {}
        self._groups: list[ipyleaflet.LayerGroup] = []
        self._side = {z.name: _placement(z) for z in self.world.board.zones}
        self.last_refresh = RefreshStats(0, 0, 0, 0.0)
        self.selected: str | None = None
        self._build()

    # -- the game shown --------------------------------------------------------------------
    @property
    def game(self) -> ItaliaGame:
        return self._game

    def show(self, game: ItaliaGame) -> RefreshStats:
        """Show another game (of the same scenario's board) and refresh."""
        self._game = game
        self.world = _world_of(game)
        return self.refresh()

    @property
    def state(self) -> ItaliaState:
        return self._game.state

    # -- plain-Python queries (what the map shows) -----------------------------------------
    def zone_style(self, name: str) -> st.ZoneStyle:
        """The style the zone is drawn with now."""
        return self._views[self._name(name)].style

    def stack_text(self, name: str) -> str:
        """The units in a zone as the map labels them: "Celts: 3 inf, Brennus"."""
        return self._views[self._name(name)].text

    def highlighted(self) -> list[str]:
        """The zones highlighted as over their stacking limit (8.0), sorted."""
        return sorted(z for z, v in self._views.items() if v.over)

    def tooltip(self, name: str) -> str:
        """The hover text of a zone's stack (the stacking arithmetic when over the limit)."""
        view = self._views[self._name(name)]
        return view.over or view.text

    def polygon(self, name: str) -> ipyleaflet.Polygon:
        """The map layer of a zone (for tests and for panels that add to the map)."""
        return self._polygons[self._name(name)]

    def stack_marker(self, name: str) -> ipyleaflet.Marker:
        return self._stacks[self._name(name)]

    def layer_data(self) -> dict[str, tuple[dict[str, object], str, str]]:
        """Per zone, what the map's layers hold now: polygon style, label and stack HTML."""
        keys = ("fill_color", "fill_opacity", "color", "weight", "opacity", "dash_array")
        return {
            name: (
                {k: getattr(poly, k) for k in keys},
                str(self._labels[name].icon.html),
                str(self._stacks[name].icon.html),
            )
            for name, poly in self._polygons.items()
        }

    # -- clicks ------------------------------------------------------------------------------
    def click(self, name: str) -> str:
        """Select a zone as a click would: show its details in the pane; return the HTML."""
        name = self._name(name)
        self.selected = name
        lines = self.describe(name)
        body = "".join(f"<li>{st.esc(line)}</li>" for line in lines[1:])
        self.details.value = (
            f'<div class="ik-details"><b>{st.esc(lines[0])}</b><ul style="margin:2px 0;'
            f'padding-left:18px">{body}</ul></div>'
        )
        for hook in self._click_hooks:
            hook(name)
        return str(self.details.value)

    def on_click(self, callback: Callable[[str], None]) -> None:
        """Call ``callback(zone_name)`` whenever a zone is clicked (after the details)."""
        self._click_hooks.append(callback)

    def describe(self, name: str) -> list[str]:
        """The details of a zone, one plain sentence a line (the first line is the title)."""
        zone = self.world.board.zone(name)
        state, world = self.state, self.world
        kind = "sea zone" if zone.is_sea else "borderland" if zone.is_borderland else "land zone"
        lines = [f"{zone.name}: {kind}, {zone.terrain.value} terrain, region {zone.region}"]
        if not zone.is_sea:
            if zone.name in state.cities:
                lines.append("a city stands here" if state.cities[zone.name] else "a ruined city")
            elif zone.city_allowed:
                lines.append("no city; one may be built (6.2)")
            else:
                lines.append("no city may be built here")
        for nation in world.order:
            if capital_of(world, state, nation) == zone.name:
                lines.append(f"the capital of the {nation} (8.1)")
        groups = self._by_nation(state.units_in(zone.name))
        for nation, units in groups.items():
            colour = world.scenario.colour_of(nation)
            lines.append(f"{nation} ({colour}): {nation_stack_text(units)}")
        if not groups:
            lines.append("no units")
        if zone.is_sea:
            lines.append("no stacking limit for fleets (8.0)")
        else:
            for nation in groups:
                limit = stacking_limit(world, state, zone.name, nation)
                if limit is not None:
                    lines.append(f"stacking for the {nation}: {limit.explain()}")
            if not groups and state.active:
                limit = stacking_limit(world, state, zone.name, state.active)
                if limit is not None:
                    lines.append(f"stacking for the {state.active} (playing): {limit.explain()}")
        view = self._views.get(zone.name)
        if view is not None and view.over:
            lines.append(view.over)
        if zone.name in state.combat_due:
            lines.append("combat is due here (10.0)")
        lines.append("neighbours: " + ", ".join(world.board.neighbours(zone.name)))
        return lines

    # -- layers on top ------------------------------------------------------------------------
    def show_supremacy(
        self,
        nation: str | None = None,
        *,
        zone: str | None = None,
        between: tuple[str, str] | None = None,
    ) -> SupremacyLayer:
        """Hatch where ``nation`` has naval supremacy, or who has it in the battle in
        ``zone`` (10.9); the layer follows the game at every refresh. Replaces a layer
        shown before."""
        self.hide_supremacy()
        layer = SupremacyLayer(self.world, self.state, nation=nation, zone=zone, between=between)
        layer.attach(self)
        self.supremacy = layer
        return layer

    def hide_supremacy(self) -> None:
        """Take the naval-supremacy layer off the map."""
        if self.supremacy is not None:
            self.supremacy.detach(self)
            self.supremacy = None

    def on_refresh(self, callback: Callable[[], object]) -> None:
        """Call ``callback()`` after every refresh (a score pad follows a stepper this way)."""
        self._refresh_hooks.append(callback)

    # -- drawing -----------------------------------------------------------------------------
    def refresh(self) -> RefreshStats:
        """Redraw after the game changed: re-send only the zones whose look changed."""
        start = time.perf_counter()
        views = self._snapshot()
        styles = labels = stacks = 0
        for name, view in views.items():
            old = self._views.get(name)
            if old is None or old.style != view.style:
                poly = self._polygons[name]
                with poly.hold_sync():
                    for key, value in view.style.to_leaflet().items():
                        setattr(poly, key, value)
                styles += 1
            if old is None or old.label != view.label:
                self._set_icon(self._labels[name], view.label)
                labels += 1
            if old is None or old.stack != view.stack:
                self._set_icon(self._stacks[name], view.stack)
                stacks += 1
        self._views = views
        if self.selected is not None:
            self.click(self.selected)
        if self.supremacy is not None:
            self.supremacy.update(self.state)
        self.last_refresh = RefreshStats(styles, labels, stacks, time.perf_counter() - start)
        for hook in self._refresh_hooks:
            hook()
        return self.last_refresh

    def redraw(self) -> RefreshStats:
        """Throw every layer away and draw the map again (what :meth:`refresh` avoids)."""
        for group in self._groups:
            self.map.remove(group)
            for layer in group.layers:
                icon = getattr(layer, "icon", None)
                if icon is not None:
                    icon.close()
                layer.close()
            group.close()
        self._views = {}
        self._build()
        if self.supremacy is not None:  # back on top of the zones drawn again
            self.map.remove(self.supremacy.group)
            self.map.add(self.supremacy.group)
        return self.last_refresh

    @property
    def widget(self) -> ipywidgets.VBox:
        """The map with its legend and the details pane, ready to display."""
        return ipywidgets.VBox(
            [self._css, self.map, self.legend, self.details],
            layout=ipywidgets.Layout(width="100%"),
        )

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.widget._repr_mimebundle_(**kwargs)

    # -- internals ---------------------------------------------------------------------------
    def _name(self, name: str) -> str:
        return self.world.board.zone(name).name

    def _build(self) -> None:
        for zone in self.world.board.zones:
            poly = ipyleaflet.Polygon(
                locations=_locations(zone), name=zone.name, fill=True, stroke=True
            )
            poly.on_click(partial(self._clicked, zone.name))
            self._polygons[zone.name] = poly
            lon, lat = zone.label_point
            self._labels[zone.name] = ipyleaflet.Marker(
                location=(lat, lon), icon=_divicon(""), draggable=False, keyboard=False
            )
            lon, lat = zone.anchor_point
            stack = ipyleaflet.Marker(
                location=(lat, lon),
                icon=_divicon(""),
                draggable=False,
                keyboard=False,
                z_index_offset=1000,
                rise_on_hover=True,
            )
            stack.on_click(partial(self._clicked, zone.name))
            self._stacks[zone.name] = stack
        self._groups = [
            ipyleaflet.LayerGroup(name="zones", layers=tuple(self._polygons.values())),
            ipyleaflet.LayerGroup(name="zone names", layers=tuple(self._labels.values())),
            ipyleaflet.LayerGroup(name="units", layers=tuple(self._stacks.values())),
        ]
        for group in self._groups:
            self.map.add(group)
        self.refresh()

    def _clicked(self, name: str, **_event: Any) -> None:
        self.click(name)

    @staticmethod
    def _set_icon(marker: ipyleaflet.Marker, html: str) -> None:
        old = marker.icon
        marker.icon = _divicon(html)
        if old is not None:
            old.close()

    def _by_nation(self, units: list[Unit]) -> dict[str, list[Unit]]:
        groups: dict[str, list[Unit]] = defaultdict(list)
        for u in sorted(units, key=lambda u: u.id):
            groups[u.nation].append(u)
        rank = {n: i for i, n in enumerate(self.world.order)}
        return dict(sorted(groups.items(), key=lambda kv: rank.get(kv[0], len(rank))))

    def _snapshot(self) -> dict[str, ZoneView]:
        state, world = self.state, self.world
        colour_of = world.scenario.colour_of
        in_zone: dict[str, list[Unit]] = defaultdict(list)
        for u in state.units.values():
            in_zone[u.zone].append(u)
        controllers: dict[str, list[str]] = defaultdict(list)
        for nation in world.order:
            for held in world.controlled_zones(state, nation):
                controllers[held].append(nation)
        capitals: dict[str, list[str]] = defaultdict(list)
        for nation in world.order:
            where = capital_of(world, state, nation)
            if where:
                capitals[where].append(nation)
        combat = set(state.combat_due)
        views: dict[str, ZoneView] = {}
        for zone in world.board.zones:
            name = zone.name
            groups = self._by_nation(in_zone.get(name, []))
            # the fill: the controller with the most units there (turn order breaks ties)
            ruling = sorted(controllers.get(name, []), key=lambda n: -len(groups.get(n, [])))
            colours = tuple(colour_of(n) for n in ruling)
            over = self._over(name) if name in state.surplus else None
            style = st.portray_zone(
                zone.kind.value, colours, over_stacked=over is not None, combat_due=name in combat
            )
            text = "; ".join(f"{n}: {nation_stack_text(us)}" for n, us in groups.items())
            views[name] = ZoneView(
                style=style,
                label=self._label_html(zone, capitals.get(name, [])),
                stack=self._stack_html(groups, text, over, self._side[name]),
                text=text,
                over=over[1] if over else None,
            )
        return views

    def _over(self, zone: str) -> tuple[str, str] | None:
        """(short, full) texts for a zone the engine found over its limit (8.0)."""
        state = self.state
        nation = state.active
        limit = stacking_limit(self.world, state, zone, nation)
        if limit is None:
            return None
        count = state.stack_count(zone, nation)
        extra = state.surplus[zone]
        full = (
            f"8.0: {zone} holds {count} {nation} units; {limit.explain()}: "
            f"{extra} too many, the {nation} must remove {extra}"
        )
        return f"{count} units, limit {limit.value} (8.0)", full

    def _label_html(self, zone: Zone, capital_of_: list[str]) -> str:
        cls = "ik-label ik-sea" if zone.is_sea else "ik-label"
        city = self.state.cities.get(zone.name)
        mark = ""
        if city is True:
            mark = '<span class="ik-city" title="city"></span>'
        elif city is False:
            mark = '<span class="ik-ruin" title="ruin"></span>'
        if capital_of_:
            who = st.esc(", ".join(capital_of_))
            mark += f'<span class="ik-capital" title="capital of the {who}">★</span>'
        return f'<div class="{cls}">{st.esc(zone.name)}{mark}</div>'

    def _stack_html(
        self,
        groups: dict[str, list[Unit]],
        text: str,
        over: tuple[str, str] | None,
        side: str,
    ) -> str:
        if not groups:
            return ""
        colour_of = self.world.scenario.colour_of
        named = len(groups) > 1  # one nation: its colour says who; several: name them
        lines = []
        for n, us in groups.items():
            who = f"<b>{st.esc(st.short_name(n))}</b> " if named else ""
            lines.append(
                f'<div class="ik-line" style="border-left-color:{st.player_fill(colour_of(n))}">'
                f"{who}{st.esc(nation_stack_text(us))}</div>"
            )
        if over:
            lines.append(f'<div class="ik-warn">⚠ {st.esc(over[0])}</div>')
        title = over[1] if over else f"{text} (click for details)"
        cls = f"ik-stack {side} ik-over" if over else f"ik-stack {side}"
        return f'<div class="{cls}" title="{st.esc(title)}">{"".join(lines)}</div>'

    def _legend_html(self) -> str:
        by_colour: dict[str, list[str]] = defaultdict(list)
        for nation in self.world.scenario.nations:
            by_colour[nation.colour].append(nation.name)
        players = " &nbsp; ".join(
            f"{st.swatch(c)}<b>{st.esc(c)}</b>: {st.esc(', '.join(ns))}"
            for c, ns in by_colour.items()
        )
        keys = (
            f"{st.swatch_fill(st.LAND_FILL)}no one &nbsp; {st.swatch_fill(st.BORDERLAND_FILL)}"
            f"borderland &nbsp; {st.swatch_fill(st.SEA_FILL)}sea &nbsp; "
            '<span style="display:inline-block;width:7px;height:7px;background:#222"></span> city'
            ' &nbsp; ◇ ruin &nbsp; <span style="color:#b00020">★</span> capital &nbsp; '
            f'<span style="border:3px solid {st.OVER_STACKED};padding:0 3px">over the stacking '
            f'limit (8.0)</span> &nbsp; <span style="border:3px dashed {st.COMBAT_DUE};'
            'padding:0 3px">combat due (10.0)</span>'
        )
        return f'<div class="ik-legend">{players}<br>{keys}</div>'
