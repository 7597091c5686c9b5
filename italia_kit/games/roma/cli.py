"""``italia-kit odds --game roma``: the exact odds of a Roma battle, as a table or as JSON.

>>> from italia_kit.cli import main
>>> main(["odds", "--game", "roma", "--attacker", "3", "--defender", "2", "--exact"])
... # doctest: +NORMALIZE_WHITESPACE, +ELLIPSIS
3 legion(s) attack 2
attacker wins     86.59%  ...
defender wins     13.41%  ...
expected losses   attacker 0.65, defender 1.77
<BLANKLINE>
attacker left  defender left  probability
-------------  -------------  -----------
0              1                    3.99%
0              2                    9.42%
1              0                    3.95%
2              0                   17.11%
3              0                   65.53%
0
"""

from __future__ import annotations

import argparse
import dataclasses
import json
from fractions import Fraction
from typing import Any

from italia_kit.cli import Command, CommandError
from italia_kit.games.roma.combat import TIE_BREAKS
from italia_kit.games.roma.odds import RomaBattle, RomaOdds, exact_odds


def _arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--attacker", type=int, required=True, metavar="N", help="pieces")
    parser.add_argument("--defender", type=int, required=True, metavar="N", help="pieces")
    parser.add_argument("--naval", action="store_true", help="ships at sea (13.1)")
    parser.add_argument(
        "--attacker-cards",
        type=int,
        default=0,
        metavar="N",
        help="advantage cards declared (CMN at sea, CMT on land; 13.1)",
    )
    parser.add_argument("--defender-cards", type=int, default=0, metavar="N")
    parser.add_argument(
        "--one-die",
        action="store_true",
        help="across a mountain range or landing without engineering (13.2)",
    )
    parser.add_argument(
        "--tie-break",
        choices=TIE_BREAKS,
        default="more_units",
        help="the reading of 13.1's tie-break",
    )
    parser.add_argument("--exact", action="store_true", help="also print exact fractions")
    parser.add_argument("--json", action="store_true", help="one JSON object on stdout")


def report(odds: RomaOdds[Any]) -> str:
    """The odds as text: the chances, the expected losses and the end states."""

    def chance(label: str, p: float | Fraction) -> str:
        text = f"{label:<17} {float(p):>7.2%}"
        return text if isinstance(p, float) else f"{text}  {p}"

    losses = odds.expected_losses
    lines = [
        odds.battle.describe(),
        chance("attacker wins", odds.attacker_wins),
        chance("defender wins", odds.defender_wins),
        f"{'expected losses':<17} attacker {losses['attacker']:.2f}, "
        f"defender {losses['defender']:.2f}",
        "",
        "attacker left  defender left  probability",
        "-------------  -------------  -----------",
    ]
    for (a, d), p in odds.outcomes.items():
        lines.append(f"{a:<13}  {d:<13}  {float(p):>11.2%}")
    return "\n".join(lines)


def _run(args: argparse.Namespace) -> int:
    try:
        battle = RomaBattle(
            args.attacker,
            args.defender,
            naval=args.naval,
            attacker_cards=args.attacker_cards,
            defender_cards=args.defender_cards,
            one_die=args.one_die,
            tie_break=args.tie_break,
        )
    except ValueError as err:
        raise CommandError(str(err)) from None
    odds = exact_odds(battle, exact=args.exact)
    if args.json:
        data = odds.to_dict()
        data["battle"] = dataclasses.asdict(battle)
        print(json.dumps(data, indent=2))
    else:
        print(report(odds))
    return 0


COMMAND = Command("odds", "the exact odds of one battle (Roma 13.1-13.2)", _arguments, _run)
