"""Issue 19, stage 2: whole seeded random games of Medieval Italia on the Italia engine in
which every change of victory points is checked against its event, after every action:

- each power's VP rise by exactly the points of the ``vp`` events of that step, and by no
  other event (Italia's 11.0 ``victory_points`` never comes: the variant's awards replace it);
- every ``vp`` event is one of the variant's awards: a territorial phase (M-V4, with S19's
  and S20's half values), M-V4's "at any moment of the nation-turn", or a kill (M-V4);
- a kill's award follows the elimination it pays for (same unit, the killer named ``by``)
  and is the killer's first matching ``elimination_vp`` entry; an elimination by an enemy
  with a matching entry is never left unpaid;
- the French award "at any moment" of turn 11 names every area they held at any moment
  seen between actions, and only areas held then or entered by their units (the paths of
  their moves, their retreats and withdrawals: an area entered as the nation-turn ends is
  seen by no action);
- when a nation-turn ends, none of the power's raiders is away from home, and each
  ``raider_withdraws`` took a raider of that power home; no combat is ever due in an
  arrival box, the raiders' home;
- a unit leaves play only by an event naming it whose kind is a known way out: a kill is
  Italia's ``eliminated`` (``victory.eliminate``, which asks the rulebook for the award), so
  a combat sequence that took units off another way would fail here, not go unpaid.
"""

from __future__ import annotations

import random
from collections import defaultdict

from italia_kit.core import Event
from italia_kit.games.italia.state import ItaliaState
from italia_kit.games.medieval import awards, raiders, scoring_hooks
from italia_kit.games.medieval.rulebook import MedievalRulebook, new_game

GAMES = 8
RULES = MedievalRulebook()
AWARD_RULES = {scoring_hooks.R_AREAS, awards.R_ANY_MOMENT, awards.R_KILL}
#: the events by which a unit leaves play: killed (10.2 ..., by ``victory.eliminate``), a
#: surplus removed (8.0), lost at sea (reconstructed), a leader's time over (7.2), M-A's
#: removals at the start of a turn, the variant's overpopulation (the old engine's event,
#: for when it comes to this engine); a new way out that is no kill is added here
WAYS_OUT = {
    "eliminated",
    "surplus_removed",
    "lost_at_sea",
    "leader_leaves",
    "removed",
    "overpopulation",
}


def check_step(events: list[Event], names: dict[int, str | None], turn: int) -> dict[str, float]:
    """The VP each power gained in one step's ``events``, each award checked (above)."""
    gained: dict[str, float] = defaultdict(float)
    for i, e in enumerate(events):
        assert e.kind != "victory_points", e.text
        if e.kind == "eliminated" and e.data["by"] is not None:
            award = awards.kill_award(
                RULES, turn, e.data["by"], e.data["nation"], names.get(e.data["unit"])
            )
            paid = (
                i + 1 < len(events)
                and events[i + 1].kind == "vp"
                and events[i + 1].data.get("award") == "kill"
            )
            assert paid == (award is not None), e.text
        if e.kind != "vp":
            continue
        assert e.rule in AWARD_RULES, e.rule
        gained[e.data["power"]] += e.data["points"]
        if e.rule == awards.R_KILL:
            before = events[i - 1]
            assert before.kind == "eliminated" and before.data["unit"] == e.data["unit"], e.text
            assert before.data["by"] == e.data["power"], e.text
            award = awards.kill_award(
                RULES, turn, e.data["power"], before.data["nation"], names.get(e.data["unit"])
            )
            assert award is not None and award.points == e.data["points"], e.text
    return gained


def units_of(e: Event) -> list[int]:
    """The units an event names in a list (``units``), if any."""
    named: list[int] = e.data.get("units") or []
    return named


def french_entries(e: Event, state: ItaliaState) -> list[str]:
    """The areas French units entered by the event ``e`` (a move's path, a retreat's or a
    withdrawal's area)."""
    if e.kind == "move":
        return list(e.data["path"]) if e.data["nation"] == "French" else []
    ids = e.data.get("units", [e.data.get("unit")]) if e.kind in ("retreat", "withdraw") else []
    units = [state.units.get(i) for i in ids]
    return [e.data["zone"]] if any(u is not None and u.nation == "French" for u in units) else []


def test_random_whole_games_every_vp_change_is_an_awards_event() -> None:
    kills = any_moment = withdrawals = 0
    for seed in range(GAMES):
        game = new_game(seed=seed)
        world = game.rules.world
        rng = random.Random(seed)
        vp = dict(game.state.vp)
        names: dict[int, str | None] = {u.id: u.name for u in game.state.units.values()}
        nation = game.state.active
        seen: set[str] = set()  # the French areas held at the moments seen, turn 11
        entered: set[str] = set()  # the areas their units entered (moves, retreats)
        while game.decision is not None:
            turn = game.state.turn
            start = len(game.log)
            present = set(game.state.units)
            game.apply(rng.choice(game.legal_actions()))
            state = game.state
            events = list(game.log)[start:]
            for gone in present - set(state.units):
                ways = {e.kind for e in events if gone in (e.data.get("unit"), *units_of(e))}
                # a kill must go through victory.eliminate (its event: "eliminated")
                assert ways & WAYS_OUT, (seed, gone, ways, "a unit left play unannounced")
            gained = check_step(events, names, turn)
            for power in set(state.vp) | set(vp):
                rise = state.vp.get(power, 0.0) - vp.get(power, 0.0)
                assert abs(rise - gained.get(power, 0.0)) < 1e-9, (seed, power, rise, gained)
            vp = dict(state.vp)
            names.update((u.id, u.name) for u in state.units.values() if u.name)
            kills += sum(1 for e in events if e.rule == awards.R_KILL)
            for e in events:
                if turn == 11:
                    entered.update(french_entries(e, state))
                if e.kind == "combat_due":
                    assert not RULES.is_box(e.data["zone"]), e.text
                if e.kind == "raider_withdraws":
                    withdrawals += 1
                    unit = state.units.get(e.data["unit"])
                    assert unit is None or raiders.home_of(unit) == e.data["to"], e.text
                if e.rule == awards.R_ANY_MOMENT:
                    any_moment += 1
                    assert seen <= set(e.data["areas"]) <= seen | entered, (seed, e.data)
            if state.active == "French" and state.turn == 11:
                seen.update(scoring_hooks.controlled(world, state, "French"))
            if state.active != nation:  # a nation-turn ended
                away = [
                    u
                    for u in state.units_of(nation)
                    if (home := raiders.home_of(u)) is not None and u.zone != home
                ]
                assert not away, (seed, nation, away)
                nation = state.active
        assert game.state.over
    # the awards were exercised: kills in every game or so, the Avars and Magyars raided
    assert kills >= GAMES and withdrawals > 0, (kills, withdrawals)
    assert any_moment > 0
