"""The prices the ace pays for cards' abilities, each weighed in expected damage.

The token a card makes a ship gain, a deplete or a strain token (RR: DEPLETE,
RR: STRAIN): Fine-Tuned Thrusters makes our own ship gain one to act; ISB Jingoist and
Major Vonreg make an enemy gain the one their player chooses. A deplete token takes a die from
the ship's next attack, a strain token from its next defense: the ace takes the one that
costs its ship least where it stands, and gives the enemy the one that costs it most, both
by the exact dice calculator (each ship's shots and the shots at it, as
:func:`tallon.agents.reading.engagement` weighs them).

Feedback Array's price, an ion and a disarm token (no attack this round), is paid only
when the damage it deals the enemies at range 0, less our own ships there, is worth more
than the ship's own shot and the ion. Electronic Baffle's price, a damage, is paid to
remove a red token only where the token would cost the ship more; Deuterium Power Cells'
stress token replaces only a token that costs more than a stress; Rook Kast's strain token
is taken for the hit it buys only where that is worth the defense die; Coaxium Hyperfuel's
SLAM after a bump is bought with an exposed damage card or a critical damage only where
the SLAM is worth more; Heightened Perception's Force buys the first shot only where
shooting before the enemies that engage first is worth more than what the Force does for
the ship's dice. "... unless it removes 1 green token" (ISB Jingoist, Darth Vader, Torani
Kulda, Dengar): the token the ship can best spare is removed, or the penalty taken where it
costs less than every token. Figures: docs/simulation.md.

Abilities queued together (RR: ABILITY QUEUE) are resolved by what they cost: first those
whose price is a token gained (Patience's deplete token recovers a Force another ability
may spend; a stress token gained may be removed by a friend's ability after it), then
those that cost nothing, last those that spend the ship's Force, tokens or energy.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import cache
from typing import Any

from tallon.agents.disarming import best_slam, slam_codes
from tallon.agents.fighting import CRIT_COST, DAMAGE_COST
from tallon.agents.planning import STRESS_COST, THREAT_SHARE, Planner, Tokens, with_tokens
from tallon.agents.reading import (
    FOCUSED,
    Piece,
    attack_tokens,
    damage_distribution,
    defense_tokens,
    engagement,
    shot,
    worth,
)
from tallon.agents.steering import STEERED
from tallon.agents.tractoring import NEXT_ROUND_SHARE
from tallon.dice import Attack, Combatant, calculate
from tallon.dice.abilities.upgrades import rook_kast
from tallon.engine.decisions import Decision
from tallon.geometry import at_range

#: The tokens offered (the decision's keys), and each as a token to add.
DEPLETE_OR_STRAIN = ("deplete", "strain")
DEPLETE, STRAIN = (("deplete", 1),), (("strain", 1),)
#: Feedback Array, as the ship's cards list it.
FEEDBACK = "feedbackarray"
#: What an ion token costs the ship, in expected damage (a 1 straight next, focus only).
ION_COST = 0.3
#: Electronic Baffle, as the ship's cards list it.
BAFFLE = "electronicbaffle"
#: Deuterium Power Cells, as the ship's cards list it.
SWAP = "deuteriumpowercells"
#: Tokens a ship is glad to hold (RR: TOKEN COLORS AND SHAPES: green, and a cloak).
WELCOME = ("focus", "evade", "calculate", "reinforce_fore", "reinforce_aft", "cloak")
#: Rook Kast (pilot and crew), as the ship's cards list him.
STRAINED_HIT = "rookkast"
#: Coaxium Hyperfuel, as the ship's cards list it.
COAXIUM = "coaxiumhyperfuel"
#: What an exposed damage card costs a ship: a critical damage's faceup effect alone.
EXPOSE_COST = CRIT_COST - DAMAGE_COST
#: Heightened Perception, as the ship's cards list it.
FIRST_SHOT = "heightenedperception"
#: The penalties other than a token that a ship may take instead of removing a green token:
#: a damage (Darth Vader, Torani Kulda), Dengar's attack die (a hit or critical on 4 faces
#: of 8 deals 1 damage).
REFUSAL_PENALTY = {"suffer": DAMAGE_COST, "roll": DAMAGE_COST / 2}
#: The ship a Jingoist's or Vonreg's prompt names: "<name> (<id>) gains which token?".
_GIVEN_TO = re.compile(r"\(([^()]+)\) gains which token")


def queue_order(decision: Decision) -> str:
    """The queued ability to resolve next (``order_abilities``): the first in the queue's
    order of the earliest kind - a token gained as the price, then free, then the ship's
    Force, tokens or energy spent (a card's own charges are its own: free here)."""
    def kind(option: Any) -> int:
        cost = (option.info or {}).get("cost") or {}
        if cost.get("force") or cost.get("tokens") or cost.get("energy"):
            return 2
        return 0 if cost.get("gain") else 1

    return min(decision.options, key=kind).key


def token_choice(planner: Planner, decision: Decision) -> str | None:
    """The token to gain or give (None: not this decision's kind of choice)."""
    keys = decision.option_keys()
    if sorted(keys) != list(DEPLETE_OR_STRAIN):
        return None
    found = _GIVEN_TO.search(decision.prompt)
    ship = planner.by_id.get(found.group(1) if found else decision.ship or "")
    if ship is None:
        return None
    if ship.owner == planner.player:
        return min(DEPLETE_OR_STRAIN, key=lambda token: token_cost(planner, ship, token))
    return min(DEPLETE_OR_STRAIN, key=lambda token: _enemy_score(planner, ship, token))


def feedback_choice(planner: Planner, decision: Decision) -> str | None:
    """Feedback Array: before engaging, every other ship at range 0 suffers 1 damage for
    an ion and a disarm token: used when the enemies hit, less our ships hit, outweigh
    the ship's own shot and the ion; None when the decision offers something else."""
    option = next((o for o in decision.options if o.key != "decline"), None)
    ship = planner.by_id.get(decision.ship or "")
    if ability_card(decision) != FEEDBACK or option is None or ship is None:
        return None
    table = planner.table
    me = table.ship(ship.id)
    dealt = sum(1.0 if other.owner != planner.player else -1.0 for other in planner.pieces
                if other.id != ship.id and at_range(me, table.ship(other.id), 0))
    attack, guard = planner.held_tokens(ship)
    shot_worth = planner.offense(ship, ship.pose, attack, guard)
    return option.key if dealt > shot_worth + ION_COST else "decline"


def _enemy_score(planner: Planner, enemy: Piece, token: str) -> float:
    """How the enemy's place looks to its side with ``token``: its best shot at our ships
    (only a share of it once it has engaged: the token waits for next round's) less ours
    at it, in full: the token is given just before the giver's own shot (ISB Jingoist:
    before it engages), which is the enemy's next defense."""
    attack = with_tokens(FOCUSED, DEPLETE) if token == "deplete" else FOCUSED
    guard = with_tokens(FOCUSED, STRAIN) if token == "strain" else FOCUSED
    offense, threat, _, _ = engagement(enemy.size, enemy.pose,
                                       planner.our_opponents(enemy, attack, guard))
    if enemy.raw.get("engaged"):
        offense *= NEXT_ROUND_SHARE
    return offense - threat


def ability_card(decision: Decision) -> str | None:
    """The card whose ability ``decision`` offers (its options name it), if any."""
    for option in decision.options:
        if option.info and "card" in option.info:
            return str(option.info["card"])
    return None


def baffle_choice(planner: Planner, decision: Decision) -> str | None:
    """Electronic Baffle (End Phase: suffer 1 damage to remove 1 red token): the token
    that costs the ship most is removed when it costs more than the damage; a ship the
    damage would destroy keeps it. None when the decision offers another card's ability."""
    ship = planner.by_id.get(decision.ship or "")
    if ability_card(decision) != BAFFLE or ship is None:
        return None
    if ship.health <= 1:
        return "decline"
    costs = {key: token_cost(planner, ship, key) for key in decision.option_keys()
             if key != "decline"}
    if not costs:
        return "decline"
    worst = max(costs, key=costs.__getitem__)
    return worst if costs[worst] > DAMAGE_COST else "decline"


def token_cost(planner: Planner, ship: Piece, token: str) -> float:
    """What gaining (or keeping) 1 ``token`` costs ``ship`` where it stands, in expected
    damage: a stress token what the planner charges for one (every ship has a blue
    maneuver to shed it with); a strain, deplete or tractor token the die it takes from the
    next defense or attack (a tractor move is not weighed); an ion token :data:`ION_COST`;
    a disarm token the shot it has yet to make this round; a jam token the focus it takes;
    a token the ship is glad of (:data:`WELCOME`) less than nothing, and any other (an
    enemy's lock on it) nothing."""
    if token in WELCOME:
        return -STRESS_COST
    if token == "stress":
        return STRESS_COST
    if token == "ion":
        return ION_COST
    attack, guard = planner.held_tokens(ship)
    if token == "disarm":
        return 0.0 if ship.raw.get("engaged") else planner.offense(ship, ship.pose, attack,
                                                                   guard)
    if token == "jam":
        after = (tuple(t for t in attack if t[0] != "focus"),
                 tuple(t for t in guard if t[0] != "focus"))
    elif token == "deplete":
        after = (with_tokens(attack, DEPLETE), guard)
    elif token in ("strain", "tractor"):
        after = (attack, with_tokens(guard, STRAIN))  # one defense die fewer, as a strain
    else:
        return 0.0
    return _standing_lost(planner, ship, (attack, guard), after)


def token_loss(planner: Planner, ship: Piece, token: str) -> float:
    """What removing 1 held ``token`` costs ``ship`` where it stands, in expected damage:
    the position with it, less without it (its attack left as it is once it has engaged:
    a green token is kept for the round's defenses alone then)."""
    held = planner.held_tokens(ship)
    after_attack, after_guard = planner.held_tokens(
        ship, {**ship.tokens, token: ship.tokens.get(token, 0) - 1})
    if ship.raw.get("engaged"):
        after_attack = held[0]
    return _standing_lost(planner, ship, held, (after_attack, after_guard))


def _standing_lost(planner: Planner, ship: Piece, held: tuple[Tokens, Tokens],
                   after: tuple[Tokens, Tokens]) -> float:
    """What ``ship`` loses where it stands going from the (attack, defense) tokens
    ``held`` to those ``after``."""
    return planner.position_value(ship, ship.pose, False, *held) - \
        planner.position_value(ship, ship.pose, False, *after)


def offers_refusal(decision: Decision) -> bool:
    """Whether ``decision`` asks to remove 1 green token (``<prefix>:<token>``) or take a
    penalty the ace can price (:func:`refusal_choice`); cheap, before any planning."""
    penalties = [o for o in decision.options if ":" not in o.key]
    if len(penalties) != 1 or len(decision.options) < 2 or any(
            o.key.partition(":")[2] not in WELCOME for o in decision.options if ":" in o.key):
        return False
    penalty = penalties[0]
    return penalty.key in REFUSAL_PENALTY or (
        penalty.key == "gain" and "token" in (penalty.info or {}))


def refusal_choice(planner: Planner, decision: Decision) -> str | None:
    """"... unless it removes 1 green token" (ISB Jingoist, Asajj Ventress, Darth Vader,
    Torani Kulda, Dengar): the green token the ship can best spare (:func:`token_loss`),
    or the penalty where it costs less than every token: the token offered to gain by its
    :func:`token_cost`, a damage :data:`DAMAGE_COST`, Dengar's attack die half that (a
    hit or critical result on 4 faces of 8). None when the decision is another kind."""
    ship = planner.by_id.get(decision.ship or "")
    if ship is None or not offers_refusal(decision):
        return None
    penalty = next(o for o in decision.options if ":" not in o.key)
    if penalty.key == "gain":
        price = token_cost(planner, ship, str((penalty.info or {})["token"]))
    else:
        price = REFUSAL_PENALTY[penalty.key]
    spared = {o.key: o.key.partition(":")[2] for o in decision.options if ":" in o.key}
    costs = {key: token_loss(planner, ship, token) for key, token in spared.items()}
    best = min(costs, key=costs.__getitem__)
    return best if costs[best] <= price else penalty.key


def swap_choice(planner: Planner, decision: Decision) -> str | None:
    """Deuterium Power Cells (unstressed, about to gain 1 token other than a lock: may
    spend 1 charge to gain a stress token instead): used when the token named costs the
    ship more than a stress token; never for a token it is glad of (a focus, an evade).
    None when the decision offers another card's ability."""
    ship = planner.by_id.get(decision.ship or "")
    option = next((o for o in decision.options if o.key != "decline"), None)
    if ability_card(decision) != SWAP or ship is None or option is None or \
            not option.info or "token" not in option.info:
        return None
    cost = token_cost(planner, ship, str(option.info["token"]))
    return option.key if cost > STRESS_COST else "decline"


def first_shot_choice(planner: Planner, decision: Decision) -> str | None:
    """Heightened Perception (start of the Engagement Phase: spend 1 Force to engage at
    initiative 7): used when shooting before the enemies of higher initiative is worth
    more than the Force, all in damage on the ships where they stand. The gain: the shot
    of the one such enemy that the ship may destroy first (the chance it does, the Force
    spent), and, a share of those enemies shooting at it, the ship's own shot should they
    destroy it before it engages. The price: what the Force adds to its best shot (damage beyond
    the target's health not counted) and to its defense against those enemies (that
    share). None when the decision offers another card's ability."""
    ship = planner.by_id.get(decision.ship or "")
    if ability_card(decision) != FIRST_SHOT or ship is None:
        return None
    ruleset = planner.ruleset
    attack, guard = planner.held_tokens(ship)
    weaker, less_guarded = _one_force_less(attack), _one_force_less(guard)
    saved, price, incoming = 0.0, 0.0, [1.0]
    best_shot, best_lost = 0.0, 0.0
    for enemy in planner.enemies:
        ours = shot(ship, ship.pose, enemy.size, enemy.pose)
        kill = 0.0
        if ours is not None:
            guarded = defense_tokens(enemy.tokens, ruleset)
            dealt = _capped(ours, enemy, attack, guarded, ruleset)
            first = _capped(ours, enemy, weaker, guarded, ruleset)  # the Force spent
            if dealt[0] > best_shot:
                best_shot, best_lost = dealt[0], dealt[0] - first[0]
            kill = first[1]
        theirs = shot(enemy, enemy.pose, ship.size, ship.pose)
        if enemy.initiative <= ship.initiative or theirs is None:
            continue
        fire = attack_tokens(enemy.tokens, ship.id in enemy.raw["locks"], ruleset)
        expected, spread = damage_distribution(theirs[0], ship.agility, theirs[1], fire,
                                               guard, False, ruleset)
        incoming = _sum_of(incoming, spread)
        saved = max(saved, kill * float(expected))
        price += THREAT_SHARE * float(damage_distribution(
            theirs[0], ship.agility, theirs[1], fire, less_guarded, False, ruleset)[0]
            - expected)
    destroyed_first = sum(incoming[ship.health:])
    gain = saved + THREAT_SHARE * destroyed_first * best_shot
    use = next(k for k in decision.option_keys() if k != "decline")
    return use if gain > price + best_lost else "decline"


def _capped(fired: tuple[int, int, bool], target: Piece, tokens: Tokens, guard: Tokens,
            ruleset: str) -> tuple[float, float]:
    """The expected damage of a shot (:func:`shot`) on ``target``, what its health cannot
    take not counted, and the chance it destroys the target."""
    _, spread = damage_distribution(fired[0], target.agility, fired[1], tokens, guard,
                                    False, ruleset)
    health = target.health
    return (float(sum(min(d, health) * p for d, p in enumerate(spread))),
            float(sum(spread[health:])))


def _sum_of(first: list[float], second: tuple[Any, ...]) -> list[float]:
    """The distribution of the sum of two independent damage counts."""
    total = [0.0] * (len(first) + len(second) - 1)
    for i, p in enumerate(first):
        for j, q in enumerate(second):
            total[i + j] += p * float(q)
    return total


def _one_force_less(tokens: Tokens) -> Tokens:
    return tuple((name, n - 1) if name == "force" else (name, n) for name, n in tokens
                 if not (name == "force" and n == 1))


def strained_hit_choice(planner: Planner, decision: Decision) -> str | None:
    """Rook Kast (may gain 1 strain token; attacking while strained, may change 1 blank
    or focus result to a hit): the strain token is taken when what the change adds to the
    ship's best shot from where it stands is worth more than the defense die the token
    costs. None when the decision offers another card's ability."""
    ship = planner.by_id.get(decision.ship or "")
    if ability_card(decision) != STRAINED_HIT or ship is None:
        return None
    attack, _ = planner.held_tokens(ship)
    gain = 0.0
    for enemy in planner.enemies:
        fired = shot(ship, ship.pose, enemy.size, enemy.pose)
        if fired is not None:
            added = _strained_hit_gain(fired[0], enemy.agility, fired[1], attack,
                                       defense_tokens(enemy.tokens, planner.ruleset))
            gain = max(gain, added * worth(enemy) / worth(ship))
    use = next(k for k in decision.option_keys() if k != "decline")
    return use if gain > token_cost(planner, ship, "strain") else "decline"


@cache
def _strained_hit_gain(dice: int, agility: int, attack_range: int, attack: Tokens,
                       guard: Tokens) -> float:
    """The expected damage Rook Kast's change adds to an attack (the calculator's)."""
    defender = Combatant(agility, dict(guard))
    plain = Attack(Combatant(dice, dict(attack)), defender, attack_range=attack_range)
    strained = Attack(Combatant(dice, {**dict(attack), "strain": 1}, (rook_kast(),)),
                      defender, attack_range=attack_range)
    return float(calculate(strained).expected_damage - calculate(plain).expected_damage)


def coaxium_price(ship: Piece) -> float:
    """What Coaxium Hyperfuel's price costs ``ship``: an exposed damage card while it has
    a facedown one, else a critical damage."""
    return EXPOSE_COST if ship.raw.get("damage_facedown") else CRIT_COST


def coaxium_choice(planner: Planner, decision: Decision) -> str | None:
    """Coaxium Hyperfuel after a partially executed maneuver (may expose a damage card or
    suffer a critical damage to perform a SLAM): the SLAM, by its best maneuver judged as
    the SLAM action is, against staying where the bump left the ship (its shot kept), is
    bought, at the cheaper price offered, only where it gains more than that price. None
    when the decision offers another card's ability."""
    ship = planner.by_id.get(decision.ship or "")
    keys = decision.option_keys()
    if ability_card(decision) != COAXIUM or ship is None or "decline" not in keys:
        return None
    attack, guard = planner.held_tokens(ship)
    found = best_slam(planner, ship, slam_codes(ship), guard)
    if found is None:
        return "decline"
    gain = found[0] - planner.position_value(ship, ship.pose, False, attack, guard)
    pay = "expose" if "expose" in keys else "crit"
    price = EXPOSE_COST if pay == "expose" else CRIT_COST
    return pay if gain > price and pay in keys else "decline"


#: The cards whose price the ace weighs, and how (each returns the answer, or None when
#: the decision is not what it judges); with them those that change how a ship moves,
#: judged by flying them (:mod:`tallon.agents.steering`).
PRICED: dict[str, Callable[[Planner, Decision], str | None]] = {
    FEEDBACK: feedback_choice, BAFFLE: baffle_choice, FIRST_SHOT: first_shot_choice,
    SWAP: swap_choice, STRAINED_HIT: strained_hit_choice, COAXIUM: coaxium_choice,
    **STEERED}
