"""BattleStepper: a battle of a played game on the Tactical Display, stepped round by round.

Buttons *back* and *next* (and a picker of the game's battles) walk through the steps of
:func:`~italia_kit.games.agricola.battle_record.record_battles`: the set-up (8.0-8.2), the
deployments (8.2, 8.3), each Attack Round (8.4) and Defence Round (8.5), and the end (8.6).
Each step shows its one sentence and the picture of :func:`~..battle_view.draw_step`. The
steps are read from a replay of the game, never from the live dice, so stepping back and
forth shows the same pictures; the stepper never changes the game. Every button has a
method that does the same, so a notebook or a test drives it::

    stepper = BattleStepper(game)   # the game's first battle
    stepper.next()                  # the button "next"
    stepper.back()                  # the button "back"
    stepper.show_battle(1)          # the picker: the second battle

:class:`BattlePanel` is the same stepper under the map of the turn stepper and the
classroom app (``AgricolaPresenter.panel``): folded away until the teacher opens it, it
follows the game, showing its latest battle at the latest step after every click.
"""

from __future__ import annotations

import html
from typing import Any

import ipywidgets

from italia_kit.core import Game
from italia_kit.games.agricola.battle_record import BattleRecord, BattleStep, record_battles
from italia_kit.games.agricola.battle_view import step_png

__all__ = ["BattlePanel", "BattleStepper"]


class BattleStepper:
    """The battles of ``game`` (``battle``: which one first, 0 the first; negative counts
    from the last), step by step from ``step`` (None: its last)."""

    def __init__(
        self, game: Game[Any], battle: int = 0, *, step: int | None = 0, dpi: float = 80
    ) -> None:
        self.records: list[BattleRecord] = record_battles(game)
        if not self.records:
            raise ValueError("8.0: this game has fought no battle yet: there is nothing to step")
        self.dpi = dpi
        self._pictures: dict[tuple[int, int], bytes] = {}
        self.battle, self.step = 0, 0
        self.picker = ipywidgets.Dropdown(
            options=[(self._choice(r), r.number) for r in self.records],
            description="battle",
            style={"description_width": "50px"},
            layout=ipywidgets.Layout(width="520px"),
        )
        self.back_button = ipywidgets.Button(description="back", icon="step-backward")
        self.next_button = ipywidgets.Button(description="next", icon="step-forward")
        self.position = ipywidgets.Label()
        self.caption = ipywidgets.HTML()
        self.image = ipywidgets.Image(format="png", layout=ipywidgets.Layout(width="800px"))
        self.back_button.on_click(lambda _: self.back())
        self.next_button.on_click(lambda _: self.next())
        self.picker.observe(self._picked, names="value")
        self._widget = ipywidgets.VBox(
            [
                ipywidgets.HBox([self.picker, self.back_button, self.next_button, self.position]),
                self.caption,
                self.image,
            ]
        )
        self.show_battle(battle % len(self.records) if battle < 0 else battle, step)

    # -- what the buttons do -------------------------------------------------------------
    @property
    def record(self) -> BattleRecord:
        return self.records[self.battle]

    @property
    def current(self) -> BattleStep:
        return self.record.steps[self.step]

    def show_battle(self, number: int, step: int | None = 0) -> None:
        """Battle ``number`` (0: the first), from its step ``step`` (None: the last)."""
        if not 0 <= number < len(self.records):
            raise IndexError(
                f"8.0: the game has {len(self.records)} battle(s); there is no battle {number}"
            )
        self.battle = number
        self.step = 0 if step is None else step
        if self.picker.value != number:
            self.picker.value = number  # calls back _picked: the same battle, nothing to do
        self.go(len(self.record.steps) - 1 if step is None else step)

    def go(self, step: int) -> None:
        """Step ``step`` (0: the first) of the battle shown."""
        steps = self.record.steps
        if not 0 <= step < len(steps):
            raise IndexError(f"the battle has {len(steps)} steps; there is no step {step}")
        self.step = step
        self._refresh()

    def next(self) -> bool:
        """The next step; False (and nothing changes) at the battle's last."""
        if self.step + 1 >= len(self.record.steps):
            return False
        self.go(self.step + 1)
        return True

    def back(self) -> bool:
        """The step before; False (and nothing changes) at the first."""
        if self.step == 0:
            return False
        self.go(self.step - 1)
        return True

    @property
    def png(self) -> bytes:
        """The picture shown now."""
        key = (self.battle, self.step)
        if key not in self._pictures:
            self._pictures[key] = step_png(self.record, self.step, dpi=self.dpi)
        return self._pictures[key]

    @property
    def sentence(self) -> str:
        return self.current.sentence

    # -- display -------------------------------------------------------------------------
    @property
    def widget(self) -> ipywidgets.VBox:
        """The picker, the buttons, the step's sentence and its picture."""
        return self._widget

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self._widget._repr_mimebundle_(**kwargs)

    def _refresh(self) -> None:
        steps = self.record.steps
        self.position.value = f"step {self.step + 1} of {len(steps)}"
        self.back_button.disabled = self.step == 0
        self.next_button.disabled = self.step + 1 >= len(steps)
        self.caption.value = f"<b>{html.escape(self.current.sentence)}</b>"
        self.image.value = self.png

    def _picked(self, change: dict[str, Any]) -> None:
        if change["new"] != self.battle:
            self.show_battle(int(change["new"]))

    @staticmethod
    def _choice(record: BattleRecord) -> str:
        outcome = {"victory": "victory", "defeat": "Military Disaster"}.get(
            record.outcome, "under way"
        )
        return f"{record.number + 1}. {record.title}: {outcome}"


class BattlePanel:
    """The latest battle of a game under the turn stepper's map (a :class:`GamePanel
    <italia_kit.widgets.presenter.GamePanel>`): hidden until the game's first battle, then
    an accordion, closed until the teacher opens it, holding a :class:`BattleStepper` at the
    latest step. A refresh records the game again only when its battles changed."""

    def __init__(self, game: Game[Any], *, dpi: float = 70) -> None:
        self.dpi = dpi
        self.stepper: BattleStepper | None = None
        self._key: tuple[int, int, str, int] | None = None
        self._accordion = ipywidgets.Accordion(children=[ipywidgets.VBox()])
        self._accordion.set_title(0, "Battle on the Tactical Display (8.0)")
        self._accordion.selected_index = None
        self._accordion.layout.display = "none"
        self.refresh(game)

    @property
    def widget(self) -> ipywidgets.Accordion:
        return self._accordion

    def refresh(self, game: Game[Any]) -> None:
        """Show the game's latest battle at its latest step (nothing before the first)."""
        key = self._key_of(game)
        if key == self._key:
            return
        self._key = key
        if key is None:
            self.stepper = None
            self._accordion.children = [ipywidgets.VBox()]
            self._accordion.layout.display = "none"
            return
        self.stepper = BattleStepper(game, -1, step=None, dpi=self.dpi)
        self._accordion.children = [self.stepper.widget]
        title = self.stepper.record.title
        self._accordion.set_title(0, f"Battle on the Tactical Display (8.0): {title}")
        self._accordion.layout.display = None

    @staticmethod
    def _key_of(game: Game[Any]) -> tuple[int, int, str, int] | None:
        """What the panel shows depends on: how many battles, where the last began and
        what it is, and while one is being fought, how far it has got."""
        log = game.log
        battles = [i for i in range(len(log)) if log[i].kind == "battle"]
        if not battles:
            return None
        last = battles[-1]
        under_way = len(log) if game.state.battle is not None else -1
        return len(battles), last, log[last].text, under_way
