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
"""

from __future__ import annotations

import html
from typing import Any

import ipywidgets

from italia_kit.core import Game
from italia_kit.games.agricola.battle_record import BattleRecord, BattleStep, record_battles
from italia_kit.games.agricola.battle_view import step_png

__all__ = ["BattleStepper"]


class BattleStepper:
    """The battles of ``game`` (``battle``: which one first, 0 the first), step by step."""

    def __init__(self, game: Game[Any], battle: int = 0, *, dpi: float = 80) -> None:
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
        self.show_battle(battle)

    # -- what the buttons do -------------------------------------------------------------
    @property
    def record(self) -> BattleRecord:
        return self.records[self.battle]

    @property
    def current(self) -> BattleStep:
        return self.record.steps[self.step]

    def show_battle(self, number: int) -> None:
        """Battle ``number`` (0: the first), from its first step."""
        if not 0 <= number < len(self.records):
            raise IndexError(
                f"8.0: the game has {len(self.records)} battle(s); there is no battle {number}"
            )
        self.battle = number
        if self.picker.value != number:
            self.picker.value = number  # calls back _picked, which lands here again
        self.go(0)

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
