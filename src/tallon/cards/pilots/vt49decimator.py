"""VT-49 Decimator pilots (Galactic Empire); the ship has no ship ability. Patrol Leader
has no ability text and needs no registration. The Dauntless title is in
cards/upgrades/title_vt49decimator.py."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tallon.cards.common import attacking_if, dice, is_in_arc, range_zero_as_one, recalled, remember
from tallon.cards.registry import register
from tallon.engine.abilities import Cost, Ctx, DiceMod, Modifier, Triggered
from tallon.engine.decisions import Option
from tallon.engine.state import AttackState, ShipState, Token
from tallon.geometry import Arc

if TYPE_CHECKING:
    from tallon.engine.game import Game


# -------------------------------------------------------------- Captain Oicunn
register("pilot", "captainoicunn",
         Modifier("an attack at attack range 0 is treated as at attack range 1",
                  hook="treated_attack_range", value=range_zero_as_one),
         description="His attacks at attack range 0 are treated as attacks at attack "
                     "range 1.")


# ------------------------------------------------------- Rear Admiral Chiraneau
#: RR: REINFORCE - each side of the token and the full arc it matches
_REINFORCED = ((Token.REINFORCE_FORE, Arc.FULL_FRONT), (Token.REINFORCE_AFT, Arc.FULL_REAR))


def _chiraneau(game: Game, attack: AttackState, owner: ShipState) -> bool:
    defender = game.state.ships[attack.defender]
    return any(owner.has(token) and is_in_arc(owner, defender, arc)
               for token, arc in _REINFORCED)


register("pilot", "rearadmiralchiraneau",
         DiceMod("change 1 focus result to a critical hit", dice=dice("rearadmiralchiraneau"),
                 applies=attacking_if(_chiraneau)),
         description="Attacking while reinforced, the defender in the full arc his "
                     "reinforce token matches: may change 1 focus result to a critical hit.")


# ------------------------------------------------------------------- Morna Kee
MORNA = "mornakee"
_OTHER_SIDE = {Token.REINFORCE_FORE: Token.REINFORCE_AFT,
               Token.REINFORCE_AFT: Token.REINFORCE_FORE}
_SIDE_NAMES = {Token.REINFORCE_FORE: "full front arc", Token.REINFORCE_AFT: "full rear arc"}


def _morna_choices(ctx: Ctx) -> list[Option]:
    return [Option(token.value, f"flip the {_SIDE_NAMES[token]} reinforce token to the "
                                f"{_SIDE_NAMES[_OTHER_SIDE[token]]} and keep it")
            for token in _OTHER_SIDE if ctx.ship.has(token)]


def _morna(ctx: Ctx, choice: Any) -> None:
    ship = ctx.ship
    token = Token(choice)
    flipped = _OTHER_SIDE[token]
    # flipping a token is neither removing nor gaining one
    ship.tokens[token] -= 1
    if not ship.tokens[token]:
        del ship.tokens[token]
    ship.tokens[flipped] = ship.tokens.get(flipped, 0) + 1
    remember(ship, f"{MORNA}:kept", (ctx.state.round, flipped.value))
    ctx.game.event("ability", f"{ship.name} ({ship.id}) flips a reinforce token to its "
                   f"{_SIDE_NAMES[flipped]}", ship=ship.id)


def _morna_keeps(game: Game, owner: ShipState, ship: ShipState | None = None,
                 token: Token | None = None, **facts: Any) -> int:
    if ship is None or ship.id != owner.id or token is None:
        return 0
    return 1 if recalled(owner, f"{MORNA}:kept") == (game.state.round, token.value) else 0


register("pilot", MORNA,
         Triggered("spend 1 charge: flip 1 reinforce token instead of removing it",
                   window="end_phase", cost=Cost(charges=1),
                   requirement=lambda ctx: ctx.ship.in_play and bool(_morna_choices(ctx)),
                   choices=_morna_choices, effect=_morna),
         Modifier("the flipped reinforce token is not removed", hook="end_phase_kept_tokens",
                  value=_morna_keeps),
         description="During the End Phase: may spend 1 charge to flip 1 of her reinforce "
                     "tokens to her other full arc, keeping it instead of removing it (her "
                     "charges do not recur).")
