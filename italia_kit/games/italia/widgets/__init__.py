"""Italia's own views: the map presenter, the battle calculator, the score pad and the
naval-supremacy layer.

Views only, as every widget: the rules decide (``italia_kit.games.italia``), these draw.
"""

from italia_kit.games.italia.widgets.calculator import BattleCalculator
from italia_kit.games.italia.widgets.presenter import ItaliaPresenter, nation_stack_text
from italia_kit.games.italia.widgets.scorepad import ScorePad
from italia_kit.games.italia.widgets.supremacy import (
    SupremacyLayer,
    hide_supremacy,
    show_supremacy,
    supremacy_of,
)

__all__ = [
    "BattleCalculator",
    "ItaliaPresenter",
    "ScorePad",
    "SupremacyLayer",
    "hide_supremacy",
    "nation_stack_text",
    "show_supremacy",
    "supremacy_of",
]
