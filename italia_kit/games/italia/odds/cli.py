"""``italia-kit odds``: the exact odds of one battle, as a table or as JSON.

>>> from italia_kit.cli import main
>>> main(["odds", "--attacker", "infantry", "--defender", "infantry", "--exact"])
... # doctest: +NORMALIZE_WHITESPACE
1 infantry attack 1 infantry (clear)
attacker wins     37.50%  3/8
defender wins     37.50%  3/8
both eliminated   25.00%  1/4
expected losses   attacker 0.62, defender 0.62
<BLANKLINE>
attacker left  defender left  result           probability
-------------  -------------  ---------------  -----------
1 infantry     -              attacker wins         37.50%
-              1 infantry     defender wins         37.50%
-              -              both eliminated       25.00%
0
"""

from __future__ import annotations

import argparse
import json
from fractions import Fraction

from italia_kit.cli import Command, CommandError
from italia_kit.games.italia.odds.battle import TERRAINS, Battle, Side
from italia_kit.games.italia.odds.odds import Odds, exact_odds, survivors_text


def _arguments(parser: argparse.ArgumentParser) -> None:
    example = '"3 legion, 1 consular_legion, leader"'
    parser.add_argument("--attacker", required=True, metavar="UNITS", help=f"e.g. {example}")
    parser.add_argument("--defender", required=True, metavar="UNITS", help='e.g. "2 infantry"')
    parser.add_argument("--terrain", choices=TERRAINS, default="clear")
    parser.add_argument("--city", action="store_true", help="a city defends the zone (10.6)")
    parser.add_argument("--supremacy", choices=("attacker", "defender"), help="10.9")
    parser.add_argument(
        "--naval-invasion",
        action="store_true",
        help="the attackers came by sea or strait: defenders +2 in round 1 (10.8.2)",
    )
    parser.add_argument("--raid", action="store_true", help="a raid on the city (10.7)")
    parser.add_argument("--naval", action="store_true", help="fleets at sea (10.8)")
    for side in ("attacker", "defender"):
        parser.add_argument(
            f"--{side}-retreat-at",
            type=int,
            metavar="N",
            help=f"the {side} retreats when down to N units or fewer (default: fight on)",
        )
    parser.add_argument("--exact", action="store_true", help="also print exact fractions")
    parser.add_argument("--json", action="store_true", help="one JSON object on stdout")


def _battle(args: argparse.Namespace) -> Battle:
    try:
        return Battle(
            Side.parse(args.attacker, retreat_at=args.attacker_retreat_at),
            Side.parse(args.defender, retreat_at=args.defender_retreat_at),
            terrain=args.terrain,
            city=args.city,
            supremacy=args.supremacy,
            naval_invasion=args.naval_invasion,
            raid=args.raid,
            naval=args.naval,
        )
    except ValueError as err:
        raise CommandError(str(err).splitlines()[0]) from None


def _percent(p: float | Fraction) -> str:
    return "<0.01%" if 0 < p < 0.00005 else f"{float(p):.2%}"


def report(odds: Odds[Fraction] | Odds[float]) -> str:
    """The odds as text: the three chances, the expected losses and the outcome table."""
    battle = odds.battle

    def chance(label: str, p: float | Fraction) -> str:
        text = f"{label:<17} {_percent(p):>7}"
        return f"{text}  {p}" if isinstance(p, Fraction) else text

    won = "raid succeeds" if battle.raid else "attacker wins"
    lost = "raid fails" if battle.raid else "defender wins"

    def retreat(side: str, p: float | Fraction) -> str:
        return f"  (of which the {side} retreats: {_percent(p)})" if p else ""

    lines = [
        battle.describe(),
        chance(won, odds.attacker_wins) + retreat("defender", odds.defender_retreats),
        chance(lost, odds.defender_wins) + retreat("attacker", odds.attacker_retreats),
    ]
    if not battle.raid:
        lines.append(chance("both eliminated", odds.both_eliminated))
    losses = odds.expected_losses
    lines.append(
        f"{'expected losses':<17} attacker {float(losses['attacker']):.2f}, "
        f"defender {float(losses['defender']):.2f}"
    )
    header = ("attacker left", "defender left", "result", "probability")
    rows = [
        (
            survivors_text(o.attacker),
            survivors_text(o.defender),
            _result_label(o.result, battle.raid),
            _percent(o.probability),
        )
        for o in odds.outcomes
    ]
    widths = [max(len(r[i]) for r in [header, *rows]) for i in range(4)]

    def row(cells: tuple[str, ...]) -> str:
        left = [c.ljust(w) for c, w in zip(cells[:3], widths, strict=False)]
        return "  ".join([*left, cells[3].rjust(widths[3])])

    lines += ["", row(header), row(tuple("-" * w for w in widths)), *(row(r) for r in rows)]
    return "\n".join(lines)


def _result_label(result: str, raid: bool) -> str:
    if raid:
        return "raid succeeds" if result == "attacker_wins" else "raid fails"
    return result.replace("_", " ")


def _run(args: argparse.Namespace) -> int:
    battle = _battle(args)
    odds = exact_odds(battle, exact=args.exact)
    if args.json:
        data = odds.to_dict()
        data["battle"] = {
            "attacker": str(battle.attacker),
            "defender": str(battle.defender),
            "terrain": battle.terrain,
            "city": battle.city,
            "supremacy": battle.supremacy,
            "naval_invasion": battle.naval_invasion,
            "raid": battle.raid,
            "naval": battle.naval,
        }
        print(json.dumps(data, indent=2))
    else:
        print(report(odds))
    return 0


COMMAND = Command("odds", "the exact odds of one battle (10.0-10.9)", _arguments, _run)
