"""The Italia rules' override points (issue 19): a variant subclasses
:class:`~italia_kit.games.italia.rulebook.Rulebook` and overrides only what differs, and
the rule modules import one another in no circle."""

from __future__ import annotations

import ast
from pathlib import Path

from italia_kit.games.italia import EndMovement, Move, Position, World
from italia_kit.games.italia.actions import Fight
from italia_kit.games.italia.rulebook import Rulebook
from italia_kit.games.italia.setup import ItaliaGame
from italia_kit.games.italia.units import UnitType

PACKAGE = Path(__file__).resolve().parents[1] / "italia_kit" / "games" / "italia"
PREFIX = "italia_kit.games.italia"


def imports_of(path: Path, modules: set[str]) -> set[str]:
    """The package's modules (of ``modules``) that ``path`` imports when it runs: at the
    top or in a function, but not under ``if TYPE_CHECKING:`` (read by the type checker
    only, never run)."""
    tree = ast.parse(path.read_text())
    typing_only: set[int] = set()
    for node in ast.walk(tree):
        test = getattr(node, "test", None)
        if isinstance(node, ast.If) and getattr(test, "id", getattr(test, "attr", "")) == (
            "TYPE_CHECKING"
        ):
            typing_only |= {id(n) for stmt in node.body for n in ast.walk(stmt)}
    found: set[str] = set()
    for node in ast.walk(tree):
        if id(node) in typing_only or not isinstance(node, ast.ImportFrom) or not node.module:
            continue
        if node.module == PREFIX:
            found |= {alias.name for alias in node.names if alias.name in modules}
        elif node.module.startswith(PREFIX + "."):
            name = node.module[len(PREFIX) + 1 :].split(".")[0]
            if name in modules:
                found.add(name)
    return found - {path.stem}


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    out: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        for w in sorted(graph[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            part = []
            while True:
                w = stack.pop()
                part.append(w)
                if w == v:
                    break
            if len(part) > 1:
                out.append(sorted(part))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return out


def test_the_rule_modules_import_one_another_in_no_circle() -> None:
    """Issue 19: the cycle among campaign, cities, combat, sequence, submission and turn_ten
    is cut: the steps one rule module takes of another's that would close a circle go
    through ``world.rulebook``. Every module of the package is read."""
    modules = {p.stem for p in PACKAGE.glob("*.py") if p.stem != "__init__"}
    graph = {m: imports_of(PACKAGE / f"{m}.py", modules) for m in modules}
    assert {"campaign", "cities", "combat", "sequence", "submission", "turn_ten"} <= modules
    assert graph["combat"] and graph["sequence"]  # the reader sees their imports
    assert cycles(graph) == []


def test_the_cycle_reader_finds_a_circle() -> None:
    """The reader above is not blind: a made-up circle of three is found."""
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]


def test_italia_plays_the_default_rulebook() -> None:
    world = World("italia1")
    assert type(world.rulebook) is Rulebook and world.rulebook is World.default_rulebook
    assert world.rulebook.fixed_allowance()


class SureShots(Rulebook):
    """A test variant: every die but a 1 hits (10.2 otherwise)."""

    name = "sure-shots"

    def hit_number(self, unit: UnitType, *, raider: bool = False) -> int:
        return 2


def carthaginians_attack(rulebook: Rulebook | None) -> ItaliaGame:
    """Three Carthaginian infantry attack two Samnites in Apulia; every die rolls a 2."""
    pos = Position("italia1", nation="Carthaginians", phase="movement", rulebook=rulebook)
    troops = tuple(pos.put("Carthaginians", "infantry", "Samnium", 3))
    pos.put("Samnites", "infantry", "Apulia", 2)
    game = pos.game()
    game.apply(Move("Carthaginians", troops, ("Samnium", "Apulia")))
    game.apply(EndMovement("Carthaginians"))
    game.script_dice([2] * 5)
    game.apply(Fight("Carthaginians", "Apulia"))
    return game


def test_a_variant_overriding_the_hit_number_changes_only_the_hits() -> None:
    """With Italia's rulebook a 2 never hits an infantry's 7 (10.2); the variant that
    overrides only :meth:`Rulebook.hit_number` hits with every 2, and the battle of
    Apulia is won in one round. The dice asked are the same."""
    italia = carthaginians_attack(None)
    variant = carthaginians_attack(SureShots())
    assert [e.data["hits"] for e in italia.log.of_kind("hits")] == [{}, {}]
    assert [e.data["hits"] for e in variant.log.of_kind("hits")] == [
        {"infantry": 3},
        {"infantry": 2},
    ]
    ends = [(e.data["zone"], e.data["holder"]) for e in variant.log.of_kind("battle_end")]
    assert ends == [("Apulia", "Carthaginians")]  # one of the three is left
    assert italia.state.battle is not None and italia.decision is not None
    assert italia.decision.kind == "retreat"  # no one hit: the battle goes on


class TwoDice(Rulebook):
    """A test variant: every unit rolls two dice (10.2: one)."""

    def dice(self, unit: UnitType) -> int:
        return 2


def test_a_variant_may_give_each_unit_more_dice() -> None:
    game = carthaginians_attack(TwoDice())
    rolls = [len(e.data["results"]) for e in game.log.of_kind("roll")]
    assert rolls[:2] == [6, 4]


class LongMarch(Rulebook):
    """A test variant: every land unit moves one zone more than 9.0 gives it."""

    def movement_allowance(self, state, unit, group_leader):  # type: ignore[no-untyped-def]
        return super().movement_allowance(state, unit, group_leader) + (not unit.is_fleet)


def marched_twice(rulebook: Rulebook | None) -> tuple[ItaliaGame, int]:
    pos = Position("italia1", nation="Samnites", phase="movement", rulebook=rulebook)
    (unit,) = pos.put("Samnites", "infantry", "Neapolis")
    game = pos.game()
    game.apply(Move("Samnites", (unit,), ("Neapolis", "Lucania")))
    game.apply(Move("Samnites", (unit,), ("Lucania", "Calabria")))
    return game, unit


def test_a_variant_overriding_the_movement_allowance_is_obeyed_by_list_and_check() -> None:
    """9.0: infantry moves 2 zones; the variant's third zone is listed and accepted (the
    move list and the move check agree), and Italia's check refuses it."""
    from .italia_helpers import refused

    italia, unit = marched_twice(None)
    assert not [a for a in italia.legal_actions() if isinstance(a, Move) and unit in a.units]
    third = Move("Samnites", (unit,), ("Calabria", "Apulia"))
    refused(italia, lambda: italia.apply(third), "9.0")
    variant, unit = marched_twice(LongMarch())
    assert third in variant.legal_actions()
    variant.apply(third)
    assert variant.state.units[unit].zone == "Apulia"
    assert not [a for a in variant.legal_actions() if isinstance(a, Move) and unit in a.units]


class SteepMountains(Rulebook):
    """A test variant: entering a mountain spends two zones of the allowance (9.0: one)."""

    def step_cost(self, world, state, unit, frm, to):  # type: ignore[no-untyped-def]
        return 2 if world.is_mountain(to) else 1


def test_a_variant_overriding_the_step_cost_is_obeyed_by_list_and_check() -> None:
    """9.0: infantry moves 2 zones. From Neapolis it steps to Lucania; Samnium, a mountain
    beside Lucania, is one zone more in Italia, and two in the variant: listed and taken in
    Italia, neither listed nor accepted in the variant. A first step into Samnium spends
    the variant's two."""
    from .italia_helpers import refused

    for rulebook, reachable in ((None, True), (SteepMountains(), False)):
        pos = Position("italia1", nation="Samnites", phase="movement", rulebook=rulebook)
        (unit,) = pos.put("Samnites", "infantry", "Neapolis")
        game = pos.game()
        game.apply(Move("Samnites", (unit,), ("Neapolis", "Lucania")))
        up = Move("Samnites", (unit,), ("Lucania", "Samnium"))
        assert (up in game.legal_actions()) is reachable
        if reachable:
            game.apply(up)
        else:
            refused(game, lambda g=game, m=up: g.apply(m), "9.0")
    pos = Position("italia1", nation="Samnites", phase="movement", rulebook=SteepMountains())
    (unit,) = pos.put("Samnites", "infantry", "Neapolis")
    game = pos.game()
    game.apply(Move("Samnites", (unit,), ("Neapolis", "Samnium")))
    assert game.state.moves[unit].steps == 2


def test_a_tutorial_position_answers_with_its_variants_numbers() -> None:
    """Position.hit_number asks the position's rulebook: a legion attacking into the
    mountains of Samnium needs 7 in Italia (6, -1 for the mountain, 10.2, 10.3), 3 with
    SureShots' 2."""
    italia = Position("italia1", nation="Romans").hit_number(
        "Romans", "legion", "Samnium", attacking=True
    )
    variant = Position("italia1", nation="Romans", rulebook=SureShots()).hit_number(
        "Romans", "legion", "Samnium", attacking=True
    )
    assert (italia.base, italia.needs) == (6, 7)
    assert (variant.base, variant.needs) == (2, 3)
