"""Actions (RR: ACTIONS, RR: LINKED ACTION, RR: FAIL, RR: COORDINATE).

A ship performs an action from its action bar (ship card and upgrade bars). A purple action
costs 1 Force to attempt, paid even if it fails; a red one gives a stress token once resolved,
failed or not (RR: ABILITY QUEUE: the game effect precedes "after you perform" abilities). No
action twice a round, none while stressed, only focus while ionized; then a linked action may
follow. The standard actions' effects are in :mod:`tallon.engine.action_bodies`."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, ClassVar

from tallon.engine.abilities import RULES, CardAction, Ctx, Event, Triggered
from tallon.engine.action_bodies import (
    ActionBody,
    BarrelRollAction,
    BoostAction,
    CalculateAction,
    CloakAction,
    EvadeAction,
    FocusAction,
    JamAction,
    LockAction,
    ReinforceAction,
    ReloadAction,
    RotateAction,
    SlamAction,
    fail,
    locked_targets,
    reloadable_cards,
    spend_lock_on,
    treat_action_as,
)
from tallon.engine.actions_1e import BODIES_1E, ruleset_refusal
from tallon.engine.coordinating import (
    coordinate_forbidden,
    coordinate_remote,
    coordinate_remotes,
    coordinate_targets,
)
from tallon.engine.damage import gone
from tallon.engine.decisions import Decision, Option
from tallon.engine.effects import gain_token, spend_force, spendable_force
from tallon.engine.features import TOWING_FORBIDS, towed_cache
from tallon.engine.missions_1e import is_shuttle
from tallon.engine.queue import FireWindow, any_true, docked_modifiers, fire, own_modifiers
from tallon.engine.state import ActionSpec, ShipState, Token
from tallon.engine.steps import ChoiceStep, Step, Then, continuation

if TYPE_CHECKING:
    from tallon.engine.game import Game

DIFFICULTY_RANK = {"white": 0, "red": 1, "purple": 2}


# ------------------------------------------------------------------ availability
def can_perform(game: Game, ship: ShipState, spec: ActionSpec, during_activation: bool,
                even_stressed: bool = False) -> str | None:
    """Why ``ship`` can't perform ``spec`` now, or None (``even_stressed``: a card lets it
    act while stressed)."""
    if gone(game, ship):
        return "the ship is not in play"
    if ship.stressed and not even_stressed and not any_true(
            game, "may_act_stressed", ship=ship, spec=spec):
        return "a stressed ship can't perform actions"
    if ship.actions_blocked:
        return "the ship can't perform more actions this activation"
    if ship.ionized and spec.kind != "focus" and game.rules.ionized_focus_only and not any_true(
            game, "may_act_ionized", ship=ship, spec=spec):
        return "an ionized ship can only perform the focus action"
    if spec.kind in ship.actions_done:
        return f"it has already performed or failed a {spec.kind} action this round"
    if any_true(game, "action_forbidden", ship=ship, action=spec.kind):
        return f"a card forbids the {spec.kind} action"
    if spec.difficulty == "purple" and spendable_force(game, ship) < 1:
        return "a purple action costs 1 Force"
    if spec.kind == "cloak" and ship.cloaked:
        return "a cloaked ship can't cloak"
    if spec.kind in TOWING_FORBIDS and towed_cache(ship) is not None:  # Salvage Mission
        return f"a ship towing a supply cache can't perform a {spec.kind} action"
    if spec.kind == "slam" and not during_activation:
        return "SLAM can only be performed during the ship's activation"
    if spec.kind == "slam" and ship.executed_speed is None:
        return "SLAM needs a maneuver executed this round"
    if spec.kind == "reload" and game.rules.action_body("reload") == "reload" and \
            not reloadable_cards(game, ship):
        return "no torpedo, missile or device upgrade is missing a charge"
    if spec.kind == "rotate" and not ship.turret:
        return "the ship has no turret arc indicator"
    if is_shuttle(ship):  # rulebook (1e), Political Escort: "cannot perform actions"
        return "the senator's shuttle cannot perform actions"
    refused = ruleset_refusal(game, ship, spec)  # a ruleset's (engine/actions_1e.py)
    if refused is not None:
        return refused
    card_action = _card_action(game, ship, spec)
    if card_action is not None:
        ctx = _card_ctx(game, ship, spec, card_action)
        if not card_action.requirement(ctx) or not card_action.cost.can_pay(ctx):
            return f"the requirement of {spec.source}'s action is not met"
    return None


def available_actions(game: Game, ship: ShipState, during_activation: bool,
                      even_stressed: bool = False, kind: str | None = None
                      ) -> list[ActionSpec]:
    """The standard actions the ship could perform now (one entry per action);
    ``even_stressed``: a card lets it act while stressed; ``kind``: only that action."""
    seen: dict[str, ActionSpec] = {}
    for spec in (*bar_actions(game, ship), *card_actions(game, ship)):
        if kind is not None and spec.kind != kind:
            continue
        if can_perform(game, ship, spec, during_activation, even_stressed) is not None:
            continue
        held = seen.get(spec.kind)
        # two bars offering the same action: the easier one, and its linked action
        if held is None or DIFFICULTY_RANK[spec.difficulty] < DIFFICULTY_RANK[held.difficulty]:
            seen[spec.kind] = spec
    return list(seen.values())


def bar_actions(game: Game, ship: ShipState) -> tuple[ActionSpec, ...]:
    """The ship's action bar: its ship card's and upgrades' actions, and those its cards
    add ("add a white [SLAM] action to your action bar": hook ``added_actions``)."""
    added = [spec for held in own_modifiers(game, ship, "added_actions")
             for spec in held.ability.value(game, ship, ship=ship) or ()]
    # a docked ship's card may add to its carrier's bar ("your carrier ship gains ...")
    added += [spec for docked, held in docked_modifiers(game, ship, "added_actions")
              for spec in held.ability.value(game, docked, ship=ship) or ()]
    return (*ship.actions, *added) if added else ship.actions


# ------------------------------------------------------------------ card actions
def card_actions(game: Game, ship: ShipState) -> list[ActionSpec]:
    """The "Action:" abilities of the ship's cards as standard actions; the action's kind
    names the card (and the ability's key), so each card's action - and each of two damage
    cards of one name - is a different action (RR: ACTIONS)."""
    found = []
    for held in game.cards.abilities(ship):
        ability = held.ability
        if isinstance(ability, CardAction):
            kind = f"{held.card}:{ability.key}" if ability.key else held.card
            found.append(ActionSpec(kind, ability.difficulty, None, held.card))
    return found


def _card_action(game: Game, ship: ShipState, spec: ActionSpec) -> CardAction | None:
    if spec.kind in ACTION_BODIES:
        return None
    for held in game.cards.abilities(ship):
        ability, card = held.ability, held.card
        if isinstance(ability, CardAction) and card == spec.source and (
                spec.kind == (f"{card}:{ability.key}" if ability.key else card)):
            return ability
    return None


def _card_ctx(game: Game, ship: ShipState, spec: ActionSpec, ability: CardAction) -> Ctx:
    return Ctx(game, ship, spec.source, Event.of("action", ship=ship.id, action=spec.kind),
               ability)


@dataclass(frozen=True)
class CardActionBody(ChoiceStep):
    """A card's "Action:" ability: its choices, then its cost and effect (RR: PAYING COSTS). With
    nothing to choose the action fails."""

    ship_id: str
    spec: ActionSpec
    auto_single: ClassVar[bool] = True

    def run(self, game: Game) -> Decision | None:
        ship = game.state.ships[self.ship_id]
        ability = _card_action(game, ship, self.spec)
        if ability is None or not ship.in_play or \
                not ability.cost.can_pay(_card_ctx(game, ship, self.spec, ability)):
            fail(game, ship)
            return None
        if ability.choices is None:
            self.apply(game, None)
            return None
        return super().run(game)

    def choice(self, game: Game) -> Decision | None:
        ship = game.state.ships[self.ship_id]
        ability = _card_action(game, ship, self.spec)
        assert ability is not None and ability.choices is not None
        options = tuple(ability.choices(_card_ctx(game, ship, self.spec, ability)))
        if not options:
            fail(game, ship)
            return None
        return self.ask(ship.owner, "card_action", f"{ship.name} ({ship.id}): "
                        f"{ability.title}", options, ship=ship.id)

    def apply(self, game: Game, answer: Any) -> None:
        ship = game.state.ships[self.ship_id]
        ability = _card_action(game, ship, self.spec)
        assert ability is not None
        ctx = _card_ctx(game, ship, self.spec, ability)
        ability.cost.pay(ctx)
        ability.effect(ctx, answer)


# -------------------------------------------------------------------- the steps
@dataclass(frozen=True)
class PerformAction(ChoiceStep):
    """The ship may perform one action (the Perform Action step, a coordinate, or an
    action granted by an effect). ``only`` limits the choice to some actions of its bar;
    ``grant`` offers exactly these actions, on the bar or not ("perform a red [boost]
    action"); ``extra`` adds some (a scenario action in the Perform Action step);
    ``treat_as`` changes their colour (the most difficult wins). Answers: the action's kind
    (``"focus"``, ``"barrel_roll"``, a card action's ``"<card>:<key>"``) or ``"pass"``."""

    ship_id: str
    during_activation: bool = False
    treat_as: str | None = None
    only: tuple[str, ...] = ()
    grant: tuple[ActionSpec, ...] = ()
    extra: tuple[ActionSpec, ...] = ()
    even_stressed: bool = False
    #: a continuation called with ``args`` and the answer once the action has resolved
    #: (not when the ship could not choose one)
    then: str | None = None
    args: tuple[Any, ...] = ()

    def choice(self, game: Game) -> Decision | None:
        ship = game.state.ships[self.ship_id]
        if not ship.in_play:
            return None
        specs = self._specs(game, ship)
        if not specs:
            return None
        options = [Option(s.kind, s.label if s.source in ("ship", "pilot") or
                          (s.kind not in ACTION_BODIES and s.kind != s.source)
                          else f"{s.label} ({s.source})") for s in specs]
        options.append(Option("pass", "no action"))
        return self.ask(ship.owner, "perform_action",
                        f"{ship.name} ({ship.id}): perform an action?", options, ship=ship.id)

    def apply(self, game: Game, answer: Any) -> None:
        after = () if self.then is None else (Then(self.then, (*self.args, answer)),)
        if answer == "pass":
            game.push(*after)
            return
        ship = game.state.ships[self.ship_id]
        spec = next(s for s in self._specs(game, ship, answer) if s.kind == answer)
        game.push(StartAction(ship.id, spec, self.during_activation), *after)

    def _specs(self, game: Game, ship: ShipState, kind: str | None = None
               ) -> list[ActionSpec]:
        """The actions offered (``kind``: only that one, to carry out an answer)."""
        # "perform a [boost] action": that action, even if it isn't on the ship's bar
        specs = [s for s in self.grant or self.extra if (kind is None or s.kind == kind) and
                 can_perform(game, ship, s, self.during_activation, self.even_stressed) is None]
        if self.grant:
            return specs
        specs = available_actions(game, ship, self.during_activation, self.even_stressed,
                                  kind) + specs
        if self.only:
            specs = [s for s in specs if s.kind in self.only]
        if self.treat_as is not None:
            specs = [_treated(s, self.treat_as) for s in specs]
            specs = [s for s in specs if can_perform(game, ship, s, self.during_activation,
                                                     self.even_stressed) is None]
        return specs


def _treated(spec: ActionSpec, colour: str) -> ActionSpec:
    """An action treated as another colour: the most restrictive colour wins (RR: ACTIONS)."""
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
        if gone(game, ship):  # a price paid for it destroyed the ship (Coaxium Hyperfuel)
            return None
        spec = treated_difficulty(game, ship, self.spec)
        if spec is not self.spec:
            # a card changed the action's colour: carry on with the action as treated
            game.push(StartAction(ship.id, spec, self.during_activation, self.linked))
            return None
        if self.spec.difficulty == "purple":
            spend_force(game, ship, 1)  # the cost to attempt: paid even if the action fails
        ship.actions_done.add(self.spec.kind)
        ship.action_failed = False
        ship.action_colour = self.spec.difficulty
        game.event("action", f"{ship.name} ({ship.id}) performs a {self.spec.label} action"
                   + (" (linked)" if self.linked else ""), ship=ship.id, action=self.spec.kind)
        body_type = ACTION_BODIES.get(game.rules.action_body(self.spec.kind))
        body: Step = (body_type(ship.id, self.during_activation) if body_type is not None
                      else CardActionBody(ship.id, self.spec))
        game.push(body, FinishAction(ship.id, self.spec, self.during_activation, self.linked,
                                     stressed=ship.stressed))
        return None


def treated_difficulty(game: Game, ship: ShipState, spec: ActionSpec) -> ActionSpec:
    """The action as cards make the ship treat its colour (hook ``action_difficulty``; the
    most restrictive applies, RR: ACTIONS); the same object when no card changes it."""
    colours = [c for c in (held.ability.value(game, ship, ship=ship, spec=spec)
                           for held in own_modifiers(game, ship, "action_difficulty")) if c]
    colour = max(colours, key=DIFFICULTY_RANK.__getitem__) if colours else spec.difficulty
    if colour == spec.difficulty:
        return spec
    return ActionSpec(spec.kind, colour, spec.linked, spec.source)


@dataclass(frozen=True)
class FinishAction(Step):
    """After the action: a red action gives its stress token (the game effect comes before
    the abilities of the same window); then "after you perform an action" abilities and,
    through the same queue, the linked action. A failed action triggers nothing."""

    ship_id: str
    spec: ActionSpec
    during_activation: bool
    linked: bool
    #: whether the ship was stressed when it began the action
    stressed: bool = False
    #: the object a lock action chose (set by the lock action when a card could listen)
    target: str | None = None

    def run(self, game: Game) -> Decision | None:
        ship = game.state.ships[self.ship_id]
        failed = ship.action_failed
        # an effect may have treated the action as another colour (less difficult: Maul)
        colour = ship.action_colour or self.spec.difficulty
        ship.action_colour = None
        if failed:
            game.event("action", f"{ship.name} ({ship.id}): the {self.spec.kind} action "
                       "fails", ship=ship.id)
        if colour == "red" and ship.in_play:
            gain_token(game, ship, Token.STRESS)
        if not failed and ship.in_play:
            chosen: dict[str, Any] = {} if self.target is None else {"target": self.target}
            game.push(FireWindow.of("after_action", ship=ship.id, action=self.spec.kind,
                                    difficulty=colour, linked=self.linked,
                                    during_activation=self.during_activation,
                                    stressed=self.stressed, source=self.spec.source,
                                    **chosen))
        elif failed and ship.in_play:
            # RR: FAIL - nothing "after you perform" triggers, but "after you fail" does
            fire(game, "after_action_failed", ship=ship.id, action=self.spec.kind,
                 difficulty=self.spec.difficulty, during_activation=self.during_activation)
        return None


@dataclass(frozen=True)
class CoordinateAction(ActionBody, ChoiceStep):
    """RR: COORDINATE - choose another friendly ship at range 1-2; it may perform one
    action. Fails if there is none (not if the chosen ship's action fails)."""

    def choice(self, game: Game) -> Decision | None:
        ship = game.state.ships[self.ship_id]
        assert ship.body is not None
        friends = coordinate_targets(game, ship) + coordinate_remotes(game, ship)
        locked = [s for s in locked_targets(game, ship, "coordinate", friends, friendly=True)
                  if not any_true(game, "cannot_be_coordinated", ship=s)
                  and not coordinate_forbidden(game, ship, s)]
        if not friends and not locked:
            fail(game, ship)
            return None
        return self.ask(ship.owner, "coordinate_target", f"{ship.name} ({ship.id}): "
                        "coordinate which ship?",
                        tuple(Option(s.id, f"{s.name} ({s.id})") for s in friends)
                        + tuple(Option(s.id, f"{s.name} ({s.id}), spending your lock on it")
                                for s in locked), ship=ship.id)

    def apply(self, game: Game, answer: Any) -> None:
        # a card of the coordinating ship may limit the chosen ship's actions (hook
        # coordinate_actions; with several, only actions all of them allow)
        ship = game.state.ships[self.ship_id]
        if coordinate_remote(game, ship, answer):  # a card's remote (hook coordinate_remote)
            return
        if answer not in [s.id for s in coordinate_targets(game, ship)]:
            spend_lock_on(game, ship, answer)  # Biohexacrypt Codes (locked_targets)
        fire(game, "coordinate_chosen", ship=ship.id, target=answer)  # before it acts (Maul)
        allowed: set[str] | None = None
        for held in own_modifiers(game, ship, "coordinate_actions"):
            kinds = held.ability.value(game, ship, ship=game.state.ships[answer])
            if kinds is not None:
                allowed = set(kinds) if allowed is None else allowed & set(kinds)
        after = FireWindow.of("after_coordinate", ship=ship.id, target=answer)
        group = coordinate_group(game, ship, answer)
        if group is not None:
            count, colour, others = group
            only = None if allowed is None else tuple(sorted(allowed)) or ("(none)",)
            game.push(CoordinateGroup(ship.id, answer, others, count, colour, only), after)
            return
        companions = coordinate_companions(game, ship, answer)
        if companions:
            only = None if allowed is None else tuple(sorted(allowed)) or ("(none)",)
            game.push(CoordinateCompanion(ship.id, answer, companions, only), after)
            return
        if allowed is None:
            game.push(PerformAction(answer), after)
        else:
            game.push(PerformAction(answer, only=tuple(sorted(allowed)) or ("(none)",)),
                      after)


def coordinate_companions(game: Game, ship: ShipState, chosen: str) -> tuple[str, ...]:
    """Other ships a card lets this coordinate add besides ``chosen``, to perform the same
    action (hook ``coordinate_companions``, given the action's colour)."""
    found: dict[str, None] = {}
    colour = ship.action_colour or "white"
    for held in own_modifiers(game, ship, "coordinate_companions"):
        for other in held.ability.value(game, ship, ship=game.state.ships[chosen],
                                        colour=colour) or ():
            if other != chosen and other in game.state.ships and \
                    not coordinate_forbidden(game, ship, game.state.ships[other]):
                found[other] = None
    return tuple(found)


@dataclass(frozen=True)
class CoordinateCompanion(ChoiceStep):
    """A card's additional coordinated ship (hook ``coordinate_companions``): choose it or
    none; the first chosen ship may perform an action, then the other may perform only an
    action of the same kind (ruling: none if the first performed none)."""

    ship_id: str
    chosen: str
    companions: tuple[str, ...]
    only: tuple[str, ...] | None = None

    def choice(self, game: Game) -> Decision | None:
        ship = game.state.ships[self.ship_id]
        ships = game.state.ships
        options = (*(Option(c, f"{ships[c].name} ({c}), performing the same action")
                     for c in self.companions), Option("none", "no other ship"))
        return self.ask(ship.owner, "coordinate_target", f"{ship.name} ({ship.id}): "
                        f"coordinate another ship besides {ships[self.chosen].name}?",
                        options, ship=ship.id)

    def apply(self, game: Game, answer: Any) -> None:
        only = self.only or ()
        if answer == "none":
            game.push(PerformAction(self.chosen, only=only))
            return
        game.push(PerformAction(self.chosen, only=only, then="actions.coordinate_same",
                                args=(answer,)))


@continuation("actions.coordinate_same")
def _coordinate_same(game: Game, _: None, other: str, kind: str) -> None:
    if kind != "pass" and game.state.ships[other].in_play:
        game.push(PerformAction(other, only=(kind,)))


def coordinate_group(game: Game, ship: ShipState, chosen: str
                     ) -> tuple[int, str, tuple[str, ...]] | None:
    """A card's offer while the ship coordinates ``chosen`` (hook ``coordinate_group``: the
    first card's (count, colour, ship ids)): the coordinate treated as that colour adds up
    to ``count`` of those ships, all performing the same action treated so."""
    colour = ship.action_colour or "white"
    ships = game.state.ships
    for held in own_modifiers(game, ship, "coordinate_group"):
        offer = held.ability.value(game, ship, ship=ships[chosen], colour=colour)
        if offer:
            count, treat, ids = offer
            return count, treat, tuple(i for i in ids if i != chosen and i in ships
                                       and not coordinate_forbidden(game, ship, ships[i]))
    return None


@dataclass(frozen=True)
class CoordinateGroup(ChoiceStep):
    """A card's offer to coordinate more ships (hook ``coordinate_group``): first whether
    to treat the coordinate action as ``colour``; if so, the other ships, one at a time
    (up to ``count``, or none more). The chosen ship may then perform an action treated as
    ``colour``, and each other ship only an action of the same kind, so treated (ruling:
    none if the first performed none)."""

    ship_id: str
    chosen: str
    candidates: tuple[str, ...]
    count: int
    colour: str
    only: tuple[str, ...] | None = None
    treated: bool = False
    picked: tuple[str, ...] = ()

    def choice(self, game: Game) -> Decision | None:
        ship = game.state.ships[self.ship_id]
        ships = game.state.ships
        if not self.treated:
            use = Option("use", f"treat it as {self.colour}")
            keep = Option("decline", "keep it as it is")
            # with no other ship to coordinate, keeping it comes first (agents' default)
            options: tuple[Option, ...] = (use, keep) if self.candidates else (keep, use)
            return self.ask(ship.owner, "use_ability", f"{ship.name} ({ship.id}): treat the "
                            f"coordinate action as {self.colour} to coordinate up to "
                            f"{self.count} more ship(s)?", options, ship=ship.id)
        left = [c for c in self.candidates if c not in self.picked and ships[c].in_play]
        if len(self.picked) >= self.count or not left:
            self._perform(game)
            return None
        options = (*(Option(c, f"{ships[c].name} ({c}), performing the same action")
                     for c in left), Option("none", "no other ship"))
        return self.ask(ship.owner, "coordinate_target", f"{ship.name} ({ship.id}): "
                        f"coordinate another ship besides {ships[self.chosen].name}?",
                        options, ship=ship.id)

    def apply(self, game: Game, answer: Any) -> None:
        if not self.treated:
            if answer == "decline":
                game.push(PerformAction(self.chosen, only=self.only or ()))
                return
            treat_action_as(game.state.ships[self.ship_id], self.colour)
            game.push(replace(self, treated=True, answer=None))  # a fresh question
            return
        if answer == "none":
            self._perform(game)
            return
        game.push(replace(self, picked=(*self.picked, answer), answer=None))

    def _perform(self, game: Game) -> None:
        game.push(PerformAction(self.chosen, treat_as=self.colour, only=self.only or (),
                                then="actions.coordinate_group",
                                args=(self.picked, self.colour)))


@continuation("actions.coordinate_group")
def _coordinate_group(game: Game, _: None, others: tuple[str, ...], colour: str, kind: str
                      ) -> None:
    if kind == "pass":
        return
    game.push(*(PerformAction(other, only=(kind,), treat_as=colour) for other in others
                if game.state.ships[other].in_play))


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
    **BODIES_1E,  # the first edition's (Ruleset.action_bodies)
}


# ------------------------------------------------------------------ linked action
def linked_options(game: Game, ship: ShipState, kind: str, during_activation: bool
                   ) -> list[ActionSpec]:
    """The linked actions attached to ``kind`` on the ship's bars that it could perform
    now (several links from one action: the player picks one, RR: LINKED ACTION)."""
    found: dict[str, ActionSpec] = {}
    for spec in bar_actions(game, ship):
        link = spec.linked
        if spec.kind != kind or link is None:
            continue
        held = found.get(link.kind)  # the same action linked twice: the easier one
        easier = held is None or DIFFICULTY_RANK[link.difficulty] < DIFFICULTY_RANK[held.difficulty]
        if easier and can_perform(game, ship, link, during_activation) is None:
            found[link.kind] = link
    return list(found.values())


def _linked_here(ctx: Ctx) -> list[ActionSpec]:
    event = ctx.event
    if event.get("linked") or event.get("ship") != ctx.ship.id:
        return []
    return linked_options(ctx.game, ctx.ship, event["action"], bool(event.get("during_activation")))


def _perform_linked(ctx: Ctx, choice: Any) -> None:
    link = next(x for x in _linked_here(ctx) if x.kind == choice)
    during = bool(ctx.event.get("during_activation"))
    ctx.game.push(StartAction(ctx.ship.id, link, during, linked=True))


# RR: LINKED ACTION - after performing an action (not itself a linked one) with an attached
# linked action, the ship may add the linked action to the ability queue
RULES.register("rule", "linked action",
               Triggered("the linked action", window="after_action", effect=_perform_linked,
                         requirement=lambda ctx: bool(_linked_here(ctx)),
                         choices=lambda ctx: [Option(link.kind, link.label)
                                              for link in _linked_here(ctx)],
                         decision="linked_action"),
               description="After an action with a linked action, the ship may perform it.")
