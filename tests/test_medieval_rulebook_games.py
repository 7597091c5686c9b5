"""Issue 19, stage 2: whole seeded random games of Medieval Italia on the Italia engine
(``games/medieval/rulebook.py``), checked after every action for what the variant's rules
keep true (a lighter referee than ``tests/medieval_referee.py``, which reads the medieval
engine's own state and events):

- between nation-turns no army is at sea but the arrivals of the power whose turn begins
  (rule text: boats; armies left there are lost);
- victory points never fall (Britannia (public summary): VP are only ever awarded);
- a pending submission names two powers of different players (S17);
- every event's rule names a source (Italia's section, the rule text, Britannia (public
  summary), M-A/M-V4 or reconstructed).
"""

from __future__ import annotations

import random

from italia_kit.games.medieval.rulebook import MedievalRulebook, new_game

GAMES = 12
RULES = MedievalRulebook()


def test_random_whole_games_keep_the_variants_invariants() -> None:
    factions = {p.name: p.faction for p in RULES.medieval.powers}
    for seed in range(GAMES):
        game = new_game(seed=seed)
        world = game.rules.world
        rng = random.Random(seed)
        vp: dict[str, float] = {}
        nation = game.state.active
        actions = 0
        while game.decision is not None:
            game.apply(rng.choice(game.legal_actions()))
            actions += 1
            state = game.state
            for name, points in state.vp.items():
                assert points >= vp.get(name, 0.0) - 1e-9, (seed, name)
            vp = dict(state.vp)
            for s in state.extras.get("submissions", ()):
                assert factions[s["submitter"]] != factions[s["receiver"]], (seed, s)
            if state.active != nation:  # a nation-turn ended
                # (the next power's own arrivals at sea, in its boats, are there already)
                at_sea = [
                    u
                    for u in state.units.values()
                    if world.is_sea(u.zone) and u.nation != state.active
                ]
                assert not at_sea, (seed, actions, at_sea[:3])
                nation = state.active
        assert game.state.over and game.state.turn == RULES.medieval.last_turn
        assert all(e.rule for e in game.log), seed
