"""The ace: a heuristic agent that flies with a plan.

Maneuvers are chosen by :mod:`tallon.agents.planning` (every dial option judged against
where the enemy may go, the best flown exactly); actions by what each is worth in expected
damage dealt and avoided (the exact dice calculator, :mod:`tallon.agents.reading`),
repositions included; targets and dice by :mod:`tallon.agents.fighting`. Every other
decision has a default that serves the player: optional abilities are used, aimed at
enemies when they name ships, paid for where the price is weighed
(:mod:`tallon.agents.paying`), the damage card chosen by what it costs the ship dealt it,
and setup places obstacles in the middle of the table and
ships together, in clear lanes, beside rather than in front of the enemy. In a scenario
the planner adds what each position's objectives are worth, a scenario action with a
feature in reach beats any token, and features are placed as the simple agent does.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from tallon.agents.deployment import obstacle_spot, ship_spot
from tallon.agents.disarming import DISARMING, best_slam, decloak_plan
from tallon.agents.fighting import (
    calculator_option,
    choose_target,
    damage_card_choice,
    homing_choice,
    solver_choice,
)
from tallon.agents.huge import resupply
from tallon.agents.missions_1e import mission_plan, mission_target
from tallon.agents.objectives import cache_handover, in_reach
from tallon.agents.opponent import OpponentModel
from tallon.agents.paying import (
    COAXIUM,
    PRICED,
    ability_card,
    coaxium_price,
    offers_refusal,
    queue_order,
    refusal_choice,
    token_choice,
)
from tallon.agents.planning import STRESS_COST, Planner, unstressed_codes, with_tokens
from tallon.agents.reading import Piece, defense_tokens, roll_offsets, shot
from tallon.agents.simple import SimpleAgent
from tallon.agents.steering import STEERED, spoils_maneuver
from tallon.agents.tractoring import tractor_move, tractor_rotate
from tallon.agents.turrets import ROTATING, rotate_choice, turret_choice
from tallon.engine.decisions import Decision, Value
from tallon.engine.view import ship_of_view
from tallon.geometry import barrel_roll, boost

#: Actions judged by the tokens they give: (attack tokens, defense tokens) added.
TOKEN_ACTIONS = {
    "focus": ((("focus", 1),), (("focus", 1),)),
    "calculate": ((("calculate", 1),), (("calculate", 1),)),
    "evade": ((), (("evade", 1),)),
    "reinforce": ((), (("reinforce", 1),)),
    "lock": ((("lock", 1),), ()),
}
#: What a token is worth beyond the attacks foreseen now (ships move after us, and a
#: token is kept for the round), in expected damage.
TOKEN_FLOOR = {"focus": 0.12, "calculate": 0.08, "evade": 0.1, "reinforce": 0.06,
               "lock": 0.1}
#: Other actions: a small value of their own when nothing better is offered.
OTHER_ACTIONS = {"coordinate": 0.3, "jam": 0.15, "rotate": 0.1, "reload": 0.2}
#: A scenario action (tow, scramble) with a feature worth it in reach: it scores a mission
#: point every round from now on, worth more than any token.
SCENARIO_ACTION = 3.0
#: How a configuration's flip to its closed side is labelled (S-foils, a pivot wing).
CLOSING = "close the "
#: Repulsorlift Stabilizers, as the ship's cards list them, and how their flip to the
#: active side is labelled.
STABILIZERS = "repulsorliftstabilizers"
SIDESLIPPING = "flip this card (Active)"
#: Beyond this distance (mm, centre to centre) of every enemy's foreseen position, a
#: barrel roll or boost is not weighed: it can change no shot this round.
NEAR = 450.0


def _red(label: str) -> bool:
    return label.startswith(("red", "purple"))


class AceAgent(SimpleAgent):
    """See the module docstring. What it does not judge itself (rare card questions, a
    dice option the calculator does not model) it answers as the simple agent does."""

    def __init__(self, seed: int = 0, *, model_opponent: bool = False) -> None:
        super().__init__(seed)
        #: with ``model_opponent``: the enemy's moves predicted as an ace in its seat
        #: would plan them, weighed by how often that proved right (the master's)
        self.opponent = OpponentModel(seed) if model_opponent else None
        self._memory: dict[Any, Any] = {}
        #: a reposition chosen with its action: (ship, kind, direction, position)
        self._reposition: tuple[str, str, str, str] | None = None
        #: the best place each repositioning action offered last could reach
        self._repositions: dict[str, tuple[float, str, str]] = {}
        #: the dials planned for the round: (round, ship) -> maneuver
        self._dials: dict[tuple[int, str], str] = {}

    # ------------------------------------------------------------------ the table
    def planner(self, view: dict[str, Any]) -> Planner:
        """A planner of ``view``; each enemy's likely moves are foreseen once a round (and
        again if it was moved before its activation)."""
        planner = Planner(view, view["player"], self._round_memory(view))
        if self.opponent is not None:
            self.opponent.inform(planner, view)
        return planner

    def _round_memory(self, view: dict[str, Any]) -> dict[Any, Any]:
        """What the planners of this round share (the enemies foreseen): new each round."""
        if self._memory.get("round") != view["round"]:
            self._memory = {"round": view["round"]}
        return self._memory

    # ------------------------------------------------------------------ setup
    def _place_obstacle(self, view: dict[str, Any], decision: Decision) -> Value:
        return obstacle_spot(view, decision, self.rng)

    def _place_ship(self, view: dict[str, Any], decision: Decision) -> Value:
        return ship_spot(view, decision, self.rng)

    # ------------------------------------------------------------------ maneuvers
    def _set_dial(self, view: dict[str, Any], decision: Decision) -> Value:
        """Every ship's dial is planned together, in the order they will move, so that
        each is flown past where the ships before it will be."""
        ship_id = decision.ship or ""
        me = ship_of_view(view, ship_id) or {}
        if mission_plan(view, me) is not None:  # a first-edition mission's objective
            return super()._set_dial(view, decision)
        key = (view["round"], ship_id)
        if key not in self._dials:
            self._plan_dials(view, decision)
        code = self._dials.pop(key, None)
        return code if code in decision.option_keys() else self._one_maneuver(view,
                                                                               decision)

    def _plan_dials(self, view: dict[str, Any], decision: Decision) -> None:
        def codes_for(ship: Piece) -> list[str]:
            if ship.id == decision.ship:
                return decision.option_keys()
            code = ship.set_code
            return [code] if code is not None else unstressed_codes(ship)  # set: as set

        plan = self.planner(view).plan_dials(codes_for, self.rng)
        self._dials = {(view["round"], ship_id): code for ship_id, (code, _) in plan.items()}

    def _one_maneuver(self, view: dict[str, Any], decision: Decision) -> Value:
        return self.planner(view).best_maneuver(decision.ship or "", decision.option_keys(),
                                                self.rng)[0]

    def _choose_maneuver(self, view: dict[str, Any], decision: Decision) -> Value:
        return self._one_maneuver(view, decision)

    def _slam_maneuver(self, view: dict[str, Any], decision: Decision) -> Value:
        """The SLAM judged as its action was (:func:`~tallon.agents.disarming.best_slam`),
        among the maneuvers offered (a card may change their speed)."""
        planner = self.planner(view)
        ship = planner.by_id.get(decision.ship or "")
        found = None if ship is None else best_slam(
            planner, ship, decision.option_keys(), defense_tokens(ship.tokens, planner.ruleset))
        return found[1] if found is not None else self._one_maneuver(view, decision)

    def _decloak(self, view: dict[str, Any], decision: Decision) -> Value:
        planner = self.planner(view)
        ship = planner.by_id.get(decision.ship or "")
        if ship is None:
            return "pass"
        key, position = decloak_plan(planner, ship, decision.option_keys())
        if position is not None:  # placed as a planned barrel roll is
            self._reposition = (ship.id, "barrel_roll", key, position)
        return key

    def _tallon_position(self, view: dict[str, Any], decision: Decision) -> Value:
        keys = decision.option_keys()
        return "middle" if "middle" in keys else keys[0]

    # ------------------------------------------------------------------ actions
    def _action_values(self, view: dict[str, Any], ship_id: str, decision: Decision,
                       best_only: bool = False) -> dict[str, float]:
        """What each offered action is worth to the ship now, in expected damage.
        ``best_only``: only the best worth taking matters (:meth:`_best_action`), so a
        barrel roll that cannot beat the rest is left out unmeasured (see
        :meth:`_rolls_that_could_win`)."""
        planner = self.planner(view)
        ship = planner.by_id.get(ship_id)
        if ship is None:
            return {}
        attack, guard = planner.held_tokens(ship)
        locked = any(name == "lock" for name, _ in attack)  # an enemy locked already
        now = planner.position_value(ship, ship.pose, False, attack, guard)
        near = any(math.hypot(pose.x - ship.pose.x, pose.y - ship.pose.y) < NEAR
                   for places in planner.foresight.values() for pose, _ in places)
        values: dict[str, float] = {}
        self._repositions = {}
        rolls: list[tuple[str, float]] = []  # (key, cost): barrel rolls weighed last
        for option in decision.options:
            kind = option.key.split(":")[0]
            cost = STRESS_COST if _red(option.label) else 0.0
            if kind == "slam" and ship.stressed and COAXIUM in ship.raw["stats"]["upgrades"]:
                cost += coaxium_price(ship)  # a SLAM while stressed pays its price
            if kind in TOKEN_ACTIONS:
                more_attack, more_guard = TOKEN_ACTIONS[kind]
                if kind == "lock" and (locked or not self._lock_target_for(planner, ship)):
                    continue
                value = planner.position_value(ship, ship.pose, False,
                                               with_tokens(attack, more_attack),
                                               with_tokens(guard, more_guard)) - now
                value += TOKEN_FLOOR[kind]
            elif kind in ("barrel_roll", "boost"):
                if not near:
                    continue  # far from every enemy a sidestep changes nothing
                if best_only and kind == "barrel_roll":
                    rolls.append((option.key, cost))
                    values[option.key] = -math.inf  # holds its place in the order (ties)
                    continue
                found = self._repositions.get(kind) or \
                    self._best_reposition(planner, ship, kind, attack, guard)
                if found is None:
                    continue
                self._repositions[kind] = found
                value = found[0] - now
            elif kind in DISARMING:
                gain = DISARMING[kind](planner, ship, attack, guard)
                if gain is None:
                    continue
                value = gain
            elif kind in OTHER_ACTIONS:
                value = OTHER_ACTIONS[kind]
            elif kind in ("tow", "scramble"):
                if not in_reach(view, ship_id):
                    continue  # nothing worth it at range 0-1: the action would fail
                value = SCENARIO_ACTION
            else:
                continue
            values[option.key] = value - cost
        if rolls:
            self._rolls_that_could_win(planner, ship, attack, guard, now, rolls, values)
        return values

    def _rolls_that_could_win(self, planner: Planner, ship: Piece,
                              attack: tuple[tuple[str, int], ...],
                              guard: tuple[tuple[str, int], ...], now: float,
                              rolls: list[tuple[str, float]], values: dict[str, float]
                              ) -> None:
        """Give the barrel rolls of ``rolls`` (key, cost) that could be the best action
        worth taking their values in ``values`` (every other action's there already), and
        drop the rest. A roll is worth at most the best of its places judged before
        measuring (:meth:`_roll_places`, best first), so measuring stops at the first place
        worth less than the best action so far, or nothing: a roll that could not win is
        never measured, one that wins is measured as :meth:`_best_roll` would (the same
        place and value). Measuring was most of an action decision's time, and the ace
        rolls in fewer than one decision in ten it could."""
        judged: list[tuple[float, int, str, str]] | None = None
        for key, cost in rolls:
            found = self._repositions.get("barrel_roll")
            if found is None:
                # at or above the best of the rest (of equals the first in the order wins,
                # so one that could tie is measured) and worth taking; the rolls not
                # weighed yet hold -inf
                beat = max((v for k, v in values.items() if k != key), default=-math.inf)

                def could_win(value: float, cost: float = cost, beat: float = beat) -> bool:
                    worth = value - now - cost
                    return worth >= beat and worth > 0.0

                if judged is None:
                    judged = self._roll_places(planner, ship, attack, guard)
                found = self._measure_roll(planner, ship, judged, could_win)
                if found is None:
                    del values[key]
                    continue
                self._repositions["barrel_roll"] = found
            values[key] = found[0] - now - cost  # in its place: the options' order kept

    def _best_action(self, view: dict[str, Any], ship_id: str, decision: Decision,
                     refuse: str) -> Value:
        values = self._action_values(view, ship_id, decision, best_only=True)
        if not values:
            return refuse
        best = max(values, key=lambda k: values[k])
        if values[best] <= 0.0:
            return refuse
        kind = best.split(":")[0]
        found = self._repositions.get(kind)
        if found is not None:
            self._reposition = (ship_id, kind, found[1], found[2])
        return best

    def _best_reposition(self, planner: Planner, ship: Piece, kind: str,
                         attack: tuple[tuple[str, int], ...],
                         guard: tuple[tuple[str, int], ...]
                         ) -> tuple[float, str, str] | None:
        """The best place a barrel roll or boost can put the ship: (value, direction,
        position)."""
        if kind == "barrel_roll":
            return self._best_roll(planner, ship, attack, guard)
        best: tuple[float, str, str] | None = None
        for direction in ("left", "straight", "right"):
            try:
                found = boost(planner.table, ship.id, direction)
            except ValueError:
                continue
            if found.fails() or spoils_maneuver(planner, ship, found.final):
                continue
            value = planner.position_value(ship, found.final, False, attack, guard)
            if best is None or value > best[0]:
                best = (value, direction, "")
        return best

    @staticmethod
    def _best_roll(planner: Planner, ship: Piece, attack: tuple[tuple[str, int], ...],
                   guard: tuple[tuple[str, int], ...]) -> tuple[float, str, str] | None:
        """:meth:`_best_reposition` for a barrel roll. Where a roll puts the ship depends
        on nothing but its base (the geometry's own offsets), whether it fails on the rest
        of the table: every place is judged first, and only the best are measured on the
        table until one does not fail - the place measuring all six in order would pick,
        with about two measured instead of six (measuring was most of this decision's
        time)."""
        return AceAgent._measure_roll(planner, ship,
                                      AceAgent._roll_places(planner, ship, attack, guard),
                                      lambda value: True)

    @staticmethod
    def _roll_places(planner: Planner, ship: Piece, attack: tuple[tuple[str, int], ...],
                     guard: tuple[tuple[str, int], ...]
                     ) -> list[tuple[float, int, str, str]]:
        """Every place a barrel roll can put the ship, judged as if nothing were in the
        way: (value, order, side, position), best first (of equals the first in order)."""
        if ship.length:
            return []  # a huge ship never rolls (RR: APPENDIX: HUGE SHIPS)
        judged: list[tuple[float, int, str, str]] = []
        for side, position, right, forward in roll_offsets(ship.size):
            end = ship.pose.moved(right, forward)
            judged.append((planner.position_value(ship, end, False, attack, guard),
                           len(judged), side, position))
        judged.sort(key=lambda item: (-item[0], item[1]))
        return judged

    @staticmethod
    def _measure_roll(planner: Planner, ship: Piece,
                      judged: list[tuple[float, int, str, str]],
                      could_win: Callable[[float], bool]) -> tuple[float, str, str] | None:
        """The first of the ``judged`` places (best first) that does not fail on the table
        (RR: BARREL ROLL): (value, side, position); None if all fail, or once the places
        left are worth too little for ``could_win`` (no later one is worth more)."""
        for value, _, side, position in judged:
            if not could_win(value):
                return None
            try:
                found = barrel_roll(planner.table, ship.id, side, position)
            except ValueError:
                continue
            if not found.fails() and not spoils_maneuver(planner, ship, found.final):
                return value, side, position
        return None

    @staticmethod
    def _lock_target_for(planner: Planner, ship: Piece) -> str | None:
        """The enemy most worth a lock: the best shot from where the ship stands."""
        best, best_value = None, 0.0
        for enemy in planner.enemies:
            for pose, weight in planner.foresight.get(enemy.id, ((enemy.pose, 1.0),)):
                attack = shot(ship, ship.pose, enemy.size, pose)
                if attack is not None and weight * attack[0] > best_value:
                    best, best_value = enemy.id, weight * attack[0]
        return best

    def _perform_action(self, view: dict[str, Any], decision: Decision) -> Value:
        return self._best_action(view, decision.ship or "", decision, "pass")

    def _linked_action(self, view: dict[str, Any], decision: Decision) -> Value:
        return self._best_action(view, decision.ship or "", decision, "decline")

    def _use_ability(self, view: dict[str, Any], decision: Decision) -> Value:
        """Optional abilities are used: an offered action when it is worth its cost, an
        ability aimed at objects at an enemy (or a friend, if only friends are named)."""
        keys = decision.option_keys()
        card = ability_card(decision)
        judge = PRICED.get(card or "")
        # "... unless it removes 1 green token", or a must (a move's judge chooses one)
        if "decline" not in keys and card not in STEERED:
            return refusal_choice(self.planner(view), decision) \
                if offers_refusal(decision) else None
        if any(o.label.startswith(CLOSING) for o in decision.options) or (
                card == STABILIZERS and any(o.label == SIDESLIPPING
                                            for o in decision.options)):
            # a configuration's closed side costs a die: it stays open; active repulsorlift
            # stabilizers turn the banks and turns its dial plan flies into sideslips
            return "decline"
        if judge is not None:
            return judge(self.planner(view), decision)
        found = None
        if any(o.label.startswith(ROTATING) for o in decision.options):
            found = turret_choice(self.planner(view), decision)
        if found is None:
            found = resupply(decision)
        if found is None:
            found = cache_handover(view, decision)
        if found is not None:
            return found
        if any(k.split(":")[0] in TOKEN_ACTIONS or k in ("barrel_roll", "boost")
               for k in keys):
            return self._best_action(view, decision.ship or "", decision, "decline")
        owners = {s["id"]: s["owner"] for s in (*view["ships"], *view.get("remotes", ()))}
        named = [k for k in keys if k != "decline" and k in owners]
        if named:
            enemies = [k for k in named if owners[k] != view["player"]]
            return enemies[0] if enemies else named[0]
        return next(k for k in keys if k != "decline")

    def _upgrade_side(self, view: dict[str, Any], decision: Decision) -> Value:
        """A configuration starts open (S-foils, a pivot wing: their closed side costs a
        die); any other two-sided card as printed."""
        return next((o.key for o in decision.options if "(Open)" in o.label), None)

    def _replacement(self, view: dict[str, Any], decision: Decision) -> Value:
        judge = PRICED.get(ability_card(decision) or "")
        if judge is not None:
            return judge(self.planner(view), decision)
        keys = decision.option_keys()
        return next((k for k in keys if k != "decline"), keys[0])

    def _barrel_roll_direction(self, view: dict[str, Any], decision: Decision) -> Value:
        plan = self._reposition
        # a card may offer other templates than the planned straight one (bank rolls)
        if plan is not None and plan[0] == decision.ship and plan[1] == "barrel_roll" \
                and plan[2] in decision.option_keys():
            return plan[2]
        return None

    def _barrel_roll_position(self, view: dict[str, Any], decision: Decision) -> Value:
        plan = self._reposition
        keys = decision.option_keys()
        if plan is not None and plan[0] == decision.ship and plan[3] in keys:
            self._reposition = None
            return plan[3]
        return "middle" if "middle" in keys else keys[0]

    _decloak_position = _barrel_roll_position

    def _boost_direction(self, view: dict[str, Any], decision: Decision) -> Value:
        plan = self._reposition
        keys = decision.option_keys()
        if plan is not None and plan[0] == decision.ship and plan[1] == "boost":
            self._reposition = None
            if plan[2] in keys:
                return plan[2]
        # a ruleset may offer only the templates that place the ship (1e): no straight
        return "straight" if "straight" in keys else keys[0]

    def _lock_target(self, view: dict[str, Any], decision: Decision) -> Value:
        planner = self.planner(view)
        ship = planner.by_id.get(decision.ship or "")
        keys = decision.option_keys()
        if ship is not None:
            target = self._lock_target_for(planner, ship)
            if target in keys:
                return target
        owners = {s["id"]: s["owner"] for s in view["ships"]}
        enemies = [k for k in keys if owners.get(k, view["player"]) != view["player"]]
        return enemies[0] if enemies else keys[0]

    def _reinforce_side(self, view: dict[str, Any], decision: Decision) -> Value:
        planner = self.planner(view)
        ship = planner.by_id.get(decision.ship or "")
        if ship is None:
            return None
        ahead = 0.0
        for enemy in planner.enemies:
            for pose, weight in planner.foresight.get(enemy.id, ((enemy.pose, 1.0),)):
                forward = (pose.x - ship.pose.x) * math.sin(math.radians(ship.pose.heading)) \
                    + (pose.y - ship.pose.y) * math.cos(math.radians(ship.pose.heading))
                if shot(enemy, pose, ship.size, ship.pose) is not None:
                    ahead += weight if forward >= 0 else -weight
        return "fore" if ahead >= 0 else "aft"

    def _rotate_arc(self, view: dict[str, Any], decision: Decision) -> Value:
        """Point the turret at the nearest enemy."""
        return rotate_choice(self.planner(view), decision)

    def _jam_target(self, view: dict[str, Any], decision: Decision) -> Value:
        ships = {s["id"]: s for s in view["ships"]}
        return max(decision.option_keys(),
                   key=lambda k: sum(ships[k]["tokens"].get(t, 0) for t in
                                     ("focus", "evade", "calculate")) if k in ships else 0)

    def _tractor_move(self, view: dict[str, Any], decision: Decision) -> Value:
        return tractor_move(self.planner(view), decision.ship or "", decision.option_keys())

    def _tractor_rotate(self, view: dict[str, Any], decision: Decision) -> Value:
        return tractor_rotate(self.planner(view), decision.ship or "",
                              decision.option_keys())

    def _homing_choice(self, view: dict[str, Any], decision: Decision) -> Value:
        return homing_choice(view, decision)

    def _jingoist_token(self, view: dict[str, Any], decision: Decision) -> Value:
        return token_choice(self.planner(view), decision)

    def _order_abilities(self, view: dict[str, Any], decision: Decision) -> Value:
        return queue_order(decision)

    def _jingoist_refusal(self, view: dict[str, Any], decision: Decision) -> Value:
        return refusal_choice(self.planner(view), decision)

    def _maarek_damage_card(self, view: dict[str, Any], decision: Decision) -> Value:
        return damage_card_choice(view, decision)

    def _jam_effect(self, view: dict[str, Any], decision: Decision) -> Value:
        keys = decision.option_keys()
        for wanted in ("focus", "evade", "calculate", "lock"):
            for key in keys:
                if wanted in key:
                    return key
        return keys[0]

    # ------------------------------------------------------------------ combat
    def _declare_attack(self, view: dict[str, Any], decision: Decision) -> Value:
        return mission_target(view, decision) or choose_target(view, decision)

    def _bonus_attack(self, view: dict[str, Any], decision: Decision) -> Value:
        return choose_target(view, decision)

    def _modify_attack_dice(self, view: dict[str, Any], decision: Decision) -> Value:
        return self._step_gift(view, decision, "attack") or solver_choice(view, decision) \
            or super()._modify_attack_dice(view, decision)

    def _modify_defense_dice(self, view: dict[str, Any], decision: Decision) -> Value:
        return self._step_gift(view, decision, "defense") or solver_choice(view, decision) \
            or super()._modify_defense_dice(view, decision)

    @staticmethod
    def _step_gift(view: dict[str, Any], decision: Decision, kind: str) -> Value | None:
        """A card's step action that gives the ship modifying dice a token (Hera Syndulla's
        transfer), taken when the calculator, shown the ship holding that token, would
        spend it on these dice now and would choose otherwise without it."""
        user = decision.ship or ""
        gifts = [(o.key, g) for o in decision.options
                 if isinstance(g := (o.info or {}).get("gives"), dict) and g.get("ship") == user]
        if not gifts:
            return None
        known, now = calculator_option(view, kind, user)
        for key, gives in gifts:
            richer = _given(view, gives)
            if richer is None:
                continue
            seen, then = calculator_option(richer, kind, user)
            if not seen or then is None or not any(n == gives["token"] for n, _ in then.spend):
                continue
            if not known or now is None or now.ops != then.ops or now.spend != then.spend:
                return key
        return None

    def _cancel_defense_results(self, view: dict[str, Any], decision: Decision) -> Value:
        """The attacker cancels an evade when some hit is still uncanceled by them."""
        attack = view["attack"]
        hits = sum(1 for f in attack["attack_dice"] or () if f in ("hit", "crit"))
        evades = sum(1 for f in attack["defense_dice"] or () if f == "evade")
        keys = decision.option_keys()
        if evades and hits:
            return next((k for k in keys if k != "done"), keys[0])
        return "done" if "done" in keys else keys[0]

    def _cancel_attack_results(self, view: dict[str, Any], decision: Decision) -> Value:
        keys = decision.option_keys()
        return next((k for k in keys if k != "done"), keys[0])


def _given(view: dict[str, Any], gives: dict[str, Any]) -> dict[str, Any] | None:
    """A copy of ``view`` in which the ship ``gives["ship"]`` holds one more of the token
    given (a lock: on ``gives["target"]``); None if nothing the calculator models changes."""
    attack = view.get("attack")
    token, target = gives.get("token"), gives.get("target")
    if attack is None or token not in ("focus", "evade", "lock", "calculate"):
        return None
    ships = [dict(s) for s in view["ships"]]
    by_id = {s["id"]: s for s in ships}
    receiver = by_id.get(gives.get("ship", ""))
    if receiver is None:
        return None
    if token == "lock":
        if target != attack["defender"] or receiver["id"] != attack["attacker"] \
                or target not in by_id:
            return None
        receiver["locks"] = [*receiver["locks"], target]
    else:
        receiver["tokens"] = {**receiver["tokens"],
                              token: receiver["tokens"].get(token, 0) + 1}
    return {**view, "ships": ships}


__all__ = ["AceAgent"]
