"""Issue 14, "Italia, refereed" (second part): one test per ruling, each quoting the
rulebook sentence it enforces (DATC style: the situation and the expected result)."""

from __future__ import annotations

import itertools

from italia_kit.games.italia import EndMovement, Move, Position
from italia_kit.games.italia.actions import ElephantVictim, Fight

from .italia_helpers import refused


def attack(pos: Position, nation: str, frm: str, to: str, n: int | None = None, **kw: object):  # type: ignore[no-untyped-def]
    """Move the nation's units from ``frm`` into ``to`` and end movement: combat is due."""
    game = pos.game(**kw)  # type: ignore[arg-type]
    ids = tuple(u.id for u in game.state.units_in(frm, nation))[:n]
    game.apply(Move(nation, ids, (frm, to)))
    game.apply(EndMovement(nation))
    return game


def test_10_2_a_trampled_unit_with_nowhere_to_go_scores_for_the_elephants_side() -> None:
    """10.2: "If the unit cannot retreat (see 10.5), it is removed from the board. In that
    case, the player controlling the elephant scores victory points for that unit as if it
    had been eliminated normally." The Carthaginian elephant attacks three Greeks in
    Bruttium and rolls a 9: one Greek is hit, a second is driven off; it has nowhere to go
    (Lucania is whence the attack came, Rhegium is Samnite, no Greek fleet at sea). The
    Carthaginians score both Greeks (½ VP each on their card), as they would score two hits:
    the Greeks did not attack them."""
    pos = Position("italia1", nation="Carthaginians", phase="movement")
    pos.put("Carthaginians", "elephant", "Lucania")
    pos.put("Greeks", "infantry", "Bruttium", 3)
    pos.put("Samnites", "infantry", "Rhegium")
    game = attack(pos, "Carthaginians", "Lucania", "Bruttium")
    game.script_dice([9, 1, 1, 1])
    game.apply(Fight("Carthaginians", "Bruttium"))
    assert game.decision is not None and game.decision.kind == "elephant"
    choices = [a for a in game.legal_actions() if isinstance(a, ElephantVictim)]
    assert choices and all(a.zone == "" for a in choices)  # no retreat: removed
    game.apply(choices[0])
    assert game.state.stack_count("Bruttium", "Greeks") == 1
    assert game.state.vp.get("Carthaginians", 0.0) == 1.0  # the hit and the trampled unit


# -- 13.1: nobody enters Rome on turn 10 --------------------------------------------------------
def turn_ten_near_rome(*, samnites: bool = True) -> Position:
    """The end of turn 9: on turn 10 Sulla's six legions stand in Calabria; the Romans hold
    Neapolis (the legion in Rome is sent there at the start of turn 10, 13.1), the Samnites
    Samnium (unless not ``samnites``); Lucania is empty."""
    pos = Position("italia1", turn=9, nation="Populares", phase="combat")
    pos.put("Romans", "legion", "Neapolis", 2)
    pos.put("Romans", "legion", "Rome")
    if samnites:
        pos.put("Samnites", "infantry", "Samnium")
    return pos


def sulla_moves(game, *path: str, block: bool = True) -> None:  # type: ignore[no-untyped-def]
    """The Optimates' campaign move along ``path``, one zone at a time; with ``block``,
    the offer to block (and announce a raid) is declined."""
    from italia_kit.games.italia.actions import Block, CampaignMove

    game.apply(CampaignMove("Optimates"))
    for a, b in itertools.pairwise(path):
        stack = tuple(u.id for u in game.state.units_in(a, "Optimates"))
        game.apply(Move("Optimates", stack, (a, b)))
    game.apply(EndMovement("Optimates"))
    if block and game.decision is not None and game.decision.kind == "block":
        game.apply(Block("Optimates", "", 0))


def test_13_1_no_reaction_move_into_rome_on_turn_10() -> None:
    """13.1: "During turn 10, no nation may control Rome." Sulla campaigns into Lucania; the
    Romans in Neapolis may make waiting moves, but not into Rome."""
    from italia_kit.games.italia.actions import ReactionMove

    game = turn_ten_near_rome().game()
    assert game.state.nations_in("Rome") == set()
    sulla_moves(game, "Calabria", "Lucania")
    assert game.decision is not None and game.decision.kind == "reaction"
    assert game.decision.actor == "Romans"
    legion = game.state.units_in("Neapolis", "Romans")[0].id
    listed = [a for a in game.legal_actions() if isinstance(a, ReactionMove)]
    assert all(a.to != "Rome" for a in listed)
    refused(game, lambda: game.apply(ReactionMove("Romans", (legion,), "Rome")), "13.1")


def test_13_1_no_retreat_into_rome_on_turn_10() -> None:
    """13.1: "During turn 10, no nation may control Rome." Sulla attacks the Romans in
    Neapolis from Lucania; after a round the Romans may not retreat into empty Rome (nor to
    Lucania, whence the attack came, nor Samnite Samnium): they can only stand fast."""
    from italia_kit.games.italia.actions import EndReaction, Retreat, StandFast

    game = turn_ten_near_rome().game()
    sulla_moves(game, "Calabria", "Lucania", "Neapolis")
    while game.decision is not None and game.decision.kind == "reaction":
        game.apply(EndReaction(game.decision.actor))
    game.script_dice([1] * 8)  # nobody hits
    game.apply(Fight("Optimates", "Neapolis"))
    game.apply(StandFast("Optimates"))
    assert game.decision is not None and game.decision.actor == "Romans"
    assert [type(a) for a in game.legal_actions()] == [StandFast]
    legions = tuple(u.id for u in game.state.units_in("Neapolis", "Romans"))
    refused(game, lambda: game.apply(Retreat("Romans", legions, "Rome")), "10.5", "13.1")


def test_13_1_no_withdrawal_into_rome_on_turn_10() -> None:
    """13.1: "During turn 10, no nation may control Rome." A withdrawal (12.5.2) from
    Samnium whose only free neighbour is Rome eliminates the unit rather than send it
    there."""
    from italia_kit.core import Context, Dice, EventLog
    from italia_kit.games.italia.submission import withdraw

    pos = Position("italia1", turn=10, nation="Romans", phase="campaign")
    (legion,) = pos.put("Romans", "legion", "Samnium")
    for zone in ("Apulia", "Corfinium", "Lucania", "Neapolis"):
        pos.put("Samnites", "infantry", zone)
    withdraw(Context(pos.state, Dice(0), EventLog()), pos.world, "Romans", "Samnium")
    assert legion not in pos.state.units and not pos.state.nations_in("Rome")


# -- 12.3.1: in a campaign nothing moves without the leader, at sea either ---------------------
def test_12_3_1_campaign_units_board_and_land_only_with_their_leader() -> None:
    """12.3.1: "Standard movement rules apply. However, no unit of the nation may move
    without a leader." Fabius campaigns from Rome with a fleet in Mare Tyrrhenum. A legion
    in Neapolis may not board the fleet on its own, nor may a legion of Fabius's stack
    board before him; once Fabius is aboard his legions may join him; they may land only
    with him or after him, where he landed from that fleet."""
    from italia_kit.games.italia.actions import CampaignMove, Disembark, Embark

    from .test_italia_12_campaign import fabius_position

    pos = fabius_position()
    (far,) = pos.put("Romans", "legion", "Neapolis")
    (fleet,) = pos.put("Romans", "fleet", "Mare Tyrrhenum")
    game = pos.game()
    game.apply(CampaignMove("Romans"))
    fabius = next(u.id for u in game.state.units_of("Romans") if u.is_leader)
    legion = next(u.id for u in game.state.units_in("Rome", "Romans") if not u.is_leader)
    listed = game.legal_actions()
    assert Embark("Romans", fleet, (far,)) not in listed
    assert Embark("Romans", fleet, (legion,)) not in listed
    refused(game, lambda: game.apply(Embark("Romans", fleet, (far,))), "12.3.1")
    refused(game, lambda: game.apply(Embark("Romans", fleet, (legion,))), "12.3.1")
    game.apply(Embark("Romans", fleet, (fabius,)))
    assert Embark("Romans", fleet, (legion,)) in game.legal_actions()
    game.apply(Embark("Romans", fleet, (legion,)))
    listed = game.legal_actions()
    assert Disembark("Romans", (legion,), "Neapolis") not in listed
    refused(game, lambda: game.apply(Disembark("Romans", (legion,), "Neapolis")), "12.3.1")
    game.apply(Disembark("Romans", (fabius,), "Neapolis"))
    assert Disembark("Romans", (legion,), "Neapolis") in game.legal_actions()
    assert Disembark("Romans", (legion,), "Etruria") not in game.legal_actions()
    game.apply(Disembark("Romans", (legion,), "Neapolis"))
    assert game.state.units[legion].zone == "Neapolis"


# -- 10.6, 10.7: only opponents' cities are looted or raided ------------------------------------
def test_10_6_10_7_a_city_of_ones_own_colour_is_neither_raided_nor_looted() -> None:
    """10.6: "If you take control of a city that belonged to another player, you may loot
    it." 10.7: "A raid can only be conducted against cities controlled by opponents." The
    Romans and the Greeks are both red (3.0): the Romans may attack the Greek city of
    Apulia (5.0: units of other nations must fight, "even if they are the same color"),
    but not raid it, and when they take it the city stands, unlooted."""
    pos = Position("italia1", turn=2, nation="Romans", phase="movement")
    pos.put("Romans", "legion", "Samnium", 2)
    pos.put("Greeks", "infantry", "Apulia")
    pos.city("Apulia")
    game = attack(pos, "Romans", "Samnium", "Apulia")
    assert Fight("Romans", "Apulia", True) not in game.legal_actions()
    refused(game, lambda: game.apply(Fight("Romans", "Apulia", raid=True)), "10.7", "opponents")
    game.script_dice([10, 1, 1])
    game.apply(Fight("Romans", "Apulia"))
    assert game.state.nations_in("Apulia") == {"Romans"}
    assert game.state.cities["Apulia"] is True and not game.log.of_kind("loot")
    assert game.decision is None or game.decision.kind != "loot"


# -- 10.7: a second raid in a later phase of a major invasion or a campaign ---------------------
def test_10_7_a_city_may_be_raided_again_in_the_second_phase_of_a_major_invasion() -> None:
    """10.7: "A new raid cannot be conducted against a city that was already raided during
    the same nation's turn (this is possible during a major invasion or a campaign)." The
    Samnites' turn-9 card is a major invasion (12.2): their raid on the Greek city of
    Apulia fails in the first combat phase; in the second they may raid it again (in the
    first it could not have been raided twice)."""
    from italia_kit.games.italia.actions import Retreat

    pos = Position("italia1", nation="Samnites", turn=9)
    pos.put("Samnites", "infantry", "Lucania", 2)
    for zone in ("Calabria", "Bruttium", "Samnium"):
        pos.put("Samnites", "infantry", zone)
    pos.put("Greeks", "infantry", "Apulia")
    pos.city("Apulia")
    game = pos.game()
    assert game.state.major
    while game.decision is not None and game.decision.kind in ("buy", "place"):
        actions = game.legal_actions()
        ends = [a for a in actions if a.kind == "end_purchase"]
        # the reinforcements spread over the zones, away from Lucania: no zone over 8.0's
        # limit (a leader lifts it only in a campaign, 8.4) and the raiders stay two
        places = sorted(
            (a for a in actions if getattr(a, "zone", "Lucania") != "Lucania"),
            key=lambda a: len(game.state.units_in(getattr(a, "zone", ""), "Samnites")),
        )
        game.apply(ends[0] if ends else places[0] if places else actions[0])
    for phase in (1, 2):
        raiders = tuple(u.id for u in game.state.units_in("Lucania", "Samnites"))[:2]
        game.apply(Move("Samnites", raiders, ("Lucania", "Apulia")))
        game.apply(EndMovement("Samnites"))
        while game.decision is not None and game.decision.kind == "remove":  # 8.0 elsewhere
            surplus = game.legal_actions()
            game.apply(next(a for a in surplus if getattr(a, "unit", None) not in raiders))
        assert Fight("Samnites", "Apulia", True) in game.legal_actions(), phase
        game.script_dice([1, 1, 1])  # the raid fails; nobody is hit
        game.apply(Fight("Samnites", "Apulia", raid=True))
        game.apply(Retreat("Samnites", raiders, "Lucania"))
        assert game.state.second_phase or phase == 2
    assert len(game.log.of_kind("raid_failed")) == 2


def test_10_7_a_city_may_be_raided_again_in_a_later_campaign_move() -> None:
    """10.7 (as above), in a campaign: on turn 10 Sulla raids the Roman city of Neapolis and
    fails; after the Populares and the Romans pass, his next campaign move may raid it
    again."""
    from italia_kit.games.italia.actions import DeclareRaid, EndCampaign, Retreat

    pos = turn_ten_near_rome()
    pos.city("Neapolis")
    game = pos.game()
    for legion in game.state.units_in("Calabria", "Optimates")[4:]:
        game.state.remove_unit(legion)  # Sulla and 3 legions: all may retreat to Lucania
    for move in (1, 2):
        path = ("Calabria", "Lucania", "Neapolis") if move == 1 else ("Lucania", "Neapolis")
        sulla_moves(game, *path, block=False)
        assert DeclareRaid("Optimates", "Neapolis") in game.legal_actions(), move
        game.apply(DeclareRaid("Optimates", "Neapolis"))
        while game.decision is not None and game.decision.kind in ("block", "reaction"):
            actions = game.legal_actions()
            game.apply(next(a for a in actions if a.kind in ("block", "end_reaction")))
        game.script_dice([1] * 9)  # the raid fails; nobody is hit
        game.apply(Fight("Optimates", "Neapolis", raid=True))
        raiders = tuple(u.id for u in game.state.units_in("Neapolis", "Optimates"))
        game.apply(Retreat("Optimates", raiders, "Lucania"))
        if move == 1:
            game.apply(EndCampaign("Populares"))
            game.apply(EndCampaign("Romans"))
    assert len(game.log.of_kind("raid_failed")) == 2


# -- 12.3.3: a campaign raid is announced before the reaction moves -----------------------------
def test_12_3_3_a_campaign_raid_is_announced_before_any_reaction_or_not_made() -> None:
    """12.3.3: "Any raid must be announced before any reaction move." Sulla moves into
    Neapolis, a Roman city; no enemy stands next to it, so there is nothing to block
    (12.3.4), yet he is asked whether he announces a raid. He does not; after the reaction
    moves the battle of Neapolis can only be an attack."""
    from italia_kit.games.italia.actions import Block, DeclareRaid, EndReaction

    pos = turn_ten_near_rome(samnites=False)
    pos.city("Neapolis")
    game = pos.game()
    sulla_moves(game, "Calabria", "Lucania", "Neapolis", block=False)
    assert game.decision is not None and game.decision.kind == "block"
    assert game.decision.rule == "12.3.3"
    assert game.legal_actions() == [Block("Optimates", "", 0), DeclareRaid("Optimates", "Neapolis")]
    game.apply(Block("Optimates", "", 0))
    while game.decision is not None and game.decision.kind == "reaction":
        game.apply(EndReaction(game.decision.actor))
    assert Fight("Optimates", "Neapolis", True) not in game.legal_actions()
    assert Fight("Optimates", "Neapolis") in game.legal_actions()
    refused(game, lambda: game.apply(Fight("Optimates", "Neapolis", raid=True)), "12.3.3")


# -- 12.3.4: only enemies are blocked -----------------------------------------------------------
def test_12_3_4_a_campaign_blocks_enemy_units_not_its_subjects() -> None:
    """12.3.4: "a campaigning player may spend 1 additional gold to block all enemy units in
    an adjacent zone." The Etruscans are subject to Rome, so allies (12.5.2), not enemies:
    when Fabius moves to Perusia, next to the Etruscans in Florentia and to no other
    nation, there is nothing to block (and nobody to score the unit given up)."""
    from italia_kit.games.italia.actions import Block, CampaignMove

    from .test_italia_12_campaign import fabius_position

    pos = fabius_position()
    pos.subject("Etruscans", "Romans")
    game = pos.game()
    game.apply(CampaignMove("Romans"))
    stack = tuple(u.id for u in game.state.units_in("Rome", "Romans"))
    game.apply(Move("Romans", stack, ("Rome", "Perusia")))
    game.apply(EndMovement("Romans"))
    assert game.decision is not None and game.decision.kind == "reaction"  # no block asked
    assert game.decision.actor == "Etruscans"  # the subjects may react: they are not blocked
    assert not [a for a in game.legal_actions() if isinstance(a, Block)]


# -- 10.0, 9.2: borderlands ---------------------------------------------------------------------
def test_10_0_no_battle_in_a_borderland_one_side_may_not_enter() -> None:
    """10.0: "Note: combat is only possible in the borderlands when both nations are able to
    enter a borderland as if it were a normal zone." The Burgundians may use the Alps as a
    normal zone (their card, 7.2); the Franks may not: Burgundians moving in beside Franks
    waiting there start no battle."""
    pos = Position("italia2", turn=6, nation="Burgundians", phase="movement")
    pos.put("Franks", "infantry", "Alps", 2)
    pos.put("Burgundians", "infantry", "Mediolanum", 2)
    game = attack(pos, "Burgundians", "Mediolanum", "Alps")
    assert game.state.nations_in("Alps") == {"Franks", "Burgundians"}
    assert game.state.combat_due == [] and not game.log.of_kind("combat_due")


def test_9_2_no_reaction_move_ends_in_a_borderland_the_nation_may_not_stay_in() -> None:
    """9.2: "At the end of a nation's movement phase, all units must have left the
    borderlands." A reaction move is a nation's whole move (12.3.2.3: a single zone), so it
    may not end in a borderland its card does not let it stay in: when Hannibal's stack
    leaves the Alps for Mediolanum, the Romans in Liguria may not wait in the Alps."""
    from italia_kit.games.italia.actions import CampaignMove, ReactionMove

    from .test_italia_12_campaign import hannibal_position

    game = hannibal_position().game()
    game.apply(CampaignMove("Carthaginians"))
    stack = tuple(u.id for u in game.state.units_in("Alps", "Carthaginians"))
    game.apply(Move("Carthaginians", stack, ("Alps", "Mediolanum")))
    game.apply(EndMovement("Carthaginians"))
    while game.decision is not None and game.decision.actor != "Romans":
        game.apply(game.legal_actions()[0])  # no block; the Celts do not react
    assert game.decision is not None and game.decision.kind == "reaction"
    legion = game.state.units_in("Liguria", "Romans")[0].id
    assert ReactionMove("Romans", (legion,), "Alps") not in game.legal_actions()
    refused(game, lambda: game.apply(ReactionMove("Romans", (legion,), "Alps")), "9.2")


# -- 12.3.1: a campaign may retreat into its subjects' zones ------------------------------------
def test_12_3_1_a_campaign_stack_may_retreat_into_a_subjects_zone() -> None:
    """12.3.1: "A leader and their troops may freely move through zones controlled by a
    subjugated nation; they may even retreat into such zones." Fabius attacks the Celts in
    Ravenna; the Etruscans, Rome's subjects, hold Florentia next to it: after a round a
    legion of his may retreat there (within 8.6's allowance), as it could not outside a
    campaign (10.5: "not possible to retreat into a zone occupied by another nation")."""
    from italia_kit.games.italia.actions import CampaignMove, Retreat, StandFast

    from .test_italia_12_campaign import fabius_position

    pos = fabius_position()
    pos.subject("Etruscans", "Romans")
    game = pos.game()
    game.apply(CampaignMove("Romans"))
    stack = tuple(u.id for u in game.state.units_in("Rome", "Romans"))
    game.apply(Move("Romans", stack, ("Rome", "Perusia", "Picenum", "Ravenna")))
    game.apply(EndMovement("Romans"))
    while game.decision is not None and game.decision.kind in ("block", "reaction"):
        actions = game.legal_actions()
        game.apply(next(a for a in actions if a.kind in ("block", "end_reaction")))
    game.script_dice([1] * 6)  # nobody hits
    game.apply(Fight("Romans", "Ravenna"))
    while game.decision is not None and game.decision.kind == "targets":
        game.apply(game.legal_actions()[0])
    assert game.decision is not None and game.decision.actor == "Romans"
    legion = next(u.id for u in game.state.units_in("Ravenna", "Romans") if not u.is_leader)
    assert Retreat("Romans", (legion,), "Florentia") in game.legal_actions()
    game.apply(Retreat("Romans", (legion,), "Florentia"))
    assert game.state.nations_in("Florentia") == {"Romans", "Etruscans"}
    assert StandFast("Romans") in game.legal_actions()


# -- 10.9: fleets that just retreated do not count ----------------------------------------------
def test_10_9_fleets_that_retreated_from_a_naval_battle_do_not_count_for_supremacy() -> None:
    """10.9: "Fleets that have just retreated during that round of combat do not count
    toward naval supremacy." Read: fleets that retreated from a naval battle in this combat
    phase do not count in its land battles (each battle is fought whole, 10.0, so no fleet
    retreats during a land battle's round). A Roman fleet attacks two Carthaginian fleets
    in Mare Libycum; nobody hits and the Carthaginians retreat to Mare Sardoum, still next
    to Africa. In the land battle of Africa that follows they do not count: the one Roman
    fleet gives the Romans supremacy (+1), as it would not against two fleets."""
    from italia_kit.games.italia.actions import NavalAttack, Retreat, StandFast

    pos = Position("italia1", nation="Romans", phase="movement")
    (fleet,) = pos.put("Romans", "fleet", "Mare Sardoum")
    pos.put("Romans", "legion", "Byzacena")
    pos.put("Carthaginians", "infantry", "Africa")
    carthaginian = tuple(pos.put("Carthaginians", "fleet", "Mare Libycum", 2))
    game = pos.game()
    game.apply(Move("Romans", (fleet,), ("Mare Sardoum", "Mare Libycum")))
    legion = game.state.units_in("Byzacena", "Romans")[0].id
    game.apply(Move("Romans", (legion,), ("Byzacena", "Africa")))
    game.apply(EndMovement("Romans"))
    game.script_dice([1, 1, 1])  # no fleet is hit
    game.apply(NavalAttack("Romans", "Mare Libycum", "Carthaginians"))
    game.apply(StandFast("Romans"))
    game.apply(Retreat("Carthaginians", carthaginian, "Mare Sardoum"))
    assert game.state.naval_retreats == list(carthaginian)
    game.script_dice([5, 1])  # 5 + 1 for supremacy: the legion hits
    game.apply(Fight("Romans", "Africa"))
    hits = next(e for e in game.log.of_kind("hits") if e.data.get("side") == "Romans")
    assert "naval supremacy (10.9)" in hits.text and hits.data["hits"] == {"infantry": 1}


# -- 14.3: what the Patrimonium may convert -----------------------------------------------------
def test_14_3_cavalry_leaders_and_units_of_its_own_player_are_not_converted() -> None:
    """14.3: "the Patrimonium player may convert any unit belonging to another player" -
    then: "Cavalry and leaders cannot be converted." The second sentence is explicit, so
    the first does not reach cavalry (reading noted in docs/rules-coverage.md). The
    Lombards (yellow) attack the Patrimonium (red) in Rome with infantry, cavalry and
    Alboin: only the infantry may be converted; against the Franks, red like the
    Patrimonium, nothing may be."""
    from italia_kit.games.italia.actions import Convert

    from .test_italia_14_italia2 import patrimonium_battle

    pos = patrimonium_battle()
    (cavalry,) = pos.put("Lombards", "cavalry", "Umbria")
    (alboin,) = pos.put("Lombards", "leader", "Umbria", name="Alboin")
    game = pos.game()
    stack = tuple(u.id for u in game.state.units_in("Umbria", "Lombards"))
    game.apply(Move("Lombards", stack, ("Umbria", "Rome")))
    game.apply(EndMovement("Lombards"))
    game.apply(Fight("Lombards", "Rome"))
    assert game.decision is not None and game.decision.kind == "convert"
    offered = {a.unit for a in game.legal_actions() if isinstance(a, Convert)}
    infantry = {u.id for u in game.state.units_in("Rome", "Lombards") if u.type.value == "infantry"}
    assert offered == {0} | infantry
    refused(game, lambda: game.apply(Convert("Patrimonium", cavalry)), "14.3")
    refused(game, lambda: game.apply(Convert("Patrimonium", alboin)), "14.3")

    own = Position("italia2", nation="Franks", turn=7, phase="movement")
    own.put("Patrimonium", "infantry", "Rome", 2)
    own.put("Franks", "infantry", "Umbria", 3)
    game = attack(own, "Franks", "Umbria", "Rome")
    game.apply(Fight("Franks", "Rome"))
    assert game.decision is None or game.decision.kind != "convert"


# -- 10.8: the mover decides whether naval combat comes before or after the land battle ---------
def test_10_8_the_mover_may_fight_the_naval_battle_after_the_land_battle() -> None:
    """10.8: "the attacker (the player who just moved) always decides the order of battle -
    that is, whether it occurs before or after a land battle that influences the naval
    combat. As such, naval combats must always be declared before the start of any
    battle." The Romans sail into Mare Libycum, where a Carthaginian fleet is, and attack
    Africa by land: they declare the naval battle first, fight for Africa, and then at sea."""
    from italia_kit.games.italia.actions import DeferNaval, NavalAttack

    pos = Position("italia1", nation="Romans", phase="movement")
    (fleet,) = pos.put("Romans", "fleet", "Mare Sardoum")
    (legion,) = pos.put("Romans", "legion", "Byzacena")
    pos.put("Carthaginians", "infantry", "Africa")
    pos.put("Carthaginians", "fleet", "Mare Libycum")
    game = pos.game()
    game.apply(Move("Romans", (fleet,), ("Mare Sardoum", "Mare Libycum")))
    game.apply(Move("Romans", (legion,), ("Byzacena", "Africa")))
    game.apply(EndMovement("Romans"))
    assert game.decision is not None and game.decision.kind == "naval"
    listed = game.legal_actions()
    later = DeferNaval("Romans", "Mare Libycum", "Carthaginians")
    assert NavalAttack("Romans", "Mare Libycum", "Carthaginians") in listed and later in listed
    refused(game, lambda: game.apply(Fight("Romans", "Africa")), "10.8")  # declare it first
    game.apply(later)
    game.script_dice([10, 1])  # the legion wins Africa
    game.apply(Fight("Romans", "Africa"))
    assert game.state.nations_in("Africa") == {"Romans"}
    ends = [e.data["zone"] for e in game.log.of_kind("battle_end")]
    battles = [e.data["zone"] for e in game.log.of_kind("battle")]
    assert battles == ["Africa", "Mare Libycum"] and ends[0] == "Africa"


def test_10_8_no_naval_battle_is_put_off_when_no_land_battle_is_due() -> None:
    """10.8 (as above): with no land battle due there is no order to decide."""
    from italia_kit.games.italia.actions import DeferNaval

    pos = Position("italia1", nation="Romans", phase="movement")
    (fleet,) = pos.put("Romans", "fleet", "Mare Sardoum")
    pos.put("Carthaginians", "fleet", "Mare Libycum")
    game = pos.game()
    game.apply(Move("Romans", (fleet,), ("Mare Sardoum", "Mare Libycum")))
    game.apply(EndMovement("Romans"))
    later = DeferNaval("Romans", "Mare Libycum", "Carthaginians")
    assert later not in game.legal_actions()
    refused(game, lambda: game.apply(later), "10.8")
