"""The what-if panel runs the chosen variants and keeps the result (issue 8)."""

from __future__ import annotations

import pytest

from italia_kit.widgets import WhatIfPanel


def test_the_panel_runs_the_chosen_variant_against_the_base() -> None:
    panel = WhatIfPanel(games=2, workers=1)
    panel.choose("hannibal_plus_2_elephants")
    result = panel.run()
    assert set(result.frame["variant"]) == {"base", "hannibal_plus_2_elephants"}
    assert panel.result is result and "done" in panel.status.value
    assert panel.widget is not None


def test_an_unknown_variant_is_refused_by_name() -> None:
    with pytest.raises(ValueError, match="unknown variant"):
        WhatIfPanel().choose("rome_wins")
