"""The nation cards and set-ups of Italia I and Italia II as documented, checked data.

Each game is a directory of YAML files (``scenario.yaml`` and one file per nation card,
format in ``docs/scenario-format.md``); :func:`load_scenario` loads and checks one, and
:func:`with_variant` applies a what-if diff. Every value says where it comes from.

>>> from italia_kit.games.italia.scenarios import load_scenario
>>> italia1 = load_scenario("italia1")
>>> [n.name for n in italia1.nations][:4]
['Celts', 'Etruscans', 'Epirotes', 'Greeks']
>>> italia1.colour_of("Cimbri")
'blue'
>>> italia1.nation("Romans").unit_caps
((4, 'legion', 14),)
"""

from __future__ import annotations

from italia_kit.games.italia.scenarios.errors import ScenarioError
from italia_kit.games.italia.scenarios.load import SHIPPED, load_scenario, scenario_from_dicts
from italia_kit.games.italia.scenarios.model import (
    ARRIVAL_TIMES,
    INCOME_KINDS,
    LOOT_KINDS,
    SCORE_KINDS,
    UNIT_TYPES,
    EliminationVP,
    Nation,
    Reinforcement,
    Scenario,
    ScoreRule,
    StartCity,
    SubmissionRule,
    UnitGroup,
)
from italia_kit.games.italia.scenarios.variant import (
    nation_file_name,
    read_variant,
    scenario_to_dicts,
    with_variant,
)
from italia_kit.games.italia.scenarios.zones import BORDERLANDS, NO_CITY_ZONES, REGIONS, SEAS, ZONES

__all__ = [
    "ARRIVAL_TIMES",
    "BORDERLANDS",
    "INCOME_KINDS",
    "LOOT_KINDS",
    "NO_CITY_ZONES",
    "REGIONS",
    "SCORE_KINDS",
    "SEAS",
    "SHIPPED",
    "UNIT_TYPES",
    "ZONES",
    "EliminationVP",
    "Nation",
    "Reinforcement",
    "Scenario",
    "ScenarioError",
    "ScoreRule",
    "StartCity",
    "SubmissionRule",
    "UnitGroup",
    "load_scenario",
    "nation_file_name",
    "read_variant",
    "scenario_from_dicts",
    "scenario_to_dicts",
    "with_variant",
]
