"""First edition, the T-70 X-wing, TIE/fo Fighter, Punishing One, Mist Hunter and
Inquisitor's TIE expansion packs: the elite talents, the missile and the cannon here;
astromechs, modifications, titles, the system and the tech upgrade in :mod:`upgrades_w7_2`;
the crew and the illicit upgrade in :mod:`upgrades_w7_3`.

The first edition has no range 0 (:mod:`tallon.cards.first_edition.ranges_1e`). A "free
action" is an action performed outside the Perform Action step. Descriptions are Tallon's
own words.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tallon.cards.common import (
    attacking_if,
    dice,
    is_me,
    remember,
    this_round,
)
from tallon.cards.first_edition.ordnance_1e import (
    SpendAndDiscard,
    attacking_with,
    discard_upgrade,
    not_discarded,
)
from tallon.cards.first_edition.ranges_1e import within_1e
from tallon.cards.registry import register
from tallon.cards.upgrades.ordnance import replaces_damage
from tallon.dice.abilities.base import ATTACKING
from tallon.dice.abilities.effects import reroll
from tallon.engine.abilities import CardAction, Ctx, DiceMod, Triggered, Weapon
from tallon.engine.allegiance import friendly
from tallon.engine.decisions import Option
from tallon.engine.effects import can_lock, flip_upgrade, gain_token
from tallon.engine.state import ShipState, Token
from tallon.engine.steps import Ask

if TYPE_CHECKING:
    pass


def has_upgrade(ship: ShipState, card: str) -> bool:
    """Whether the ship has upgrade ``card`` equipped (not discarded)."""
    return any(kind == "upgrade" and xws == card for kind, xws, _ in ship.cards)


# -------------------------------------------------------------------- Cool Hand
COOL_HAND = "1e-coolhand"


def _cool_hand(ctx: Ctx, choice: Any) -> None:
    discard_upgrade(ctx.game, ctx.ship, COOL_HAND)
    # "assign": not an action (FAQ (1e), Assigning a Token to Your Ship)
    gain_token(ctx.game, ctx.ship, Token(choice))


register("upgrade", COOL_HAND,
         Triggered("discard for a focus or evade token",
                   window="after_gain_token",
                   requirement=lambda ctx: is_me(ctx) and ctx.event["token"] == "stress"
                   and ctx.ship.in_play and has_upgrade(ctx.ship, COOL_HAND),
                   choices=lambda ctx: [Option("focus", "discard Cool Hand: assign 1 focus "
                                                        "token"),
                                        Option("evade", "discard Cool Hand: assign 1 evade "
                                                        "token")],
                   effect=_cool_hand),
         description="On gaining a stress token: may discard this card for a focus or evade token.")


# ------------------------------------------------------------------------- Juke
register("upgrade", "1e-juke",
         # the catalogue's Juke: attacking while it has an evade token (FAQ (1e): also an
         # evade result added to the defender's roll, C-3PO's)
         DiceMod("turn one defender evade into a focus",
                 dice=dice("juke"), applies=attacking_if()),
         description="Attacking while holding an evade token: may turn one "
                     "defender evade into a focus.")


# ------------------------------------------------------------------------- Rage
RAGE = "1e-rage"
RAGE_ROUND = f"{RAGE}:round"
RAGE_DICE = reroll(RAGE, "Rage (reroll up to 3 attack dice)", ATTACKING, 3)


def _rage(ctx: Ctx, choice: Any) -> None:
    remember(ctx.ship, RAGE_ROUND, ctx.state.round)
    gain_token(ctx.game, ctx.ship, Token.FOCUS)
    gain_token(ctx.game, ctx.ship, Token.STRESS, 2)


register("upgrade", RAGE,
         CardAction("take a focus and 2 stress to reroll at most 3 attack "
                    "dice this round", key="rage", effect=_rage),
         DiceMod("reroll at most 3 attack dice (Rage)", dice=RAGE_DICE,
                 applies=attacking_if(lambda game, attack, owner:
                                      this_round(game, owner, RAGE_ROUND))),
         description="Action: gain a focus token and 2 stress tokens; for the rest of the round he "
                     "may reroll as many as 3 attack dice when attacking.")


# ------------------------------------------------------------ Attanni Mindlink
MINDLINK = "1e-attannimindlink"


def _linked(ctx: Ctx, token: Token) -> list[ShipState]:
    return [s for s in ctx.state.in_play() if s.id != ctx.ship.id and not s.remote
            and friendly(ctx.ship, s) and has_upgrade(s, MINDLINK) and not s.has(token)]


def _mindlink(ctx: Ctx, choice: Any) -> None:
    token = Token(ctx.event["token"])
    # FAQ (1e): several tokens from one effect give each other ship only 1
    for ship in _linked(ctx, token):
        gain_token(ctx.game, ship, token)


register("upgrade", MINDLINK,
         Triggered("share the token with the "
                   "other Mindlink ships", window="after_gain_token", optional=False,
                   requirement=lambda ctx: is_me(ctx)
                   and ctx.event["token"] in ("focus", "stress")
                   and bool(_linked(ctx, Token(ctx.event["token"]))),
                   effect=_mindlink),
         description="Whenever he gets a focus or stress token, every other friendly Attanni "
                     "Mindlink ship lacking that token type gets one too.")


# ---------------------------------------------------------------- Adaptability
ADAPTABILITY = "1e-adaptability"


def _adapt(ctx: Ctx, choice: Any) -> None:
    change = 1 if choice == "raise" else -1
    ctx.ship.initiative += change
    if change > 0:  # the card's "+1" side faces up
        flip_upgrade(ctx.game, ctx.ship, ADAPTABILITY, 1)
    ctx.game.event("setup", f"{ctx.ship.name} ({ctx.ship.id}): Adaptability - pilot skill "
                   f"{ctx.ship.initiative}", ship=ctx.ship.id)


register("upgrade", ADAPTABILITY,
         # FAQ (1e): the ship is placed at its printed pilot skill; as soon as it is placed
         # the player chooses the side (a dual card: one of the two, not a "may")
         Triggered("choose: pilot skill +1 or -1", window="after_placed", optional=False,
                   requirement=is_me,
                   choices=lambda ctx: [Option("raise", "increase the pilot skill by 1"),
                                        Option("lower", "decrease the pilot skill by 1")],
                   effect=_adapt),
         back=(),
         description="Dual card: once the ship is placed in setup, its pilot skill becomes "
                     "1 higher or 1 lower (the side chosen).")


# --------------------------------------------------------- XX-23 S-Thread Tracers
TRACERS = "1e-xx23sthreadtracers"


def _tracers(ctx: Ctx, choice: Any) -> None:
    attack = ctx.attack
    assert attack is not None
    defender = ctx.other(attack.defender)
    steps = []
    # every friend within Range 1-2: the attacker too (FAQ (1e): a ship is at
    # Range 1 of itself; ruling)
    for ship in ctx.state.in_play():
        if ship.remote or not friendly(ctx.ship, ship) or \
                not within_1e(ctx.ship, ship, 1, 2) or \
                can_lock(ctx.game, ship, defender.id) is not None:
            continue
        steps.append(Ask(ship.owner, "use_ability",
                         f"{ship.name} ({ship.id}): acquire a target lock on {defender.name} "
                         f"({defender.id})?",
                         (Option("lock", f"acquire a target lock on {defender.id}"),
                          Option("decline", "don't")),
                         "common.lock_if_chosen", (ship.id, defender.id), ship=ship.id))
    ctx.game.push(*steps)


register("upgrade", TRACERS,
         # "Attack (Focus)": a focus token is required, not spent (rulebook (1e), Secondary
         # Weapons: the header names a requirement; the card spends nothing)
         Weapon("XX-23 S-Thread Tracers", requires="focus", cost=SpendAndDiscard(discard=True),
                extra_requirement=not_discarded),
         replaces_damage(TRACERS, "the results are canceled instead of dealing damage"),
         Triggered("friends within Range 1-2 may "
                   "lock the defender", window="attack_hit", optional=False,
                   requirement=lambda ctx: attacking_with(ctx, TRACERS), effect=_tracers),
         description="Attack (focus; discard this card): 3 dice at Range 1-3; on a hit, every "
                     "friendly ship within Range 1-2 of him (himself too) may lock the defender, "
                     "and all results are canceled.")


# ------------------------------------------------------------------ Tractor Beam
TRACTOR_BEAM = "1e-tractorbeam"


def _tractor(ctx: Ctx, choice: Any) -> None:
    attack = ctx.attack
    assert attack is not None
    # the token's move (reference card (1e) "Tractor Beam Token": a small ship, the first
    # token of the round, moved by the attacker's player) resolves now, within the attack
    # (FAQ (1e): before Ruthlessness, and before Tactician measures the range)
    gain_token(ctx.game, ctx.other(attack.defender), Token.TRACTOR, applier=ctx.ship.owner)
    attack.hits = attack.crits = 0
    ctx.game.event("ability", "all dice results are canceled", ship=ctx.ship.id)


register("upgrade", TRACTOR_BEAM,
         Weapon("Tractor Beam"),
         replaces_damage(TRACTOR_BEAM, "the hit gives 1 tractor beam token instead of "
                                       "damage"),
         Triggered("tractor the defender", window="attack_hit",
                   optional=False, requirement=lambda ctx: attacking_with(ctx, TRACTOR_BEAM),
                   effect=_tractor),
         description="Attack: 3 dice at Range 1-3; on a hit the defender gets a tractor beam token "
                     "and all results are canceled.")


__all__ = ["has_upgrade"]
