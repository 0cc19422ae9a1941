"""First-edition pilots of the T-70 X-wing, TIE/fo Fighter, Punishing One (JumpMaster 5000),
Mist Hunter (G-1A starfighter) and Inquisitor's TIE (TIE Adv. Prototype) expansion packs,
registered under their play ids (:mod:`tallon.data.first_edition_play`). Descriptions are
Tallon's own words; the rules sources are the first edition's core rulebook, its reference
cards and its FAQ (``FAQ (1e)``). The other pilots of these packs are in :mod:`pilots_w7_2`.

The first edition has no range 0: "at Range 1" is measured with
:mod:`tallon.cards.first_edition.ranges_1e`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tallon.cards.common import (
    is_in_arc,
    is_me,
    remember,
    this_round,
)
from tallon.cards.first_edition.pilots_wave1 import printed_firing_arcs
from tallon.cards.first_edition.ranges_1e import within_1e
from tallon.cards.registry import register
from tallon.data import load_cards
from tallon.engine.abilities import Ctx, Modifier, Triggered
from tallon.engine.attack import can_bonus_attack, perform_bonus_attack
from tallon.engine.effects import gain_token
from tallon.engine.state import ShipState, Token

if TYPE_CHECKING:
    from tallon.engine.game import Game
    from tallon.engine.state import AttackState


# ------------------------------------------------------------------ "Omega Leader"
OMEGA_LEADER = "1e-tiefofighter-omegaleader"


def _omega_locked_opponent(attack: AttackState | None, owner: ShipState) -> str | None:
    """The enemy ship Omega Leader attacks or defends against, if he has it locked."""
    if attack is None:
        return None
    if attack.attacker == owner.id:
        other = attack.defender
    elif attack.defender == owner.id:
        other = attack.attacker
    else:
        return None
    return other if other in owner.locks else None


def _omega_allows(game: Game, owner: ShipState, attack: AttackState | None = None,
                  user: ShipState | None = None, source_ship: ShipState | None = None,
                  **facts: Any) -> bool:
    locked = _omega_locked_opponent(attack, owner)
    if locked is None:
        return True
    # "cannot modify any dice": neither its own dice nor his (FAQ (1e): no R7 Astromech or
    # Elusiveness making him reroll); another enemy ship's ability may still modify them
    # (FAQ (1e): Emperor Palpatine on a different ship)
    return not ((user is not None and user.id == locked)
                or (source_ship is not None and source_ship.id == locked))


def omega_forbids(game: Game, attack: AttackState | None, ship_id: str) -> bool:
    """Whether "Omega Leader" forbids ship ``ship_id`` to modify dice in ``attack`` (for a
    card changing results outside the Modify Dice steps, e.g. Heavy Laser Cannon: FAQ (1e),
    "Omega Leader")."""
    if attack is None:
        return False
    for sid in (attack.attacker, attack.defender):
        ship = game.state.ships.get(sid)
        if ship is not None and ship.pilot == OMEGA_LEADER and \
                _omega_locked_opponent(attack, ship) == ship_id:
            return True
    return False


register("pilot", OMEGA_LEADER,
         Modifier("the locked enemy ship cannot modify dice in attacks against or by him",
                  hook="dice_option_allowed", value=_omega_allows),
         description="Enemies he has locked modify no dice when attacking him or defending "
                     "against his attacks.")


# ---------------------------------------------------------------------- Red Ace
RED_ACE = "1e-t70xwing-redace"
RED_ACE_ROUND = f"{RED_ACE}:round"


def _red_ace(ctx: Ctx, choice: Any) -> None:
    remember(ctx.ship, RED_ACE_ROUND, ctx.state.round)
    gain_token(ctx.game, ctx.ship, Token.EVADE)


register("pilot", RED_ACE,
         # "assign": not an action (FAQ (1e), Assigning a Token to Your Ship)
         Triggered("gain an evade token", window="after_lose_shield",
                   optional=False, effect=_red_ace,
                   requirement=lambda ctx: is_me(ctx) and ctx.ship.in_play
                   and not this_round(ctx, ctx.ship, RED_ACE_ROUND)),
         description="The first time each round he removes a shield token from his ship: "
                     "assigns 1 evade token to his ship.")


# ----------------------------------------------------------------------- Dengar
DENGAR = "1e-jumpmaster5000-dengar"
DENGAR_ROUND = f"{DENGAR}:round"


def _dengar_applies(ctx: Ctx) -> bool:
    if ctx.event["defender"] != ctx.ship.id or \
            this_round(ctx, ctx.ship, DENGAR_ROUND):
        return False
    attacker = ctx.other(ctx.event["attacker"])
    # rulebook (1e): "inside your firing arc" is the arc printed on the ship token
    return (attacker.in_play and any(is_in_arc(ctx.ship, attacker, arc)
                                     for arc in printed_firing_arcs(ctx.ship))
            and can_bonus_attack(ctx.game, ctx.ship, defenders=(attacker.id,)))


def _dengar(ctx: Ctx, choice: Any) -> None:
    remember(ctx.ship, DENGAR_ROUND, ctx.state.round)
    # FAQ (1e): the ship that just attacked him, not a ship Biggs Darklighter would force
    perform_bonus_attack(ctx.game, ctx.ship, defenders=(ctx.event["attacker"],))


register("pilot", DENGAR,
         # FAQ (1e): after the other "after defending" abilities, as Gunner's attack is
         Triggered("perform an attack against the attacker", window="after_defend",
                   bonus_attack=True, requirement=_dengar_applies, effect=_dengar),
         description="Once per round, after defending against an attacker inside his firing "
                     "arc: may attack it back.")


# ---------------------------------------------------------------------- Zuckuss
ZUCKUSS = "1e-g1astarfighter-zuckuss"


def _zuckuss(ctx: Ctx, choice: Any) -> None:
    assert ctx.attack is not None
    ctx.attack.extra_attack_dice += 1
    ctx.attack.extra_defense_dice += 1


register("pilot", ZUCKUSS,
         Triggered("add 1 attack die and 1 defense die "
                   "for the defender", window="before_attack_dice",
                   requirement=lambda ctx: is_me(ctx, "attacker"), effect=_zuckuss),
         description="Attacking: may add 1 attack die, giving the defender 1 "
                     "extra defense die too.")


# ----------------------------------------------------------------- The Inquisitor
INQUISITOR = "1e-tieadvprototype-theinquisitor"


def _inquisitor(game: Game, owner: ShipState, attack: AttackState | None = None,
                **facts: Any) -> int | None:
    # FAQ (1e): only the attack's range (its range bonus: 1 more attack die, no defense
    # die at Range 3), not abilities measuring the range between ships
    if attack is None or attack.attacker != owner.id or not attack.primary \
            or attack.range not in (2, 3):
        return None
    return 1


def _inquisitor_allows(game: Game, owner: ShipState, attack: AttackState | None = None,
                       source: str = "", **facts: Any) -> bool:
    # FAQ (1e), The Inquisitor: Autothrusters ("beyond Range 2") does not trigger against
    # his primary weapon attack treated as Range 1
    if source != "1e-autothrusters" or attack is None or attack.attacker != owner.id \
            or not attack.primary or attack.range != 1:
        return True
    return not within_1e(owner, game.state.ships[attack.defender], 2, 3)


register("pilot", INQUISITOR,
         Modifier("count this Range 2-3 primary attack as Range 1",
                  hook="treated_attack_range", value=_inquisitor),
         Modifier("Autothrusters does not trigger against his primary weapon attack",
                  hook="dice_option_allowed", value=_inquisitor_allows),
         description="His primary weapon attacks at Range 2-3 count as Range 1.")


# ------------------------------------------------------------------- Epsilon Ace
EPSILON_ACE = "1e-tiefofighter-epsilonace"


def _epsilon_skill(ship: ShipState) -> int:
    return 12 if not ship.damage else load_cards().pilot(ship.pilot).initiative


def _epsilon_due(ctx: Ctx) -> bool:
    if ctx.event.get("ship", ctx.ship.id) != ctx.ship.id:
        return False
    return ctx.ship.initiative != _epsilon_skill(ctx.ship)


def _epsilon(ctx: Ctx, choice: Any) -> None:
    # the value itself (setup order, the order of activation and attack, every card
    # reading it), as Veteran Instincts changes it
    ctx.ship.initiative = _epsilon_skill(ctx.ship)
    ctx.game.event("initiative", f"{ctx.ship.name} ({ctx.ship.id}): pilot skill "
                   f"{ctx.ship.initiative}", ship=ctx.ship.id)


def _epsilon_at(window: str) -> Triggered:
    return Triggered("pilot skill 12 while you have no damage card", window=window,
                     optional=False, requirement=_epsilon_due, effect=_epsilon)


register("pilot", EPSILON_ACE,
         # set up before the ships are placed; then again whenever a damage card comes or
         # goes (and each round, for a card leaving otherwise)
         _epsilon_at("gather_forces"), _epsilon_at("damage_card_dealt"),
         _epsilon_at("after_repair"), _epsilon_at("start_round"),
         description="While he has no damage card (faceup or facedown), his pilot skill is "
                     "12.")


__all__ = ["DENGAR", "EPSILON_ACE", "OMEGA_LEADER", "omega_forbids"]
