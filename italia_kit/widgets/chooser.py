"""ActionChooser: the legal actions of a seat the teacher plays by hand, as a list to choose
from beside the map.

Shown only while a seat played by hand (:data:`~italia_kit.widgets.seats.HUMAN`) decides.
Each action reads as a sentence (the presenter's ``action_text``); choosing one outlines
the locations it concerns on the map (``action_locations``); *play this action* applies
it through the stepper, so that *back* takes it back. A click on a location keeps only the
actions that concern it (*all actions* shows them all again).

From plain Python::

    stepper.chooser.texts()            # the sentences listed
    stepper.chooser.choose(3)          # as clicking the fourth line: the map outlines it
    stepper.chooser.play()             # the button "play this action"
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import ipywidgets

from italia_kit.core import Action
from italia_kit.widgets import style as st

if TYPE_CHECKING:
    from italia_kit.widgets.stepper import TurnStepper

__all__ = ["ActionChooser"]


class ActionChooser:
    """The action list of a seat played by hand, for one :class:`TurnStepper`."""

    def __init__(self, stepper: TurnStepper) -> None:
        self.stepper = stepper
        self.location: str | None = None  # a location clicked: only its actions are listed
        self.actions: list[Action] = []  # the actions listed, in the list's order
        self.title = ipywidgets.HTML()
        self.list = ipywidgets.Select(options=[], rows=9, layout=ipywidgets.Layout(width="100%"))
        self.list.add_class("ik-actions")
        self.play_button = ipywidgets.Button(
            description="play this action", button_style="success", disabled=True
        )
        self.all_button = ipywidgets.Button(description="all actions", disabled=True)
        self.play_button.on_click(lambda _b: self._play_clicked())
        self.all_button.on_click(lambda _b: self.show_all())
        self.list.observe(self._chosen, names="value")
        self.widget = ipywidgets.VBox(
            [self.title, self.list, ipywidgets.HBox([self.play_button, self.all_button])],
            layout=ipywidgets.Layout(display="none", width="100%", margin="0 0 6px 0"),
        )
        stepper.mapview.on_click(self._clicked)

    # -- what a person does ------------------------------------------------------------------------
    def texts(self) -> list[str]:
        """The actions listed, as sentences."""
        return [label for label, _ in self.list.options]

    def choose(self, index: int) -> Action:
        """Choose the ``index``-th action listed (the map outlines its locations)."""
        if not 0 <= index < len(self.actions):
            raise IndexError(f"no action {index}: {len(self.actions)} are listed")
        self.list.value = index
        return self.actions[index]

    def play(self) -> list[Any]:
        """Apply the action chosen (the button *play this action*)."""
        index = self.list.value
        if index is None:
            raise ValueError("choose an action from the list first")
        action = self.actions[index]
        self.location = None  # the next decision lists all its actions
        return self.stepper.apply(action)

    def show_all(self) -> None:
        """List every legal action again (after a click on a location kept only its own)."""
        self.location = None
        self.refresh()

    # -- following the stepper ------------------------------------------------------------------
    def refresh(self) -> None:
        """List the pending seat's actions if it is played by hand; hide the list if not."""
        stepper = self.stepper
        seat = stepper.waiting_for()
        view = stepper.mapview
        if seat is None:
            self.widget.layout.display = "none"
            self.actions = []
            self.list.options = []
            view.mark(())
            return
        game, presenter = stepper.game, stepper.presenter
        legal = game.legal_actions()
        where = ""
        if self.location is not None:
            here = [a for a in legal if self.location in presenter.action_locations(game, a)]
            if here:
                legal, where = here, f" in {st.esc(self.location)}"
            else:  # the whole list rather than none
                where = f" (none in {st.esc(self.location)})"
        self.actions = legal
        with self.list.hold_trait_notifications():
            self.list.options = [
                (presenter.action_text(game, a), i) for i, a in enumerate(self.actions)
            ]
            self.list.value = None
        view.mark(())
        decision = game.decision
        prompt = decision.prompt if decision is not None else ""
        self.title.value = (
            f'<div class="ik-choose"><b>{st.esc(seat)}</b> (played by hand): '
            f"{st.esc(prompt)}. {len(self.actions)} actions{where}; choose one, the map "
            "outlines its zones, then <i>play this action</i>.</div>"
        )
        self.play_button.disabled = True
        self.all_button.disabled = self.location is None
        self.widget.layout.display = "flex"

    def _chosen(self, change: dict[str, Any]) -> None:
        index = change["new"]
        view = self.stepper.mapview
        if index is None or not 0 <= index < len(self.actions):
            view.mark(())
            self.play_button.disabled = True
            return
        stepper = self.stepper
        view.mark(stepper.presenter.action_locations(stepper.game, self.actions[index]))
        self.play_button.disabled = False

    def _clicked(self, location: str) -> None:
        if self.stepper.waiting_for() is None:
            return
        self.location = location
        self.refresh()

    def _play_clicked(self) -> None:
        try:
            self.play()
            self.stepper.status.value = ""
        except Exception as exc:  # shown to the teacher, not swallowed
            self.stepper.status.value = f'<span style="color:#b00020">{st.esc(str(exc))}</span>'
