"""Actions (RR: ACTIONS, LINKED ACTION, FAIL, and each action's entry).

A ship performs an action from its action bar (ship card and upgrade bars). White, red and
purple difficulty: a purple action costs 1 Force to attempt (paid even if it fails); a red
action gives a stress token once it is resolved, failed or not (RR: ACTIONS, FAIL, ABILITY
QUEUE: the game effect precedes "after you perform" abilities). A ship can't perform an
action it performed or failed this round, can't act while stressed, and while ionized can
only focus. After an action with a linked action, the ship may perform the linked action.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from tallon.engine.abilities import CardAction, Ctx, Event, Triggered, ship_abilities
from tallon.engine.decisions import Decision, Option
from tallon.engine.effects import acquire_lock, can_lock, gain_token
from tallon.engine.movement import reposition, roll_positions
from tallon.engine.queue import RULE_TRIGGERS, Entry, FireWindow, any_true
from tallon.engine.state import ActionSpec, ShipState, Token
from tallon.engine.steps import UNANSWERED, Step
from tallon.geometry import STANDARD_ARCS, Arc, boost, in_arc

if TYPE_CHECKING:
    from tallon.engine.game import Game

DIFFICULTY_RANK = {"white": 0, "red": 1, "purple": 2}
RELOADABLE = ("torpedo", "missile", "device")


def turret_arcs_for(ship: ShipState, pointing: Arc) -> tuple[Arc, ...]:
    """The standard arcs a turret indicator pointing at ``pointing`` selects."""
    opposite = {Arc.FRONT: Arc.REAR, Arc.REAR: Arc.FRONT, Arc.LEFT: Arc.RIGHT,
                Arc.RIGHT: Arc.LEFT}
    return (pointing, opposite[pointing]) if ship.turret_double else (pointing,)


# ------------------------------------------------------------------ availability
def can_perform(game: Game, ship: ShipState, spec: ActionSpec, during_activation: bool,
                even_stressed: bool = False) -> str | None:
    """Why ``ship`` can't perform ``spec`` now, or None (``even_stressed``: a card lets it
    act while stressed)."""
    if not ship.in_play:
        return "the ship is not in play"
    if ship.stressed and not even_stressed and not any_true(
            game, "may_act_stressed", ship=ship, spec=spec):
        return "a stressed ship can't perform actions"
    if ship.actions_blocked:
        return "the ship can't perform more actions this activation"
    if ship.ionized and spec.kind != "focus":
        return "an ionized ship can only perform the focus action"
    if spec.kind in ship.actions_done:
        return f"it has already performed or failed a {spec.kind} action this round"
    if any_true(game, "action_forbidden", ship=ship, action=spec.kind):
        return f"a card forbids the {spec.kind} action"
    if spec.difficulty == "purple" and ship.force < 1:
        return "a purple action costs 1 Force"
    if spec.kind == "cloak" and ship.cloaked:
        return "a cloaked ship can't cloak"
    if spec.kind == "slam" and not during_activation:
        return "SLAM can only be performed during the ship's activation"
    if spec.kind == "slam" and ship.executed_speed is None:
        return "SLAM needs a maneuver executed this round"
    if spec.kind == "reload" and not _reload_cards(game, ship):
        return "no torpedo, missile or device upgrade is missing a charge"
    if spec.kind == "rotate" and not ship.turret:
        return "the ship has no turret arc indicator"
    card_action = _card_action(ship, spec)
    if card_action is not None:
        ctx = _card_ctx(game, ship, spec, card_action)
        if not card_action.requirement(ctx) or not card_action.cost.can_pay(ctx):
            return f"the requirement of {spec.source}'s action is not met"
    return None


def available_actions(game: Game, ship: ShipState, during_activation: bool,
                      even_stressed: bool = False) -> list[ActionSpec]:
    """The standard actions the ship could perform now (one entry per action);
    ``even_stressed``: a card lets it act while stressed."""
    seen: dict[str, ActionSpec] = {}
    for spec in (*ship.actions, *card_actions(ship)):
        if can_perform(game, ship, spec, during_activation, even_stressed) is not None:
            continue
        held = seen.get(spec.kind)
        # two bars offering the same action: the easier one, and its linked action
        if held is None or DIFFICULTY_RANK[spec.difficulty] < DIFFICULTY_RANK[held.difficulty]:
            seen[spec.kind] = spec
    return list(seen.values())


def _reload_cards(game: Game, ship: ShipState) -> list[str]:
    from tallon.data import load_cards

    db = load_cards()
    cards = []
    for xws, charge in ship.charges.items():
        if xws == ship.pilot or charge.active >= charge.limit:
            continue
        upgrade = db.upgrade(xws)
        if any(slot in RELOADABLE for slot in upgrade.slots):
            cards.append(xws)
    return cards


# ------------------------------------------------------------------ card actions
def card_actions(ship: ShipState) -> list[ActionSpec]:
    """The "Action:" abilities of the ship's cards as standard actions; the action's kind
    names the card (and the ability's key), so each card's action - and each of two damage
    cards of one name - is a different action (RR: ACTIONS)."""
    found = []
    for card, ability in ship_abilities(ship):
        if isinstance(ability, CardAction):
            kind = f"{card}:{ability.key}" if ability.key else card
            found.append(ActionSpec(kind, ability.difficulty, None, card))
    return found


def _card_action(ship: ShipState, spec: ActionSpec) -> CardAction | None:
    if spec.kind in ACTION_BODIES:
        return None
    for card, ability in ship_abilities(ship):
        if isinstance(ability, CardAction) and card == spec.source and (
                spec.kind == (f"{card}:{ability.key}" if ability.key else card)):
            return ability
    return None


def _card_ctx(game: Game, ship: ShipState, spec: ActionSpec, ability: CardAction) -> Ctx:
    return Ctx(game, ship, spec.source, Event.of("action", ship=ship.id, action=spec.kind),
               ability)


@dataclass(frozen=True)
class CardActionBody(Step):
    """A card's "Action:" ability: its choices, then its cost and effect (RR: PAYING
    COSTS). With nothing to choose the action fails."""

    ship_id: str
    spec: ActionSpec
    answer: Any = UNANSWERED

    def run(self, game: Game) -> Decision | None:
        ship = game.state.ships[self.ship_id]
        ability = _card_action(ship, self.spec)
        if ability is None or not ship.in_play:
            fail(game, ship)
            return None
        ctx = _card_ctx(game, ship, self.spec, ability)
        if not ability.cost.can_pay(ctx):
            fail(game, ship)
            return None
        choice = self.answer
        if choice is None and ability.choices is not None:
            options = tuple(ability.choices(ctx))
            if not options:
                fail(game, ship)
                return None
            if len(options) > 1:
                return Decision(ship.owner, "card_action", f"{ship.name} ({ship.id}): "
                                f"{ability.title}", options, self, ship=ship.id)
            choice = options[0].value
        ability.cost.pay(ctx)
        ability.effect(ctx, choice)
        return None


# -------------------------------------------------------------------- the steps
@dataclass(frozen=True)
class PerformAction(Step):
    """The ship may perform one action (the Perform Action step, a coordinate, or an
    action granted by an effect). ``only`` limits the choice to some actions of its bar;
    ``grant`` offers exactly these actions, on the bar or not ("perform a red [boost]
    action"); ``treat_as`` changes their colour (the most difficult colour wins)."""

    ship_id: str
    during_activation: bool = False
    treat_as: str | None = None
    only: tuple[str, ...] = ()
    grant: tuple[ActionSpec, ...] = ()
    even_stressed: bool = False
    answer: Any = UNANSWERED

    def run(self, game: Game) -> Decision | None:
        ship = game.state.ships[self.ship_id]
        if not ship.in_play:
            return None
        specs = self._specs(game, ship)
        if self.answer is not None:
            if self.answer == "pass":
                return None
            spec = next(s for s in specs if s.kind == self.answer)
            game.push(StartAction(ship.id, spec, self.during_activation))
            return None
        if not specs:
            return None
        options = [Option(s.kind, s.label if s.source in ("ship", "pilot") or
                          (s.kind not in ACTION_BODIES and s.kind != s.source)
                          else f"{s.label} ({s.source})") for s in specs]
        options.append(Option("pass", "no action"))
        return Decision(ship.owner, "perform_action",
                        f"{ship.name} ({ship.id}): perform an action?", tuple(options),
                        self, ship=ship.id)

    def _specs(self, game: Game, ship: ShipState) -> list[ActionSpec]:
        if self.grant:
            # "perform a [boost] action": that action, even if it isn't on the ship's bar
            return [s for s in self.grant if can_perform(
                game, ship, s, self.during_activation, self.even_stressed) is None]
        specs = available_actions(game, ship, self.during_activation, self.even_stressed)
        if self.only:
            specs = [s for s in specs if s.kind in self.only]
        if self.treat_as is not None:
            specs = [_treated(s, self.treat_as) for s in specs]
            specs = [s for s in specs if can_perform(game, ship, s, self.during_activation,
                                                     self.even_stressed) is None]
        return specs


def _treated(spec: ActionSpec, colour: str) -> ActionSpec:
    """An action treated as another colour: the most restrictive colour wins (RR:
    ACTIONS)."""
    if DIFFICULTY_RANK[colour] > DIFFICULTY_RANK[spec.difficulty]:
        return ActionSpec(spec.kind, colour, spec.linked, spec.source)
    return spec


@dataclass(frozen=True)
class StartAction(Step):
    """Pay the cost to attempt, then resolve the action's effect."""

    ship_id: str
    spec: ActionSpec
    during_activation: bool = False
    linked: bool = False

    def run(self, game: Game) -> Decision | None:
        ship = game.state.ships[self.ship_id]
        if self.spec.difficulty == "purple":
            ship.force -= 1  # the cost to attempt: paid even if the action fails
        ship.actions_done.add(self.spec.kind)
        ship.action_failed = False
        game.event("action", f"{ship.name} ({ship.id}) performs a {self.spec.label} action"
                   + (" (linked)" if self.linked else ""), ship=ship.id, action=self.spec.kind)
        body_type = ACTION_BODIES.get(self.spec.kind)
        body: Step = (body_type(ship.id, self.during_activation) if body_type is not None
                      else CardActionBody(ship.id, self.spec))
        game.push(body, FinishAction(ship.id, self.spec, self.during_activation, self.linked))
        return None


@dataclass(frozen=True)
class FinishAction(Step):
    """After the action: a red action gives its stress token (the game effect comes before
    the abilities of the same window); then "after you perform an action" abilities and,
    through the same queue, the linked action. A failed action triggers nothing."""

    ship_id: str
    spec: ActionSpec
    during_activation: bool
    linked: bool

    def run(self, game: Game) -> Decision | None:
        ship = game.state.ships[self.ship_id]
        failed = ship.action_failed
        if failed:
            game.event("action", f"{ship.name} ({ship.id}): the {self.spec.kind} action "
                       "fails", ship=ship.id)
        if self.spec.difficulty == "red" and ship.in_play:
            gain_token(game, ship, Token.STRESS)
        if not failed and ship.in_play:
            game.push(FireWindow.of("after_action", ship=ship.id, action=self.spec.kind,
                                    difficulty=self.spec.difficulty, linked=self.linked,
                                    during_activation=self.during_activation))
        return None


def linked_options(game: Game, ship: ShipState, kind: str, during_activation: bool
                   ) -> list[ActionSpec]:
    """The linked actions attached to ``kind`` on the ship's bars that it could perform
    now (several links from one action: the player picks one, RR: LINKED ACTION)."""
    found: dict[str, ActionSpec] = {}
    for spec in ship.actions:
        link = spec.linked
        if spec.kind != kind or link is None:
            continue
        held = found.get(link.kind)
        if can_perform(game, ship, link, during_activation) is None and (
                held is None or DIFFICULTY_RANK[link.difficulty] <
                DIFFICULTY_RANK[held.difficulty]):
            found[link.kind] = link  # the same action linked twice: the easier one
    return list(found.values())


def _linked_trigger(game: Game, event: Event) -> list[Entry]:
    """RR: LINKED ACTION - after performing an action (not itself a linked one) with an
    attached linked action, the ship may add the linked action to the ability queue."""
    if event.window != "after_action" or event.get("linked"):
        return []
    ship = game.state.ships[event["ship"]]
    kind = event["action"]
    during = bool(event.get("during_activation"))
    if not linked_options(game, ship, kind, during):
        return []

    def choices(ctx: Ctx) -> list[Option]:
        return [Option(link.kind, link.label) for link in
                linked_options(ctx.game, ctx.ship, kind, during)]

    def perform(ctx: Ctx, choice: Any) -> None:
        link = next(x for x in linked_options(ctx.game, ctx.ship, kind, during)
                    if x.kind == choice)
        ctx.game.push(StartAction(ctx.ship.id, link, during, linked=True))

    ability = Triggered("the linked action", window="after_action", effect=perform,
                        requirement=lambda ctx: bool(choices(ctx)), choices=choices,
                        decision="linked_action")
    return [Entry(ship.id, "linked action", ability)]


RULE_TRIGGERS.append(_linked_trigger)


def fail(game: Game, ship: ShipState) -> None:
    ship.action_failed = True


# ----------------------------------------------------------------- action bodies
@dataclass(frozen=True)
class ActionBody(Step):
    """The effect of a standard action (``ACTION_BODIES``), made by :class:`StartAction`
    as ``body(ship_id, during_activation)``; ``answer`` carries the player's choice. A
    body that finds nothing to do calls :func:`fail`."""

    ship_id: str
    during_activation: bool = False
    answer: Any = UNANSWERED


@dataclass(frozen=True)
class GainTokenAction(ActionBody):
    token = Token.FOCUS

    def run(self, game: Game) -> Decision | None:
        gain_token(game, game.state.ships[self.ship_id], self.token)
        return None


@dataclass(frozen=True)
class FocusAction(GainTokenAction):
    """RR: FOCUS - gain one focus token."""


@dataclass(frozen=True)
class EvadeAction(GainTokenAction):
    """RR: EVADE - gain one evade token."""

    token = Token.EVADE


@dataclass(frozen=True)
class CalculateAction(GainTokenAction):
    """RR: CALCULATE - gain one calculate token."""

    token = Token.CALCULATE


@dataclass(frozen=True)
class CloakAction(GainTokenAction):
    """RR: CLOAK - gain one cloak token."""

    token = Token.CLOAK


@dataclass(frozen=True)
class ReinforceAction(ActionBody):
    """RR: REINFORCE - gain a reinforce token, fore or aft side up (the player chooses)."""

    def run(self, game: Game) -> Decision | None:
        ship = game.state.ships[self.ship_id]
        if self.answer is not None:
            token = Token.REINFORCE_FORE if self.answer == "fore" else Token.REINFORCE_AFT
            gain_token(game, ship, token)
            return None
        return Decision(ship.owner, "reinforce_side", f"{ship.name} ({ship.id}): reinforce "
                        "which side?", (Option("fore", "fore"), Option("aft", "aft")),
                        self, ship=ship.id)


@dataclass(frozen=True)
class LockAction(ActionBody):
    """RR: LOCK - choose another object at range 0-3 and lock it; fails only when there is
    no valid object."""

    def run(self, game: Game) -> Decision | None:
        ship = game.state.ships[self.ship_id]
        if self.answer is not None:
            acquire_lock(game, ship, self.answer)
            return None
        targets = lock_targets(game, ship)
        if not targets:
            fail(game, ship)
            return None
        options = tuple(Option(t, _describe(game, t)) for t in targets)
        return Decision(ship.owner, "lock_target", f"{ship.name} ({ship.id}): lock what?",
                        options, self, ship=ship.id)


def lock_targets(game: Game, ship: ShipState, max_range: int = 3) -> list[str]:
    """Objects ``ship`` can lock: other objects at range 0-``max_range``."""
    s = game.state
    assert ship.body is not None
    return [o.id for o in s.table().objects() if o.id != ship.id
            and s.range_up_to(ship, s.ships.get(o.id, o), max_range) is not None
            and can_lock(game, ship, o.id) is None]


def _describe(game: Game, object_id: str) -> str:
    other = game.state.ships.get(object_id)
    return f"{other.name} ({object_id})" if other else object_id


@dataclass(frozen=True)
class BarrelRollAction(ActionBody):
    """RR: BARREL ROLL - declare left or right, then place the ship at the front, middle or
    back; it fails when all three positions fail."""

    side: str | None = None

    def run(self, game: Game) -> Decision | None:
        ship = game.state.ships[self.ship_id]
        if self.side is None:
            if self.answer is None:
                return Decision(ship.owner, "barrel_roll_direction",
                                f"{ship.name} ({ship.id}): barrel roll to which side?",
                                (Option("left", "left"), Option("right", "right")), self,
                                ship=ship.id)
            return BarrelRollAction(self.ship_id, self.during_activation,
                                    side=self.answer).run(game)
        positions = roll_positions(game, ship, self.side)
        if not positions:
            fail(game, ship)
            return None
        if self.answer is not None or len(positions) == 1:
            choice = self.answer if self.answer is not None else next(iter(positions))
            attempt = positions[choice]
            reposition(game, ship, attempt)
            game.event("move", f"{ship.name} ({ship.id}) barrel rolls {self.side} "
                       f"({choice})", ship=ship.id)
            return None
        return Decision(ship.owner, "barrel_roll_position",
                        f"{ship.name} ({ship.id}): barrel roll {self.side} to which "
                        "position?", tuple(Option(k, k) for k in positions), self,
                        ship=ship.id)


@dataclass(frozen=True)
class BoostAction(ActionBody):
    """RR: BOOST - declare left, straight or right; fails if that placement fails."""

    def run(self, game: Game) -> Decision | None:
        ship = game.state.ships[self.ship_id]
        if self.answer is None:
            return Decision(ship.owner, "boost_direction",
                            f"{ship.name} ({ship.id}): boost which way?",
                            tuple(Option(d, d) for d in ("left", "straight", "right")), self,
                            ship=ship.id)
        attempt = boost(game.state.table(), ship.id, self.answer)
        if attempt.fails():
            fail(game, ship)
            return None
        reposition(game, ship, attempt)
        game.event("move", f"{ship.name} ({ship.id}) boosts {self.answer}", ship=ship.id)
        return None


@dataclass(frozen=True)
class RotateAction(ActionBody):
    """RR: ROTATE - point the turret indicator at another standard arc (a double indicator
    at the other pair)."""

    def run(self, game: Game) -> Decision | None:
        ship = game.state.ships[self.ship_id]
        if self.answer is not None:
            ship.turret = turret_arcs_for(ship, Arc(self.answer))
            game.event("action", f"{ship.name} ({ship.id}) points its turret at "
                       f"{self.answer}", ship=ship.id)
            return None
        choices = [a for a in STANDARD_ARCS if a not in ship.turret]
        if ship.turret_double:
            choices = choices[:1]
        options = tuple(Option(a.value, a.value) for a in choices)
        if len(options) == 1:
            return self.answered(options[0].value).run(game)
        return Decision(ship.owner, "rotate_arc", f"{ship.name} ({ship.id}): turn the "
                        "turret to which arc?", options, self, ship=ship.id)


@dataclass(frozen=True)
class CoordinateAction(ActionBody):
    """RR: COORDINATE - choose another friendly ship at range 1-2; it may perform one
    action. Fails if there is none (not if the chosen ship's action fails)."""

    def run(self, game: Game) -> Decision | None:
        ship = game.state.ships[self.ship_id]
        if self.answer is not None:
            game.push(PerformAction(self.answer))
            return None
        assert ship.body is not None
        friends = [s for s in game.state.in_play() if s.owner == ship.owner
                   and s.id != ship.id and game.state.range_up_to(ship, s, 2) in (1, 2)]
        if not friends:
            fail(game, ship)
            return None
        return Decision(ship.owner, "coordinate_target", f"{ship.name} ({ship.id}): "
                        "coordinate which ship?",
                        tuple(Option(s.id, f"{s.name} ({s.id})") for s in friends), self,
                        ship=ship.id)


@dataclass(frozen=True)
class JamAction(ActionBody):
    """RR: JAM - choose an enemy ship at range 1, or at range 1-2 in the jamming ship's
    front arc (ruling); it gains a jam token. Fails if there is none."""

    def run(self, game: Game) -> Decision | None:
        ship = game.state.ships[self.ship_id]
        if self.answer is not None:
            gain_token(game, game.state.ships[self.answer], Token.JAM, applier=ship.owner)
            return None
        targets = jam_targets(game, ship)
        if not targets:
            fail(game, ship)
            return None
        return Decision(ship.owner, "jam_target", f"{ship.name} ({ship.id}): jam which "
                        "ship?", tuple(Option(s.id, f"{s.name} ({s.id})") for s in targets),
                        self, ship=ship.id)


def jam_targets(game: Game, ship: ShipState) -> list[ShipState]:
    assert ship.body is not None
    found = []
    for other in game.state.in_play():
        if other.owner == ship.owner:
            continue
        r = game.state.range_up_to(ship, other, 2)
        if r == 1 or (r == 2 and in_arc(ship.body, other.body, Arc.FRONT)):
            found.append(other)
    return found


@dataclass(frozen=True)
class ReloadAction(ActionBody):
    """RR: RELOAD - a torpedo, missile or device upgrade below its charge limit recovers
    one charge; the ship gains a disarm token."""

    def run(self, game: Game) -> Decision | None:
        ship = game.state.ships[self.ship_id]
        cards = _reload_cards(game, ship)
        if self.answer is not None or len(cards) == 1:
            card = self.answer if self.answer is not None else cards[0]
            ship.charges[card].active += 1
            game.event("action", f"{ship.name} ({ship.id}) reloads {card}", ship=ship.id)
            gain_token(game, ship, Token.DISARM)
            return None
        return Decision(ship.owner, "reload_card", f"{ship.name} ({ship.id}): reload which "
                        "card?", tuple(Option(c, c) for c in cards), self, ship=ship.id)


@dataclass(frozen=True)
class SlamAction(ActionBody):
    """RR: SLAM - execute a maneuver from the dial of the speed executed this round; it
    fails if the ship would flee; then gain a disarm token."""

    during_activation: bool = True

    def run(self, game: Game) -> Decision | None:
        from tallon.engine.movement import ExecuteManeuver, would_flee

        ship = game.state.ships[self.ship_id]
        if self.answer is not None:
            game.push(ExecuteManeuver(ship.id, self.answer, slam=True),
                      GainDisarm(ship.id))
            return None
        speed = ship.executed_speed
        codes = [c for c in ship.dial if int(c[0]) == speed]
        options = tuple(Option(c, c) for c in codes if not would_flee(game, ship, c))
        if not options:
            fail(game, ship)
            return None
        return Decision(ship.owner, "slam_maneuver", f"{ship.name} ({ship.id}): SLAM with "
                        "which maneuver?", options, self, ship=ship.id)


@dataclass(frozen=True)
class GainDisarm(Step):
    ship_id: str

    def run(self, game: Game) -> Decision | None:
        ship = game.state.ships[self.ship_id]
        if ship.in_play:
            gain_token(game, ship, Token.DISARM)
        return None


ACTION_BODIES: dict[str, type[ActionBody]] = {
    "focus": FocusAction,
    "evade": EvadeAction,
    "calculate": CalculateAction,
    "cloak": CloakAction,
    "reinforce": ReinforceAction,
    "lock": LockAction,
    "barrel_roll": BarrelRollAction,
    "boost": BoostAction,
    "rotate": RotateAction,
    "coordinate": CoordinateAction,
    "jam": JamAction,
    "reload": ReloadAction,
    "slam": SlamAction,
}
