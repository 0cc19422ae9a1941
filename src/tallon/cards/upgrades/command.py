"""Command upgrades of the Epic format whose text stands on its own (no wings, no bonus
attacks): Captain Needa and Strategic Commander (a friendly ship's revealed dial changed),
Carlist Rieekan (a red evade after a friend is lost), Azmorigan (tokens kept in the End
Phase) and Admiral Ozzel (a large or huge ship's maneuver 1 faster or slower). The wing
leaders' cards (the Epic format's wings are not in the seeds) and the bonus attack cards
are not played yet."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tallon.cards.acting import granted, let_perform
from tallon.cards.common import (
    event_ship,
    range_of,
    recalled,
    remember,
    ship_options,
    ships_in_range,
)
from tallon.cards.registry import register
from tallon.engine.abilities import Cost, Ctx, Modifier, Replacement, Triggered
from tallon.engine.decisions import Option
from tallon.engine.dial_codes import difficulty_of
from tallon.engine.effects import suffer_damage
from tallon.engine.movement import ExecuteManeuver
from tallon.engine.state import ShipState, Token
from tallon.engine.steps import Ask, continuation
from tallon.geometry import BaseSize
from tallon.geometry.huge import huge_maneuver
from tallon.geometry.maneuvers import Maneuver

if TYPE_CHECKING:
    from tallon.engine.game import Game


# ------------------------------------------------- Captain Needa, Strategic Commander
def _speed(code: str) -> int:
    return int(code[0])


def _revealer(ctx: Ctx, high: int) -> ShipState | None:
    """The friendly ship (range 0-``high``) that just revealed its dial, if any."""
    ship = ctx.state.ships.get(ctx.event.get("ship") or "")
    if ship is None or ship.owner != ctx.ship.owner or not ship.in_play or \
            ship.dial_set is None or not ctx.ship.in_play:
        return None
    near = range_of(ctx.ship, ship)
    return ship if ship.id == ctx.ship.id or (near is not None and near <= high) else None


def _other_maneuvers(ctx: Ctx, high: int) -> list[Option]:
    ship = _revealer(ctx, high)
    if ship is None or ship.dial_set is None:
        return []
    revealed = ship.dial_set
    # the dial's own maneuvers, their printed difficulty the revealed one's
    return [Option(code, f"{ship.name} ({ship.id}): set the dial to [{code}]")
            for code in ship.dial if code != revealed and _speed(code) == _speed(revealed)
            and difficulty_of(code) == difficulty_of(revealed)]


def _reset_dial(ctx: Ctx, choice: Any) -> None:
    ship = ctx.state.ships[ctx.event["ship"]]
    ship.dial_set = str(choice)
    ctx.game.event("dial", f"{ship.name} ({ship.id}) sets its dial to [{choice}] "
                   f"({ctx.card})", ship=ship.id, maneuver=choice)


def dial_changer(title: str, high: int) -> Triggered:
    """"After a friendly ship at range 0-(high) reveals its dial, you may spend 1 charge. If
    you do, it sets its dial to another maneuver of the same difficulty and speed"."""
    return Triggered(title, window="after_reveal", cost=Cost(charges=1),
                     requirement=lambda ctx: _revealer(ctx, high) is not None,
                     choices=lambda ctx: _other_maneuvers(ctx, high), effect=_reset_dial)


NEEDA_TEXT = ("After a friendly ship at range 0-4 (itself too) reveals its dial: may spend 1 "
              "charge; that ship sets its dial to another of its maneuvers of the same speed "
              "and difficulty.")
register("upgrade", "captainneeda",
         dial_changer("spend 1 charge: a friendly ship at range 0-4 sets another maneuver of "
                      "the same speed and difficulty", 4), description=NEEDA_TEXT)
register("upgrade", "strategiccommander",
         dial_changer("spend 1 charge: a friendly ship at range 0-4 sets another maneuver of "
                      "the same speed and difficulty", 4), description=NEEDA_TEXT)


# ----------------------------------------------------------------- Carlist Rieekan
CARLIST = "carlistrieekan"


def _carlist_applies(ctx: Ctx) -> bool:
    lost = event_ship(ctx)
    if lost.owner != ctx.ship.owner or lost.id == ctx.ship.id or not ctx.ship.in_play:
        return False
    near = range_of(ctx.ship, lost)
    return near is not None and near <= 2


def _carlist_choices(ctx: Ctx) -> list[Option]:
    return ship_options(ships_in_range(ctx.game, ctx.ship, 0, 2, friendly=True))


register("upgrade", CARLIST,
         Triggered("a friendly ship was destroyed at range 0-2: a friendly ship at range 0-2 "
                   "may perform a red evade action", window="after_destroyed",
                   requirement=_carlist_applies, choices=_carlist_choices,
                   effect=lambda ctx, choice: let_perform(
                       ctx.game, str(choice), [granted("evade", "red", CARLIST)], False)),
         description="After another friendly ship within range 0-2 is destroyed: may pick a "
                     "friendly ship at range 0-2 (this one included), which may then perform a red "
                     "evade action. Adds a red evade action.")


# ---------------------------------------------------------------------- Azmorigan
AZMORIGAN = "azmorigan"
#: card memory: (round, ((ship id, token), ...)) chosen this End Phase
AZMORIGAN_KEPT = f"{AZMORIGAN}:kept"
AZMORIGAN_SHIPS = 2
_KEPT_KINDS = (Token.CALCULATE, Token.EVADE)


def _chosen(game: Game, owner: ShipState) -> tuple[tuple[str, str], ...]:
    kept = recalled(owner, AZMORIGAN_KEPT)
    return kept[1] if kept is not None and kept[0] == game.state.round else ()


def _azmorigan_options(game: Game, owner: ShipState) -> list[Option]:
    taken = {ship for ship, _ in _chosen(game, owner)}
    # ruling: the token each ship keeps (calculate or evade) is chosen with the ship
    return [Option(f"{s.id}:{t.value}", f"{s.name} ({s.id}) keeps 1 {t.value} token")
            for s in ships_in_range(game, owner, 0, 1, friendly=True)
            if s.id not in taken for t in _KEPT_KINDS if s.has(t)]


def _azmorigan_choose(game: Game, owner: ShipState, choice: str) -> None:
    ship_id, _, token = choice.partition(":")
    chosen = (*_chosen(game, owner), (ship_id, token))
    remember(owner, AZMORIGAN_KEPT, (game.state.round, chosen))
    game.event("ability", f"{owner.name} ({owner.id}): {ship_id} keeps 1 {token} token this "
               "End Phase (Azmorigan)", ship=owner.id)
    options = _azmorigan_options(game, owner)
    if len(chosen) < AZMORIGAN_SHIPS and options:
        game.push(Ask(owner.owner, "use_ability", f"{owner.name} ({owner.id}): Azmorigan - "
                      "choose another ship?",
                      (*options, Option("decline", "choose no more ships")),
                      "azmorigan.more", (owner.id,), ship=owner.id))


@continuation("azmorigan.more")
def _azmorigan_more(game: Game, answer: str, owner_id: str) -> None:
    if answer != "decline":
        _azmorigan_choose(game, game.state.ships[owner_id], answer)


def _azmorigan_keeps(game: Any, owner: ShipState, ship: ShipState | None = None,
                     token: Token | None = None, **facts: Any) -> int:
    if ship is None or token is None:
        return 0
    return int((ship.id, token.value) in _chosen(game, owner))


register("upgrade", AZMORIGAN,
         Triggered("End Phase: up to 2 friendly ships at range 0-1 keep 1 calculate or evade "
                   "token", window="start_end_phase",
                   requirement=lambda ctx: ctx.ship.in_play
                   and bool(_azmorigan_options(ctx.game, ctx.ship)),
                   choices=lambda ctx: _azmorigan_options(ctx.game, ctx.ship),
                   effect=lambda ctx, choice: _azmorigan_choose(ctx.game, ctx.ship,
                                                                str(choice))),
         Modifier("each chosen ship keeps 1 calculate or evade token",
                  hook="end_phase_kept_tokens", value=_azmorigan_keeps),
         description="End Phase, before tokens are removed: may pick as many as 2 friendly ships "
                     "(this one included) within range 0-1; each of them keeps 1 calculate or "
                     "evade token (chosen along with it).")


# ------------------------------------------------------------------- Admiral Ozzel
OZZEL = "admiralozzel"


def _ozzel_ship(ctx: Ctx, facts: dict[str, Any]) -> ShipState | None:
    ship = ctx.state.ships.get(str(facts["ship"]))
    # ruling: an ion maneuver or a SLAM is not the maneuver the card changes
    if ship is None or facts["ion"] or facts["slam"] or not ctx.ship.in_play or \
            ship.owner != ctx.ship.owner or not ship.in_play or \
            not (ship.huge or ship.size is BaseSize.LARGE):
        return None
    near = range_of(ctx.ship, ship)
    return ship if ship.id == ctx.ship.id or (near is not None and near <= 3) else None


def _valid(ship: ShipState, code: str) -> bool:
    try:
        huge_maneuver(code) if ship.huge else Maneuver.parse(code)
    except ValueError:
        return False
    return True


def _ozzel_codes(ctx: Ctx, facts: dict[str, Any]) -> list[str]:
    ship = _ozzel_ship(ctx, facts)
    if ship is None:
        return []
    code = str(facts["maneuver"])
    speed, rest = int(code[0]), code[1:]
    # the same bearing and difficulty letters, a speed 1 higher or lower that exists
    return [f"{s}{rest}" for s in (speed + 1, speed - 1) if 0 <= s <= 5
            and _valid(ship, f"{s}{rest}")]


def _ozzel_replace(ctx: Ctx, facts: dict[str, Any], choice: Any) -> None:
    ship = ctx.state.ships[str(facts["ship"])]
    suffer_damage(ctx.game, ship, hits=1, cause=OZZEL)
    if ship.in_play:
        ctx.game.push(ExecuteManeuver(ship.id, str(choice), replaceable=False))


register("upgrade", OZZEL,
         Replacement("suffer 1 damage: execute the maneuver 1 speed faster or slower",
                     point="execute_maneuver", applies=lambda ctx, facts:
                     bool(_ozzel_codes(ctx, facts)),
                     choices=lambda ctx, facts: [
                         Option(c, f"suffer 1 [Hit] damage: execute [{c}] instead")
                         for c in _ozzel_codes(ctx, facts)],
                     replace=_ozzel_replace),
         description="A large or huge friendly ship at range 0-3 (this one included) executing a "
                     "maneuver other than an ion maneuver or a SLAM may suffer 1 hit damage to "
                     "execute instead the maneuver with that bearing and difficulty but a speed 1 "
                     "higher or lower.")
