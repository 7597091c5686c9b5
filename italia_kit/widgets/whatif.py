"""The what-if panel: pick variants and a number of games, run them with a progress bar,
see the distributions (issue 8). The runs are ``italia_kit.analysis.run_whatif``'s."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import ipywidgets as w

from italia_kit.analysis import Variant, WhatIfResult, run_whatif
from italia_kit.analysis.whatif import as_variant
from italia_kit.games import load


class WhatIfPanel:
    """A form over :func:`~italia_kit.analysis.run_whatif`.

    >>> panel = WhatIfPanel(games=4)
    >>> sorted(panel.variant_names())[:1]
    ['hannibal_plus_2_elephants']
    """

    def __init__(
        self,
        base: str = "italia1",
        *,
        games: int = 50,
        seed: int = 1,
        workers: int | None = None,
        variants_dir: Path | None = None,
    ) -> None:
        self.base = base
        self.workers = workers
        self._spec = load(base)
        # the game's shipped variants (GameSpec.variants), or the files of another folder
        self._files: dict[str, Any] = (
            dict(self._spec.variants)
            if variants_dir is None
            else {p.stem: p for p in sorted(variants_dir.glob("*.yaml"))}
        )
        self.choices = {
            name: w.Checkbox(value=False, description=name.replace("_", " "), indent=False)
            for name in self._files
        }
        self.games = w.IntSlider(value=games, min=2, max=1000, description="games")
        self.seed = w.IntText(value=seed, description="seed")
        self.button = w.Button(description="run", button_style="primary", icon="play")
        self.output = w.Output()
        self.status = w.HTML("")
        self.result: WhatIfResult | None = None
        self.button.on_click(lambda _: self.run())

    def variant_names(self) -> list[str]:
        return list(self._files)

    def choose(self, *names: str) -> None:
        """Tick these variants (and untick the others)."""
        unknown = set(names) - set(self._files)
        if unknown:
            raise ValueError(f"unknown variant(s) {sorted(unknown)}; known: {sorted(self._files)}")
        for name, box in self.choices.items():
            box.value = name in names

    def chosen(self) -> list[Variant]:
        chosen = [n for n, box in self.choices.items() if box.value]
        return [as_variant(self._files[n], self._spec) for n in chosen]

    def run(self) -> WhatIfResult:
        """Run the chosen variants (and the base game) and show the summary and plots."""
        self.status.value = f"running {self.games.value} games per variant ..."
        with self.output:
            self.output.clear_output()
            result = run_whatif(
                self.base,
                self.chosen(),
                games=self.games.value,
                seed=self.seed.value,
                workers=self.workers,
                progress=True,
                skip_failed=True,
            )
            from IPython.display import display

            display(result.summary())  # type: ignore[no-untyped-call]
            display(result.plot_vp())  # type: ignore[no-untyped-call]
        self.result = result
        self.status.value = f"done: {len(result.games)} games"
        return result

    @property
    def widget(self) -> Any:
        boxes = w.VBox(list(self.choices.values()))
        controls = w.VBox([boxes, self.games, self.seed, w.HBox([self.button, self.status])])
        return w.HBox([controls, self.output])

    def _ipython_display_(self) -> None:
        from IPython.display import display

        display(self.widget)  # type: ignore[no-untyped-call]
