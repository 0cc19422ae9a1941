"""Executing maneuvers in the game (RR: MANEUVER, RR: DIFFICULTY, RR: OVERLAP, RR: MOVE,
RR: OBSTACLES, RR: FLEE, RR: STRESS, RR: ION, RR: CLOAK).

The geometry says where the ship ends and what it met; this module applies the rules:
difficulty (red gives stress, blue removes stress, strain and deplete, purple costs Force),
the effect of the ship that forced a partial maneuver, the obstacles moved through or
overlapped in the order met, and fleeing.

Order of the after-move effects (ruling): the Check Difficulty step, then the effect of the
ship overlapped (RR: OVERLAP "after the Check Difficulty step"), then obstacles (RR: OBSTACLES
"after resolving its move", which includes checking difficulty), then the remotes moved through or
overlapped ("after a ship overlaps or moves through": window ``after_device_met``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from tallon.dice import Face
from tallon.engine.chance import RollDice
from tallon.engine.decisions import Decision, Option
from tallon.engine.decloak_rolls import attempt_at as decloak_attempt
from tallon.engine.decloak_rolls import decloak_options, decloak_speed
from tallon.engine.decloak_rolls import positions as decloak_positions
from tallon.engine.devices import (
    after_reposition,
    move_met_steps,
    overlapped_before,
    template_name,
)
from tallon.engine.dial_codes import DIFFICULTY_NAMES as DIFFICULTY_NAMES
from tallon.engine.dial_codes import STRESS_MANEUVER as STRESS_MANEUVER
from tallon.engine.dial_codes import difficulty_of as difficulty_of
from tallon.engine.dial_codes import with_difficulty as with_difficulty
from tallon.engine.effects import (
    gain_token,
    ignores_obstacle,
    remove_ship,
    remove_token,
    spend_force,
    suffer_damage,
)
from tallon.engine.huge_moves import HugeManeuver, overlap_windows
from tallon.engine.obstacles import ObstacleEffect
from tallon.engine.queue import FireWindow, named, own_modifiers, replacements
from tallon.engine.replace import Replaceable
from tallon.engine.state import ShipState, Token
from tallon.engine.steps import ChoiceStep, Step, continuation
from tallon.geometry import (
    TALLON_POSITIONS,
    Attempt,
    Bearing,
    Maneuver,
    MoveOutcome,
    Side,
    TemplateKind,
    barrel_roll_options,
    boost,
    execute_maneuver,
)
from tallon.geometry.overlap import template_contacts
from tallon.geometry.repositioning import barrel_roll_bank_options

if TYPE_CHECKING:
    from tallon.engine.game import Game


def ion_maneuver(dial: str | None, white_straight: bool = False) -> str:
    """RR: ION - a blue speed 1 bank or straight in the dial's direction; a stationary
    dial (or, by ruling, no dial at all) gives [1 straight]. ``white_straight``: the
    ruleset's ion maneuver is a white 1 straight whatever the dial (reference card (1e)
    "Ion Token")."""
    if white_straight:
        return "1FW"
    if dial is None:
        return "1FB"
    direction = Maneuver.parse(dial).bearing.direction.value
    return {-1: "1BB", 0: "1FB", 1: "1NB"}[direction]


def would_flee(game: Game, ship: ShipState, code: str) -> bool:
    return execute_maneuver(game.state.table(), ship.id, Maneuver.parse(code)).fled


#: the card memory key of the ships a boost moved through (hook records_moved_through)
MOVED_THROUGH = "moved_through"


def remember_ships_through(game: Game, ship: ShipState, attempt: Attempt) -> None:
    """RR: MOVE - the ships the boost's template is placed on, in the order met, kept in
    the ship's card memory (only while a card asks: "if you moved through an enemy ship")."""
    others = [s for s in game.state.table().ships if s.id != ship.id]
    through = sorted(template_contacts(attempt.template, others), key=lambda item: item[0])
    ship.remember(MOVED_THROUGH, tuple(o.id for _, o in through))


# ------------------------------------------------------------- barrel rolls, boosts
def reposition(game: Game, ship: ShipState, attempt: Attempt) -> None:
    """Put the ship where a barrel roll or boost (or such a move: decloaking, a tractor
    move) places it; the obstacles, then the remotes, it moved through or ends on are met
    (RR: MOVE: these moves use templates; obstacles only when a card lets the ship pass
    them, RR: OBSTACLES)."""
    before = overlapped_before(game, ship)
    if attempt.template is not None and any(
            held.ability.value(game, ship, ship=ship)
            for held in own_modifiers(game, ship, "records_moved_through")):
        remember_ships_through(game, ship, attempt)
    game.state.set_pose(ship, attempt.final)
    after_reposition(game, ship, before, attempt.moved_through_devices,
                     attempt.overlapped_devices)
    met = [o for o in attempt.obstacles_met
           if not (o in before and o not in attempt.overlapped_obstacles)]
    move = "barrel_roll" if attempt.label.startswith("barrel roll") else "boost"
    if move == "barrel_roll" and "after_barrel_roll" in named(game):
        # "after you barrel roll": once the obstacles it met have had their effects
        game.push(FireWindow.of("after_barrel_roll", ship=ship.id))
    game.push(*obstacle_steps(game, ship, met, move))  # pushed last: they resolve first


def passes_obstacles(game: Game, ship: ShipState, move: str) -> bool:
    """Whether a card lets the ship's barrel rolls or boosts (``move``) move through and
    overlap obstacles (RR: CARD INTERPRETATION, "can"; hook
    ``reposition_through_obstacles``)."""
    return any(held.ability.value(game, ship, move=move) for held in
               own_modifiers(game, ship, "reposition_through_obstacles"))


def reposition_fails(game: Game, ship: ShipState, attempt: Attempt, move: str) -> bool:
    """Whether a barrel roll or boost (``move``) fails at this position (RR: BARREL ROLL,
    RR: BOOST): it overlaps a ship, leaves the play area, or meets an obstacle the ship
    can't pass (a card lets it pass them, or it ignores that obstacle: FAQ: OBJECTS)."""
    if attempt.fails(ignore_obstacles=True):
        return True
    if not attempt.blocked_by_obstacle or passes_obstacles(game, ship, move):
        return False
    return not all(ignores_obstacle(game, ship, o, "move") for o in attempt.obstacles_met)


def roll_positions(game: Game, ship: ShipState, side: str, template_speed: int = 1,
                   through_obstacles: bool = False, bank: str | None = None
                   ) -> dict[str, Attempt]:
    """Where a barrel roll to ``side`` may place the ship, by position (``front``,
    ``middle``, ``back``); empty when all three fail, which fails the roll (RR: BARREL ROLL,
    RR: CLOAK). ``through_obstacles``: the ship's cards may let it pass obstacles (not for
    a tractor move, RR: TRACTOR). ``bank``: with the [1 bank] template curving forward or
    backward instead (hook barrel_roll_banks)."""
    table = game.state.table()
    options = (barrel_roll_bank_options(table, ship.id, side, bank, template_speed) if bank else
               barrel_roll_options(table, ship.id, Side.parse(side), template_speed))
    return {a.label.split()[-1]: a for a in options
            if not (reposition_fails(game, ship, a, "barrel_roll") if through_obstacles
                    else a.fails())}


def obstacle_steps(game: Game, ship: ShipState, obstacle_ids: list[str],
                   move: str = "maneuver") -> list[Step]:
    """For each obstacle a move met, in order: "after you move through or overlap an
    obstacle" abilities (window ``after_obstacle_met``; ``move``: maneuver, boost or
    barrel_roll, decloaks and tractor moves being boosts and barrel rolls), then its
    effect (RR: OBSTACLES; a ship that ignores it then suffers nothing)."""
    kinds = {o.id: o for o in game.state.obstacles}
    steps: list[Step] = []
    for object_id in obstacle_ids:
        if object_id in kinds:
            steps += [FireWindow.of("after_obstacle_met", ship=ship.id, obstacle=object_id,
                                    move=move),
                      ObstacleEffect(ship.id, object_id, kinds[object_id].type.value)]
    return steps


@dataclass(frozen=True)
class ExecuteManeuver(ChoiceStep):
    """Execute a maneuver: move, check difficulty, then the after-move effects.

    ``code`` carries the difficulty letter; ``ion`` marks an ion maneuver; ``slam`` a SLAM
    (which fails instead of fleeing). A Tallon roll asks where the ship is placed (answer:
    ``front``, ``middle`` or ``back``). A card may replace the maneuver before it is
    executed ("execute that maneuver as ... instead": replacement point
    ``execute_maneuver``); ``replaceable=False`` once that is settled.
    """

    ship_id: str
    code: str
    ion: bool = False
    slam: bool = False
    replaceable: bool = True
    #: executed as a sideslip (a bank or turn: RR: SIDESLIP), as a card instructs
    sideslip: bool = False

    def choice(self, game: Game) -> Decision | None:
        s = game.state
        ship = s.ships[self.ship_id]
        if not ship.in_play:
            return None
        if self.replaceable:
            facts = {"ship": ship.id, "maneuver": self.code, "ion": self.ion,
                     "slam": self.slam}
            if replacements(game, "execute_maneuver", facts):
                game.push(Replaceable("execute_maneuver", tuple(sorted(facts.items()))))
                return None
        if ship.huge:  # RR: APPENDIX: HUGE SHIPS - the huge ship maneuver tool
            game.push(HugeManeuver(ship.id, self.code))
            return None
        maneuver = Maneuver.parse(self.code)
        if self.flown_on() is None and not self.sideslip:
            others = maneuver_templates(game, ship, maneuver)
            if others:
                own = maneuver.bearing.template_kind.value  # type: ignore[union-attr]
                return self.ask(ship.owner, "maneuver_template",
                                f"{ship.name} ({ship.id}): fly [{self.code}] on which "
                                "template?", tuple(Option(k, f"its own {own} template"
                                                          if k == own else f"the "
                                                          f"[{maneuver.speed} {k}] template "
                                                          "instead", {"maneuver": self.code})
                                                   for k in (own, *others)), ship=ship.id)
        position = None
        if maneuver.bearing in (Bearing.TALLON_ROLL_LEFT, Bearing.TALLON_ROLL_RIGHT):
            table = s.table()
            valid = [p for p in TALLON_POSITIONS
                     if not _overlaps_at(table, ship, maneuver, p, self.flown_on())]
            if len(valid) > 1:
                return self.ask(ship.owner, "tallon_position",
                                f"{ship.name} ({ship.id}): place the Tallon roll where?",
                                tuple(Option(p, p) for p in valid), ship=ship.id)
            position = valid[0] if valid else None
        self._execute(game, ship, maneuver, position)
        return None

    def flown_on(self) -> TemplateKind | None:
        """The template the ship flies its maneuver on instead of its own (once chosen:
        ExecuteOnTemplate), or None."""
        return None

    def apply(self, game: Game, answer: Any) -> None:
        if answer in _TEMPLATE_KINDS:  # the maneuver_template decision's answer
            game.push(ExecuteOnTemplate(self.ship_id, self.code, self.ion, self.slam, False,
                                        self.sideslip, answer))
            return
        ship = game.state.ships[self.ship_id]
        self._execute(game, ship, Maneuver.parse(self.code), answer)

    def _execute(self, game: Game, ship: ShipState, maneuver: Maneuver, position: str | None
                 ) -> None:
        s = game.state
        outcome = execute_maneuver(s.table(), ship.id, maneuver, position=position,
                                   sideslip=self.sideslip, template=self.flown_on())
        if self.slam and outcome.fled:
            ship.action_failed = True
            return
        before = overlapped_before(game, ship)
        kept = ship.contacts if game.rules.stationary_keeps_contacts and \
            outcome.final == outcome.start else ()  # Ruleset (1e): it has not moved away
        s.set_pose(ship, outcome.final)
        if kept or not outcome.fully_executed:
            for other in kept:
                s.add_contact(ship.id, other)
            for other in outcome.forced_by:
                if other in s.ships:
                    s.add_contact(ship.id, other)
        ship.executed_speed = maneuver.speed
        kind = self.flown_on()
        kind = None if kind is maneuver.bearing.template_kind else kind
        text = (f"{ship.name} ({ship.id}) executes [{maneuver.code}]"
                + (" as a sideslip" if self.sideslip else "")
                + (f" on the {kind.value} template" if kind else "")
                + ("" if outcome.fully_executed else
                   f", partially (bumps {', '.join(outcome.forced_by)})"))
        start = outcome.start
        # where it started, so that a page can lay the template and animate the move
        game.event("move", text, ship=ship.id, maneuver=maneuver.code,
                   full=outcome.fully_executed,
                   start=[round(start.x, 3), round(start.y, 3), round(start.heading, 3)],
                   **({"template": kind.value} if kind else {}))
        if outcome.fled:
            # RR: FLEE - a card may replace it ("if you would flee ... instead")
            facts = {"ship": ship.id}
            if replacements(game, "flee", facts):
                game.push(Replaceable("flee", tuple(facts.items())))
                return
            remove_ship(game, ship, "fled")
            return
        # the devices met go off as the maneuver meets them (Ruleset.devices_during_move)
        early = game.rules.devices_during_move
        # "while you fully execute a maneuver, before the Check Difficulty step" abilities
        game.push(*(_devices_met(game, ship, outcome, before) if early else ()),
                  FireWindow.of("before_check_difficulty", ship=ship.id, maneuver=self.code,
                                full=outcome.fully_executed,
                                difficulty=difficulty_of(self.code)),
                  CheckDifficulty(ship.id, self.code),
                  *_after_move(game, ship, outcome, before, devices=not early),
                  FireWindow.of("after_execute", ship=ship.id, maneuver=self.code,
                                full=outcome.fully_executed, speed=maneuver.speed,
                                bearing=maneuver.bearing.value,
                                difficulty=difficulty_of(self.code), ion=self.ion,
                                slam=self.slam, hazards=tuple(outcome.hazards),
                                obstacles=tuple(obstacles_met(game, outcome, before)),
                                forced_by=tuple(outcome.forced_by),
                                moved_through=tuple(outcome.moved_through),
                                # a fact only sideslips carry: other steps stay as they were
                                **({"sideslip": True} if self.sideslip else {})))
        game.push(*overlap_windows(game, ship.id, outcome.forced_by))
        if not outcome.fully_executed:
            # RR: DOCK - overlapping a friendly carrier, a ship that can dock may dock
            # instead (asked first); docking imports this module, hence here
            from tallon.engine.docking import bump_docking

            game.push(*bump_docking(game, ship, outcome.forced_by))


@dataclass(frozen=True)
class ExecuteOnTemplate(ExecuteManeuver):
    """ExecuteManeuver once the ship chose the template (straight, bank or turn) it flies
    the maneuver on (decision maneuver_template): a step of its own, so that the usual one
    keeps its fields."""

    template: str = ""

    def flown_on(self) -> TemplateKind | None:
        return TemplateKind(self.template)


_TEMPLATE_KINDS = frozenset(k.value for k in TemplateKind)


def maneuver_templates(game: Game, ship: ShipState, maneuver: Maneuver) -> list[str]:
    """Templates the ship's cards let it fly ``maneuver`` on instead of its own (hook
    ``maneuver_templates``: template kinds), those that exist at its speed."""
    own = maneuver.bearing.template_kind
    found: list[str] = []
    for held in own_modifiers(game, ship, "maneuver_templates") if own else ():
        for kind in held.ability.value(game, ship, ship=ship, maneuver=maneuver.code) or ():
            if kind != own.value and kind not in found:  # type: ignore[union-attr]
                try:
                    maneuver.template(TemplateKind(kind))
                except ValueError:
                    continue  # no such template at this speed
                found.append(kind)
    return found


def _overlaps_at(table: Any, ship: ShipState, maneuver: Maneuver, position: str,
                 template: TemplateKind | None = None) -> bool:
    try:
        outcome = execute_maneuver(table, ship.id, maneuver, position=position,
                                   template=template)
    except ValueError:
        return True  # the geometry refuses a blocked position while others are free
    return not outcome.fully_executed or outcome.position != position


def obstacles_met(game: Game, outcome: MoveOutcome, before: set[str]) -> list[str]:
    """The obstacles a move went through or ended on, in the order met; one the ship
    started on counts only if it still overlaps it (RR: OBSTACLES), or if the template
    or final position does (``Ruleset.started_obstacle_template_counts``)."""
    ids, again = {o.id for o in game.state.obstacles}, game.rules.started_obstacle_template_counts
    return [o for o in outcome.hazards if o in ids
            and (again or not (o in before and o not in outcome.overlapping))]


def boost_as_partial_maneuver(game: Game, ship: ShipState, code: str) -> None:
    """A boost that would fail by overlapping a ship, resolved "as though partially
    executing a maneuver" of its template (hook boost_partially): the ship backs along the
    template as a bumping maneuver does and meets what a maneuver meets (the ship it
    touches, obstacles, devices); no maneuver is executed (no difficulty, no "after you
    execute a maneuver")."""
    s = game.state
    outcome = execute_maneuver(s.table(), ship.id, Maneuver.parse(code))
    before = overlapped_before(game, ship)
    s.set_pose(ship, outcome.final)
    for other in outcome.forced_by:
        if other in s.ships:
            s.add_contact(ship.id, other)
    game.event("move", f"{ship.name} ({ship.id}) boosts with the {template_name(code)} "
               f"template, partially (bumps {', '.join(outcome.forced_by)})", ship=ship.id)
    if outcome.fled:
        remove_ship(game, ship, "fled")
        return
    game.push(*_after_move(game, ship, outcome, before))


def _devices_met(game: Game, ship: ShipState, outcome: MoveOutcome, before: set[str]
                 ) -> list[Step]:
    return move_met_steps(game, ship, before, outcome.hazards, outcome.overlapping)


def _after_move(game: Game, ship: ShipState, outcome: MoveOutcome, before: set[str],
                devices: bool = True) -> list[Step]:
    steps: list[Step] = []
    if not outcome.fully_executed and outcome.forced_by:
        steps.append(BumpEffect(ship.id, outcome.forced_by))
    kinds = {o.id: o for o in game.state.obstacles}
    met = obstacles_met(game, outcome, before)
    steps.extend(obstacle_steps(game, ship, met))
    ending_on = tuple(met) if game.rules.obstacle_met_skips_action else tuple(
        o for o in outcome.overlapping if o in kinds)
    if ending_on:
        steps.append(EndedOnObstacle(ship.id, ending_on))
    # then the remotes moved through or overlapped, in the order met (ruling)
    return steps + (_devices_met(game, ship, outcome, before) if devices else [])


@dataclass(frozen=True)
class EndedOnObstacle(Step):
    """RR: OBSTACLES - a ship that ends a maneuver overlapping an obstacle skips its Perform
    Action step (not when it ignores every obstacle it ends on: ruling, FAQ: OBJECTS)."""

    ship_id: str
    obstacles: tuple[str, ...]

    def run(self, game: Game) -> Decision | None:
        ship = game.state.ships[self.ship_id]
        if not all(ignores_obstacle(game, ship, o, "move") for o in self.obstacles):
            ship.skip_action = True
        return None


@dataclass(frozen=True)
class CheckDifficulty(Step):
    """RR: MANEUVER step 2, RR: DIFFICULTY."""

    ship_id: str
    code: str

    def run(self, game: Game) -> Decision | None:
        ship = game.state.ships[self.ship_id]
        if not ship.in_play:
            return None
        difficulty = difficulty_of(self.code)
        if difficulty == "red":
            gain_token(game, ship, Token.STRESS)
        elif difficulty == "blue":
            for token in (Token.STRESS, Token.STRAIN, Token.DEPLETE):
                remove_token(game, ship, token)
        elif difficulty == "purple":
            spend_force(game, ship, 1)
        return None


@dataclass(frozen=True)
class BumpEffect(Step):
    """RR: OVERLAP - the effect of the ship that forced the partial maneuver. A friendly
    (or simultaneous friendly and enemy) overlap: roll an attack die, a hit or critical hit
    deals 1 damage. An enemy overlap: an unstressed ship may perform a focus or calculate
    action from its bar, treated as red. Either way it skips its Perform Action step."""

    ship_id: str
    forced_by: tuple[str, ...]

    def run(self, game: Game) -> Decision | None:
        from tallon.engine.actions import PerformAction

        ship = game.state.ships[self.ship_id]
        if not ship.in_play:
            return None
        if not any(held.ability.value(game, ship, ship=ship)
                   for held in own_modifiers(game, ship, "keep_action_after_partial")):
            ship.skip_action = True
        if not game.rules.bump_effects:
            return None  # rulebook (1e): the ship only skips its Perform Action step
        owners = {game.state.ships[o].owner for o in self.forced_by if o in game.state.ships}
        if ship.owner in owners:
            game.push(RollDice("attack", 1, "movement.friendly_bump", (ship.id,),
                               who=ship.name))
            return None
        game.event("bump", f"{ship.name} ({ship.id}) bumps an enemy ship", ship=ship.id)
        if not ship.stressed:
            game.push(PerformAction(ship.id, during_activation=True, treat_as="red",
                                    only=("focus", "calculate")), BlockActions(ship.id))
        else:
            ship.actions_blocked = True
        return None


@continuation("movement.friendly_bump")
def _friendly_bump(game: Game, faces: tuple[Face, ...], ship_id: str) -> None:
    ship = game.state.ships[ship_id]
    face = faces[0]
    game.event("bump", f"{ship.name} ({ship.id}) bumps a friendly ship and rolls "
               f"{face.label}", ship=ship.id)
    if face in (Face.HIT, Face.CRIT):
        suffer_damage(game, ship, hits=1, cause="bumping a friendly ship")


@dataclass(frozen=True)
class BlockActions(Step):
    """After an enemy bump the ship can't perform more actions this activation."""

    ship_id: str

    def run(self, game: Game) -> Decision | None:
        game.state.ships[self.ship_id].actions_blocked = True
        return None


# --------------------------------------------------------------------------- decloak
@dataclass(frozen=True)
class Decloak(ChoiceStep):
    """RR: CLOAK, RR: DECLOAK - in the System Phase a cloaked ship may spend its cloak token to
    decloak: declare a boost or a barrel roll (left or right) with the [2 straight] (small)
    or [1 straight] (medium, large), then place it. If the placement fails, the ship stays
    and keeps its cloak token. Not a maneuver, not an action; allowed while stressed."""

    ship_id: str
    declared: str | None = None
    auto_single: ClassVar[bool] = True

    def choice(self, game: Game) -> Decision | None:
        ship = game.state.ships[self.ship_id]
        if not ship.in_play or not ship.cloaked:
            return None
        if ship.device_placed == (game.state.round, game.state.phase):
            return None  # RR: DEVICE - no decloaking in the phase it placed a device
        if self.declared is None:
            straight = () if decloak_banks_only(game, ship) else (
                Option("boost", "decloak: boost"),
                Option("left", "decloak: barrel roll left"),
                Option("right", "decloak: barrel roll right"))
            options = (Option("pass", "stay cloaked"), *straight,
                       *(Option(k, f"decloak: boost with the [{decloak_speed(ship)} bank "
                                   f"{k.removeprefix('bank_')}] template"
                                   + (" (spend " + ", ".join(
                                       f"{n} Force" if r == "force" else f"{n} {r} charge"
                                       for r, n in cost) + ")" if cost else ""))
                         for k, cost in decloak_banks(game, ship).items()))
            return self.ask(ship.owner, "decloak", f"{ship.name} ({ship.id}): decloak?",
                            decloak_options(game, ship, options), ship=ship.id)
        attempts = decloak_positions(game, ship, self.declared)  # engine/decloak_rolls.py
        if not attempts:
            game.event("decloak", f"{ship.name} ({ship.id}) fails to decloak", ship=ship.id)
            return None
        return self.ask(ship.owner, "decloak_position",
                        f"{ship.name} ({ship.id}): decloak {self.declared} to which "
                        "position?", tuple(Option(k, k) for k in attempts), ship=ship.id)

    def apply(self, game: Game, answer: Any) -> None:
        ship = game.state.ships[self.ship_id]
        if self.declared is not None:
            # the answer is a position the decision listed: only it is measured again
            attempt = decloak_attempt(game, ship, self.declared, answer)
            self._place(game, ship, attempt, f"barrel roll {self.declared}")
        elif answer == "boost" or answer in BANK_DECLOAKS:
            direction = "straight"
            if answer in BANK_DECLOAKS:
                # ruling: the card's cost is paid as the template is declared
                for resource, n in decloak_banks(game, ship)[answer]:
                    if resource == "force":
                        spend_force(game, ship, n)
                    else:
                        ship.charges[resource].active -= n
                direction = answer.removeprefix("bank_")
            attempt = boost(game.state.table(), ship.id, direction, decloak_speed(ship))
            if reposition_fails(game, ship, attempt, "boost"):
                game.event("decloak", f"{ship.name} ({ship.id}) fails to decloak",
                           ship=ship.id)
                return
            self._place(game, ship, attempt, "boost" if direction == "straight" else
                        f"boost with the [{decloak_speed(ship)} bank {direction}] template")
        elif answer != "pass":
            game.push(Decloak(self.ship_id, declared=answer))

    def _place(self, game: Game, ship: ShipState, attempt: Attempt, how: str) -> None:
        remove_token(game, ship, Token.CLOAK)
        game.push(FireWindow.of("after_decloak", ship=ship.id))  # after what the move met
        reposition(game, ship, attempt)
        game.event("move", f"{ship.name} ({ship.id}) decloaks ({how})", ship=ship.id)


BANK_DECLOAKS = ("bank_left", "bank_right")


def decloak_banks_only(game: Game, ship: ShipState) -> bool:
    """A card says the ship must decloak with a bank template instead of the straight one
    (hook ``decloak_banks_only``): the straight boost and the barrel rolls are not offered."""
    return any(held.ability.value(game, ship, speed=decloak_speed(ship))
               for held in own_modifiers(game, ship, "decloak_banks_only"))


def decloak_banks(game: Game, ship: ShipState) -> dict[str, tuple[tuple[str, int], ...]]:
    """The bank templates the ship's cards let it decloak (boost) with instead of the
    straight one (hook ``decloak_templates``: (left or right, cost) pairs, given the
    straight template's speed), by answer key (``bank_left``), with what each costs:
    (``"force"`` or a card's id, amount) pairs; only those it can pay."""
    found: dict[str, tuple[tuple[str, int], ...]] = {}
    for held in own_modifiers(game, ship, "decloak_templates"):
        for direction, cost in held.ability.value(game, ship,
                                                  speed=decloak_speed(ship)) or ():
            cost = tuple(cost)
            payable = all((ship.force if r == "force" else
                           ship.charges[r].active if r in ship.charges else 0) >= n
                          for r, n in cost)
            if payable:
                found.setdefault(f"bank_{direction}", cost)
    return found
