"""The agents in first-edition games: the view names the ruleset, and the ace's attack
estimates and dice choices follow the first edition's dice rules (docs/first-edition.md,
tallon.dice.ruleset_1e: an evade token adds an evade result, each token effect once a step,
ranges 1-3, the range bonus for primary weapons only, no calculate or Force tokens) while
2.5 games keep the 2.5 rules; a whole first-edition game between aces ends."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from tallon.agents import play
from tallon.agents.ace import AceAgent
from tallon.agents.fighting import calculator_option, target_value
from tallon.agents.reading import attack_tokens, defense_tokens, expected_damage
from tallon.agents.simple import SimpleAgent
from tallon.cards import CARDS
from tallon.cards.pool import default_squads
from tallon.dice import Attack, Combatant, calculate
from tallon.engine import Game, GameSetup
from tallon.engine.decisions import Decision, Option
from tallon.sim.squads import load_squad
from tests.engine.test_agents import ListedAnswers

LISTS = Path(__file__).resolve().parent.parent / "lists" / "1e"


def _ship(ship_id: str, owner: int, agility: int, tokens: dict[str, int]) -> dict[str, Any]:
    return {"id": ship_id, "owner": owner, "tokens": tokens, "force": 0, "locks": [],
            "hull": 3, "shields": 0, "damage_facedown": 0, "damage_faceup": [],
            "destroyed": False, "stats": {"agility": agility, "cost": 12}}


def _view(ruleset: str | None, defender_tokens: dict[str, int],
          attack: dict[str, Any] | None = None) -> dict[str, Any]:
    """A view of an attacker "a" (3 attack) and a defender "d" (agility 1) holding
    ``defender_tokens``; without ``ruleset`` it names none (read as 2.5)."""
    view: dict[str, Any] = {"ships": [_ship("a", 1, 2, {}), _ship("d", 2, 1, defender_tokens)],
                            "attack": attack}
    if ruleset is not None:
        view["ruleset"] = ruleset
    return view


def test_an_evade_token_adds_an_evade_in_the_first_editions_estimate():
    """Situation: two attack dice (no tokens) at range 2 on a ship with agility 0 holding
    an evade token. Expected: under 2.5 the token changes a blank or focus result, and
    with no defense die it changes nothing: 1 (each die hits with 1/2); under the first
    edition it adds an evade result, which cancels one hit: P(2 hits) = 1/4."""
    evade = (("evade", 1),)
    assert expected_damage(2, 0, 2, (), evade) == 1.0
    assert expected_damage(2, 0, 2, (), evade, ruleset="2.5") == 1.0
    assert expected_damage(2, 0, 2, (), evade, ruleset="1e") == 0.25


def test_the_aces_target_value_uses_the_games_ruleset():
    """Situation: the ace weighs a primary attack of 3 at range 2 on a defender (agility 1,
    3 hull, 12 points) holding an evade token: when it rolls an evade, the 2.5 token has
    nothing to change. Expected: the view's ruleset decides; the first edition's value is
    the one worked out from the exact calculator's first-edition distribution, lower than
    2.5's; a view naming no ruleset is valued as 2.5."""
    info = {"defender": "d", "value": 3, "range": 2, "primary": True, "ordnance": False}
    first = target_value(_view("1e", {"evade": 1}), "a", info)
    second = target_value(_view("2.5", {"evade": 1}), "a", info)
    assert target_value(_view(None, {"evade": 1}), "a", info) == second
    assert first < second
    damage = calculate(Attack(Combatant(3), Combatant(1, {"evade": 1}), attack_range=2,
                              ruleset="1e")).damage
    share = sum(min(d, 3) * p for d, p in enumerate(damage)) / 3
    kill = sum(damage[3:], Fraction(0))
    assert first == pytest.approx(float((share + kill * Fraction(6, 10)) * 12), abs=1e-12)


def test_first_edition_secondary_weapons_get_no_range_bonus():
    """Situation: a secondary weapon (not ordnance) of 3 at range 1 and at range 2.
    Expected: under the first edition both are valued alike (no range bonus for it);
    under 2.5 range 1 adds a die."""
    near = {"defender": "d", "value": 3, "range": 1, "primary": False, "ordnance": False}
    far = {**near, "range": 2}
    assert target_value(_view("1e", {}), "a", near) == target_value(_view("1e", {}), "a", far)
    assert target_value(_view("2.5", {}), "a", near) > target_value(_view("2.5", {}), "a", far)


def test_first_edition_estimates_have_no_range_0_and_no_calculate_or_force():
    """Situation: the first edition's estimates at range 0, and a ship's calculate and Force
    tokens. Expected: range 0 is read as range 1 (+1 attack die); the tokens the first
    edition does not know are left out, its cloak and tractor beam tokens kept."""
    assert expected_damage(3, 2, 0, ruleset="1e") == expected_damage(3, 2, 1, ruleset="1e")
    assert expected_damage(3, 2, 0) < expected_damage(3, 2, 1)  # 2.5: no bonus die at 0
    held = {"focus": 2, "calculate": 1, "force": 2, "evade": 1, "cloak": 1, "tractor": 1}
    assert attack_tokens(held, True, "1e") == (("focus", 1), ("lock", 1))
    assert attack_tokens(held, True) == (("calculate", 1), ("focus", 1), ("force", 2),
                                         ("lock", 1))
    assert defense_tokens(held, "1e") == (("cloak", 1), ("evade", 1), ("focus", 1),
                                          ("tractor", 1))
    # a cloak token: 2 more agility (3 dice against 4, not 2)
    assert expected_damage(3, 2, 2, (), (("cloak", 1),), ruleset="1e") == \
        expected_damage(3, 4, 2, ruleset="1e")


def test_the_first_edition_defender_spends_an_evade_on_rolled_evades():
    """Situation: three hits against a defender that rolled one evade and holds an evade
    token. Expected: under 2.5 the calculator has nothing to change (the token changes a
    blank or focus result) and stops; under the first edition it adds an evade result."""
    attack = {"attacker": "a", "defender": "d", "primary": True, "range": 2,
              "obstructed": False, "attack_dice": ["hit", "hit", "hit"],
              "defense_dice": ["evade"], "rerolled": {"attack": None, "defense": None}}
    known, option = calculator_option(_view("2.5", {"evade": 1}, attack), "defense", "d")
    assert known and option is None
    known, option = calculator_option(_view("1e", {"evade": 1}, attack), "defense", "d")
    assert known and option is not None and option.source == "evade"
    assert dict(option.spend) == {"evade": 1}


class CheckingAce(ListedAnswers, AceAgent):
    """An ace that asserts each answer is one of the listed options."""


def test_the_view_names_the_ruleset():
    """Situation: a 2.5 game and a first-edition game. Expected: each view names its
    ruleset."""
    assert Game(GameSetup(default_squads(), seed=1, cards=CARDS)).view(1)["ruleset"] == "2.5"
    squads = (load_squad(str(LISTS / "rebel-x-wings-100.json")).squad,
              load_squad(str(LISTS / "imperial-vader-and-tie-fighters-100.json")).squad)
    game = Game(GameSetup(squads, seed=1, cards=CARDS, ruleset="1e"))
    assert game.view(2)["ruleset"] == "1e"


def test_a_first_edition_game_between_aces_ends():
    """Situation: a whole first-edition game, X-wings against Vader and TIE fighters, both
    players aces. Expected: every answer is a listed option and the game ends."""
    squads = (load_squad(str(LISTS / "imperial-vader-and-tie-fighters-100.json")).squad,
              load_squad(str(LISTS / "rebel-x-wings-100.json")).squad)
    game = Game(GameSetup(squads, seed=5, cards=CARDS, ruleset="1e"), logging=False)
    agents = (CheckingAce(5), CheckingAce(6))
    play(game, agents)
    assert game.decision is None and game.state.over
    assert agents[0].answers + agents[1].answers > 50


def test_the_simple_agent_counts_the_range_bonus_as_the_ruleset_gives_it():
    """Situation: the simple agent chooses between a secondary weapon of 3 at range 1 on a
    ship with 3 hull left and a primary weapon of 3 at range 2 on a ship with 2 left.
    Expected: under 2.5 the secondary weapon's range bonus (4 dice: 4 x 2 - 3 against
    3 x 2 - 2) makes it the choice; under the first edition it has no range bonus, and the
    more damaged ship is attacked."""
    options = (Option("far", "primary", {"defender": "d", "value": 3, "range": 2,
                                         "primary": True, "ordnance": False}),
               Option("near", "secondary", {"defender": "e", "value": 3, "range": 1,
                                            "primary": False, "ordnance": False}),
               Option("none", "no attack"))
    decision = Decision(1, "declare_attack", "attack?", options, None, ship="a")  # type: ignore[arg-type]
    for ruleset, chosen in (("2.5", "near"), ("1e", "far")):
        view = _view(ruleset, {})
        view["ships"][1]["hull"] = 2
        view["ships"].append({**_ship("e", 2, 1, {}), "hull": 3})
        view["player"] = 1
        assert SimpleAgent(1).choose(view, decision) == chosen, ruleset


def _decloak_answer(enemy_y: float) -> str:
    from tallon.agents import SimpleAgent
    from tallon.scene import Scene

    sc = Scene(ruleset="1e")
    sc.ship("1e-tiephantom-sigmasquadronpilot", 1, at=(400, 200, 0), tokens={"cloak": 1})
    sc.ship("1e-xwing-rookiepilot", 2, at=(400, enemy_y, 180))
    game = sc.game()
    agent = SimpleAgent(1)
    for _ in range(40):
        d = game.decision
        if d is None:
            break
        if d.kind == "decloak":
            return str(agent.choose(game.view(d.player), d))
        game.answer(agent.choose(game.view(d.player), d) if d.player == 1 else
                    d.options[0].key)
    raise AssertionError("no decloak decision")


def test_a_cloaked_ship_decloaks_once_an_enemy_is_near():
    """A cloaked TIE Phantom (reference card (1e) Cloak: a cloaked ship cannot attack) with
    an enemy X-wing 300 mm ahead, then 700 mm ahead. Expected: the simple (and ace) agents
    decloak when the enemy could be attacked this round, and stay cloaked when it is far."""
    assert _decloak_answer(500) != "pass"
    assert _decloak_answer(900) == "pass"
