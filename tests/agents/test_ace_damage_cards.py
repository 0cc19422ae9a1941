"""The damage card the ace deals or keeps when it chooses one of those drawn
(src/tallon/agents/fighting.py, ``damage_card_choice``): Maarek Stele deals an enemy the
card that costs it most; first-edition "Leebo" resolves the one that costs his own ship
least (RR: DAMAGE CARDS; the costs are judged from the cards' texts)."""

from __future__ import annotations

from tallon.agents.ace import AceAgent
from tallon.agents.fighting import damage_card_cost
from tallon.engine.damage import SufferDamage
from tallon.scene import Scene, start_at
from tests.cards.helpers import attack, pass_until, stack_deck


def test_maarek_stele_deals_the_enemy_the_worst_card_drawn():
    """Situation: Maarek Stele's attack deals an Academy Pilot a faceup damage card; he
    draws Console Fire, Structural Damage and Direct Hit! (in that order) and chooses the
    one dealt. Expected: Direct Hit! (a damage more, the costliest card), not the first
    drawn, which the ace dealt before."""
    sc = Scene()
    maarek = sc.ship("maarekstele", at=(400, 300, 0))
    target = sc.ship("academypilot", player=2, at=(400, 500, 180))
    game = attack(sc, maarek, target, ["crit", "blank"], ["blank"] * 3,
                  deck=["consolefire", "structuraldamage", "directhit"])
    pass_until(game, "maarek_damage_card")
    decision = game.decision
    assert decision.player == 1 and decision.option_keys() == [
        "consolefire", "structuraldamage", "directhit"]
    assert AceAgent(1).choose(game.view(1), decision) == "directhit"


def test_structural_damage_costs_by_the_defense_dice_it_takes():
    """Structural Damage (one defense die fewer while defending) costs a ship by its
    agility: nothing to one that rolls no defense dice, more to an agility 3 ship than
    Console Fire does. Expected: 0 at agility 0, above Console Fire's cost at agility 3."""
    assert damage_card_cost("structuraldamage", 0, "2.5") == 0.0
    assert damage_card_cost("structuraldamage", 3, "2.5") > damage_card_cost(
        "consolefire", 3, "2.5")


def test_first_edition_leebo_resolves_the_card_that_costs_his_ship_least():
    """Situation (first edition): "Leebo", no shields left, suffers a critical damage; he
    is dealt Direct Hit! (2 damage against his hull), draws Injured Pilot, and resolves
    one of the two. Expected: Injured Pilot (the ace took Direct Hit!, the first)."""
    sc = Scene(ruleset="1e")
    leebo = sc.ship("1e-yt2400-leebo", at=(400, 300, 0), shields=0)
    sc.ship("1e-tiefighter-academypilot", player=2, at=(400, 800, 180))
    game = sc.game()
    stack_deck(game, 1, ["1e-core-directhit", "1e-core-injuredpilot"])
    start_at(game, SufferDamage(leebo, 0, 1, "a test"))
    decision = game.decision
    assert decision.kind == "maarek_damage_card" and decision.options[0].key == \
        "1e-core-directhit"
    assert AceAgent(1).choose(game.view(1), decision) == "1e-core-injuredpilot"
