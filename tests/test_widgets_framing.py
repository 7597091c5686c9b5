"""The first view of a map (italia_kit.widgets.framing): as much of the board as fits the
map's pixels, at the highest zoom that shows the whole board, never below the zoom at which
the label layout places every name and stack without overlap."""

from __future__ import annotations

import math

import pytest

from italia_kit.widgets import MapView
from italia_kit.widgets import framing as fr
from italia_kit.widgets.layout import label_size
from italia_kit.widgets.presenter import Area, Box, BoxBoard, GeoBoard

from .toyboard import BOARD, RacePresenter
from .toygame import race_spec

EXTENT = (0.0, 0.0, 100.0, 50.0)  # pixels at zoom 0: twice as wide as tall


@pytest.mark.parametrize(
    ("width", "height", "fit"),
    [
        (816, 216, 2.0),  # 800 x 200 usable: height limits (x4)
        (416, 416, 2.0),  # 400 x 400: width limits (x4)
        (1616, 816, 4.0),  # x16 both ways
        (1016, 616, 3.25),  # log2(10) = 3.32: down to the snap
        (30, 30, -3.0),  # a thumbnail: 14 px for 100, log2 -2.84
    ],
)
def test_the_fit_zoom_is_the_highest_on_the_snap_showing_the_whole_board(
    width: int, height: int, fit: float
) -> None:
    zoom = fr.fit_zoom(EXTENT, width, height)
    assert zoom == fit
    scale = 2.0**zoom
    assert 100 * scale <= width - 2 * fr.MARGIN and 50 * scale <= height - 2 * fr.MARGIN
    assert zoom % fr.SNAP == 0


def _frame(width: int, height: int, readable: float) -> fr.Frame:
    return fr.choose_frame(
        EXTENT,
        width,
        height,
        readable=readable,
        zoom_range=(0.0, 6.0),
        centre=(-25.0, 50.0),
        preferred=(-10.0, 20.0),
    )


def test_a_big_map_shows_the_whole_board_centred_on_its_bounds() -> None:
    frame = _frame(1616, 816, readable=3.0)  # fits at 4, readable from 3
    assert (frame.zoom, frame.limit, frame.center, frame.whole_board) == (
        4.0,
        "fit",
        (-25.0, 50.0),
        True,
    )


def test_a_small_map_stops_at_the_readable_zoom_on_the_presenters_centre() -> None:
    frame = _frame(416, 216, readable=3.0)  # fits only at 2: labels would overlap
    assert (frame.zoom, frame.limit, frame.center, frame.whole_board) == (
        3.0,
        "readable",
        (-10.0, 20.0),
        False,
    )
    assert frame.fit_zoom == 2.0 and frame.size == (416, 216)


def test_the_zoom_stays_in_the_boards_range() -> None:
    assert (_frame(416, 216, readable=9.0).zoom, _frame(416, 216, readable=9.0).limit) == (
        6.0,
        "max",
    )
    huge = fr.choose_frame(
        EXTENT,
        30,
        30,
        readable=-5.0,
        zoom_range=(0.0, 6.0),
        centre=(-25.0, 50.0),
        preferred=(-10.0, 20.0),
    )
    assert (huge.zoom, huge.limit) == (0.0, "min")


def _square(name: str, lon: float) -> Area:
    ring = ((lon, 40.0), (lon + 1.0, 40.0), (lon + 1.0, 41.0), (lon, 41.0))
    centre = (lon + 0.5, 40.5)
    return Area(name, ((ring,),), centre, centre)


def test_the_readable_zoom_is_where_the_layout_first_fits_every_name() -> None:
    """Two squares of one degree side by side, each named with a long name: far out, the
    two names (each kept over its own square) cannot both fit; the readable zoom is the
    first on the snap at which the layout places them without overlap."""
    board = GeoBoard((_square("West", 10.0), _square("East", 11.0)), (40.5, 11.0), 5.0, 0, 10)
    name = label_size('<div class="ik-label">Aaaaaaaaaaaaaaaaaaaa</div>')
    labels = {"West": name, "East": name}
    readable = fr.readability(board).lowest(labels, {}, at_least=0.0)
    assert 0.0 < readable < 10.0
    assert fr.readability(board).readable_at(readable, labels, {})
    assert not fr.readability(board).readable_at(readable - fr.SNAP, labels, {})
    layout = fr.readability(board).layout(readable - fr.SNAP)
    layout.place(labels, {})
    assert set(layout.crowded) == {"West", "East"}
    assert fr.readability(board) is fr.readability(board)  # cached per board

    small = fr.frame_board(board, 30, 30, labels, {})  # two degrees in 14 px: too far out
    assert (small.zoom, small.limit, small.center) == (readable, "readable", (40.5, 11.0))
    big = fr.frame_board(board, 1000, 800, labels, {})
    assert big.limit == "fit" and big.zoom == fr.fit_zoom(fr.board_extent(board), 1000, 800)
    assert big.center[1] == pytest.approx(11.0) and big.center[0] == pytest.approx(40.5, abs=0.01)


def test_a_board_of_boxes_is_readable_once_every_box_holds_its_name_and_stack() -> None:
    board = BoxBoard((Box("A", 0, 0, 10, 10), Box("B", 20, 0, 10, 5)))
    labels = {"A": (38.0, 13.0), "B": (18.0, 13.0)}
    stacks = {"B": (30.0, 14.0)}  # B's stack: 32 px wide, hung from 0.4 of 5 units
    zoom = fr.box_readable_zoom(board, labels, stacks)
    # A needs x4 for its name; B x5.33 for its stack (16 px under 0.6 of 5 units) and x7.7
    # for its name (half of 13 px and the gap above the stack, within 0.22 of 5 units)
    assert zoom == math.ceil(math.log2(8.5 / 1.1) / fr.SNAP) * fr.SNAP == 3.0
    frame = fr.frame_board(board, 416, 416, labels, stacks)  # 30 units in 400 px: x13.3
    assert frame.fit_zoom == 3.5 and frame.zoom == 3.5 and frame.limit == "fit"
    tight = fr.frame_board(board, 80, 80, labels, stacks)
    assert tight.limit == "readable" and tight.zoom == 3.0 and tight.center == (-5.0, 15.0)


def test_the_map_view_fits_the_size_the_browser_tells_and_resets_to_it() -> None:
    game = race_spec().new_game(seed=1)
    view = MapView(game, RacePresenter(game))
    assert view.fitting
    frame = view.fit_to(1200, 700)
    assert view.frame == frame and frame.limit == "fit"
    assert view.home == (frame.center, frame.zoom)
    assert (tuple(view.map.center), view.map.zoom) == view.home
    assert frame.center == fr.extent_centre(BOARD, BOARD.bounds())
    view.map.zoom = frame.zoom + 1  # the reader zooms in: a new size does not move it
    view.map.set_trait("pixel_bounds", ((0.0, 0.0), (600.0, 400.0)))
    assert view.frame == frame
    view.reset_view()  # back home: the next size is fitted
    view.map.set_trait("pixel_bounds", ((10.0, 20.0), (610.0, 420.0)))
    assert view.frame is not None and view.frame.size == (600, 400)
    assert view.frame.zoom < frame.zoom and view.home[1] == view.frame.zoom


def test_an_explicit_frame_is_kept() -> None:
    game = race_spec().new_game(seed=1)
    view = MapView(game, RacePresenter(game), center=(-3.0, 30.0), zoom=4.0)
    assert not view.fitting
    view.map.set_trait("pixel_bounds", ((0.0, 0.0), (600.0, 400.0)))
    assert view.frame is None and view.map.zoom == 4.0
