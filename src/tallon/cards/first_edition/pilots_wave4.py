"""First-edition pilots of wave 4: the Imperial Aces (TIE Interceptor), Z-95 Headhunter,
TIE Defender, E-wing, TIE Phantom and Rebel Aces (A-wing, B-wing) expansion packs,
registered under their play ids (:mod:`tallon.data.first_edition_play`). Descriptions are
Tallon's own words; the rules sources are the first edition's core rulebook, its reference
cards and its FAQ (``FAQ (1e)``).

First-edition ranges are 1-3 and touching ships are at Range 1, so "at Range 1" is the
engine's range 0-1. A "free action" is an action performed outside the Perform Action
step (rulebook (1e), Free Actions).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tallon.cards.acting import bar_actions, grant_action, granted, let_perform
from tallon.cards.common import (
    attacking_if,
    in_firing_arc,
    is_me,
    recalled,
    remember,
    ship_options,
    ships_in_range,
    this_round,
)
from tallon.cards.first_edition.common_1e import REVEALED_SPEED_TREATED
from tallon.cards.registry import register
from tallon.data import load_cards
from tallon.dice import Face
from tallon.dice.abilities.base import ATTACKING, Situation
from tallon.dice.abilities.effects import (
    AddResults,
    CardAbility,
    Effect,
    Variant,
    change_one,
)
from tallon.dice.ops import ChangeAll
from tallon.engine.abilities import Ctx, DiceMod, Modifier, Triggered
from tallon.engine.action_bodies import lock_targets
from tallon.engine.actions import FinishAction
from tallon.engine.attack import can_bonus_attack, perform_bonus_attack
from tallon.engine.decisions import Option
from tallon.engine.effects import acquire_lock, expose_damage, gain_token, locks_on, spend_token
from tallon.engine.state import ActionSpec, ShipState, Token

if TYPE_CHECKING:
    from tallon.engine.game import Game
    from tallon.engine.state import AttackState


def enemies_at_range_1(game: Game, ship: ShipState) -> list[ShipState]:
    """Enemy ships at first-edition Range 1 (the engine's range 0-1)."""
    return [s for s in ships_in_range(game, ship, 0, 1, friendly=False)
            if s.owner != ship.owner]


# ------------------------------------------------------------- Lieutenant Lorrir
def _lorrir(game: Any, owner: ShipState, ship: ShipState | None = None,
            **facts: Any) -> tuple[tuple[str, int], ...] | None:
    # the stress token is the cost of choosing the template, paid as the roll is declared;
    # FAQ (1e): he declares side and direction, and only rolls that can be placed are
    # offered (Ruleset.reposition_measured_first)
    return (("stress", 1),) if ship is not None and ship.id == owner.id else None


register("pilot", "1e-tieinterceptor-lieutenantlorrir",
         Modifier("barrel roll with the [1 bank] template for 1 stress token",
                  hook="barrel_roll_bank_choices", value=_lorrir),
         description="Barrel rolling: may take 1 stress token to roll with a [1 bank left] or [1 "
                     "bank right] template rather than [1 straight] (curving forward or backward).")


# ----------------------------------------------------------------- Tetran Cowall
def _tetran(game: Any, owner: ShipState, maneuver: str = "", **facts: Any) -> list[str]:
    # "treat the speed as 1, 3 or 5": the same Koiogran-Turn, its difficulty as revealed
    # (FAQ (1e): Stay On Target may come before or after - once: not again after a
    # rotation to the speed he treated the revealed maneuver as)
    if len(maneuver) != 3 or maneuver[1] != "K" \
            or this_round(game, owner, REVEALED_SPEED_TREATED):
        return []
    return [f"{speed}K{maneuver[2]}" for speed in (1, 3, 5) if str(speed) != maneuver[0]]


register("pilot", "1e-tieinterceptor-tetrancowall",
         Modifier("treat a Koiogran-Turn's speed as 1, 3 or 5", hook="maneuver_alternatives",
                  value=_tetran),
         description="Revealing a Koiogran-Turn: may treat its speed as 1, 3 or 5.")


# --------------------------------------------------------------------- Kir Kanos
KIR = CardAbility("1e-kirkanos", "Kir Kanos (spend 1 evade token: add 1 hit)",
                  effect=AddResults(Face.HIT), roles=ATTACKING, cost=(("evade", 1),))

register("pilot", "1e-tieinterceptor-kirkanos",
         DiceMod("trade an evade for an added hit", dice=KIR,
                 applies=attacking_if(lambda game, attack, owner: attack.range in (2, 3))),
         description="Attacking at Range 2-3: may trade an evade token for an added hit result.")


# -------------------------------------------------------------------- Carnor Jax
def _near_jax(game: Any, owner: ShipState, ship: ShipState | None) -> bool:
    return (ship is not None and ship.owner != owner.owner and owner.in_play
            and ship.id in {s.id for s in enemies_at_range_1(game, owner)})


def _jax_actions(game: Any, owner: ShipState, ship: ShipState | None = None,
                 action: str = "", **facts: Any) -> bool:
    return action in ("focus", "evade") and _near_jax(game, owner, ship)


def _jax_tokens(game: Any, owner: ShipState, ship: ShipState | None = None,
                token: Token | None = None, **facts: Any) -> bool:
    return token in (Token.FOCUS, Token.EVADE) and _near_jax(game, owner, ship)


register("pilot", "1e-tieinterceptor-carnorjax",
         Modifier("deny focus and evade actions within Range 1",
                  hook="action_forbidden", value=_jax_actions),
         Modifier("deny spending focus and evade tokens within Range 1",
                  hook="token_spend_forbidden", value=_jax_tokens),
         description="Enemies within Range 1 of him can neither take focus/evade actions nor "
                     "spend focus/evade tokens.")


# ------------------------------------------------------------- Lieutenant Blount
def _blount(ctx: Ctx, choice: Any) -> None:
    attack = ctx.attack
    assert attack is not None
    attack.hit = True
    ctx.game.event("ability", "the defender is hit by the attack (Lieutenant Blount)",
                   ship=ctx.ship.id)


register("pilot", "1e-z95headhunter-lieutenantblount",
         # the attack's outcome is settled in Compare Results (the engine's Neutralize): a
         # miss becomes a hit dealing no damage ("after an attack that hits" abilities,
         # and "if this attack hits" weapons, then apply)
         Triggered("count the attack as a hit", window="after_neutralize",
                   optional=False,
                   requirement=lambda ctx: ctx.attack is not None
                   and ctx.attack.attacker == ctx.ship.id and not ctx.attack.hit,
                   effect=_blount),
         description="His attacks count as hitting the defender even when no damage is suffered.")


# ------------------------------------------------------------------ Airen Cracken
def free_actions(game: Game, ship: ShipState) -> list[ActionSpec]:
    """The actions the ship could perform now as a free action (not during its
    activation): no target lock without a ship to lock (FAQ (1e), Acquiring a Target
    Lock: an action that cannot be performed is not chosen; FAQ (1e): Airen Cracken)."""
    return [spec for spec in bar_actions(game, ship, False)
            if spec.kind != "lock" or lock_targets(game, ship)]


def _cracken_friends(ctx: Ctx) -> list[ShipState]:
    return [s for s in ships_in_range(ctx.game, ctx.ship, 0, 1, friendly=True, other=True)
            if free_actions(ctx.game, s)]


def _cracken(ctx: Ctx, choice: Any) -> None:
    friend = ctx.other(str(choice))
    let_perform(ctx.game, friend.id, free_actions(ctx.game, friend), False)


register("pilot", "1e-z95headhunter-airencracken",
         Triggered("a friend within Range 1 takes a free action",
                   window="after_attack",
                   requirement=lambda ctx: ctx.event["attacker"] == ctx.ship.id
                   and bool(_cracken_friends(ctx)),
                   choices=lambda ctx: ship_options(_cracken_friends(ctx)), effect=_cracken),
         description="After attacking: may let another friendly ship within Range "
                     "1 take 1 free action.")


# --------------------------------------------------------------- Colonel Vessery
def _vessery_applies(ctx: Ctx) -> bool:
    if ctx.event.get("attacker") != ctx.ship.id or ctx.event.get("kind") != "attack":
        return False
    defender = ctx.event["defender"]
    # the defender is already locked: any ship's lock on it (FAQ (1e): a friend's
    # lock after he spent his own on a missile)
    return (defender not in ctx.ship.locks and bool(locks_on(ctx.game, defender))
            and defender in lock_targets(ctx.game, ctx.ship))


register("pilot", "1e-tiedefender-colonelvessery",
         Triggered("lock the defender", window="after_dice_rolled",
                   requirement=_vessery_applies,
                   effect=lambda ctx, choice: acquire_lock(ctx.game, ctx.ship,
                                                           ctx.event["defender"])),
         description="Attacking, just after rolling: if the defender carries a red target lock "
                     "token already, may lock it too.")


# ------------------------------------------------------------------ Rexler Brath
#: card memory: (the defender, the serials of its damage cards when the attack began)
REXLER_BEFORE = "1e-rexlerbrath:before"


def _rexler_note(ctx: Ctx, choice: Any) -> None:
    defender = ctx.other(ctx.event["defender"])
    remember(ctx.ship, REXLER_BEFORE,
             (defender.id, tuple(d.serial for d in defender.damage)))


def _rexler_cards(ctx: Ctx) -> list[int]:
    """The defender's facedown cards that the attack dealt (those it did not have when
    the attack began; FAQ (1e): a faceup card resolved and flipped facedown, and cards
    Minor Explosion dealt, count)."""
    noted = recalled(ctx.ship, REXLER_BEFORE)
    if noted is None or noted[0] != ctx.event.get("defender"):
        return []
    defender = ctx.other(noted[0])
    return [d.serial for d in defender.damage if d.serial not in noted[1] and not d.faceup]


def _rexler(ctx: Ctx, choice: Any) -> None:
    defender = ctx.other(ctx.event["defender"])
    serials = _rexler_cards(ctx)
    remember(ctx.ship, REXLER_BEFORE, None)
    spend_token(ctx.game, ctx.ship, Token.FOCUS)
    # FAQ (1e): flipped faceup, not dealt (Chewbacca's ability does not apply)
    for serial in serials:
        if any(d.serial == serial and not d.faceup for d in defender.damage):
            expose_damage(ctx.game, defender, serial, chosen=True)


def _rexler_dealt(ctx: Ctx) -> bool:
    noted = recalled(ctx.ship, REXLER_BEFORE)
    if ctx.event["attacker"] != ctx.ship.id or noted is None:
        return False
    defender = ctx.other(ctx.event["defender"])
    # the attack dealt a Damage card or more: any card, faceup or facedown
    return any(d.serial not in noted[1] for d in defender.damage)


register("pilot", "1e-tiedefender-rexlerbrath",
         Triggered("note the defender's damage cards", window="defender_declared",
                   optional=False, requirement=lambda ctx: is_me(ctx, "attacker"),
                   effect=_rexler_note),
         # FAQ (1e): after the faceup cards his attack dealt have resolved, once per attack
         Triggered("spend a focus: the dealt damage cards turn faceup",
                   window="after_attack",
                   requirement=lambda ctx: _rexler_dealt(ctx) and ctx.ship.has(Token.FOCUS)
                   and bool(_rexler_cards(ctx)), effect=_rexler),
         description="After his attack deals the defender a damage card or more: may spend a focus "
                     "so those cards turn faceup.")


# ------------------------------------------------------------------ Etahn A'baht
ETAHN = change_one("1e-etahnabaht", "Etahn A'baht (change 1 hit to a critical hit)",
                   Face.HIT, Face.CRIT, ATTACKING)


def _etahn_applies(game: Game, attack: AttackState, owner: ShipState,
                   user: ShipState) -> bool:
    defender = game.state.ships[attack.defender]
    return (user.id == attack.attacker and owner.in_play and defender.owner != owner.owner
            and not defender.remote and in_firing_arc(owner, defender))


register("pilot", "1e-ewing-etahnabaht",
         DiceMod("the attacker may change 1 hit result to a critical hit", dice=ETAHN,
                 applies=_etahn_applies, for_others=True),
         description="When an enemy in his firing arc within Range 1-3 defends: its attacker may "
                     "turn 1 hit into a critical hit.")


# ------------------------------------------------------------------- Corran Horn
#: card memory: the round in which he attacked as the End phase began
CORRAN_ROUND = "1e-corranhorn:round"
#: card memory: the round whose End phase opportunity he has resolved (attacked or not)
CORRAN_DONE = "1e-corranhorn:done"


def _corran(ctx: Ctx, choice: Any) -> None:
    remember(ctx.ship, CORRAN_DONE, ctx.state.round)
    if choice == "use":
        remember(ctx.ship, CORRAN_ROUND, ctx.state.round)
        perform_bonus_attack(ctx.game, ctx.ship)


def _corran_rests(game: Any, owner: ShipState, ship: ShipState | None = None,
                  **facts: Any) -> bool:
    return ship is not None and ship.id == owner.id and \
        recalled(owner, CORRAN_ROUND) == game.state.round - 1


def _corran_stays(game: Any, owner: ShipState, ship: ShipState | None = None,
                  **facts: Any) -> bool:
    # FAQ (1e): destroyed as the End phase begins, before his own opportunity came, he
    # is not removed until it has (then once the End phase is over)
    return (ship is not None and ship.id == owner.id and game.state.phase == "end"
            and not this_round(game, owner, CORRAN_DONE))


register("pilot", "1e-ewing-corranhorn",
         # FAQ (1e): before the End phase removes the focus and evade tokens; with two
         # Corran Horns the player with initiative decides first (the queue's player order).
         # Answered use or decline (a "may"), the answer itself ends his opportunity.
         Triggered("perform one attack (none during the next round)",
                   window="start_end_phase", bonus_attack=True, optional=False,
                   requirement=lambda ctx: can_bonus_attack(ctx.game, ctx.ship),
                   choices=lambda ctx: [Option("use", "perform one attack (none during the "
                                                      "next round)"),
                                        Option("decline", "do not attack")],
                   effect=_corran),
         Modifier("cannot attack during the round after his End phase attack",
                  hook="cannot_attack", value=_corran_rests),
         Modifier("not removed before his End phase opportunity",
                  hook="removal_until_end_phase", value=_corran_stays),
         description="End phase start: may make 1 attack, then skips attacking "
                     "throughout the next round.")


# ------------------------------------------------------------------------ "Echo"
def _echo_banks(game: Any, owner: ShipState, speed: int = 0,
                **facts: Any) -> tuple[tuple[str, tuple[()]], ...]:
    return (("left", ()), ("right", ())) if speed == 2 else ()


def _echo_only(game: Any, owner: ShipState, speed: int = 0, **facts: Any) -> bool:
    return speed == 2


register("pilot", "1e-tiephantom-echo",
         # Decloak reference card (1e): both decloaks use the [2 straight], each takes the
         # [2 bank] instead; FAQ (1e), "Echo": she declares side and direction, must decloak
         # if she can that way, else may declare another or not decloak (only the decloaks
         # that can be placed are offered: engine/decloak_rolls.py)
         Modifier("decloak boosts with the [2 bank left] or [2 bank right] template",
                  hook="decloak_templates", value=_echo_banks),
         Modifier("decloak barrel rolls with the [2 bank] template", hook="decloak_roll_banks",
                  value=_echo_only),
         Modifier("no decloak with the [2 straight] template", hook="decloak_banks_only",
                  value=_echo_only),
         description="Decloaking: must use the [2 bank left] or [2 bank right] template "
                     "instead of the [2 straight] one (boost, or barrel roll curving forward "
                     "or backward).")


# ---------------------------------------------------------------------- "Whisper"
register("pilot", "1e-tiephantom-whisper",
         Triggered("gain a focus token", window="after_attack",
                   requirement=lambda ctx: ctx.event["attacker"] == ctx.ship.id
                   and ctx.event["hit"] and ctx.ship.in_play,
                   effect=lambda ctx, choice: gain_token(ctx.game, ctx.ship, Token.FOCUS)),
         description="After an attack that hits: may gain a focus token.")


# ------------------------------------------------------------------ Jake Farrell
def _jake_specs(ctx: Ctx) -> list[ActionSpec]:
    return [granted("boost", "white", ctx.card), granted("barrel_roll", "white", ctx.card)]


def _focus_action_under_way(ctx: Ctx) -> bool:
    # the focus token of his own focus action: the action triggers him once, after it
    return any(isinstance(step, FinishAction) and step.ship_id == ctx.ship.id
               and step.spec.kind == "focus" for step in ctx.game.stack)


register("pilot", "1e-awing-jakefarrell",
         grant_action("boost or barrel roll as a free action", "after_action",
                      _jake_specs,
                      requirement=lambda ctx: is_me(ctx) and ctx.event["action"] == "focus"),
         grant_action("boost or barrel roll as a free action", "after_gain_token",
                      _jake_specs,
                      requirement=lambda ctx: is_me(ctx) and ctx.event["token"] == "focus"
                      and not _focus_action_under_way(ctx)),
         description="After a focus action or on gaining a focus token: may boost or barrel "
                     "roll as a free action.")


# ------------------------------------------------------------------ Gemmer Sojan
def _gemmer(game: Any, owner: ShipState, ship: ShipState | None = None,
            **facts: Any) -> int:
    if ship is None or ship.id != owner.id or not owner.in_play:
        return 0
    return 1 if enemies_at_range_1(game, owner) else 0


register("pilot", "1e-awing-gemmersojan",
         Modifier("agility +1 at Range 1 of an enemy ship", hook="agility", value=_gemmer),
         description="Agility +1 while any enemy ship is within Range 1.")


# --------------------------------------------------------------- Keyan Farlander
class _FocusToHits(Effect):
    """Change every focus result to a hit; usable with none (FAQ (1e), Keyan Farlander:
    0 dice are modified, the stress token is still removed)."""

    def variants(self, situation: Situation) -> list[Variant]:
        # with no focus result the change acts on no die: still an option
        return [(ChangeAll(Face.FOCUS, Face.HIT),)]


KEYAN = CardAbility("1e-keyanfarlander", "Keyan Farlander (remove 1 stress: all focus to "
                    "hits)", effect=_FocusToHits(), roles=ATTACKING, cost=(("stress", 1),))

register("pilot", "1e-bwing-keyanfarlander",
         DiceMod("shed 1 stress: turn all focus results into hits", dice=KEYAN,
                 applies=attacking_if()),
         description="Attacking: may shed 1 stress token to turn every focus result into a hit.")


# ------------------------------------------------------------------ Nera Dantels
def _nera(game: Any, owner: ShipState, card: str = "", arc: str = "",
          **facts: Any) -> str | None:
    if not card or "torpedo" not in load_cards().upgrade(card).slots:
        return None
    return "all"  # inside or outside the firing arc


register("pilot", "1e-bwing-neradantels",
         Modifier("torpedo attacks against ships outside the firing arc",
                  hook="special_weapon_arc", value=_nera),
         description="His torpedoes may also fire at enemy ships outside his firing arc.")


__all__ = ["enemies_at_range_1", "free_actions"]
