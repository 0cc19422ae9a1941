"""A simple agent: flies towards the enemy, keeping clear of obstacles, bumps and the edge
of the table, and takes the obvious action.

It previews each maneuver on the table as its player sees it (other ships where they are
now) and scores where the ship would end. In a scenario it also weighs the objectives
(:mod:`tallon.agents.objectives`): it flies towards them, tows a supply cache or scrambles
a satellite in reach, and keeps its cache.
"""

from __future__ import annotations

import math
import random
import re
from typing import Any

from tallon.agents.huge import (
    deploy_side,
    flight_cost,
    fly,
    heading_out,
    huge_edge_gap,
    huge_lane_penalty,
    huge_placements,
    is_huge,
    place_picked_up,
    resupply,
    turn_picked_up,
    view_ship,
)
from tallon.agents.missions_1e import mission_action, mission_plan, mission_target
from tallon.agents.objectives import (
    Aim,
    Objectives,
    deployment_pull,
    jettison,
    place_feature,
    scenario_action,
    scenario_target,
)
from tallon.agents.placing import (
    card_placement,
    concussion_choice,
    device_choice,
    device_target,
    dock_or_deploy,
    place_remote,
    reload_choice,
    relocate_remote,
    start_docked,
)
from tallon.agents.reading import view_health
from tallon.dice.attack import DICE_RULES
from tallon.engine.decisions import Decision, Value
from tallon.engine.view import ship_of_view
from tallon.geometry import (
    Arc,
    Device,
    Maneuver,
    Obstacle,
    Pose,
    Table,
    TemplateKind,
    execute_maneuver,
    in_arc,
    object_distance,
)

ACTION_PREFERENCE = ("lock", "focus", "calculate", "evade", "reinforce")
EDGE_MARGIN = 70.0
#: How near (centre to centre, mm) an enemy must be for a cloaked ship to decloak: range 3
#: and a move's worth beyond it
DECLOAK_REACH = 450.0
#: A maneuver's score for each mission point a round its end gains in a scenario, and
#: against each range band it leaves the ship short of the nearest objective.
OBJECTIVE_POINT = 22.0
OBJECTIVE_PULL = 6.0
#: The simple agent's points per expected damage, for what a huge ship's move costs.
HUGE_POINTS = 10.0


def table_from_view(view: dict[str, Any]) -> Table:
    """The public table of a player's view, as geometry."""
    ships = tuple(view_ship(s) for s in view["ships"] if "pose" in s and not s["removed"])
    obstacles, remotes = features_from_view(view)
    return Table(ships=ships, obstacles=obstacles, devices=remotes)


def features_from_view(view: dict[str, Any]
                       ) -> tuple[tuple[Obstacle, ...], tuple[Device, ...]]:
    """The obstacles and the remotes of a player's view, as geometry."""
    obstacles = tuple(Obstacle(o["id"], Pose(o["x"], o["y"], o["rotation"]), o["outline"])
                      for o in view["obstacles"])
    remotes = tuple(
        Device(r["id"], Pose(r["pose"]["x"], r["pose"]["y"], r["pose"]["heading"]),
               r["outline"])
        for r in view.get("remotes", ()) if "pose" in r and not r["removed"]
    )
    return obstacles, remotes


#: words in an ability's prompt that say it costs the friendly ship it is aimed at something
_HARM = re.compile(r"\b(damage|suffers?|stress|strain|ion|disarm|jam|deplete|tractor)\b")


class SimpleAgent:
    """See the module docstring."""

    needs_view = True

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def wants_view(self, decision: Decision) -> bool:
        """A kind without a handler of its own is answered with its first option, blind
        (the engine lists the usual order first: activation, engagement, abilities)."""
        return hasattr(self, f"_{decision.kind}")

    def choose(self, view: dict[str, Any], decision: Decision) -> Value:
        handler = getattr(self, f"_{decision.kind}", None)
        if handler is not None:
            value = handler(view, decision)
            if value is not None:
                return value
        return decision.options[0].key

    # ------------------------------------------------------------------ setup
    def _place_obstacle(self, view: dict[str, Any], decision: Decision) -> Value:
        return self.rng.choice(decision.options).key

    def _place_ship(self, view: dict[str, Any], decision: Decision) -> Value:
        placed = [s["pose"]["x"] for s in view["ships"]
                  if "pose" in s and s["owner"] == view["player"]]

        def spread(option: Any) -> float:
            x = option.info["x"]
            crowding = sum(1.0 / (1.0 + abs(x - p)) for p in placed)
            return abs(x - 457.2) / 400.0 + crowding * 50.0 + \
                deployment_pull(view, x) / 1000.0 + huge_lane_penalty(view, x)

        return min(huge_placements(view, decision) or decision.options, key=spread).key

    # --------------------------------------------------------------- maneuvers
    def _set_dial(self, view: dict[str, Any], decision: Decision) -> Value:
        table = table_from_view(view)
        me = next(s for s in view["ships"] if s["id"] == decision.ship)
        enemies = [s["id"] for s in view["ships"]
                   if s["owner"] != me["owner"] and "pose" in s and not s["removed"]]
        aims = self._aims(view, me)
        plan = mission_plan(view, me)  # a first-edition mission's objective
        scored = []
        for option in decision.options:
            score = self._score(table, me["id"], option.key, enemies, me, aims=aims)
            if plan is not None:
                score += plan.bonus(table, me["id"], option.key)
            scored.append((score + self.rng.random() * 0.01, option.key))
        return max(scored)[1]

    def _maneuver_template(self, view: dict[str, Any], decision: Decision) -> Value:
        """A card lets the ship fly its maneuver on another template: the one whose end
        scores best, as a dial is chosen."""
        table = table_from_view(view)
        me = next(s for s in view["ships"] if s["id"] == decision.ship)
        enemies = [s["id"] for s in view["ships"]
                   if s["owner"] != me["owner"] and "pose" in s and not s["removed"]]
        aims = self._aims(view, me)
        return max(decision.options, key=lambda o: self._score(
            table, me["id"], o.facts["maneuver"], enemies, me, TemplateKind(o.key),
            aims)).key

    @staticmethod
    def _aims(view: dict[str, Any], me: dict[str, Any]
              ) -> tuple[Objectives, list[Aim]] | None:
        """The scenario's objectives for the ship ``me``, the other ships where they are
        now; None without a scenario."""
        objectives = Objectives(view, view["player"])
        if not objectives.active:
            return None
        friends, enemies = [], []
        for s in view["ships"]:
            if "pose" not in s or s["removed"] or s["destroyed"] or s["id"] == me["id"]:
                continue
            pose = Pose(s["pose"]["x"], s["pose"]["y"], s["pose"]["heading"])
            if s["owner"] == me["owner"]:
                friends.append((s["size"], pose, not s["activated"]))
            else:
                enemies.append((s["size"], pose))
        return objectives, objectives.aims(me["id"], me["size"], friends, enemies)

    def _score(self, table: Table, ship_id: str, code: str, enemies: list[str],
               me: dict[str, Any], template: TemplateKind | None = None,
               aims: tuple[Objectives, list[Aim]] | None = None) -> float:
        if is_huge(me):
            found = self._huge_score(table, ship_id, code, enemies, me)
            if found is None:
                return -1000.0
            score, final, can_act, edge = found
        else:
            maneuver = Maneuver.parse(code)
            outcome = execute_maneuver(table, ship_id, maneuver, template=template)
            if outcome.fled:
                return -1000.0
            score = 0.0
            if outcome.partial:
                score -= 30.0
            score -= 25.0 * len(outcome.hazards)
            score -= 15.0 * len(outcome.overlapping)
            difficulty = maneuver.difficulty.value if maneuver.difficulty else "W"
            stressed = me["tokens"].get("stress", 0) > 0
            if difficulty == "R":
                score -= 8.0
            elif difficulty == "B" and stressed:
                score += 10.0
            final = outcome.final
            area = table.area
            edge = min(final.x, final.y, area.width - final.x, area.height - final.y)
            can_act = difficulty != "R" and not (stressed and difficulty != "B") and \
                not outcome.overlapping and not outcome.hazards
        if edge < EDGE_MARGIN:
            score -= (EDGE_MARGIN - edge) * 0.8
        moved = table.ship(ship_id).at(final)
        towing = False
        if aims is not None:
            objectives, places = aims
            gain, short = objectives.value(places, me["size"], final, can_act)
            score += OBJECTIVE_POINT * gain - OBJECTIVE_PULL * short
            towing = ship_id in objectives.towing
        if enemies:
            distances = []
            for enemy_id in enemies:
                enemy = table.ship(enemy_id)
                d = object_distance(moved, enemy)
                distances.append(d)
                if d <= 300 and in_arc(moved, enemy, Arc.FRONT):
                    score += 15.0
                if d <= 200 and in_arc(enemy, moved, Arc.FRONT):
                    score -= 15.0 if towing else 5.0  # a crit jettisons the cache
            nearest = min(distances)
            score -= abs(nearest - 150.0) / 10.0
        else:
            score -= math.hypot(final.x - 457.2, final.y - 457.2) / 50.0
        return score

    @staticmethod
    def _huge_score(table: Table, ship_id: str, code: str, enemies: list[str],
                    me: dict[str, Any]) -> tuple[float, Pose, bool, float] | None:
        """A huge ship's maneuver flown with the maneuver tool: (its score before the
        shots, where it ends, whether it can act, its distance from the edge as a
        standard ship's centre would be), or None if it flees."""
        flight = fly(table, ship_id, code)
        if flight.fled:
            return None
        owners = {s.id: (-1 if s.id in enemies else me["owner"]) for s in table.ships}
        sizes = {s.id: s.size.value for s in table.ships}
        cost, can_act = flight_cost(flight, code, me, owners, sizes)
        length = table.ship(ship_id).base.length
        # a standard ship's edge margin is measured from its centre, 20-40 mm in
        edge = huge_edge_gap(flight.final, length) + 30.0
        score = -HUGE_POINTS * cost + (5.0 if can_act else 0.0)
        if heading_out(flight.final, length):
            score -= 20.0
        return score, flight.final, can_act, edge

    def _place_picked_up(self, view: dict[str, Any], decision: Decision) -> Value:
        return place_picked_up(view, decision)

    def _turn_picked_up(self, view: dict[str, Any], decision: Decision) -> Value:
        return turn_picked_up(view, decision)

    def _tallon_position(self, view: dict[str, Any], decision: Decision) -> Value:
        values = decision.option_keys()
        return "middle" if "middle" in values else values[0]

    # ----------------------------------------------------------------- actions
    def _perform_action(self, view: dict[str, Any], decision: Decision) -> Value:
        return scenario_action(view, decision) or mission_action(view, decision) or \
            self._useful_action(view, decision) or "pass"

    # ---------------------------------------------------------------- scenarios
    def _place_feature(self, view: dict[str, Any], decision: Decision) -> Value:
        return place_feature(view, decision)

    def _scenario_target(self, view: dict[str, Any], decision: Decision) -> Value:
        return scenario_target(view, decision)

    def _jettison(self, view: dict[str, Any], decision: Decision) -> Value:
        return jettison(view, decision)

    def _use_ability(self, view: dict[str, Any], decision: Decision) -> Value:
        """An ability offering actions (Darth Vader: spend 1 Force to perform one) is used
        only for an action worth taking, one aimed at objects only at an enemy; other
        abilities are used."""
        keys = decision.option_keys()
        if "decline" not in keys:
            return None
        found = resupply(decision)
        if found is not None:
            return found
        if any(k in ACTION_PREFERENCE for k in keys):
            return self._useful_action(view, decision) or "decline"
        targets = [k for k in keys if k != "decline"]
        owners = {s["id"]: s["owner"] for s in (*view["ships"], *view.get("remotes", ()))}
        objects = set(owners) | {o["id"] for o in view["obstacles"]}
        if targets and all(k in objects for k in targets):
            # an ability aimed at an object (R3 Astromech's second lock): an enemy or none
            enemies = [k for k in targets if owners.get(k, view["player"]) != view["player"]]
            if enemies:
                return enemies[0]
            # one aimed only at friendly ships (passing a token, a repair, an action) helps
            # them, unless what it does to them reads as harm
            friends = [k for k in targets if owners.get(k) == view["player"]]
            if len(friends) == len(targets) and not _HARM.search(decision.prompt.lower()):
                return friends[0]
            return "decline"
        return None

    def _launch_device(self, view: dict[str, Any], decision: Decision) -> Value:
        return device_choice(view, decision)

    def _device_target(self, view: dict[str, Any], decision: Decision) -> Value:
        return device_target(view, decision)

    def _concussion_choice(self, view: dict[str, Any], decision: Decision) -> Value:
        return concussion_choice(view, decision)

    def _relocate_remote(self, view: dict[str, Any], decision: Decision) -> Value:
        return relocate_remote(view, decision)

    def _place_remote(self, view: dict[str, Any], decision: Decision) -> Value:
        return place_remote(view, decision)

    def _reload_card(self, view: dict[str, Any], decision: Decision) -> Value:
        return reload_choice(view, decision)

    def _card_placement(self, view: dict[str, Any], decision: Decision) -> Value:
        return card_placement(view, decision)

    def _start_docked(self, view: dict[str, Any], decision: Decision) -> Value:
        return start_docked(view, decision)

    def _dock_or_deploy(self, view: dict[str, Any], decision: Decision) -> Value:
        found = dock_or_deploy(view, decision)
        if isinstance(found, str) and found.startswith(("front:", "rear:", "left:", "right:")):
            deploys = [k for k in decision.option_keys() if isinstance(k, str)
                       and k.startswith(("front:", "left:", "right:"))]
            return deploy_side(view, decision, deploys) or found
        return found

    def _useful_action(self, view: dict[str, Any], offer: Decision) -> str | None:
        """The first white action of ACTION_PREFERENCE offered; a lock only when no enemy
        is locked yet and one is ahead within range 3 (never an obstacle)."""
        values = offer.option_keys()
        labels = {o.key: o.label for o in offer.options}
        me = next(s for s in view["ships"] if s["id"] == offer.ship)
        for kind in ACTION_PREFERENCE:
            if kind not in values or labels[kind].startswith(("red", "purple")):
                continue
            if kind == "lock" and (self._holds_lock(view, me)
                                   or not self._enemy_ahead(view, me)):
                continue
            return kind
        return None

    @staticmethod
    def _holds_lock(view: dict[str, Any], me: dict[str, Any]) -> bool:
        # a ship's "locks" are the objects it has locked (engine/view.py)
        return any(s["id"] in me["locks"] for s in view["ships"]
                   if s["owner"] != me["owner"] and not s["removed"])

    def _enemy_ahead(self, view: dict[str, Any], me: dict[str, Any]) -> bool:
        table = table_from_view(view)
        ship = table.ship(me["id"])
        destroyed = {s["id"]: s["destroyed"] for s in view["ships"]}
        for other in table.ships:
            owner = next(s["owner"] for s in view["ships"] if s["id"] == other.id)
            if owner != me["owner"] and object_distance(ship, other) <= 300 and \
                    in_arc(ship, other, Arc.FRONT) and not destroyed.get(other.id):
                return True
        return False

    def _lock_target(self, view: dict[str, Any], decision: Decision) -> Value:
        owners = {s["id"]: s["owner"] for s in view["ships"]}
        enemies = [v for v in decision.option_keys() if owners.get(v, view["player"])
                   != view["player"]]
        return enemies[0] if enemies else decision.options[0].key

    def _linked_action(self, view: dict[str, Any], decision: Decision) -> Value:
        """A white linked action is free; a red one would stress the ship: decline it."""
        for option in decision.options:
            if option.key != "decline" and not option.label.startswith(("red", "purple")):
                return option.key
        return "decline"

    def _decloak(self, view: dict[str, Any], decision: Decision) -> Value:
        """Decloak (forward, else the first way offered) once an enemy is near enough to
        be attacked this round: a cloaked ship cannot attack; else stay cloaked."""
        keys = decision.option_keys()
        ships = {s["id"]: s for s in view["ships"] if "pose" in s and not s["removed"]}
        me = ships.get(decision.ship or "")
        if me is None or keys == ["pass"]:
            return "pass"
        near = any(s["owner"] != me["owner"] and math.hypot(
            s["pose"]["x"] - me["pose"]["x"], s["pose"]["y"] - me["pose"]["y"]) < DECLOAK_REACH
            for s in ships.values())
        if not near:
            return "pass"
        return "boost" if "boost" in keys else next(k for k in keys if k != "pass")

    # ------------------------------------------------------------------ combat
    def _declare_attack(self, view: dict[str, Any], decision: Decision) -> Value:
        """Attack the most damaged target it can reach, preferring range 1 and more dice
        (in a first-edition mission, its objective's ship first)."""
        if (aim := mission_target(view, decision)) is not None:
            return aim
        ships = {s["id"]: s for s in view["ships"]}
        remotes = {r["id"]: r for r in view.get("remotes", ())}
        best, best_score = "none", float("-inf")  # attacking never hurts: take the best
        # the range bonus as the game's ruleset gives it (1e: primary weapons only)
        rules = DICE_RULES[view.get("ruleset", "2.5")]
        for option in decision.options:
            if option.key == "none" or option.info is None:
                continue
            defender = option.info["defender"]
            if defender in remotes:
                remote = remotes[defender]
                remaining = remote["hull"] - remote["damage_facedown"]
            else:
                target = ships[defender]
                if target["destroyed"]:
                    continue  # destroyed, not yet removed (simultaneous fire): leave it
                remaining = view_health(target)
            dice = option.info["value"] + (1 if option.info["range"] == 1 and rules.range_bonus(
                option.info.get("primary", True), option.info["ordnance"]) else 0)
            score = dice * 2.0 - remaining - (1 if option.info["range"] == 3 else 0)
            if score > best_score:
                best, best_score = option.key, score
        if best == "none" and "none" not in decision.option_keys():
            return decision.options[0].key  # obligatory (Bossk's bonus attack): made
        return best

    def _bonus_attack(self, view: dict[str, Any], decision: Decision) -> Value:
        return self._declare_attack(view, decision)

    def _modify(self, view: dict[str, Any], decision: Decision, own: bool, kind: str
                ) -> Value:
        attack = view["attack"]
        dice = attack[f"{kind}_dice"] or []
        good = ("hit", "crit") if kind == "attack" else ("evade",)
        now = sum(1 for face in dice if face in good)
        if kind == "defense" and own:
            incoming = sum(1 for face in attack["attack_dice"] or [] if face in ("hit", "crit"))
            if now >= incoming and "done" in decision.option_keys():
                return "done"  # every hit is canceled already: keep the tokens
        gift = self._useful_gift(view, decision, own, kind) if own else None
        if gift is not None:
            return gift
        values = decision.option_keys()
        # a mandatory ability leaves no "done": then the best of what is offered
        best, gain = ("done", 0.01) if "done" in values else (values[0], float("-inf"))
        for option in decision.options:
            if option.info is None or "expected_successes" not in option.info:
                continue  # a card's non-dice step action: judged by _useful_gift
            change = option.info["expected_successes"] - now
            if not own:
                change = -change
            if change > gain:
                best, gain = option.key, change
        return best

    @staticmethod
    def _useful_gift(view: dict[str, Any], decision: Decision, own: bool, kind: str
                     ) -> str | None:
        """A card's step action giving the ship modifying its own dice a token it lacks and
        can spend on these dice now (Hera Syndulla's transfer), or None."""
        attack = view["attack"]
        me = ship_of_view(view, decision.ship)
        if me is None or not own:
            return None
        dice = attack[f"{kind}_dice"] or []
        fresh = [f for f, again in zip(dice, (attack.get("rerolled") or {}).get(kind)
                                       or [False] * len(dice), strict=False) if not again]
        incoming = sum(1 for f in attack["attack_dice"] or () if f in ("hit", "crit"))
        evades = sum(1 for f in dice if f == "evade") + me["tokens"].get("evade", 0)
        for option in decision.options:
            gives = (option.info or {}).get("gives")
            if not isinstance(gives, dict) or gives.get("ship") != decision.ship:
                continue
            token = gives.get("token")
            short = kind == "attack" or evades < incoming
            if token == "focus" and short and "focus" in dice and \
                    not me["tokens"].get("focus"):
                return option.key
            if token == "evade" and kind == "defense" and evades < incoming:
                return option.key
            if token == "lock" and kind == "attack" and \
                    gives.get("target") == attack["defender"] and \
                    attack["defender"] not in me["locks"] and \
                    any(f in ("blank", "focus") for f in fresh):
                return option.key
        return None

    def _modify_attack_dice(self, view: dict[str, Any], decision: Decision) -> Value:
        own = view["attack"]["attacker"] == decision.ship
        return self._modify(view, decision, own, "attack")

    def _modify_defense_dice(self, view: dict[str, Any], decision: Decision) -> Value:
        own = view["attack"]["defender"] == decision.ship
        return self._modify(view, decision, own, "defense")
