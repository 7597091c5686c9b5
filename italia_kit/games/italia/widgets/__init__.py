"""Italia's own views: the battle calculator, the score pad and the naval-supremacy layer.

Views only, as every widget: the rules decide (``italia_kit.games.italia``), these draw.
"""

from italia_kit.games.italia.widgets.calculator import BattleCalculator
from italia_kit.games.italia.widgets.scorepad import ScorePad
from italia_kit.games.italia.widgets.supremacy import SupremacyLayer

__all__ = ["BattleCalculator", "ScorePad", "SupremacyLayer"]
