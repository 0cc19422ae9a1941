"""The effects of the standard actions (RR: FOCUS, RR: EVADE, RR: CALCULATE, RR: CLOAK,
RR: REINFORCE, RR: LOCK, RR: BARREL ROLL, RR: BOOST, RR: ROTATE, RR: JAM, RR: RELOAD, RR: SLAM;
RR: COORDINATE lives beside the Perform Action step it schedules, in :mod:`tallon.engine.actions`).

Each body is a step made by :class:`~tallon.engine.actions.StartAction` as
``body(ship_id, during_activation)``. A body that finds nothing to do calls :func:`fail`
(RR: FAIL): the action was still attempted.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, ClassVar, cast

from tallon.data import load_cards
from tallon.engine.allegiance import friendly as is_friendly
from tallon.engine.boosted_range import boosted_jams, boosted_locks, pay_jam_boost
from tallon.engine.decisions import Decision, Option
from tallon.engine.effects import acquire_lock, can_lock, gain_token
from tallon.engine.loadout import ENERGY, second_indicator_double
from tallon.engine.lock_spending import one_lock_fewer
from tallon.engine.movement import (
    ExecuteManeuver,
    boost_as_partial_maneuver,
    reposition,
    reposition_fails,
    roll_positions,
    would_flee,
)
from tallon.engine.queue import any_true, fire, modifiers, named, own_modifiers
from tallon.engine.reposition_templates import (
    RepositionTemplate,
    boost_attempt,
    boost_choices,
    boost_directions,
    pay_template_cost,
    roll_choices,
    speed_changes,
    treat_action_as,
)
from tallon.engine.state import ShipState, Token
from tallon.engine.steps import ChoiceStep, Step, Then
from tallon.geometry import STANDARD_ARCS, Arc, barrel_roll, in_arc
from tallon.geometry.repositioning import barrel_roll_bank, barrel_roll_turn

if TYPE_CHECKING:
    from tallon.engine.game import Game
    from tallon.geometry import Ship, TableObject

RELOADABLE = ("torpedo", "missile", "device")


def fail(game: Game, ship: ShipState) -> None:
    """RR: FAIL - the action is treated as failed: no "after you perform an action"
    abilities, and it still counts as performed this round."""
    ship.action_failed = True


def turret_arcs_for(ship: ShipState, pointing: Arc, second: bool = False
                    ) -> tuple[Arc, ...]:
    """The standard arcs a turret indicator pointing at ``pointing`` selects (``second``:
    a huge ship's second indicator, RR: APPENDIX: HUGE SHIPS)."""
    opposite = {Arc.FRONT: Arc.REAR, Arc.REAR: Arc.FRONT, Arc.LEFT: Arc.RIGHT,
                Arc.RIGHT: Arc.LEFT}
    double = second_indicator_double(ship) if second else ship.turret_double
    return (pointing, opposite[pointing]) if double else (pointing,)


def reloadable_cards(game: Game, ship: ShipState) -> list[str]:
    """RR: RELOAD - the ship's torpedo, missile and device upgrades below their charge
    limit."""
    db = load_cards()
    cards = []
    for xws, charge in ship.charges.items():
        # a huge ship's energy is a charge of the ship, not of an upgrade
        if xws in (ship.pilot, ENERGY) or charge.active >= charge.limit:
            continue
        upgrade = db.upgrade(xws)
        if any(slot in RELOADABLE for slot in upgrade.slots) and \
                reload_amount(game, ship, xws) > 0:
            cards.append(xws)
    return cards


def rotatable_arcs(game: Game, ship: ShipState, second: bool = False) -> list[Arc]:
    """RR: ROTATE - the standard arcs the turret indicator (``second``: a huge ship's
    second one) may turn to: any other one (a double indicator only to the other pair),
    limited by the ship's own cards (hook ``turret_arcs_allowed``: Refined Gyrostabilizers)."""
    arcs = [a for a in STANDARD_ARCS if a not in (ship.turret2 if second else ship.turret)]
    if second_indicator_double(ship) if second else ship.turret_double:
        arcs = arcs[:1]
    return [a for a in arcs if turret_arc_allowed(game, ship, a)]


def turret_arc_allowed(game: Game, ship: ShipState, arc: Arc) -> bool:
    """Whether the ship's cards let its turret indicator point at ``arc`` (hook
    ``turret_arcs_allowed``; placing the indicator at setup rotates it too, RR: SETUP)."""
    for held in own_modifiers(game, ship, "turret_arcs_allowed"):
        allowed = held.ability.value(game, ship, ship=ship)
        if allowed is not None and arc not in allowed:
            return False
    return True


def reload_amount(game: Game, ship: ShipState, card: str) -> int:
    """How many charges reloading ``card`` recovers: 1, or what a card of the ship says
    (hook ``reload_charges``: 0 for "this card's charges cannot be recovered")."""
    found = [held.ability.value(game, ship, ship=ship, card=card)
             for held in own_modifiers(game, ship, "reload_charges")]
    found = [n for n in found if n is not None]
    return min(found) if 0 in found else max([1, *found])


@dataclass(frozen=True)
class ActionBody(Step):
    """The effect of a standard action (see the module docstring)."""

    ship_id: str
    during_activation: bool = False


@dataclass(frozen=True)
class GainTokenAction(ActionBody):
    token: ClassVar[Token] = Token.FOCUS

    def run(self, game: Game) -> Decision | None:
        gain_token(game, game.state.ships[self.ship_id], self.token)
        return None


@dataclass(frozen=True)
class FocusAction(GainTokenAction):
    """RR: FOCUS - gain one focus token."""


@dataclass(frozen=True)
class EvadeAction(GainTokenAction):
    """RR: EVADE - gain one evade token."""

    token: ClassVar[Token] = Token.EVADE


@dataclass(frozen=True)
class CalculateAction(GainTokenAction):
    """RR: CALCULATE - gain one calculate token."""

    token: ClassVar[Token] = Token.CALCULATE


@dataclass(frozen=True)
class CloakAction(GainTokenAction):
    """RR: CLOAK - gain one cloak token."""

    token: ClassVar[Token] = Token.CLOAK


@dataclass(frozen=True)
class ReinforceAction(ActionBody, ChoiceStep):
    """RR: REINFORCE - gain a reinforce token, fore or aft side up (the player chooses; a
    card may allow only one side: hook ``reinforce_sides``, the one left taken unasked)."""

    auto_single: ClassVar[bool] = True

    def choice(self, game: Game) -> Decision | None:
        ship = game.state.ships[self.ship_id]
        sides: tuple[str, ...] = ("fore", "aft")
        for held in own_modifiers(game, ship, "reinforce_sides"):
            allowed = held.ability.value(game, ship, ship=ship)
            if allowed is not None:
                sides = tuple(side for side in sides if side in allowed)
        return self.ask(ship.owner, "reinforce_side", f"{ship.name} ({ship.id}): reinforce "
                        "which side?", tuple(Option(side, side) for side in sides),
                        ship=ship.id)

    def apply(self, game: Game, answer: Any) -> None:
        token = Token.REINFORCE_FORE if answer == "fore" else Token.REINFORCE_AFT
        gain_token(game, game.state.ships[self.ship_id], token)


@dataclass(frozen=True)
class LockAction(ActionBody, ChoiceStep):
    """RR: LOCK - choose another object at range 0-3 and lock it; fails only when there is
    no valid object."""

    def choice(self, game: Game) -> Decision | None:
        ship = game.state.ships[self.ship_id]
        targets, beyond = self._targets(game, ship)
        if not targets and not beyond:
            fail(game, ship)
            return None
        options = tuple(Option(t, _describe(game, t)) for t in targets) + tuple(
            Option(t, f"{_describe(game, t)}, beyond range 3: spend {n} charge(s) of {card}")
            for t, (card, n) in beyond.items())
        return self.ask(ship.owner, "lock_target", f"{ship.name} ({ship.id}): lock what?",
                        options, ship=ship.id)

    def _targets(self, game: Game, ship: ShipState
                 ) -> tuple[list[str], dict[str, tuple[str, int]]]:
        """The objects the ship may lock, and those beyond range 3 a card lets it lock for
        charges of that card (hook ``lock_beyond_range``: Long-Range Scanners), with the
        card and its cost."""
        # "while you perform the lock action, you can only choose ..." (Gar Saxon)
        targets = [t for t in lock_targets(game, ship)
                   if not any_true(game, "lock_action_forbidden", ship=ship, target=t)]
        beyond: dict[str, tuple[str, int]] = {}
        for held in own_modifiers(game, ship, "lock_beyond_range"):
            cost = held.ability.value(game, ship, ship=ship)
            charge = ship.charges.get(held.card)
            if cost is None or charge is None or charge.active < cost:
                continue
            for t in lock_targets(game, ship, max_range=None):
                if t not in targets and t not in beyond and not any_true(
                        game, "lock_action_forbidden", ship=ship, target=t):
                    beyond[t] = (held.card, cost)
        # energy spent to reach farther (hook range_increase: engine/boosted_range.py)
        beyond.update(boosted_locks(game, ship, [*targets, *beyond], lock_targets))
        return targets, beyond

    def apply(self, game: Game, answer: Any) -> None:
        ship = game.state.ships[self.ship_id]
        targets, beyond = self._targets(game, ship)
        if answer not in targets and answer in beyond:
            card, cost = beyond[answer]
            ship.charges[card].active -= cost
            game.event("action", f"{ship.name} ({ship.id}) spends {cost} charge(s) of {card} "
                       f"to lock {answer} beyond range 3", ship=ship.id, card=card)
        if "after_action" in named(game):
            _note_target(game, ship.id, answer)
        acquire_lock(game, ship, answer)


def _note_target(game: Game, ship_id: str, target: str) -> None:
    """The action's Finish step learns the object chosen: "after a ship performs a lock
    action, ... the same object" (the window after_action's fact ``target``)."""
    from tallon.engine.actions import FinishAction  # the actions module builds on this one

    for k in range(len(game.stack) - 1, -1, -1):
        step = game.stack[k]
        if isinstance(step, FinishAction) and step.ship_id == ship_id:
            game.stack[k] = replace(step, target=target)
            return


def lock_targets(game: Game, ship: ShipState, max_range: int | None = 3) -> list[str]:
    """Objects ``ship`` can lock: other objects at range 0-``max_range`` (None: at any
    range)."""
    s = game.state
    assert ship.body is not None
    if max_range == 3:
        # "you can acquire locks at range 1-4" (hook lock_range: the farthest applies)
        for held in own_modifiers(game, ship, "lock_range"):
            max_range = max(max_range, held.ability.value(game, ship, ship=ship) or 3)
    if max_range is not None and "lock_any_range" in named(game) and any_true(
            game, "lock_any_range", ship=ship):
        max_range = None  # Colonel Jendon: locks beyond range 3 instead of at range 0-3
    # a friendly DRK-1 probe droid: range may be measured from it instead (hook
    # range_sources)
    froms = [ship, *range_sources(game, ship, "lock")] if max_range is not None else [ship]
    # "you ignore range restrictions while acquiring locks on ..." (hook lock_ignores_range)
    anywhere = own_modifiers(game, ship, "lock_ignores_range")
    return [o.id for o in s.table().objects() if o.id != ship.id
            and (max_range is None or any(
                o.id != f.id and s.in_range(f, s.ships.get(o.id, o), 0, max_range)
                for f in froms) or any(held.ability.value(game, ship, ship=ship, target=o.id)
                                       for held in anywhere))
            and can_lock(game, ship, o.id) is None]


def range_sources(game: Game, ship: ShipState, action: str) -> list[ShipState]:
    """Objects in play other than the ship that it may measure range from while it
    performs ``action`` (lock or jam): hook ``range_sources`` ("a friendly ship locking or
    jamming may measure range from you")."""
    if "range_sources" not in named(game):
        return []
    found: list[ShipState] = []
    for owner, _, held in modifiers(game, "range_sources"):
        for object_id in held.value(game, owner, ship=ship, action=action) or ():
            other = game.state.ships.get(object_id)
            if other is not None and other.in_play and other.id != ship.id and \
                    other not in found:
                found.append(other)
    return found


def _describe(game: Game, object_id: str) -> str:
    other = game.state.ships.get(object_id)
    return f"{other.name} ({object_id})" if other else object_id


@dataclass(frozen=True)
class BarrelRollAction(ActionBody, ChoiceStep):
    """RR: BARREL ROLL - declare left or right, then place the ship at the front, middle or
    back; it fails when all three positions fail."""

    side: str | None = None
    #: the [speed straight] template (a card's: hook reposition_speed)
    speed: int = 1
    #: the [1 bank] template curving forward or backward instead (hook barrel_roll_banks)
    bank: str | None = None
    auto_single: ClassVar[bool] = True

    def choice(self, game: Game) -> Decision | None:
        ship = game.state.ships[self.ship_id]
        if self.side is None:
            return self.ask(ship.owner, "barrel_roll_direction",
                            f"{ship.name} ({ship.id}): barrel roll to which side?",
                            tuple(Option(k, t.label(k)) for k, t in
                                  roll_choices(game, ship).items()), ship=ship.id)
        positions = roll_positions(game, ship, self.side, self.speed, through_obstacles=True,
                                   bank=self.bank)
        if not positions:
            fail(game, ship)
            return None
        return self.ask(ship.owner, "barrel_roll_position",
                        f"{ship.name} ({ship.id}): barrel roll {self.side} to which "
                        "position?", tuple(Option(k, k) for k in positions), ship=ship.id)

    def apply(self, game: Game, answer: Any) -> None:
        ship = game.state.ships[self.ship_id]
        if self.side is None:
            template = roll_choices(game, ship)[answer]
            pay_template_cost(game, ship, template.cost)
            if template.curve:
                roll_with_turn(game, ship, template)
                return
            game.push(type(self)(self.ship_id, self.during_activation,
                                 side=template.direction, speed=template.speed,
                                 bank=template.bank))
            return
        if self.bank:
            attempt = barrel_roll_bank(game.state.table(), ship.id, self.side, self.bank,
                                       answer)
            reposition(game, ship, attempt)
            game.event("move", f"{ship.name} ({ship.id}) barrel rolls {self.side} ({answer}) "
                       f"with the [1 bank] template curving {self.bank}", ship=ship.id)
            return
        reposition(game, ship, barrel_roll(game.state.table(), ship.id, self.side, answer,
                                           self.speed))
        game.event("move", f"{ship.name} ({ship.id}) barrel rolls {self.side} ({answer})"
                   + (f" with the [{self.speed} straight] template" if self.speed != 1
                      else ""), ship=ship.id)


@dataclass(frozen=True)
class BoostAction(ActionBody, ChoiceStep):
    """RR: BOOST - declare left, straight or right; fails if that placement fails. A card
    may offer other templates (hook ``boost_templates``: the [1 turn] templates of
    Daredevil), possibly treating the action as another colour or at a cost, or templates
    of another speed (hook ``reposition_speed``)."""

    def choice(self, game: Game) -> Decision | None:
        ship = game.state.ships[self.ship_id]
        options = [Option(k, t.label(k)) for k, t in boost_choices(game, ship).items()]
        allowed = boost_directions(game, ship)
        if allowed is not None:
            # a card names the template to use (Moff Jerjerrod)
            options = [o for o in options if o.key in allowed]
            if not options:
                fail(game, ship)
                return None
        return self.ask(ship.owner, "boost_direction",
                        f"{ship.name} ({ship.id}): boost which way?", tuple(options),
                        ship=ship.id)

    def apply(self, game: Game, answer: Any) -> None:
        ship = game.state.ships[self.ship_id]
        template = boost_choices(game, ship)[answer]
        # ruling: what a template costs is paid, and the colour it makes the action
        # applies, when it is chosen (a boost that then fails still paid)
        pay_template_cost(game, ship, template.cost)
        if template.colour:
            treat_action_as(ship, template.colour)
        attempt = boost_attempt(game, ship, template)
        if reposition_fails(game, ship, attempt, "boost"):
            if attempt.overlapped_ships and any_true(game, "boost_partially", ship=ship):
                game.push(PartialBoost(ship.id, _template_code(template)))
                return
            fail(game, ship)
            return
        if template.then:
            # what using the template sets off follows the move and the obstacles it met
            # (a failed move sets off nothing: RR: FAIL)
            game.push(Then(template.then, (ship.id,)))
        reposition(game, ship, attempt)
        game.event("move", f"{ship.name} ({ship.id}) boosts "
                   f"{answer.split('@')[0].split('/')[0].replace('_', ' ')}"
                   + (f" with the {template.name} template" if template.speed != 1 else ""),
                   ship=ship.id)


def _template_code(template: RepositionTemplate) -> str:
    """The maneuver code of a boost's template (``"1F"``, ``"1B"``, ``"2Y"``)."""
    letters = ({"left": "T", "right": "Y"} if template.turn else
               {"left": "B", "straight": "F", "right": "N"})
    return f"{template.speed}{letters[template.direction]}"


@dataclass(frozen=True)
class PartialBoost(ChoiceStep):
    """A card lets a boost that would fail by overlapping a ship be resolved as though the
    ship partially executed a maneuver of its template instead (hook boost_partially).
    Answers: ``use`` (resolve it so) or ``decline`` (the boost fails)."""

    ship_id: str
    code: str

    def choice(self, game: Game) -> Decision | None:
        ship = game.state.ships[self.ship_id]
        return self.ask(ship.owner, "use_ability",
                        f"{ship.name} ({ship.id}): the boost would overlap a ship",
                        (Option("use", "resolve it as a partially executed maneuver"),
                         Option("decline", "the boost fails")), ship=ship.id)

    def apply(self, game: Game, answer: Any) -> None:
        ship = game.state.ships[self.ship_id]
        if answer == "use":
            boost_as_partial_maneuver(game, ship, self.code)
        else:
            fail(game, ship)


def roll_with_turn(game: Game, ship: ShipState, template: RepositionTemplate) -> None:
    """Barrel roll with a [1 turn] template (ruling: laid from the side's hashmark, the
    ship placed at the far end keeping its facing, its guides on the end as after a boost:
    one position only, which fails as RR: BARREL ROLL says)."""
    assert template.curve is not None
    if template.colour:
        treat_action_as(ship, template.colour)
    attempt = barrel_roll_turn(game.state.table(), ship.id, template.direction,
                               template.curve, template.speed)
    if reposition_fails(game, ship, attempt, "barrel_roll"):
        fail(game, ship)
        return
    if template.then:
        game.push(Then(template.then, (ship.id,)))
    reposition(game, ship, attempt)
    game.event("move", f"{ship.name} ({ship.id}) barrel rolls {template.direction} with the "
               f"{template.name} template", ship=ship.id)


@dataclass(frozen=True)
class RotateAction(ActionBody, ChoiceStep):
    """RR: ROTATE - point the turret indicator at another standard arc (a double indicator
    at the other pair). A huge ship with two indicators rotates either or both
    (RR: APPENDIX: HUGE SHIPS - TURRET ARC INDICATORS): ``"2:<arc>"`` turns the second one,
    ``"<arc>+2:<arc>"`` both."""

    auto_single: ClassVar[bool] = True

    def choice(self, game: Game) -> Decision | None:
        ship = game.state.ships[self.ship_id]
        options = [Option(a.value, a.value) for a in rotatable_arcs(game, ship)]
        if ship.turret2_cards:
            names = ", ".join(load_cards().upgrade(x).name for x in ship.turret2_cards)
            seconds = [Option(f"2:{a.value}", f"the second turret ({names}) to {a.value}")
                       for a in rotatable_arcs(game, ship, second=True)]
            options = [Option(o.key, f"the first turret to {o.key}") for o in options]
            options += seconds + [Option(f"{o.key}+{t.key}", f"{o.label} and {t.label}")
                                  for o in options for t in seconds]
        return self.ask(ship.owner, "rotate_arc", f"{ship.name} ({ship.id}): turn the "
                        "turret to which arc?", tuple(options), ship=ship.id)

    def apply(self, game: Game, answer: Any) -> None:
        ship = game.state.ships[self.ship_id]
        for part in str(answer).split("+"):
            if part.startswith("2:"):
                ship.turret2 = turret_arcs_for(ship, Arc(part[2:]), second=True)
            else:
                ship.turret = turret_arcs_for(ship, Arc(part))
        game.event("action", f"{ship.name} ({ship.id}) points its turret at {answer}",
                   ship=ship.id)


@dataclass(frozen=True)
class JamAction(ActionBody, ChoiceStep):
    """RR: JAM - choose an enemy ship at range 1, or at range 1-2 in the jamming ship's
    front arc (ruling); it gains a jam token. Fails if there is none."""

    def choice(self, game: Game) -> Decision | None:
        ship = game.state.ships[self.ship_id]
        targets = jam_targets(game, ship)
        locked = locked_targets(game, ship, "jam", targets, friendly=False)
        boosted = boosted_jams(game, ship, targets + locked)  # hook range_increase
        if not targets and not locked and not boosted:
            fail(game, ship)
            return None
        return self.ask(ship.owner, "jam_target", f"{ship.name} ({ship.id}): jam which "
                        "ship?", tuple(Option(s.id, f"{s.name} ({s.id})") for s in targets)
                        + tuple(Option(s.id, f"{s.name} ({s.id}), spending your lock on it")
                                for s in locked) + boosted, ship=ship.id)

    def apply(self, game: Game, answer: Any) -> None:
        ship = game.state.ships[self.ship_id]
        if answer not in [s.id for s in jam_targets(game, ship)] and \
                not pay_jam_boost(game, ship, answer):
            spend_lock_on(game, ship, answer)
        if "after_action" in named(game):
            _note_target(game, ship.id, answer)  # "after you jam": the jammed ship
        gain_token(game, game.state.ships[answer], Token.JAM, applier=ship.owner)


def locked_targets(game: Game, ship: ShipState, action: str, targets: list[ShipState],
                   friendly: bool) -> list[ShipState]:
    """Ships beyond the action's range the ship may choose by spending its lock on them
    (hook ``spend_lock_for_target``: Biohexacrypt Codes, for a coordinate or jam)."""
    if not any(held.ability.value(game, ship, ship=ship, action=action)
               for held in own_modifiers(game, ship, "spend_lock_for_target")):
        return []
    return [s for s in game.state.in_play() if s.id in ship.locks and s.id != ship.id
            and (is_friendly(s, ship) if friendly else s.owner != ship.owner)
            and s.id not in {t.id for t in targets}]


def spend_lock_on(game: Game, ship: ShipState, target: str) -> None:
    """The ship spends its lock on ``target`` (RR: LOCK)."""
    ship.locks = one_lock_fewer(ship.locks, target)
    game.event("lock", f"{ship.name} ({ship.id}) spends its lock on {target}", ship=ship.id)
    fire(game, "after_spend_lock", ship=ship.id, target=target)


def jam_targets(game: Game, ship: ShipState) -> list[ShipState]:
    assert ship.body is not None
    found = []
    # "while you jam, you can choose yourself or another friendly ship" (hook jam_friendly)
    friends = any(held.ability.value(game, ship, ship=ship)
                  for held in own_modifiers(game, ship, "jam_friendly"))
    for other in game.state.in_play():
        if friends and other.id == ship.id:
            found.append(other)
            continue
        if other.owner == ship.owner and not (friends and not other.remote
                                              and is_friendly(other, ship)):
            continue
        r = game.state.range_up_to(ship, other, 2)
        # measured from a source with no arcs (a DRK-1 probe droid): range 1 only
        if r == 1 or (r == 2 and in_arc(cast("Ship", ship.body), cast("TableObject", other.body),
                                        Arc.FRONT)) or any(
                game.state.range_up_to(source, other, 1) == 1
                for source in range_sources(game, ship, "jam")):
            found.append(other)
    return found


@dataclass(frozen=True)
class ReloadAction(ActionBody, ChoiceStep):
    """RR: RELOAD - a torpedo, missile or device upgrade below its charge limit recovers
    one charge; the ship gains a disarm token."""

    auto_single: ClassVar[bool] = True

    def choice(self, game: Game) -> Decision | None:
        ship = game.state.ships[self.ship_id]
        return self.ask(ship.owner, "reload_card", f"{ship.name} ({ship.id}): reload which "
                        "card?", tuple(Option(c, c) for c in reloadable_cards(game, ship)),
                        ship=ship.id)

    def apply(self, game: Game, answer: Any) -> None:
        ship = game.state.ships[self.ship_id]
        charge = ship.charges[answer]
        charge.active = min(charge.limit, charge.active + reload_amount(game, ship, answer))
        game.event("action", f"{ship.name} ({ship.id}) reloads {answer}", ship=ship.id)
        gain_token(game, ship, Token.DISARM)


@dataclass(frozen=True)
class SlamAction(ActionBody, ChoiceStep):
    """RR: SLAM - execute a maneuver from the dial of the speed executed this round; it
    fails if the ship would flee; then gain a disarm token."""

    during_activation: bool = True

    def choice(self, game: Game) -> Decision | None:
        ship = game.state.ships[self.ship_id]
        speed = ship.executed_speed
        codes = [c for c in ship.dial if int(c[0]) == speed]
        options = tuple(Option(c, c) for c in codes if not would_flee(game, ship, c))
        forced, _ = speed_changes(game, ship, "slam")
        faster = tuple(Option(c, c) for c in ship.dial if speed is not None
                       and int(c[0]) == speed + forced and not would_flee(game, ship, c))
        if forced and faster:
            options = faster  # "a template of 1 speed higher, if able" (hook reposition_speed)
        if not options:
            fail(game, ship)
            return None
        return self.ask(ship.owner, "slam_maneuver", f"{ship.name} ({ship.id}): SLAM with "
                        "which maneuver?", options, ship=ship.id)

    def apply(self, game: Game, answer: Any) -> None:
        game.push(ExecuteManeuver(self.ship_id, answer, slam=True), GainDisarm(self.ship_id))


@dataclass(frozen=True)
class GainDisarm(Step):
    ship_id: str

    def run(self, game: Game) -> Decision | None:
        ship = game.state.ships[self.ship_id]
        if ship.in_play:
            gain_token(game, ship, Token.DISARM)
        return None
