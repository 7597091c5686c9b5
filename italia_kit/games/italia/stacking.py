"""Stacking limits (8.0-8.6), with the arithmetic spelled out for a person.

>>> # the 8.3 example: Calabria (clear) attacked by the Romans
>>> Limit.build([("Calabria is a clear zone", 3, "8.0"), ("an attack", 1, "8.3")]).explain()
'limit 3 (Calabria is a clear zone, 8.0) +1 for an attack (8.3) = 4'
"""

from __future__ import annotations

from dataclasses import dataclass

from italia_kit.games.italia.board import is_borderland
from italia_kit.games.italia.state import ItaliaState
from italia_kit.games.italia.text import article, count
from italia_kit.games.italia.world import World


@dataclass(frozen=True, slots=True)
class Limit:
    """A stacking limit and the terms it is the sum of: (why, amount, rule)."""

    value: int
    terms: tuple[tuple[str, int, str], ...]

    @classmethod
    def build(cls, terms: list[tuple[str, int, str]]) -> Limit:
        return cls(sum(t[1] for t in terms), tuple(terms))

    def explain(self) -> str:
        base, *extra = self.terms
        text = f"limit {base[1]} ({base[0]}, {base[2]})"
        for why, amount, rule in extra:
            text += f" +{amount} for {why} ({rule})"
        return text + (f" = {self.value}" if extra else "")


def stacking_limit(
    world: World,
    state: ItaliaState,
    zone: str,
    nation: str,
    *,
    attacking: bool = False,
    leader: bool = False,
    major_invasion: bool = False,
    retreat: bool = False,
) -> Limit | None:
    """The number of units ``nation`` may have in ``zone``; None where there is no limit.

    Seas have no limit for fleets (8.0). An attacker gets +1, +1 more with a leader, +1 more
    in a major invasion (8.3, 12.2); a nation's own capital +1, never for an attacker
    (8.1, 8.3); a retreat +1 more (8.6).
    """
    z = world.board.zone(zone)
    if z.is_sea:
        return None
    base = world.base_limit(z.name) or 0  # the rulebook's (8.0), read with the board
    terrain = world.terrain(z.name)
    kind = "a mountain zone" if terrain == "mountain" else f"{article(terrain)} zone"
    if is_borderland(z):
        kind = "a borderland (mountain)"
    terms: list[tuple[str, int, str]] = [(f"{z.name} is {kind}", base, "8.0")]
    if attacking:
        # 8.3: one more than the zone's limit (the rulebook's attack_base, read with the board)
        terms.append(("an attack", world.attack_limit(z.name) - base, "8.3"))
        if leader:
            terms.append(("a leader in the attack", 1, "8.3"))
        if major_invasion:
            terms.append(("a major invasion", 1, "8.3, 12.2"))
    elif capital_of(world, state, nation) == z.name:
        terms.append((f"the {nation}' capital", 1, "8.1"))
    if retreat:
        terms.append(("a retreat", 1, "8.6"))
    return Limit.build(terms)


def limit_value(
    world: World,
    state: ItaliaState,
    zone: str,
    nation: str,
    *,
    attacking: bool = False,
    leader: bool = False,
    major_invasion: bool = False,
    retreat: bool = False,
) -> int | None:
    """``stacking_limit(...).value`` for a canonical zone name, without the terms that
    explain it: the rules ask for the number far more often than they print it. A test
    holds the two equal."""
    value = world.base_limit(zone)
    if value is None:
        return None
    if attacking:
        value = world.attack_limit(zone) + int(leader) + int(major_invasion)
    elif capital_of(world, state, nation) == zone:
        value += 1
    return value + int(retreat)


def capital_of(world: World, state: ItaliaState, nation: str) -> str | None:
    """The nation's capital (8.1); in Italia I Rome is always the Roman capital (13.1)."""
    if nation == "Romans" and world.variant == "italia1":
        return "Rome"
    return state.capitals.get(nation)


@dataclass(frozen=True, slots=True)
class AttackAnswer:
    """The answer to "can these units attack that zone?" with the arithmetic (8.3)."""

    allowed: bool
    units: int
    limit: int
    text: str

    def __bool__(self) -> bool:
        return self.allowed

    def __str__(self) -> str:
        return self.text


def can_attack(
    world: World,
    state: ItaliaState,
    nation: str,
    zone: str,
    units: int,
    *,
    leader: bool = False,
    major_invasion: bool = False,
) -> AttackAnswer:
    """8.3: may ``units`` units of ``nation`` attack ``zone``?

    Leaders are not counted among ``units`` (8.0); say ``leader=True`` if one goes along.
    """
    limit = stacking_limit(
        world, state, zone, nation, attacking=True, leader=leader, major_invasion=major_invasion
    )
    assert limit is not None, "attacks on seas are naval combat (10.8), not limited"
    zname = world.board.zone(zone).name
    ok = units <= limit.value
    verdict = "may" if ok else "may not"
    text = f"8.3: the {nation} {verdict} attack {zname} with {count(units, 'unit')}: "
    text += limit.explain()
    if not ok:
        text += f"; {units - limit.value} too many"
    return AttackAnswer(ok, units, limit.value, text + ".")
