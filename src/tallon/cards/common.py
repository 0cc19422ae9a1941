"""Building blocks shared by card abilities: finding ships, choosing them, tokens, charges
and shields, the conditions of an attack, dice effects and damage cards. Cards should be
short: a requirement, a cost and an effect made from these pieces."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any

from tallon.cards.arc_reach import arc_reach
from tallon.data import load_cards
from tallon.dice import DiceAbility, Face, Situation, lookup
from tallon.dice.abilities.effects import Effect, Variant
from tallon.dice.counts import face_count
from tallon.dice.faces import NUM_FACES
from tallon.dice.ops import Cancel
from tallon.engine.abilities import Cost, Ctx, Modifier, Triggered
from tallon.engine.action_bodies import lock_targets
from tallon.engine.allegiance import friendly as friendly_ships
from tallon.engine.chance import RollDice
from tallon.engine.decisions import Option
from tallon.engine.effects import (
    acquire_lock,
    gain_token,
    ignores_obstacle,
    locks_on,
    remove_token,
    repair_damage,
    transfer_token,
)
from tallon.engine.state import (
    ARCS,
    GREEN_TOKENS,
    DamageCard,
    ShipState,
    Token,
    WeaponSpec,
    ship_range,
)
from tallon.engine.steps import Ask, call_continuation, continuation
from tallon.geometry import Arc, Maneuver, Obstruction, in_arc, line_obstruction, measure_arc
from tallon.geometry.constants import ARC_REACH_BANDS
from tallon.geometry.huge import huge_maneuver

if TYPE_CHECKING:
    from tallon.engine.game import Game
    from tallon.engine.state import AttackState

#: ``DiceMod.applies``: (game, attack, owner of the card, ship modifying its dice) -> bool
Applies = Callable[["Game", "AttackState", ShipState, ShipState], bool]
#: a further condition on the attack: (game, attack, owner of the card) -> bool
AttackTest = Callable[["Game", "AttackState", ShipState], bool]


# ----------------------------------------------------------------------- ships
def ships_in_range(game: Game, ship: ShipState, low: int, high: int, *,
                   friendly: bool | None = None, other: bool = False,
                   remotes: bool = False) -> list[ShipState]:
    """Ships in play at range ``low``-``high`` of ``ship`` (or of a remote): friendly ones
    (True), enemy ones (False) or both (None); ``other`` leaves ``ship`` itself out (it is
    at range 0 of itself). Remotes are not ships (RR: ATTACKING REMOTES: "friendly ship"
    effects don't apply to them, "enemy ship" ones only while attacking them): ``remotes``
    adds them, for effects on "objects" or "targets"."""
    if ship.body is None:
        return []
    candidates = ([s for s in game.state.ships.values() if s.in_play] if remotes
                  else game.state.in_play())
    found = []
    for candidate in candidates:
        if other and candidate.id == ship.id:
            continue
        if friendly is True and not friendly_ships(ship, candidate):
            continue
        if friendly is False and candidate.owner == ship.owner:
            continue
        if game.state.in_range(ship, candidate, low, high) or \
                _treated_within(ship, candidate, low, high):
            found.append(candidate)
    return found


def _treated_within(ship: ShipState, other: ShipState, low: int, high: int) -> bool:
    return bool(RANGES_TREATED) and other.id != ship.id and \
        any(low <= r <= high for r in treated_ranges(ship, other))


def range_of(a: ShipState, b: ShipState) -> int | None:
    """The range between two ships (None if one is off the table); ships a bump left in
    contact are at range 0."""
    if a.body is None or b.body is None:
        return None
    measured = ship_range(a, b)
    if not RANGES_TREATED or a.id == b.id or a.owner != b.owner:
        return measured
    # a card may treat this friendly ship as nearer (Major Stridan): the lowest range it
    # may be treated as, but never below 1 (range 0-only effects need true contact: ruling)
    treated = treated_ranges(a, b, measured)
    return min(measured, max(1, min(treated))) if treated else measured


#: (kind, xws) of a card -> ranges(ship, other, measured): the other ranges at which the
#: card's ship may treat the other ship (of its player) as being, when it measures to it
#: through ships_in_range or range_of (Major Stridan's upgrades)
RANGES_TREATED: dict[tuple[str, str],
                     Callable[[ShipState, ShipState, int], tuple[int, ...]]] = {}


def treated_ranges(ship: ShipState, other: ShipState, measured: int | None = None
                   ) -> tuple[int, ...]:
    """The ranges (besides the measured one) at which ``ship``'s cards let it treat
    ``other`` as being (:data:`RANGES_TREATED`)."""
    if ship.owner != other.owner or ship.body is None or other.body is None:
        return ()
    tests = [test for card in ship.cards if (test := RANGES_TREATED.get(card[:2]))]
    if not tests:
        return ()
    r = ship_range(ship, other) if measured is None else measured
    return tuple(sorted({x for test in tests for x in test(ship, other, r)}))


def is_in_arc(of: ShipState, target: ShipState, arc: Arc) -> bool:
    """Whether ``target`` is in ``of``'s arc (within range 3; a huge ship's arc as far as
    a weapon occupying it reaches: :func:`~tallon.cards.arc_reach.arc_reach`). A remote
    without printed arcs has none: nothing is in them, nor outside them
    (RR: ATTACKING REMOTES; cards asking "not in the defender's arc" must check ``remote``
    themselves)."""
    if of.body is None or target.body is None or (
            of.remote and getattr(of.body, "arc_base", None) is None):
        return False
    if of.huge:  # RR: APPENDIX: HUGE SHIPS - ATTACK RANGE 4-5
        inside = in_arc(of.body, target.body, arc,  # type: ignore[arg-type]
                        reach_bands=arc_reach(of, arc))
    else:
        inside = in_arc(of.body, target.body, arc)  # type: ignore[arg-type]
    if inside or arc is not Arc.BULLSEYE or not BULLSEYE_TREATED:
        return inside
    # a card may treat other ships as in its ship's bullseye arc ("Recoil")
    return any(test(of, target) for card in of.cards
               if (test := BULLSEYE_TREATED.get(card[:2])) is not None)


#: (kind, xws) of a card -> test(ship, target): whether the card's ship treats ``target``
#: as in its bullseye arc although it is not (is_in_arc asks it: no game there)
BULLSEYE_TREATED: dict[tuple[str, str], Callable[[ShipState, ShipState], bool]] = {}


def firing_arcs(ship: ShipState) -> tuple[Arc, ...]:
    """RR: FIRING ARCS - the arcs of the ship's primary weapons (shaded on its token) and
    where its turret indicator points."""
    arcs: list[Arc] = []
    for arc, _ in ship.attacks:
        arcs.extend(ARCS.get(arc, ()))
    arcs.extend(ship.turret + ship.turret2)  # a huge ship's second indicator too
    return tuple(dict.fromkeys(arcs))


def in_firing_arc(of: ShipState, target: ShipState) -> bool:
    """Whether ``target`` is in one of ``of``'s firing arcs (a ship is never in its own)."""
    return of.id != target.id and any(is_in_arc(of, target, arc) for arc in firing_arcs(of))


def enemy_in_arc(game: Game, ship: ShipState, arc: Arc) -> bool:
    """Whether an enemy ship is in this arc of ``ship``."""
    return any(s.owner != ship.owner and is_in_arc(ship, s, arc) for s in game.state.in_play())


def in_enemy_firing_arc(game: Game, ship: ShipState) -> bool:
    """Whether ``ship`` is in an enemy ship's firing arc."""
    return any(s.owner != ship.owner and in_firing_arc(s, ship) for s in game.state.in_play())


def ship_options(ships: Iterable[ShipState]) -> list[Option]:
    return [Option(s.id, f"{s.name} ({s.id})") for s in ships]


def choose_ships(finder: Callable[[Ctx], Iterable[ShipState]]) -> Callable[[Ctx], list[Option]]:
    """``choices`` for an ability that chooses one of the ships ``finder`` returns."""
    return lambda ctx: ship_options(finder(ctx))


# ---------------------------------------------------------------------- tokens
def recover_force(ship: ShipState, amount: int = 1) -> int:
    """Recover Force up to the ship's capacity; returns how much was recovered."""
    gained = min(amount, ship.force_limit - ship.force)
    ship.force += max(0, gained)
    return max(0, gained)


def recover_charge(ship: ShipState, card: str, amount: int = 1) -> int:
    """Recover charges of ``card`` up to its limit; returns how many were recovered."""
    charge = ship.charges.get(card)
    if charge is None:
        return 0
    gained = min(amount, charge.limit - charge.active)
    charge.active += max(0, gained)
    return max(0, gained)


def recover_shield(game: Game, ship: ShipState) -> bool:
    """Recover 1 shield, if one is inactive (and log it); whether one was recovered."""
    if ship.shields >= ship.shield_limit:
        return False
    ship.shields += 1
    game.event("ability", f"{ship.name} ({ship.id}) recovers 1 shield", ship=ship.id)
    return True


def green_tokens(ship: ShipState) -> list[Token]:
    return [t for t in GREEN_TOKENS if ship.has(t)]


def green_token_or(game: Game, target: ShipState, penalty: Option, question: str, then: str,
                   args: tuple[Any, ...], *, kind: str = "use_ability",
                   prefix: str = "token") -> None:
    """"... unless it removes 1 green token": the target's player chooses 1 of its green
    tokens to remove (answer ``<prefix>:<token>``) or ``penalty``; the continuation ``then``
    gets the answer and ``args``. With no green token the penalty is taken without asking."""
    options = [Option(f"{prefix}:{t.value}", f"remove 1 {t.value} token")
               for t in green_tokens(target)]
    options.append(penalty)
    game.push(Ask(target.owner, kind, f"{target.name} ({target.id}): {question}",
                  tuple(options), then, args, ship=target.id))


def green_token_or_gain(game: Game, target: ShipState, token: Token, player: int) -> None:
    """The target gains ``token`` (applied by ``player``) unless it removes 1 green token
    (ISB Jingoist, Asajj Ventress)."""
    green_token_or(game, target, Option("gain", f"gain 1 {token.value} token",
                                        {"token": token.value}),
                   f"remove 1 green token, or gain 1 {token.value} token?",
                   "common.green_or_gain", (target.id, token.value, player),
                   kind="jingoist_refusal", prefix="remove")


@continuation("common.green_or_gain")
def _green_or_gain(game: Game, answer: str, target_id: str, token: str, player: int) -> None:
    target = game.state.ships[target_id]
    if answer == "gain":
        gain_token(game, target, Token(token), applier=player)
        return
    removed = Token(answer.partition(":")[2])
    remove_token(game, target, removed)
    game.event("token", f"{target.name} ({target.id}) removes 1 {removed.value} token "
               "instead", ship=target.id)

def token_choices(game: Game, ship: ShipState, colours: tuple[str, ...]) -> list[Option]:
    """The ship's tokens of these colours as choices ("token:<kind>") and, with red, the
    locks other ships have on it ("lock:<ship id>"): a lock is the locked ship's red token
    (RR: FAQ). :func:`remove_token_choice` removes the one chosen."""
    found = [Option(f"token:{t.value}", f"remove 1 {t.value} token")
             for t in Token if t.colour in colours and ship.has(t)]
    if "red" in colours:
        found += [Option(f"lock:{s.id}", f"remove the lock of {s.name} ({s.id})")
                  for s in locks_on(game, ship.id)]
    return found


def remove_token_choice(game: Game, ship: ShipState, choice: str) -> None:
    """Remove the token, or the lock, that a :func:`token_choices` choice names."""
    kind, _, what = choice.partition(":")
    if kind == "token":
        remove_token(game, ship, Token(what))
    elif kind == "lock":
        locker = game.state.ships[what]
        locker.locks = [t for t in locker.locks if t != ship.id]
        game.event("lock", f"the lock of {locker.name} on {ship.id} is removed",
                   ship=locker.id)
    else:
        raise ValueError(f"not a token choice: {choice!r}")


def give_token_in_firing_arc(token: Token) -> Triggered:
    """"At the start of the Engagement Phase, you may transfer 1 (token) to a friendly ship
    in your firing arc" (Kyle Katarn, L4E-R5)."""
    def friends(ctx: Ctx) -> list[ShipState]:
        return [s for s in ctx.state.in_play() if friendly_ships(ctx.ship, s)
                and in_firing_arc(ctx.ship, s)]

    return Triggered(f"transfer 1 {token.value} token to a friendly ship in your firing arc",
                     window="start_engagement",
                     requirement=lambda ctx: ctx.ship.has(token) and bool(friends(ctx)),
                     choices=lambda ctx: ship_options(friends(ctx)),
                     effect=lambda ctx, choice: transfer_token(ctx.game, ctx.ship,
                                                               ctx.other(choice), token))


# ---------------------------------------------------------------------- attacks
def attacking(attack: AttackState | None, ship: ShipState) -> bool:
    return attack is not None and attack.attacker == ship.id


def defending(attack: AttackState | None, ship: ShipState) -> bool:
    return attack is not None and attack.defender == ship.id


def attack_ships(game: Game, attack: AttackState) -> tuple[ShipState, ShipState]:
    """The attacker and the defender."""
    return game.state.ships[attack.attacker], game.state.ships[attack.defender]


def attacking_if(test: AttackTest | None = None) -> Applies:
    """``DiceMod.applies``: the owner attacks, modifies its own dice, and ``test`` (if
    given) holds."""

    def applies(game: Game, attack: AttackState, owner: ShipState, user: ShipState) -> bool:
        return (user.id == owner.id and attack.attacker == owner.id
                and (test is None or test(game, attack, owner)))

    return applies


def defending_if(test: AttackTest | None = None) -> Applies:
    """``DiceMod.applies``: the owner defends, modifies its own dice, and ``test`` (if
    given) holds."""

    def applies(game: Game, attack: AttackState, owner: ShipState, user: ShipState) -> bool:
        return (user.id == owner.id and attack.defender == owner.id
                and (test is None or test(game, attack, owner)))

    return applies



def one_more_attack_die(ctx: Ctx, choice: Any) -> None:
    """Effect: the attacker of the current attack rolls 1 additional attack die."""
    assert ctx.attack is not None
    ctx.attack.extra_attack_dice += 1


def one_more_defense_die(ctx: Ctx, choice: Any) -> None:
    """Effect: the defender of the current attack rolls 1 additional defense die."""
    assert ctx.attack is not None
    ctx.attack.extra_defense_dice += 1

def one_fewer_attack_die(ctx: Ctx, choice: Any) -> None:
    """Effect: the attacker of the current attack rolls 1 fewer attack die."""
    assert ctx.attack is not None
    ctx.attack.extra_attack_dice -= 1

def obstruction_ignored(game: Any, owner: ShipState, attack: AttackState | None = None,
                        **facts: Any) -> bool:
    """Hook ``ignore_obstruction`` for cards that make their ship ignore obstacles: the
    owner's attack is not obstructed for it when it ignores every obstacle the attack is
    measured through (FAQ: OBJECTS - only the attacker's ignoring counts)."""
    if attack is None or attack.attacker != owner.id or not attack.obstructed \
            or not owner.obstacles_ignored:
        return False
    crossed = attack_crossing(game, attack)
    return crossed is not None and bool(crossed.obstacles) and \
        all(ignores_obstacle(game, owner, o) for o in crossed.obstacles)


def attack_crossing(game: Any, attack: AttackState) -> Obstruction | None:
    """What the attack's closest range lines pass through (obstacles, and other objects
    such as ships: RR: OBSTRUCTED), or None when a ship is off the table."""
    attacker, defender = game.state.ships[attack.attacker], game.state.ships[attack.defender]
    if attacker.body is None or defender.body is None:
        return None
    # an attack at range 4-5 measures its arc that far (RR: APPENDIX: HUGE SHIPS)
    lines = measure_arc(attacker.body, defender.body, attack.arc,
                        reach_bands=max(ARC_REACH_BANDS, attack.range)).closest
    return line_obstruction(game.state.table(), lines, (attacker.id, defender.id))


def damaged(ship: ShipState) -> bool:
    return bool(ship.damage)


def dice(key: str, number: int | None = None) -> DiceAbility:
    """A dice ability of the shared dice catalogue (e.g. ``dice("predator")``)."""
    return lookup(key).make(number)


class CancelAll(Effect):
    """A dice effect: cancel every result of the dice."""

    def variants(self, situation: Situation) -> list[Variant]:
        pool = situation.pool
        ops = tuple(Cancel(Face(f), face_count(pool, Face(f))) for f in range(NUM_FACES)
                    if face_count(pool, Face(f)))
        return [ops] if ops else []


# ------------------------------------------------------------------ damage cards
def facedown_damage(ship: ShipState) -> list[DamageCard]:
    """The ship's facedown damage cards."""
    return [card for card in ship.damage if not card.faceup]


def this_card(ctx: Ctx) -> int:
    """The serial number of the damage card whose ability this is."""
    return damage_serial(ctx.card)


def dealt_this(ctx: Ctx) -> bool:
    """The event is this damage card being dealt faceup (or exposed)."""
    return ctx.event.get("serial") == this_card(ctx) and is_me(ctx)


def repair_this(ctx: Ctx) -> None:
    if any(d.serial == this_card(ctx) for d in ctx.ship.damage):
        repair_damage(ctx.game, ctx.ship, this_card(ctx))


def roll_die(ctx: Ctx, then: str, args: tuple[Any, ...] = (),
             ship: ShipState | None = None) -> None:
    """Roll one attack die for an ability (such rolls can't be modified), at once (a chance
    step), and log it; the continuation ``then`` gets the face and ``args``. ``ship``
    rolls it (default: the card's ship)."""
    roller = ctx.ship if ship is None else ship
    ctx.game.now(RollDice("attack", 1, "common.die_rolled",
                          (roller.id, ctx.card.partition("@")[0], then, args),
                          who=roller.name))


@continuation("common.die_rolled")
def _die_rolled(game: Game, faces: tuple[Face, ...], roller_id: str, card: str, then: str,
                args: tuple[Any, ...]) -> None:
    roller = game.state.ships[roller_id]
    face = faces[0]
    game.event("roll", f"{roller.name} ({roller.id}) rolls {face.label} for {card}",
               ship=roller.id)
    call_continuation(game, then, face, args)


@continuation("common.lock_if_chosen")
def lock_if_chosen(game: Game, answer: str, ship_id: str, target_id: str) -> None:
    """The continuation of "may acquire a lock on ..." questions: ``"lock"`` locks."""
    if answer == "lock":
        acquire_lock(game, game.state.ships[ship_id], target_id)


def event_ship(ctx: Ctx, key: str = "ship") -> ShipState:
    return ctx.game.state.ships[ctx.event[key]]


def is_me(ctx: Ctx, key: str = "ship") -> bool:
    return ctx.event.get(key) == ctx.ship.id




def revealed_speed(ship: ShipState) -> int | None:
    """The speed of the ship's revealed maneuver this round, or None while its dial is not
    revealed (RR: MANEUVER: "revealed maneuver")."""
    if not ship.dial_revealed or ship.dial_set is None:
        return None
    if ship.huge:  # a huge ship's dial has speed 0 banks, which templates don't fly
        return huge_maneuver(ship.dial_set).speed
    return Maneuver.parse(ship.dial_set).speed


# ------------------------------------------------------------------ card memory
def range_zero_as_one(game: Game, owner: ShipState, attack: AttackState | None = None,
                      **facts: Any) -> int | None:
    """Hook treated_attack_range: "while you perform an attack at attack range 0, treat it
    as an attack at attack range 1" (RR: ATTACK RANGE: only the range the attack is
    performed at; a weapon that can't reach a defender at range 0 still can't be declared
    against it: ruling)."""
    if attack is None or attack.attacker != owner.id or attack.range != 0:
        return None
    return 1


def weapon_of_type(weapon: WeaponSpec | None, types: tuple[str, ...]) -> bool:
    """The weapon is an upgrade's of one of these slot types (a dual card counts as each of
    its types: RR: FAQ, Captain Jonus with Barrage Rockets)."""
    if weapon is None or weapon.card is None:
        return False
    return any(slot in types for slot in load_cards().upgrade(weapon.card).slots)


def recalled(ship: ShipState, key: str, default: Any = None) -> Any:
    """What the ship's cards remember under ``key`` (``"<card>:<what>"``)."""
    return ship.recalled(key, default)


def remember(ship: ShipState, key: str, value: Any) -> None:
    """Remember ``value`` (plain data) under ``key``; None forgets it."""
    ship.remember(key, value)


def this_round(ctx_or_game: Any, ship: ShipState, key: str) -> bool:
    """Whether ``key`` was remembered (as the round number) in the current round."""
    return recalled(ship, key) == ctx_or_game.state.round


# ------------------------------------------------------------ tokens and locks
def keep_circular_tokens(memory: str, title: str,
                         targets: Callable[[Ctx], list[ShipState]]) -> tuple[Any, ...]:
    """Gamut Key (pilot and crew): at the start of the End Phase, spend 2 charges to choose
    one of ``targets``; its circular tokens are not removed this End Phase."""

    def keeps(game: Game, owner: ShipState, ship: ShipState | None = None,
              token: Token | None = None, **facts: Any) -> int:
        if ship is None or token is None or not token.circular:
            return 0
        return ship.count(token) if recalled(owner, memory) == (game.state.round,
                                                                 ship.id) else 0

    return (Triggered(title, window="start_end_phase", cost=Cost(charges=2),
                      requirement=lambda ctx: bool(targets(ctx)),
                      choices=lambda ctx: ship_options(targets(ctx)),
                      effect=lambda ctx, choice: remember(ctx.ship, memory,
                                                          (ctx.state.round, str(choice)))),
            Modifier("the chosen ship keeps its circular tokens this End Phase",
                     hook="end_phase_kept_tokens", value=keeps))


def new_lock_options(ctx: Ctx) -> list[Option]:
    """The objects the ship could lock by an ability (RR: LOCK - range 0-3), leaving out
    those it has locked already: relocking them would gain nothing."""
    found = []
    for target in lock_targets(ctx.game, ctx.ship):
        if target not in ctx.ship.locks:
            ship = ctx.state.ships.get(target)
            found.append(Option(target, f"lock {ship.name} ({target})" if ship else
                                f"lock {target}"))
    return found


def primary_in_front_arc(game: Any, owner: ShipState, attack: AttackState | None = None,
                         **facts: Any) -> int:
    """Hook value: 1 while the owner makes a primary attack against a defender in its
    front arc (Punishing One's extra die, Wedge Antilles' (RZ-1) removed one)."""
    if attack is None or attack.attacker != owner.id or not attack.primary:
        return 0
    return 1 if is_in_arc(owner, game.state.ships[attack.defender], Arc.FRONT) else 0


__all__ = [
    "BULLSEYE_TREATED",
    "RANGES_TREATED",
    "Applies",
    "AttackTest",
    "CancelAll",
    "attack_crossing",
    "attack_ships",
    "attacking",
    "attacking_if",
    "choose_ships",
    "damaged",
    "dealt_this",
    "defending",
    "defending_if",
    "dice",
    "enemy_in_arc",
    "event_ship",
    "facedown_damage",
    "firing_arcs",
    "give_token_in_firing_arc",
    "green_token_or",
    "green_token_or_gain",
    "green_tokens",
    "in_enemy_firing_arc",
    "in_firing_arc",
    "is_in_arc",
    "is_me",
    "keep_circular_tokens",
    "lock_if_chosen",
    "new_lock_options",
    "obstruction_ignored",
    "one_fewer_attack_die",
    "one_more_attack_die",
    "one_more_defense_die",
    "primary_in_front_arc",
    "range_of",
    "recalled",
    "recover_charge",
    "recover_force",
    "recover_shield",
    "remember",
    "remove_token_choice",
    "repair_this",
    "revealed_speed",
    "roll_die",
    "ship_options",
    "ships_in_range",
    "this_card",
    "this_round",
    "token_choices",
    "treated_ranges",
    "weapon_of_type",
]


def damage_serial(card_key: str) -> int:
    """The serial number in an ability's card key for a damage card, ``name@serial``."""
    return int(card_key.rpartition("@")[2])
