"""Epic upgrades written for the huge ship damage deck (cards/upgrades/epic_damage.py), played
against the standard deck the engine deals huge ships (docs/rulings.md, "Huge ships").

A C-ROC Cruiser (Syndicate Smugglers: energy 4) faces +y at (457, 300). The scene API
equips cards on any ship (setup refuses by ability, not by slot), so Droid Crew's focus
rule is also shown on an X-wing, whose stress a huge ship's energy would not take away."""

from __future__ import annotations

from tallon.engine.actions import PerformAction
from tallon.engine.huge_moves import energy
from tallon.engine.rounds import EndPhase
from tallon.engine.state import DamageCard, Token
from tallon.scene import Scene, start_at
from tests.cards.helpers import answer, values

CROC = "syndicatesmugglers"


def _focus(upgrades: list[str]) -> int:
    """An X-wing with ``upgrades`` performs a focus action: the stress it gains."""
    sc = Scene()
    ship = sc.ship("bluesquadronescort", at=(400, 300, 0), upgrades=upgrades)
    sc.ship("academypilot", player=2, at=(400, 800, 180))
    game = sc.at(PerformAction(ship, during_activation=True), phase="activation")
    answer(game, "perform_action", "focus")
    state = game.state.ships[ship]
    assert state.has(Token.FOCUS)
    return state.count(Token.STRESS)


class TestDroidCrew:
    def test_a_white_focus_action_is_treated_as_red(self):
        """Droid Crew: a white focus action is treated as red, so the ship gains 1 stress
        token performing it; without the card, none."""
        assert _focus(["droidcrew"]) == 1
        assert _focus([]) == 0

    def test_faceup_ship_and_pilot_cards_are_not_crew_cards(self):
        """At the start of the End Phase Droid Crew repairs faceup Crew damage cards: the
        standard deck has none, so a faceup Console Fire (Ship) and Blinded Pilot (Pilot)
        stay faceup."""
        sc = Scene()
        croc = sc.ship(CROC, at=(457, 300, 0), upgrades=["droidcrew"],
                       damage=(DamageCard("consolefire", True, 1),
                               DamageCard("blindedpilot", True, 2)))
        sc.ship("academypilot", player=2, at=(400, 800, 180))
        game = sc.game()
        start_at(game, EndPhase(), phase="end")
        while game.decision is not None:
            game.answer(game.decision.options[0].key)
        assert [d.faceup for d in game.state.ships[croc].damage] == [True, True]


class TestDamageControlTeam:
    def scene(self, damage, upgrades=("damagecontrolteam",)):
        sc = Scene()
        croc = sc.ship(CROC, at=(457, 300, 0), upgrades=list(upgrades), damage=damage)
        sc.ship("academypilot", player=2, at=(400, 800, 180))
        return sc.at(PerformAction(croc, during_activation=True), phase="activation"), croc

    def test_spends_one_energy_per_faceup_ship_card_repaired(self):
        """Action: spend 2 energy to repair both faceup Ship damage cards (they flip
        facedown); energy 4 -> 2. The faceup Pilot card is not offered."""
        damage = (DamageCard("consolefire", True, 1), DamageCard("fuelleak", True, 2),
                  DamageCard("blindedpilot", True, 3))
        game, croc = self.scene(damage)
        answer(game, "perform_action", "damagecontrolteam:repair")
        keys = [o.key for o in game.decision.options]
        assert "1+2" in keys and not any("3" in k for k in keys)
        game.answer("1+2")
        ship = game.state.ships[croc]
        assert [d.faceup for d in ship.damage] == [False, False, True]
        assert energy(ship) == 2

    def test_not_offered_without_a_faceup_ship_card(self):
        """With only a faceup Pilot card (or nothing) to repair, the action is not
        offered."""
        game, _ = self.scene((DamageCard("blindedpilot", True, 1),))
        assert "damagecontrolteam:repair" not in values(game)

    def test_as_many_as_the_energy_pays_for(self):
        """With 1 energy left only single cards are offered."""
        damage = (DamageCard("consolefire", True, 1), DamageCard("fuelleak", True, 2))
        game, croc = self.scene(damage)
        game.state.ships[croc].charges["energy"].active = 1
        answer(game, "perform_action", "damagecontrolteam:repair")
        assert sorted(o.key for o in game.decision.options) == ["1", "2"]


class TestDreadnoughtHunter:
    def test_it_plays_and_changes_nothing(self):
        """Dreadnought Hunter lets its ship apply a damage card's Precision Shot; the
        standard deck has none, so a game with it sets up and its ship has no ability from
        it (the card is played, not refused)."""
        sc = Scene()
        ship = sc.ship("bluesquadronescort", at=(400, 300, 0), upgrades=["dreadnoughthunter"])
        sc.ship("academypilot", player=2, at=(400, 800, 180))
        game = sc.game()
        assert "dreadnoughthunter" in game.state.ships[ship].upgrades
        assert not game.cards.spec("upgrade", "dreadnoughthunter").abilities()
