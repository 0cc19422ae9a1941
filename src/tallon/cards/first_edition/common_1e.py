"""Small rules written once for several first-edition cards: holding at most one token of
a kind (and keeping it through the End phase), a pilot skill chosen for the Place Forces
step, and a pilot skill of 2 or lower."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tallon.cards.common import recalled, remember
from tallon.engine.abilities import Ctx, Modifier, Replacement, Triggered
from tallon.engine.decisions import Option
from tallon.engine.effects import gain_token
from tallon.engine.state import ShipState, Token

if TYPE_CHECKING:
    from tallon.engine.game import Game

#: Card memory (the round): the ship's dial was rotated (Stay on Target) to a maneuver of a
#: speed that only an ability treating the revealed maneuver's speed allowed (Tetran
#: Cowall's 1, 3 or 5): that ability is then used, not offered again for the new maneuver
#: (FAQ (1e), Tetran Cowall: the speed first, then the rotation - or the other way round).
REVEALED_SPEED_TREATED = "1e:revealed speed treated"


def low_pilot_skill(game: Game, ship_id: str) -> bool:
    """The ship's pilot skill is 2 or lower (the other ship's skill that widens Flight
    Instructor's and Predator's rerolls)."""
    return game.state.ships[ship_id].current_initiative <= 2


def one_token_kept(kind: Token) -> tuple[Replacement, Modifier]:
    """The ship holds at most 1 ``kind`` token and an unused one stays in the End phase (Comm
    Relay's evade, Advanced Optics' focus)."""
    name = kind.value

    def applies(ctx: Ctx, facts: dict[str, Any]) -> bool:
        return (facts["ship"] == ctx.ship.id and facts["token"] == name
                and ctx.ship.count(kind) + facts["count"] > 1)

    def replace(ctx: Ctx, facts: dict[str, Any], choice: Any) -> None:
        room = max(0, 1 - ctx.ship.count(kind))
        if room:
            gain_token(ctx.game, ctx.ship, kind, room, applier=facts["applier"],
                       replaceable=False)
        else:
            ctx.game.event("ability", f"{ctx.ship.name} ({ctx.ship.id}) cannot have more "
                           f"than 1 {name} token", ship=ctx.ship.id)

    def keeps(game: Game, owner: ShipState, ship: ShipState | None = None,
              token: Token | None = None, **facts: Any) -> int:
        return 1 if ship is not None and ship.id == owner.id and token is kind else 0

    return (Replacement(f"at most 1 {name} token", point="gain_token", optional=False,
                        applies=applies, replace=replace),
            Modifier(f"an unused {name} token stays in the End phase",
                     hook="end_phase_kept_tokens", value=keeps))


def place_forces_skill(card: str, title: str, skills: tuple[int, ...]
                       ) -> tuple[Triggered, Triggered]:
    """Treat the pilot skill as one of ``skills`` during the Place Forces step (Hyperwave
    Comm Scanner, Courier Droid); the card memory ``<card>:before`` holds the setting to
    restore after it."""
    before_key = f"{card}:before"
    listed = " or ".join(filter(None, (", ".join(str(k) for k in skills[:-1]),
                                       str(skills[-1]))))

    def choose(ctx: Ctx, choice: Any) -> None:
        remember(ctx.ship, before_key, (ctx.ship.round_initiative,))
        ctx.ship.round_initiative = int(choice)
        ctx.game.event("initiative", f"{ctx.ship.name} ({ctx.ship.id}): {title} - pilot "
                       f"skill {choice} during Place Forces", ship=ctx.ship.id)

    def ends(ctx: Ctx, choice: Any) -> None:
        (before,) = recalled(ctx.ship, before_key)
        remember(ctx.ship, before_key, None)
        ctx.ship.round_initiative = before

    # the start of Place Forces: right before it (no other step comes between)
    return (Triggered(f"treat your pilot skill as {listed} during Place Forces",
                      window="before_place_forces",
                      choices=lambda ctx: [Option(str(k), f"pilot skill {k}") for k in skills],
                      effect=choose),
            Triggered("the pilot skill is back after Place Forces",
                      window="after_place_forces", optional=False, effect=ends,
                      requirement=lambda ctx: recalled(ctx.ship, before_key) is not None))
