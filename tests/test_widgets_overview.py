"""The whole board at once (MapView.overview, the *whole board* button): on a laptop's
1366x768 screen Italia's map (939 x 458 px in the classroom app) shows the whole
peninsula only at zoom 4.75, where the first view's layout crowds; the overview keeps
every stack and leaves out the names that would overlap, those of locations with units
kept first, and the names come back at the first view's zoom.

Overlaps are counted as ``tests/test_browser.py`` counts them on the page, pair by pair,
here from the layout's own boxes (the sizes ``layout.label_size`` / ``stack_size`` give).
"""

from __future__ import annotations

from itertools import combinations

import pytest

from italia_kit import games
from italia_kit.core import Game
from italia_kit.widgets import MapView
from italia_kit.widgets import framing as fr
from italia_kit.widgets.layout import label_size, stack_size

from .toyboard import RacePresenter
from .toygame import race_spec

LAPTOP = (939, 458)  # the app's map at 1366x768 (FIT_SCREEN, the map's share of the width)
DESK = (1100, 860)  # and at 1600x1200


@pytest.fixture(scope="module")
def italia() -> tuple[Game[object], MapView]:
    game = games.load("italia1").new_game(seed=1)
    return game, MapView(game)


def _boxes(
    view: MapView, names: bool = True
) -> list[tuple[str, tuple[float, float, float, float]]]:
    """The boxes of the names and stacks shown, in pixels at the map's zoom."""
    layout = fr.readability(view.board).layout(float(view.map.zoom))  # type: ignore[arg-type]
    out = []
    for name in view.locations:
        where = view.placed(name)
        assert where is not None
        v = view.view_of(name)
        shown = [("stack", where.stack, stack_size(v))] if v.stack else []
        if names and name not in view.hidden_names:
            shown.append(("name", where.label, label_size(v.label)))
        for what, (lat, lng), (w, h) in shown:
            x, y = layout.pixel(lng, lat)
            out.append((f"{what} {name}", (x - w / 2, y - h / 2, x + w / 2, y + h / 2)))
    return out


def _overlapping_pairs(boxes: list[tuple[str, tuple[float, float, float, float]]]) -> list[str]:
    """The pairs of boxes overlapping by more than half a pixel both ways (the browser
    test's measure)."""
    pairs = []
    for (a, ra), (b, rb) in combinations(boxes, 2):
        ox = min(ra[2], rb[2]) - max(ra[0], rb[0])
        oy = min(ra[3], rb[3]) - max(ra[1], rb[1])
        if ox > 0.5 and oy > 0.5:
            pairs.append(f"{a} / {b}")
    return pairs


def test_O_1_at_1366x768_the_first_view_is_readable_but_not_the_whole_board(
    italia: tuple[Game[object], MapView],
) -> None:
    _game, view = italia
    frame = view.fit_to(*LAPTOP)
    assert (frame.fit_zoom, frame.zoom, frame.limit) == (4.75, 6.25, "readable")
    assert not frame.whole_board and view.hidden_names == ()
    assert _overlapping_pairs(_boxes(view)) == []


def test_O_2_the_whole_board_keeps_every_stack_and_thins_the_names(
    italia: tuple[Game[object], MapView],
) -> None:
    """At the fit zoom every name kept would crowd (the first view's layout there leaves
    pairs overlapping); the overview leaves none: every stack is drawn, the names left out
    are the ones that would overlap, and most names of zones with units are kept."""
    _game, view = italia
    view.fit_to(*LAPTOP)
    crowded = fr.readability(view.board).layout(4.75)  # type: ignore[arg-type]
    views = {n: view.view_of(n) for n in view.locations}
    crowded.place(
        {n: label_size(v.label) for n, v in views.items()},
        {n: stack_size(v) for n, v in views.items() if v.stack},
    )
    assert crowded.crowded  # all the names at 4.75: some cannot be placed apart
    frame = view.overview()  # the size the browser told: fit_to's
    assert (frame.zoom, frame.limit, frame.whole_board) == (4.75, "fit", True)
    assert view.map.zoom == 4.75
    assert _overlapping_pairs(_boxes(view)) == []
    hidden = set(view.hidden_names)
    with_units = {n for n, v in views.items() if v.stack}
    assert 0 < len(hidden) < len(views) // 2
    assert len(with_units & hidden) <= len(with_units) // 4  # units' names first
    data = view.layer_data()
    for name in view.locations:
        _style, label, stack = data[name]
        assert (label == "") == (name in hidden), name
        assert bool(stack) == (name in with_units), name  # every stack still drawn


def test_O_3_back_at_the_first_zoom_every_name_returns(
    italia: tuple[Game[object], MapView],
) -> None:
    _game, view = italia
    view.fit_to(*LAPTOP)
    view.overview()
    assert view.hidden_names
    view.reset_view()
    assert view.map.zoom == 6.25 and view.hidden_names == ()
    assert all(label for _s, label, _st in view.layer_data().values())
    view.map.zoom = 4.75  # the wheel, out to the whole board: thinned again
    assert view.hidden_names and _overlapping_pairs(_boxes(view)) == []
    view.map.zoom = 7.0  # in, past the first zoom: the first view's layout
    assert view.hidden_names == ()


def test_O_4_a_larger_map_shows_the_whole_board_with_more_names(
    italia: tuple[Game[object], MapView],
) -> None:
    """At 1600x1200 (a map of 1100 x 860 px) the whole board fits at 5.5, still below the
    readable 6.25: the overview leaves fewer names out than at 1366x768 (none; 7 there),
    and none overlap."""
    _game, view = italia
    view.fit_to(*LAPTOP)
    view.overview()
    laptop = len(view.hidden_names)
    frame = view.fit_to(*DESK)
    assert (frame.fit_zoom, frame.zoom) == (5.5, 6.25)
    again = view.overview()
    assert again.zoom == 5.5 and again.whole_board
    assert len(view.hidden_names) < laptop
    assert _overlapping_pairs(_boxes(view)) == []


def test_O_5_a_board_of_boxes_shows_whole_and_hides_nothing() -> None:
    game = race_spec().new_game(seed=1)
    view = MapView(game, RacePresenter(game))
    with pytest.raises(ValueError, match="size is not known yet"):
        view.overview()
    frame = view.overview(600, 400)
    assert frame.whole_board and view.map.zoom == frame.zoom and view.hidden_names == ()
