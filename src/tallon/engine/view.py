"""What each player may see (architecture principle 5), and the full snapshot hashed to
compare games.

Hidden information: a player sees their own facedown dials but not their opponent's (until
revealed, or looked at with a card: engine/knowledge.py); nobody sees the text of facedown
damage cards or the order of a damage deck (RR: DIAL, RR: DAMAGE CARDS); the opponent's
pending secret choices are not shown.

Remotes are listed apart from ships (``remotes``); bombs and mines are ``devices`` (with
their fuse markers); devices that are obstacles are among the ``obstacles``, marked
``device`` with their fuse markers. A scenario's features (satellites, supply caches) are
``features``, with the player marker on each and the ship towing it.

Agents ask for a view at most decisions: the parts that rarely change (a ship's cards, its
actions' labels, its rounded pose, the obstacles and features) are remembered by
engine/view_cache.py while what they come from is the same; every view is fresh data.
"""

from __future__ import annotations

import hashlib
from typing import TYPE_CHECKING, Any

from tallon.engine.decisions import CHANCE
from tallon.engine.facedown import facedown_upgrades
from tallon.engine.features import Feature
from tallon.engine.knowledge import dial_known_by, sees_dial
from tallon.engine.loadout import ENERGY
from tallon.engine.missions_1e import mission_view
from tallon.engine.payloads import view_of
from tallon.engine.state import ShipState
from tallon.engine.view_cache import action_labels, cards_part, rounded_pose, table_entries
from tallon.geometry import placed_obstacle_outlines
from tallon.geometry.constants import HUGE_BASE_LENGTH

if TYPE_CHECKING:
    from tallon.engine.game import Game
    from tallon.geometry import Obstacle


def _ship_public(ship: ShipState) -> dict[str, Any]:
    cards = cards_part(ship)
    data: dict[str, Any] = {
        "id": ship.id,
        "owner": ship.owner,
        "pilot": ship.pilot,
        "name": ship.name,
        "ship": ship.ship_type,
        "size": ship.size._value_,  # an enum's value without its descriptor (hot)
        "initiative": ship.initiative,
        "hull": ship.hull,
        "shields": ship.shields,
        "shield_limit": ship.shield_limit,
        "force": ship.force,
        "charges": _charges(ship),
        "tokens": _tokens(ship),
        "locks": list(ship.locks),
        "contacts": list(ship.contacts),
        "turret": [a._value_ for a in ship.turret],
        "destroyed": ship.destroyed,
        "removed": ship.removed,
        "damage_faceup": list(cards.damage_faceup),
        "conditions": list(cards.conditions),
        "secret_conditions": len(cards.secret),
        "damage_facedown": cards.damage_facedown,
        "activated": ship.activated,
        "engaged": ship.engaged,
    }
    if ship.docked:  # only then: other games keep their hashes
        data["docked"] = list(ship.docked)
    if ship.huge:  # only then: other games keep their hashes
        data.update(_huge_public(ship))
    if ship.round_initiative is not None:
        # only when a card changed it, so that other games keep their hashes
        data["round_initiative"] = ship.round_initiative
    _add_pose(data, ship)
    return data


# the view's empty-handed case (most ships, most of the time) without sorting: views are
# asked at most decisions
def _charges(ship: ShipState) -> dict[str, int]:
    """Active charges by card, in card order."""
    return {k: c.active for k, c in sorted(ship.charges.items())} if ship.charges else {}


def _tokens(ship: ShipState) -> dict[str, int]:
    """Token counts by name, in name order."""
    return dict(sorted((t._value_, n) for t, n in ship.tokens.items())) if ship.tokens else {}


def _huge_public(ship: ShipState) -> dict[str, Any]:
    """A huge ship's base length (RR: APPENDIX: HUGE SHIPS: it is drawn at true size),
    its energy (active/limit) and its engagement value."""
    data: dict[str, Any] = {"huge": True, "length": HUGE_BASE_LENGTH[ship.ship_type],
                            "engagement": ship.engagement}
    if (energy := ship.charges.get(ENERGY)) is not None:
        data["energy"] = {"active": energy.active, "limit": energy.limit}
    if ship.turret2_cards:  # the second turret indicator and the upgrades it serves
        data["turret2"] = [a.value for a in ship.turret2]
        data["turret2_cards"] = list(ship.turret2_cards)
    return data


def _printed(ship: ShipState) -> dict[str, Any]:
    """The ship's card facts every player may read from its cards (squads are open lists):
    what an agent needs to foresee attacks. Not part of the hashed snapshot, which they
    never change. (The printed dial is the ship's, in the card data: listing its codes
    here would make a view seem to name a hidden dial.)"""
    # lists, as JSON gives them back: a view is the same before and after the wire
    return {"attacks": [list(a) for a in ship.attacks], "agility": ship.agility,
            "cost": ship.cost,
            "actions": list(action_labels(ship)), "upgrades": list(ship.upgrades),
            "dial_stressed": ship.dial_stressed}


def _add_pose(data: dict[str, Any], piece: ShipState) -> None:
    """The pose of a ship or remote on the table, rounded for stable hashes."""
    if piece.body is not None:
        x, y, heading = rounded_pose(piece, piece.body.pose)
        data["pose"] = {"x": x, "y": y, "heading": heading}


def _remote_public(remote: ShipState) -> dict[str, Any]:
    """A remote as both players see it (RR: REMOTES: its damage cards are facedown)."""
    data: dict[str, Any] = {
        "id": remote.id,
        "owner": remote.owner,
        "remote": remote.pilot,
        "name": remote.name,
        "outline": remote.outline,
        "initiative": remote.initiative,
        "agility": remote.agility,
        "hull": remote.hull,
        "damage_facedown": len(remote.damage),
        "locks": list(remote.locks),
        "destroyed": remote.destroyed,
        "removed": remote.removed,
        "engaged": remote.engaged,
    }
    _add_pose(data, remote)
    return data


def _obstacle_entry(o: Obstacle) -> dict[str, Any]:
    data: dict[str, Any] = {"id": o.id, "outline": o.outline_id, "x": round(o.pose.x, 6),
                            "y": round(o.pose.y, 6), "rotation": round(o.pose.heading, 6)}
    if o.outline_id in placed_obstacle_outlines():
        data["device"] = True  # placed by a card (RR: ELECTRO-CHAFF CLOUD: it is both)
    return data


def _obstacles(game: Game) -> list[dict[str, Any]]:
    s = game.state
    found = []
    for entry in table_entries("obstacles", s.obstacles, _obstacle_entry):
        data = dict(entry)
        if "device" in data:  # its fuse markers change without the obstacle changing
            data["fuses"] = s.fuses.get(data["id"], 0)
        found.append(data)
    return found


def feature_view(feature: Feature) -> dict[str, Any]:
    """A scenario feature as everyone sees it: id, kind, centre (None while towed), the
    player whose marker is on it and the ship towing it."""
    return {"id": feature.id, "kind": feature.kind,
            "x": None if feature.x is None else round(feature.x, 6),
            "y": None if feature.y is None else round(feature.y, 6),
            "marker": feature.marker, "carrier": feature.carrier}


def player_view(game: Game, player: int, with_log: bool = True) -> dict[str, Any]:
    """The game as ``player`` may see it (``with_log=False`` leaves the log out)."""
    s = game.state
    ships = []
    for ship in s.ships_of():
        data = _ship_public(ship)
        data["stats"] = _printed(ship)
        if sees_dial(s, ship, player):  # owner, faceup, or looked at (engine/knowledge)
            data["dial"] = ship.dial_set
        else:
            data["dial"] = "set" if ship.dial_set is not None else None
        if known_by := dial_known_by(s, ship):  # that a player looked is seen by both
            data["dial_known_by"] = list(known_by)
        # RR: SECRET CONDITIONS - the player who assigned one may look at it
        secret = cards_part(ship).secret
        if secret and (known := [card for card, by in secret if by == player]):
            data["secret_conditions_known"] = known
        if hidden := facedown_upgrades(ship):  # Razor Crest: that it is there, not which
            data["facedown_upgrades"] = len(hidden)
            if ship.owner == player:
                data["facedown_upgrades_known"] = list(hidden)
        ships.append(data)
    decision = game.pending
    pending: dict[str, Any] | None = None
    if decision is not None:
        pending = {"player": decision.player, "kind": decision.kind, "ship": decision.ship}
        if decision.player in (player, CHANCE):
            pending = decision.to_json()
    log = []
    for event in game.log if with_log else ():
        kept_from = event.get("secret")
        if kept_from is not None and kept_from.get("player") != player:
            event = {k: v for k, v in event.items() if k != "secret"}
        log.append(event)
    return {
        "player": player,
        # the rules the game is played under (an agent's estimates follow its dice rules)
        "ruleset": game.setup.ruleset,
        "round": s.round,
        "phase": s.phase,
        "first_player": s.first_player,
        "over": s.over,
        "winner": s.winner,
        "draw": s.draw,
        "players": [{"player": p.number, "faction": p.faction, "squad": p.squad_name,
                     "squad_points": p.squad_points, "mission_points": p.mission_points,
                     "damage_deck": len(p.deck), "discard": list(p.discard)}
                    for p in s.players],
        "obstacles": _obstacles(game),
        "devices": [view_of(d, s.fuses.get(d.id, 0)) for d in s.devices],
        "scenario": s.scenario,
        "environment": s.environment,
        "features": [dict(e) for e in table_entries("features", s.features, feature_view)],
        **mission_view(game),  # a first-edition mission's (only then)
        "ships": ships,
        "remotes": [_remote_public(r) for r in s.remotes_of()],
        "attack": _attack_view(game),
        "decision": pending,
        "log": log,
    }


def ship_of_view(view: dict[str, Any], ship_id: Any) -> dict[str, Any] | None:
    """The ship of ``view`` with the id ``ship_id`` (placed or not, destroyed or not), or
    None."""
    return next((s for s in view["ships"] if s["id"] == ship_id), None)


def _attack_snapshot(attack: Any) -> dict[str, Any]:
    def dice(pool: Any) -> Any:
        return None if pool is None else [[d.face.label, d.rerolled, d.added] for d in pool]

    return {"attacker": attack.attacker, "defender": attack.defender,
            "weapon": attack.weapon.id, "range": attack.range, "arc": attack.arc.value,
            "obstructed": attack.obstructed, "bonus": attack.bonus, "step": attack.step,
            "attack_dice": dice(attack.attack_dice), "defense_dice": dice(attack.defense_dice),
            "used": sorted(attack.used), "marks": dict(sorted(attack.marks.items())),
            "hit": attack.hit, "hits": attack.hits, "crits": attack.crits,
            "extra_dice": [attack.extra_attack_dice, attack.extra_defense_dice],
            "destroyed": list(attack.destroyed),
            **({"dice_skipped": True} if attack.dice_skipped else {})}


def _attack_view(game: Game) -> dict[str, Any] | None:
    attack = game.state.attack
    if attack is None:
        return None
    return {
        "attacker": attack.attacker, "defender": attack.defender,
        "weapon": attack.weapon.id, "primary": attack.primary, "range": attack.range,
        "obstructed": attack.obstructed, "bonus": attack.bonus, "step": attack.step,
        "attack_dice": None if attack.attack_dice is None else
        [f.label for f in attack.attack_dice.faces()],
        "defense_dice": None if attack.defense_dice is None else
        [f.label for f in attack.defense_dice.faces()],
        # which dice were rerolled already (they can't be again): an agent weighing a
        # reroll needs it
        "rerolled": {kind: None if pool is None else [d.rerolled for d in pool]
                     for kind, pool in (("attack", attack.attack_dice),
                                        ("defense", attack.defense_dice))},
        "hit": attack.hit,
    }


def _same(player: int | None) -> int | None:
    return player


def _legacy(player: int | None) -> int | None:
    return player - 1 if player is not None and player > 0 else player


def full_snapshot(game: Game, legacy_numbering: bool = False) -> dict[str, Any]:
    """Every fact that determines the game's future (hidden ones included).

    ``legacy_numbering``: players numbered 0 and 1, as Tallon numbered them before
    version 3 records; the state hash of such a record is checked against this."""
    s = game.state
    number = _legacy if legacy_numbering else _same
    ships = []
    for ship in s.ships_of():
        data = _ship_public(ship)
        data.update({
            "dial": ship.dial_set,
            "dial_revealed": ship.dial_revealed,
            "damage": [[d.card, d.faceup, d.serial] for d in ship.damage],
            "all_conditions": [[c.card, number(c.assigned_by), c.faceup]
                               for c in ship.conditions],
            "cards": [list(c) for c in ship.cards],
            "actions_done": sorted(ship.actions_done),
            "system_done": ship.system_done,
            "tractored_this_round": ship.tractored_this_round,
            "executed_speed": ship.executed_speed,
            "skip_action": ship.skip_action,
        })
        if ship.device_placed is not None:
            data["device_placed"] = list(ship.device_placed)
        if ship.card_memory:
            data["card_memory"] = [[k, v] for k, v in ship.card_memory]
        data["owner"] = number(ship.owner)
        ships.append(data)
    remotes = []
    for remote in s.remotes_of():
        data = _remote_public(remote)
        data["damage"] = [[d.card, d.faceup, d.serial] for d in remote.damage]
        data["owner"] = number(remote.owner)
        remotes.append(data)
    rng = hashlib.sha256(repr(s.rng.getstate()).encode()).hexdigest()[:16]
    decision = game.pending
    snapshot = {
        "round": s.round,
        "phase": s.phase,
        "first_player": number(s.first_player),
        "over": s.over,
        "winner": number(s.winner),
        "players": [{"mission_points": p.mission_points, "deck": list(p.deck),
                     "discard": list(p.discard)} for p in s.players],
        "obstacles": [[o.id, o.outline_id, round(o.pose.x, 6), round(o.pose.y, 6),
                       round(o.pose.heading, 6)] for o in s.obstacles],
        "ships": ships,
        "remotes": remotes,
        "fuses": dict(sorted(s.fuses.items())),
        "obstacles_placed": s.obstacles_placed,
        "rng": rng,
        "attacks": [_attack_snapshot(a) for a in s.attacks],
        "pending": None if decision is None else [number(decision.player), decision.kind,
                                                  decision.ship],
        "stack": len(game.stack),
        "serial": s.serial,
    }
    if s.devices_placed:  # only then: games without bombs or mines keep their hashes
        snapshot["devices"] = [[d.id, d.card, number(d.owner), d.outline, round(d.pose.x, 6),
                                round(d.pose.y, 6), round(d.pose.heading, 6)]
                               for d in s.devices]
        snapshot["devices_placed"] = s.devices_placed
    if s.scenario is not None:  # only then: games without one keep their hashes
        snapshot["scenario"] = s.scenario
        snapshot["features"] = [feature_view(f) for f in s.features]
        snapshot["scenario_marks"] = dict(sorted(s.scenario_marks.items()))
    if s.scenario is None and game.setup.scenario is not None:  # a first-edition mission
        snapshot["mission"] = game.setup.scenario
        snapshot["features"] = [feature_view(f) for f in s.features]
        snapshot["scenario_marks"] = dict(sorted(s.scenario_marks.items()))
    if s.environment is not None:
        snapshot["environment"] = s.environment
        snapshot["scenario_marks"] = dict(sorted(s.scenario_marks.items()))
    if s.obstacle_owners:  # only while a card asks (hook device_controllers)
        snapshot["obstacle_owners"] = {k: number(v) for k, v in sorted(s.obstacle_owners.items())}
    return snapshot
