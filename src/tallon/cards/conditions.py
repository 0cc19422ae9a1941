"""Condition cards (RR: CONDITION CARDS). Each condition's abilities belong to the ship it
is assigned to; the card it comes from is found through the player who assigned it."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tallon.cards.common import choose_ships, is_in_arc, is_me, recalled, remember, ships_in_range
from tallon.cards.registry import register
from tallon.dice import DEFENDING, AddResults, CardAbility, ChangeResults, Face
from tallon.engine.abilities import (
    CardAction,
    Cost,
    Ctx,
    DiceMod,
    Modifier,
    Triggered,
)
from tallon.engine.allegiance import friendly
from tallon.engine.conditions import assign_condition, remove_condition
from tallon.engine.decisions import Option
from tallon.engine.effects import (
    acquire_lock,
    can_lock,
    gain_token,
    spend_forbidden,
    spend_token,
)
from tallon.engine.state import GREEN_TOKENS, ShipState, Token
from tallon.engine.steps import Ask, continuation
from tallon.geometry import Arc

if TYPE_CHECKING:
    from tallon.engine.game import Game
    from tallon.engine.state import AttackState


def equipped(ship: ShipState, upgrade: str) -> bool:
    """Whether the ship has the upgrade ``upgrade`` equipped ("a ship with the Informant
    upgrade")."""
    return any(kind == "upgrade" and xws == upgrade for kind, xws, _ in ship.cards)


def _remove_this(ctx: Ctx, choice: Any = None) -> None:
    remove_condition(ctx.game, ctx.ship, ctx.card)


def _attack_key(game: Any, attack: AttackState) -> str:
    """Names one attack for the round's card memory (an attacker's bonus attack is
    another attack)."""
    return f"{game.state.round}:{attack.attacker}:{attack.defender}:{int(attack.bonus)}"

# ------------------------------------------------------------- Suppressive Fire
SUPPRESSIVE_FIRE = "suppressivefire"


def _rexes(game: Any, ship: ShipState) -> list[ShipState]:
    """The Captain Rex ships whose effects assigned Suppressive Fire to ``ship`` (Captain
    Rex is limited, so one per player who assigned it)."""
    players = {c.assigned_by for c in ship.conditions if c.card == SUPPRESSIVE_FIRE}
    return [s for s in game.state.ships.values()
            if s.pilot == "captainrex" and s.owner in players]


def _fewer_dice(game: Any, owner: ShipState, attack: Any = None, **facts: Any) -> int:
    if attack is None or attack.attacker != owner.id:
        return 0
    return 0 if attack.defender in {s.id for s in _rexes(game, owner)} else -1


def _rex_event(key: str) -> Any:
    return lambda ctx: ctx.event.get(key) in {s.id for s in _rexes(ctx.game, ctx.ship)}


def _rex_held_fire(ctx: Ctx) -> bool:
    """Captain Rex did not attack in this Engagement Phase (or is gone)."""
    here = (ctx.state.round, "engagement")
    return not any(s.in_play and s.last_attack == here for s in _rexes(ctx.game, ctx.ship))


def _remove(ctx: Ctx, choice: Any) -> None:
    remove_condition(ctx.game, ctx.ship, SUPPRESSIVE_FIRE)


register("condition", SUPPRESSIVE_FIRE,
         Modifier("1 fewer attack die against ships other than Captain Rex",
                  hook="attack_dice", value=_fewer_dice),
         Triggered("Captain Rex defended: remove this card", window="after_defend",
                   requirement=_rex_event("defender"), optional=False, effect=_remove),
         Triggered("Captain Rex did not attack this phase: remove this card",
                   window="end_engagement", requirement=_rex_held_fire, optional=False,
                   effect=_remove),
         Triggered("Captain Rex was destroyed: remove this card", window="after_destroyed",
                   requirement=_rex_event("ship"), optional=False, effect=_remove),
         description="Attacking a ship other than Captain Rex: 1 fewer attack die. Removed "
                     "after Captain Rex defends, after he is destroyed, and at the end of an "
                     "Engagement Phase in which he did not attack.")


# ------------------------------------------------------------- dials flipped faceup
def flip_dial_faceup(game: Game, ship: ShipState) -> None:
    """The ship's dial is flipped faceup: the opponent sees it from now on. Flipping a dial
    is not revealing it (RR: FAQ, Listening Device): no "after you reveal" ability
    triggers, and the ship still reveals it when it activates."""
    ship.dial_revealed = True
    game.event("dial", f"{ship.name} ({ship.id}) flips its dial faceup: [{ship.dial_set}]",
               ship=ship.id, maneuver=ship.dial_set)


def _flip_dial(title: str, spotted: Any) -> Triggered:
    """"During the System Phase, if (spotted), flip your dial faceup": at the ship's own
    initiative in the System Phase (RR: FAQ, Listening Device)."""
    return Triggered(title, window="system_phase", optional=False,
                     requirement=lambda ctx: is_me(ctx) and ctx.ship.dial_set is not None
                     and not ctx.ship.dial_revealed and spotted(ctx),
                     effect=lambda ctx, choice: flip_dial_faceup(ctx.game, ctx.ship))


def _enemy_with(upgrade: str, high: int) -> Any:
    return lambda ctx: any(equipped(s, upgrade) for s in
                           ships_in_range(ctx.game, ctx.ship, 0, high, friendly=False))


def _enemy_remote_near(ctx: Ctx) -> bool:
    return any(s.remote for s in ships_in_range(ctx.game, ctx.ship, 0, 2, friendly=False,
                                                remotes=True))


register("condition", "listeningdevice",
         _flip_dial("an enemy ship with Informant is at range 0-2: flip your dial faceup",
                    _enemy_with("informant", 2)),
         description="System Phase: if an enemy ship equipped with Informant is at range "
                     "0-2, this ship's dial is flipped faceup.")

register("condition", "falsefriend",
         _flip_dial("an enemy ship with Tal Merrik or an enemy remote is at range 0-2: flip "
                    "your dial faceup",
                    lambda ctx: _enemy_with("talmerrik", 2)(ctx) or _enemy_remote_near(ctx)),
         CardAction("gain 1 deplete and 1 stress token: discard this condition",
                    cost=Cost(gain=(("deplete", 1), ("stress", 1))), effect=_remove_this),
         description="System Phase: with an enemy remote, or an enemy ship carrying Tal Merrik, at "
                     "range 0-2, this ship's dial is flipped faceup. Action: take 1 deplete and 1 "
                     "stress token to discard the condition.")


# --------------------------------------------------------------- Compromising Intel
def _enemy_vi(game: Any, owner: ShipState, other_id: str) -> bool:
    other = game.state.ships[other_id]
    return other.pilot == "vimoradi" and other.owner != owner.owner


def _intel_no_focus(game: Any, owner: ShipState, ship: ShipState | None = None,
                    token: Token | None = None, **facts: Any) -> bool:
    attack = game.state.attack
    if ship is None or ship.id != owner.id or token is not Token.FOCUS or attack is None:
        return False
    return (attack.attacker == owner.id and _enemy_vi(game, owner, attack.defender)) or (
        attack.defender == owner.id and _enemy_vi(game, owner, attack.attacker))


register("condition", "compromisingintel",
         _flip_dial("the enemy Vi Moradi is at range 0-3: flip your dial faceup",
                    lambda ctx: any(s.pilot == "vimoradi" for s in ships_in_range(
                        ctx.game, ctx.ship, 0, 3, friendly=False))),
         Modifier("no focus tokens spent while attacking or defending against Vi Moradi",
                  hook="token_spend_forbidden", value=_intel_no_focus),
         description="System Phase: with the enemy Vi Moradi at range 0-3, the dial is "
                     "flipped faceup. Attacking or defending against the enemy Vi Moradi: "
                     "this ship can't spend focus tokens.")


# ----------------------------------------------------------- Marked for Elimination
def _marked_no_green(game: Any, owner: ShipState, ship: ShipState | None = None,
                     token: Token | None = None, **facts: Any) -> bool:
    attack = game.state.attack
    if ship is None or ship.id != owner.id or token not in GREEN_TOKENS or attack is None \
            or attack.defender != owner.id:
        return False
    attacker = game.state.ships[attack.attacker]
    return equipped(attacker, "trackingfob") and owner.id in attacker.locks


register("condition", "markedforelimination",
         Modifier("no green tokens spent while a Tracking Fob attacker has you locked",
                  hook="token_spend_forbidden", value=_marked_no_green),
         description="Defending against an attacker equipped with Tracking Fob that has a "
                     "lock on this ship: it can't spend green tokens.")


# ---------------------------------------------------------------------- Fearful Prey
FEARFUL_SPENT = "fearfulprey:spent"


def _predator_attack(ctx: Ctx) -> AttackState | None:
    """The attack in progress, if this ship defends in it against an enemy Fearsome
    Predator."""
    attack = ctx.attack
    if attack is None or attack.defender != ctx.ship.id:
        return None
    attacker = ctx.other(attack.attacker)
    if attacker.pilot != "fearsomepredator" or attacker.owner == ctx.ship.owner:
        return None
    return attack


def _note_spent(ctx: Ctx, choice: Any) -> None:
    attack = _predator_attack(ctx)
    assert attack is not None
    remember(ctx.ship, FEARFUL_SPENT, _attack_key(ctx.game, attack))


def _fearful(ctx: Ctx, choice: Any) -> None:
    attack = _predator_attack(ctx)
    assert attack is not None
    if recalled(ctx.ship, FEARFUL_SPENT) != _attack_key(ctx.game, attack):
        gain_token(ctx.game, ctx.ship, Token.STRAIN)
    remember(ctx.ship, FEARFUL_SPENT, None)


register("condition", "fearfulprey",
         # what "if you did not spend a green token during the attack" looks back on
         Triggered("note the green token spent against Fearsome Predator",
                   window="after_spend_token", optional=False,
                   requirement=lambda ctx: is_me(ctx)
                   and Token(ctx.event["token"]) in GREEN_TOKENS
                   and _predator_attack(ctx) is not None,
                   effect=_note_spent),
         Triggered("no green token spent against Fearsome Predator: gain 1 strain token",
                   window="after_defend", optional=False,
                   requirement=lambda ctx: ctx.event["defender"] == ctx.ship.id
                   and _predator_attack(ctx) is not None,
                   effect=_fearful),
         description="After defending against an enemy Fearsome Predator without having "
                     "spent a green token during that attack: gain 1 strain token.")


# --------------------------------------------------------------------------- Guarded
def _guards(game: Any, attack: AttackState, holder: ShipState) -> list[ShipState]:
    """The friendly calculating or evading MagnaGuard Protectors in the attack arc."""
    attacker = game.state.ships[attack.attacker]
    return [s for s in game.state.in_play() if s.pilot == "magnaguardprotector"
            and friendly(s, holder) and (s.has(Token.CALCULATE) or s.has(Token.EVADE))
            and is_in_arc(attacker, s, attack.arc)]


def _guarded_dice(game: Any, owner: ShipState, attack: AttackState | None = None,
                  **facts: Any) -> int:
    if attack is None or attack.defender != owner.id:
        return 0
    if is_in_arc(game.state.ships[attack.attacker], owner, Arc.BULLSEYE):
        return 0
    return len(_guards(game, attack, owner))


register("condition", "guarded",
         Modifier("1 more defense die per calculating or evading MagnaGuard Protector in the "
                  "attack arc", hook="defense_dice", value=_guarded_dice),
         description="Defending outside the attacker's bullseye arc: 1 additional defense "
                     "die for each friendly MagnaGuard Protector in the attack arc that has "
                     "a calculate or evade token.")


# ---------------------------------------------------------------------------- Hunted
HUNTED = "hunted"


def _heirs(ctx: Ctx) -> list[ShipState]:
    """The other friendly ships that can take the condition (a ship destroyed too leaves
    with it: ruling)."""
    return [s for s in ctx.state.in_play() if friendly(s, ctx.ship)
            and s.id != ctx.ship.id and not s.destroyed]


def _pass_hunted(ctx: Ctx, choice: Any) -> None:
    held = next(c for c in ctx.ship.conditions if c.card == HUNTED)
    remove_condition(ctx.game, ctx.ship, HUNTED)
    # the same card moves on: it stays the assigning player's instance
    assign_condition(ctx.game, ctx.other(choice), HUNTED, held.assigned_by)


register("condition", HUNTED,
         Triggered("assign this condition to another friendly ship", window="after_destroyed",
                   optional=False, requirement=lambda ctx: is_me(ctx) and bool(_heirs(ctx)),
                   choices=choose_ships(_heirs), effect=_pass_hunted),
         description="After this ship is destroyed, its player must assign the condition "
                     "to another friendly ship, if there is one.")


# ---------------------------------------------------------------- Merciless Pursuit
def _pursuit_target(ctx: Ctx) -> ShipState | None:
    if ctx.event.get("attacker") != ctx.ship.id:
        return None
    defender = ctx.other(ctx.event["defender"])
    if not equipped(defender, "thechild") or can_lock(ctx.game, ctx.ship, defender.id):
        return None
    return defender


register("condition", "mercilesspursuit",
         Triggered("acquire a lock on the defender equipped with The Child",
                   window="after_attack",
                   requirement=lambda ctx: _pursuit_target(ctx) is not None,
                   effect=lambda ctx, choice: acquire_lock(ctx.game, ctx.ship,
                                                           ctx.event["defender"])),
         description="After attacking a ship equipped with The Child: may acquire a lock on "
                     "it.")


# --------------------------------------------------------------------------- Decoyed
DECOYED = "decoyed"


def _decoys(game: Any, attack: AttackState, holder: ShipState) -> list[ShipState]:
    """The friendly Naboo Handmaidens in the attack arc that can still spend an evade token
    for this attack (each once)."""
    attacker = game.state.ships[attack.attacker]
    return [s for s in game.state.in_play() if s.pilot == "naboohandmaiden"
            and friendly(s, holder) and s.has(Token.EVADE)
            and f"{s.id}:{DECOYED}" not in attack.marks
            and not spend_forbidden(game, s, Token.EVADE)
            and is_in_arc(attacker, s, attack.arc)]


def _decoyed_applies(n1: bool) -> Any:
    def applies(game: Any, attack: AttackState, owner: ShipState, user: ShipState) -> bool:
        return (user.id == owner.id and attack.defender == owner.id
                and (owner.ship_type == "nabooroyaln1starfighter") == n1
                and bool(_decoys(game, attack, owner)))
    return applies


def _decoyed_after(ctx: Ctx, option: Any) -> None:
    attack = ctx.attack
    assert attack is not None
    decoys = _decoys(ctx.game, attack, ctx.ship)
    ctx.game.now(Ask(ctx.ship.owner, "use_ability", f"{ctx.ship.name} ({ctx.ship.id}): "
                     "which Naboo Handmaiden spends its evade token?",
                     tuple(Option(s.id, f"{s.name} ({s.id})") for s in decoys),
                     "decoyed.spend", (), ship=ctx.ship.id))


@continuation("decoyed.spend")
def _decoy_spends(game: Game, decoy_id: str) -> None:
    attack = game.state.attack
    assert attack is not None
    attack.marks[f"{decoy_id}:{DECOYED}"] = 1  # each Handmaiden once per attack
    spend_token(game, game.state.ships[decoy_id], Token.EVADE)


register("condition", DECOYED,
         DiceMod("a Naboo Handmaiden spends 1 evade token: change 1 result to an evade",
                 dice=CardAbility(DECOYED, "Decoyed (a Handmaiden's evade token: 1 result to "
                                  "an evade)", effect=ChangeResults(
                                      1, (Face.BLANK, Face.FOCUS), (Face.EVADE,)),
                                  roles=DEFENDING, repeatable=True),
                 applies=_decoyed_applies(False), after=_decoyed_after),
         DiceMod("a Naboo Handmaiden spends 1 evade token: add 1 evade result",
                 dice=CardAbility("decoyed-n1", "Decoyed (a Handmaiden's evade token: add 1 "
                                  "evade)", effect=AddResults(Face.EVADE), roles=DEFENDING,
                                  repeatable=True),
                 applies=_decoyed_applies(True), after=_decoyed_after),
         description="Defending: any friendly Naboo Handmaiden inside the attack arc may spend 1 "
                     "of its evade tokens to turn 1 of this ship's results into an evade; if this "
                     "ship is a Naboo Royal N-1 Starfighter, that Handmaiden adds 1 evade result "
                     "instead.")
