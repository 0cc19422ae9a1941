"""How the ace fights: which target to shoot and how to modify dice.

Targets are weighed by the exact calculator: the expected damage of the attack with the
tokens both ships hold, and the chance that it destroys the defender. Dice are modified
by the calculator's optimal policy over the tokens both ships hold (focus, lock,
calculate, Force, evade, reinforce): the option it chooses is matched to the decision's
stable key. (A card's modification the calculator does not model is left to the agent.)
Both follow the dice rules of the game's ruleset, which the view names (the first
edition's: an evade token adds an evade result, each token effect once a step, no range 0,
the range bonus for primary weapons only, no calculate or Force tokens).
"""

from __future__ import annotations

import re
from fractions import Fraction
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from tallon.agents.reading import (
    DEFAULT_RULESET,
    attack_tokens,
    damage_distribution,
    defense_tokens,
    ruled_attack,
    view_health,
    view_ruleset,
)
from tallon.data import load_cards
from tallon.dice import Attack, Combatant, Face, make_counts
from tallon.dice.abilities.base import Tokens
from tallon.dice.attack import DICE_RULES, Step
from tallon.dice.solver import AttackSolver
from tallon.engine.decisions import Decision, Value
from tallon.engine.modify_dice import modification_keys
from tallon.engine.view import ship_of_view

if TYPE_CHECKING:
    from tallon.dice.ops import Option as DiceOption

#: How much destroying a ship is worth beside the damage dealt, per point of its
#: remaining attack value (a destroyed ship shoots no more).
KILL_WEIGHT = 0.6
#: What a damage suffered costs a ship, in expected damage, and a critical one (its card
#: faceup too).
DAMAGE_COST = 1.0
CRIT_COST = 1.5
#: What a faceup damage card costs the ship dealt it beside the damage itself, in expected
#: damage, by ruleset: judged from each card's text (how likely it is to deal more damage,
#: how long it lasts, what repairing it takes), not measured. A card not named costs
#: :data:`OTHER_CARD_COST`; Structural Damage :data:`STRUCTURAL_COST` per agility (a
#: defense die fewer on every defense: nothing to a ship that rolls none).
DAMAGE_CARD_COST: dict[str, dict[str, float]] = {
    "2.5": {"directhit": 1.0, "loosestabilizer": 0.6, "consolefire": 0.5,
            "weaponsfailure": 0.4, "disabledpowerregulator": 0.4, "hullbreach": 0.3,
            "fuelleak": 0.3, "panickedpilot": 0.3, "damagedsensorarray": 0.3,
            "blindedpilot": 0.25, "damagedengine": 0.2, "woundedpilot": 0.2,
            "stunnedpilot": 0.1},
    "1e": {"directhit": 1.0, "blindedpilot": 0.8, "majorexplosion": 0.6, "consolefire": 0.5,
           "weaponmalfunction": 0.4, "weaponsfailure": 0.4, "minorexplosion": 0.4,
           "munitionsfailure": 0.3, "thrustcontrolfire": 0.3, "injuredpilot": 0.3,
           "shakenpilot": 0.3, "stunnedpilot": 0.3, "majorhullbreach": 0.3,
           "minorhullbreach": 0.2, "damagedsensorarray": 0.3, "loosestabilizer": 0.3,
           "damagedcockpit": 0.2, "damagedengine": 0.2},
}
OTHER_CARD_COST = 0.3
STRUCTURAL_COST = 0.2
#: The ship a Maarek Stele's prompt names: "which card is dealt faceup to <name> (<id>)?".
_DEALT_TO = re.compile(r"dealt faceup to .*\(([^()]+)\)\?$")
_FACES = {f.label: f for f in Face}


def _remote(view: dict[str, Any], remote_id: str) -> dict[str, Any] | None:
    return next((r for r in view.get("remotes", ()) if r["id"] == remote_id), None)


def _tokens(ship: dict[str, Any]) -> dict[str, int]:
    return {**ship["tokens"], "force": ship["force"]}


def target_value(view: dict[str, Any], attacker_id: str, info: dict[str, Any]) -> float:
    """What an attack offered with ``info`` (weapon value, defender, range) is worth to
    the attacker: its expected damage plus the chance it destroys the defender times
    what the defender would still do."""
    found = _damage(view, attacker_id, info)
    if found is None:
        return 0.0
    damage, health, cost = found
    if health is None:
        return -1.0  # destroyed already (simultaneous fire): shooting it is wasted
    if health <= 0:
        return float(sum(d * p for d, p in enumerate(damage)))
    # in mission points: damage is worth the share of the defender it takes away (so
    # wounded and costly ships first), and destroying it (it shoots no more) a bonus
    share = float(sum(min(d, health) * p for d, p in enumerate(damage))) / health
    p_kill = float(sum(damage[health:]))
    return (share + p_kill * KILL_WEIGHT) * max(1, cost)


def _damage(view: dict[str, Any], attacker_id: str, info: dict[str, Any]
            ) -> tuple[tuple[Fraction, ...], int | None, int] | None:
    """The attack's damage distribution (P(damage = d) for d = 0, 1, ...), the defender's
    health (None: destroyed already) and cost; None when a ship is not in the view."""
    attacker = ship_of_view(view, attacker_id)
    ruleset = view_ruleset(view)
    defender_id = info["defender"]
    defender = ship_of_view(view, defender_id)
    if attacker is None and _remote(view, attacker_id) is None:
        return None
    # a remote attacking (a commando team) has no tokens to spend
    own = _tokens(attacker) if attacker is not None else {}
    if defender is None:
        remote = _remote(view, defender_id)
        if remote is None:
            return None
        health = remote["hull"] - remote["damage_facedown"]
        tokens: tuple[tuple[str, int], ...] = ()
        agility, cost = remote["agility"], 1
    else:
        if defender["destroyed"]:
            return (), None, 0
        health = view_health(defender)
        agility = defender["stats"]["agility"]
        tokens = defense_tokens(_tokens(defender), ruleset)
        cost = defender["stats"]["cost"]
    # a ship's "locks" are the objects it has locked (engine/view.py)
    locked = defender_id in (attacker or {}).get("locks", ())
    ordnance = info.get("ordnance", False)
    obstructed = bool(info.get("obstructed", False))
    if ruleset == DEFAULT_RULESET:
        attack_range = 2 if ordnance and info["range"] in (1, 3) else info["range"]
        _, damage = damage_distribution(
            info["value"], agility, attack_range, attack_tokens(own, locked),
            tokens, obstructed)
    else:  # range 2: no range bonus (the first edition's is the primary weapon's alone)
        bonus = DICE_RULES[ruleset].range_bonus(info.get("primary", True), ordnance)
        attack_range = info["range"] if bonus else 2
        _, damage = damage_distribution(
            info["value"], agility, attack_range, attack_tokens(own, locked, ruleset),
            tokens, obstructed, ruleset)
    return damage, health, cost


def homing_choice(view: dict[str, Any], decision: Decision) -> Value | None:
    """Homing Missiles and Torpedoes: our defender suffers the 1 damage (a critical one:
    counted 1.5) rather than the dice when the dice's expected damage is more."""
    attack = view.get("attack")
    keys = decision.option_keys()
    if attack is None or sorted(keys) != ["roll", "suffer"]:
        return None
    try:
        weapon = load_cards().upgrade(attack["weapon"]).sides[0].attack
    except KeyError:
        return None
    if weapon is None:
        return None
    found = _damage(view, attack["attacker"], {
        "value": weapon.value, "defender": attack["defender"], "range": attack["range"],
        "ordnance": weapon.ordnance, "obstructed": attack["obstructed"]})
    if found is None:
        return None
    expected = float(sum(d * p for d, p in enumerate(found[0])))
    price = CRIT_COST if "critical" in decision.prompt else DAMAGE_COST
    return "suffer" if expected > price else "roll"


def choose_target(view: dict[str, Any], decision: Decision) -> Value:
    """The attack worth most; "none" only when it is offered and no attack is worth
    anything (an attack a card makes obligatory, Bossk's bonus attack, is made even so)."""
    best, best_value = None, 0.0
    for option in decision.options:
        if option.key == "none" or option.info is None:
            continue
        value = target_value(view, decision.ship or "", option.info)
        if best is None or value > best_value:
            best, best_value = option.key, value
    keys = decision.option_keys()
    if "none" in keys and (best is None or best_value <= 0.0):
        return "none"
    return best if best is not None else keys[0]


# ------------------------------------------------------------------------ dice
@lru_cache(maxsize=4096)
def _solver(attack_dice: int, defense_dice: int,
            attacker: tuple[tuple[str, int], ...], defender: tuple[tuple[str, int], ...],
            ruleset: str = DEFAULT_RULESET) -> AttackSolver:
    if ruleset != DEFAULT_RULESET:  # the dice counted already (agility tokens dropped)
        return AttackSolver(ruled_attack(DICE_RULES[ruleset], attack_dice, defense_dice,
                                         None, attacker, defender))
    return AttackSolver(Attack(Combatant(attack_dice, dict(attacker)),
                               Combatant(defense_dice, dict(defender))))


def _counts(labels: list[str], rerolled: list[bool] | None) -> tuple[int, ...]:
    marks = rerolled or [False] * len(labels)
    fresh = [_FACES[f] for f, r in zip(labels, marks, strict=True) if not r]
    again = [_FACES[f] for f, r in zip(labels, marks, strict=True) if r]
    return make_counts(fresh, again)


def solver_choice(view: dict[str, Any], decision: Decision) -> Value | None:
    """The option the exact calculator would take now over the ships' tokens, as the
    decision's key; None when it can't tell (cards it doesn't model, no attack shown)."""
    kind = "attack" if decision.kind == "modify_attack_dice" else "defense"
    known, option = calculator_option(view, kind, decision.ship or "")
    if not known:
        return None
    keys = decision.option_keys()
    if option is None:
        return "done" if "done" in keys else None
    user = decision.ship or ""
    key = modification_keys(user, [(user, option.source, option)])[0]
    return key if key in keys else None


def calculator_option(view: dict[str, Any], kind: str, user: str
                      ) -> tuple[bool, DiceOption | None]:
    """(known, option): the dice option the exact calculator would take now for ``user``
    modifying the ``kind`` dice over the tokens the view shows (None: stop); known is
    False when it can't tell."""
    attack = view.get("attack")
    if attack is None or attack["attack_dice"] is None:
        return False, None
    attacker = ship_of_view(view, attack["attacker"])
    defender = ship_of_view(view, attack["defender"])
    if attacker is None or defender is None:
        return False, None
    own = user == attack["attacker"]
    step = {("attack", False): Step.DEFENDER_MODIFIES_ATTACK,
            ("attack", True): Step.ATTACKER_MODIFIES_ATTACK,
            ("defense", True): Step.ATTACKER_MODIFIES_DEFENSE,
            ("defense", False): Step.DEFENDER_MODIFIES_DEFENSE}[(kind, own)]
    rerolled = attack.get("rerolled") or {}
    attack_counts = _counts(attack["attack_dice"], rerolled.get("attack"))
    defense_labels = attack["defense_dice"] or []
    defense_counts = _counts(defense_labels, rerolled.get("defense"))
    # a ship's "locks" are the objects it has locked (engine/view.py)
    locked = attack["defender"] in attacker["locks"]
    ruleset = view_ruleset(view)
    a_tokens = attack_tokens(_tokens(attacker), locked, ruleset)
    d_tokens = defense_tokens(_tokens(defender), ruleset)
    agility = defender["stats"]["agility"]
    if ruleset != DEFAULT_RULESET:
        rules = DICE_RULES[ruleset]
        changing = {name for name, _ in rules.agility_per_token}
        if kind == "attack":  # the defense dice still to roll: a cloak's +2, a tractor's -1
            agility = rules.agility(agility, Tokens(dict(d_tokens)))
        d_tokens = tuple((k, v) for k, v in d_tokens if k not in changing)
    defense_dice = len(defense_labels) if kind == "defense" else \
        agility + (1 if attack["range"] == 3 and attack["primary"]
                   else 0) + (1 if attack["obstructed"] else 0)
    try:
        solver = _solver(len(attack["attack_dice"]), max(0, defense_dice), a_tokens, d_tokens,
                         *(() if ruleset == DEFAULT_RULESET else (ruleset,)))
        option = solver.best_option(step, attack_counts, defense_counts, dict(a_tokens),
                                    dict(d_tokens))
    except (ValueError, KeyError, AssertionError):
        return False, None  # a position outside what the calculator models here
    return True, option


def damage_card_cost(card: str, agility: int, ruleset: str) -> float:
    """What faceup damage ``card`` costs a ship of ``agility`` (:data:`DAMAGE_CARD_COST`;
    a first-edition card is known by its name after its deck's, "1e-core-directhit")."""
    card = card.rsplit("-", 1)[-1]
    if card == "structuraldamage":
        return STRUCTURAL_COST * agility
    return DAMAGE_CARD_COST.get(ruleset, {}).get(card, OTHER_CARD_COST)


def damage_card_choice(view: dict[str, Any], decision: Decision) -> Value:
    """Of the damage cards drawn, the one dealt faceup: Maarek Stele deals an enemy the
    card that costs it most; first-edition "Leebo" resolves the one that costs his own
    ship least."""
    keys = decision.option_keys()
    found = _DEALT_TO.search(decision.prompt)
    ship = ship_of_view(view, found.group(1) if found else decision.ship or "")
    if ship is None:
        return keys[0]
    agility, ruleset = ship["stats"]["agility"], view_ruleset(view)
    costs = {key: damage_card_cost(key, agility, ruleset) for key in keys}
    if ship["owner"] == view["player"]:
        return min(keys, key=costs.__getitem__)
    return max(keys, key=costs.__getitem__)


__all__ = ["DAMAGE_CARD_COST", "calculator_option", "choose_target", "damage_card_choice",
           "damage_card_cost", "solver_choice", "target_value"]
