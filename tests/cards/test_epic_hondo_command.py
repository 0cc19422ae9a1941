"""Hondo Ohnaka, the command upgrade of huge ships (cards/upgrades/epic_b.py): in the System
Phase, for 1 of its 2 charges, a supply cache (Salvage Mission) moves between his ship's
card and a friendly ship's card at range 0-1 (docs/rulings.md "Huge ships"); his card also
grants a white coordinate linked to a red jam.

Scenes: the Trident (Lawless Pirates, player 1, p1.1) faces +y at (457, 300): its base is
195 mm long and 80 mm wide (right side at x 497, left side at x 417). A small ship's 40 mm
base centred at x 537 is at range 1 of the right side, at x 637 at range 2; centred at x
377 at range 1 of the left side. The game plays Salvage Mission, its caches arranged by
hand: each starts on a ship's card (towed) or nowhere."""

from __future__ import annotations

import pytest

from tallon.engine.actions import PerformAction
from tallon.engine.features import TOWING, Feature, towed_cache
from tallon.engine.rounds import EndPhase, StartEndPhase, SystemTurn
from tallon.engine.scenarios import end_phase_points
from tallon.engine.state import Token
from tallon.scene import Scene, start_at
from tallon.squads import Rule, SquadRules, build_squad, check_squad
from tests.cards.helpers import logged, values

TRIDENT, HONDO = "lawlesspirates", "hondoohnakacommand"
SPACER, TIE = "cartelspacer", "academypilot"
NEAR, FAR = 537, 637


def _system_phase(tows: tuple[str, ...], x: float = NEAR, card: str | None = HONDO,
                  scenario: str | None = "salvage-mission", enemy_x: float | None = None,
                  charges: int = 2, **friend: object):
    """The Trident's System Phase turn, the card with ``charges`` active; a friendly Cartel
    Spacer (p1.2) beside it at ``x`` (``friend`` sets its state); an enemy TIE (p2.1) far
    away, or beside the Trident's left side at range 1 when ``enemy_x`` is given; each ship
    named in ``tows`` tows a supply cache of its own."""
    sc = Scene(seed=1)
    sc.ship(TRIDENT, at=(457, 300, 0), upgrades=[card] if card else [],
            **({"charges": {card: charges}} if card else {}))
    sc.ship(SPACER, at=(x, 300, 0), **friend)
    sc.ship(TIE, player=2, at=(enemy_x or 100, 300 if enemy_x else 850, 180))
    game = sc.game()
    game.state.scenario = scenario
    game.state.features = []
    for number, ship_id in enumerate(tows, 1):
        cache = f"supply_cache-{number}"
        game.state.features.append(Feature(cache, "supply_cache", None, None, None, ship_id))
        game.state.ships[ship_id].remember(TOWING, cache)
    start_at(game, SystemTurn("p1.1"), phase="system")
    return game


def _hondo_offer(game) -> list[str]:
    """The moves Hondo's System Phase ability offers now ([] when it is not offered)."""
    d = game.decision
    if d is None or d.kind != "use_ability" or d.ship != "p1.1":
        return []
    return [key for key in values(game) if key != "decline"]


class TestHondoOhnakaCommand:
    def test_takes_the_cache_of_a_friend_at_range_1_for_1_charge(self):
        """Situation: Salvage Mission; the Cartel Spacer beside the Trident at range 1 tows
        a supply cache; the Trident's System Phase turn. Card: spend 1 charge, choose a
        friendly ship at range 0-1, move a token from its ship card to yours. Expected: the
        move is offered; taken, the cache is on the Trident's card (it tows, it scores in
        the End Phase), the Spacer no longer tows, 1 of the 2 charges is left."""
        game = _system_phase(("p1.2",))
        assert _hondo_offer(game) == ["p1.2>p1.1"]
        game.answer("p1.2>p1.1")
        ships = game.state.ships
        assert towed_cache(ships["p1.1"]) == "supply_cache-1"
        assert towed_cache(ships["p1.2"]) is None
        assert game.state.features[0].carrier == "p1.1"
        assert ships["p1.1"].charges[HONDO].active == 1
        assert logged(game, "scenario", "supply cache 1 moves from Cartel Spacer's card")
        assert [(player, why) for player, _, why in end_phase_points(game)] == [
            (1, "supply cache 1 is on Lawless Pirates's card (p1.1)")]

    def test_gives_his_cache_to_a_friend_who_then_tows_with_its_restrictions(self):
        """Situation: the Trident tows a cache; the Spacer at range 1 tows none. Card: or
        move it from your ship card to its ship card. Rule (Salvage Mission): a towing ship
        cannot perform barrel roll or boost actions. Expected: the move is offered; made,
        the Spacer tows and its Perform Action step offers no barrel roll (offered to it
        when it tows nothing), the Trident tows nothing."""
        game = _system_phase(("p1.1",))
        assert _hondo_offer(game) == ["p1.1>p1.2"]
        game.answer("p1.1>p1.2")
        ships = game.state.ships
        assert towed_cache(ships["p1.2"]) == "supply_cache-1"
        assert towed_cache(ships["p1.1"]) is None
        assert game.state.features[0].carrier == "p1.2"
        start_at(game, PerformAction("p1.2", during_activation=True), phase="activation")
        assert "barrel_roll" not in values(game) and "focus" in values(game)
        before = _system_phase(())
        start_at(before, PerformAction("p1.2", during_activation=True), phase="activation")
        assert "barrel_roll" in values(before)

    def test_a_cloaked_friend_keeps_its_cloak_token(self):
        """Situation: the Trident tows a cache; the Spacer at range 1 is cloaked. Ruling
        (docs/rulings.md "Huge ships"): the move is no tow action, so the cloak token the
        tow action would remove stays; a towing ship gains no cloak token. Expected: the
        Spacer tows and is still cloaked."""
        game = _system_phase(("p1.1",), cloak=1)
        game.answer("p1.1>p1.2")
        spacer = game.state.ships["p1.2"]
        assert towed_cache(spacer) == "supply_cache-1" and spacer.count(Token.CLOAK) == 1

    @pytest.mark.parametrize("situation", [
        "friend_at_range_2", "no_charge", "both_tow", "none_tows", "only_an_enemy_tows",
        "no_scenario", "without_the_card"])
    def test_not_offered(self, situation):
        """Situation, each against the first test's scene (which offers the move): the
        towing friend at range 2; the card with 0 charges; both the Trident and the friend
        tow (a ship can have only one supply cache on its card); nobody tows (Hondo cannot
        choose his own ship: the move needs two cards); only an enemy at range 1 tows (a
        friendly ship only); a game without a scenario (no tokens on ship cards at all);
        the Trident without the card. Expected: nothing is offered, no charge spent."""
        kwargs: dict = {
            "friend_at_range_2": {"tows": ("p1.2",), "x": FAR},
            "no_charge": {"tows": ("p1.2",)},
            "both_tow": {"tows": ("p1.1", "p1.2")},
            "none_tows": {"tows": ()},
            "only_an_enemy_tows": {"tows": ("p2.1",), "enemy_x": 377},
            "no_scenario": {"tows": (), "scenario": None},
            "without_the_card": {"tows": ("p1.2",), "card": None},
        }[situation]
        setup = {"charges": 0} if situation == "no_charge" else {}
        game = _system_phase(**kwargs, **setup)
        assert _hondo_offer(game) == []
        trident = game.state.ships["p1.1"]
        if HONDO in trident.charges:
            assert trident.charges[HONDO].active == (0 if situation == "no_charge" else 2)

    def test_the_charges_do_not_recover(self):
        """Situation: the Trident with 1 charge left takes a cache; the End Phase passes.
        Card data: 2 charges, none recurring (RR: CHARGES). Expected: 0 charges after the
        move and still 0 after the End Phase; in the next System Phase nothing is offered,
        though giving the cache back would be a legal move."""
        game = _system_phase(("p1.2",), charges=1)
        game.answer("p1.2>p1.1")
        trident = game.state.ships["p1.1"]
        assert trident.charges[HONDO].active == 0
        start_at(game, StartEndPhase(), EndPhase(), phase="end")
        assert trident.charges[HONDO].active == 0
        start_at(game, SystemTurn("p1.1"), phase="system")
        assert _hondo_offer(game) == []

    def test_grants_a_white_coordinate_linked_to_a_red_jam(self):
        """Situation: the Trident's Perform Action step, the Spacer at range 1, an enemy TIE
        straight ahead at range 1. Card data: grants a white coordinate action linked to a
        red jam. Expected: the coordinate is offered with the red jam linked; the Spacer
        performs a focus action; the TIE is jammed; the white coordinate costs nothing, the
        red jam's stress is paid with 1 energy (a huge ship: 3 -> 2), no stress left."""
        sc = Scene(seed=1)
        sc.ship(TRIDENT, at=(457, 300, 0), upgrades=[HONDO])
        sc.ship(SPACER, at=(NEAR, 300, 0))
        sc.ship(TIE, player=2, at=(457, 447.5, 180))
        game = sc.game()
        start_at(game, PerformAction("p1.1", during_activation=True), phase="activation")
        label = next(o.label for o in game.decision.options if o.key == "coordinate")
        assert "red jam" in label and HONDO in label
        game.answer("coordinate")
        assert values(game) == ["p1.2"]
        game.answer("p1.2")
        assert game.decision.kind == "perform_action" and game.decision.ship == "p1.2"
        game.answer("focus")
        assert game.decision.kind == "linked_action" and "jam" in values(game)
        game.answer("jam")
        game.answer("p2.1")
        ships = game.state.ships
        assert ships["p1.2"].has(Token.FOCUS) and ships["p2.1"].count(Token.JAM) == 1
        assert ships["p1.1"].charges["energy"].active == 2
        assert not ships["p1.1"].has(Token.STRESS)

    def test_squad_building_huge_ships_only(self, db):
        """Situation: epic squads with the card on a Trident, or on a Cartel Spacer. Rule:
        RR: UPGRADE CARDS - the card is restricted to huge ships and fills a Command and a
        Crew slot. Expected: the Trident's squad is legal; on the Spacer, an upgrade
        restriction error naming huge ships and an upgrade bar error."""
        def errors(ships, rule):
            squad = build_squad("scumandvillainy", ships, db)
            report = check_squad(squad, db, SquadRules(format="epic", points=400))
            return report, [e for e in report.errors if e.rule == rule]

        report, _ = errors([(TRIDENT, [HONDO]), (SPACER, []), (SPACER, [])], None)
        assert report.legal, report.errors
        wrong = [(TRIDENT, []), (SPACER, [HONDO]), (SPACER, [])]
        _, [restriction] = errors(wrong, Rule.RESTRICTIONS)
        assert restriction.card == HONDO and "huge ship" in restriction.message
        assert [e.card for e in errors(wrong, Rule.UPGRADE_BAR)[1]] == [HONDO]
