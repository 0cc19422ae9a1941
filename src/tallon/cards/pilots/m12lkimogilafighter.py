"""M12-L Kimogila Fighter pilots (Scum and Villainy) and the ship ability Dead to Rights,
which the Scum and Separatist Rogue-class Starfighters with the Bounty Hunter's printing
share (the same name and text).

The generic pilot (Cartel Executioner) has no ability text and needs no registration.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tallon.cards.common import (
    green_token_or,
    is_in_arc,
    recover_shield,
    ship_options,
)
from tallon.cards.registry import register
from tallon.engine.abilities import Cost, Ctx, Modifier, Triggered
from tallon.engine.decisions import Option
from tallon.engine.effects import lose_shields, remove_token, suffer_damage
from tallon.engine.state import GREEN_TOKENS, AttackState, ShipState, Token
from tallon.engine.steps import continuation
from tallon.geometry import Arc

if TYPE_CHECKING:
    from tallon.engine.game import Game

_GREEN_NAMES = frozenset(t.value for t in GREEN_TOKENS)


# ------------------------------------------------------------- ship ability
def _dead_to_rights(game: Any, owner: ShipState, attack: AttackState | None = None,
                    kind: str = "", spend: tuple[tuple[str, int], ...] = (),
                    **facts: Any) -> bool:
    """Hook ``dice_option_allowed``: while the owner attacks a defender in its bullseye
    arc, no option spending a green token may modify the defense dice."""
    if attack is None or attack.attacker != owner.id or kind != "defense":
        return True
    if not any(name in _GREEN_NAMES for name, _ in spend):
        return True
    # RR: BULLSEYE ARC - checked while the dice are modified, as the card's "if" says
    return not is_in_arc(owner, game.state.ships[attack.defender], Arc.BULLSEYE)


def _no_green_spending(game: Any, owner: ShipState, ship: ShipState | None = None,
                       token: Token | None = None, **facts: Any) -> bool:
    """Hook ``token_spend_forbidden``: while the defense dice of the owner's attack on a
    defender in its bullseye arc are modified, no green token may be spent - this reaches
    the cards that spend another ship's token once their change is made (Networked
    Calculations), which the option's own cost does not list."""
    attack = game.state.attack
    if attack is None or attack.attacker != owner.id or token is None \
            or token.colour != "green" or attack.step != "modify defense dice":
        return False
    return is_in_arc(owner, game.state.ships[attack.defender], Arc.BULLSEYE)


DEAD_TO_RIGHTS = (
    Modifier("defense dice can't be modified with green tokens (bullseye arc)",
             hook="dice_option_allowed", value=_dead_to_rights),
    Modifier("no green token is spent on the defense dice (bullseye arc)",
             hook="token_spend_forbidden", value=_no_green_spending),
)

register("ship_ability", "Dead to Rights", *DEAD_TO_RIGHTS,
         description="Attacking a defender in its bullseye arc: the defense dice cannot be "
                     "modified by spending green tokens (focus, evade, calculate, ...).")


# --------------------------------------------------------------- Dalan Oberos
def _dalan_targets(ctx: Ctx) -> list[ShipState]:
    return [s for s in ctx.state.in_play() if s.id != ctx.ship.id and s.shields > 0
            and is_in_arc(ctx.ship, s, Arc.BULLSEYE)]


def _dalan_applies(ctx: Ctx) -> bool:
    # RR: PAYING COSTS - "loses 1 shield and you recover 1 shield" is one effect (RR: FAQ):
    # without an inactive shield of his own the charge can't be spent
    return ctx.ship.shields < ctx.ship.shield_limit and bool(_dalan_targets(ctx))


def _dalan(ctx: Ctx, choice: Any) -> None:
    target = ctx.other(choice)
    lose_shields(ctx.game, target, 1)
    ctx.game.event("ability", f"{target.name} ({target.id}) loses 1 shield to Dalan Oberos",
                   ship=target.id)
    recover_shield(ctx.game, ctx.ship)


register("pilot", "dalanoberos",
         Triggered("spend 1 charge: a shielded ship in your bullseye arc loses 1 shield, you "
                   "recover 1", window="start_engagement", cost=Cost(charges=1),
                   requirement=_dalan_applies,
                   choices=lambda ctx: ship_options(_dalan_targets(ctx)), effect=_dalan),
         description="Start of the Engagement Phase: may spend 1 charge choosing a shielded "
                     "ship in his bullseye arc; it loses 1 shield and he recovers 1 shield.")


# ---------------------------------------------------------------- Torani Kulda
def _torani_targets(ctx: Ctx) -> list[ShipState]:
    return [s for s in ctx.state.in_play() if s.owner != ctx.ship.owner
            and is_in_arc(ctx.ship, s, Arc.BULLSEYE)]


def _torani(ctx: Ctx, choice: Any) -> None:
    for enemy in _torani_targets(ctx):
        green_token_or(ctx.game, enemy, Option("suffer", "suffer 1 hit damage"),
                       "Torani Kulda - remove 1 green token, or suffer 1 hit damage?",
                       "toranikulda.answer", (enemy.id,))


@continuation("toranikulda.answer")
def _torani_answer(game: Game, answer: str, enemy_id: str) -> None:
    enemy = game.state.ships[enemy_id]
    if answer.startswith("token:") and remove_token(game, enemy, Token(answer[6:])):
        game.event("ability", f"{enemy.name} ({enemy_id}) removes 1 {answer[6:]} token "
                   "(Torani Kulda)", ship=enemy_id)
        return
    suffer_damage(game, enemy, hits=1, cause="Torani Kulda")


register("pilot", "toranikulda",
         Triggered("each enemy ship in your bullseye arc suffers 1 hit damage unless it "
                   "removes 1 green token", window="after_attack", optional=False,
                   requirement=lambda ctx: ctx.event["attacker"] == ctx.ship.id
                   and bool(_torani_targets(ctx)),
                   effect=_torani),
         description="After attacking: each enemy ship in her bullseye arc suffers 1 hit "
                     "damage unless its player removes 1 of its green tokens.")
