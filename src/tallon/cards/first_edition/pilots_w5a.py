"""First-edition pilots of the YT-2400 Freighter, VT-49 Decimator and Most Wanted expansion
packs, registered under their play ids (:mod:`tallon.data.first_edition_play`).
Descriptions are Tallon's own words; the rules sources are the first edition's core
rulebook, its reference cards and its FAQ (``FAQ (1e)``).

The first edition has no range 0: "at Range 1-2" is measured with
:mod:`tallon.cards.first_edition.ranges_1e`; "touching" is the engine's range 0.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tallon.cards.common import attacking_if, is_in_arc, is_me, range_of, recalled, remember
from tallon.cards.first_edition.pilots_wave1 import lock_options, printed_firing_arcs
from tallon.cards.first_edition.ranges_1e import within_1e
from tallon.cards.registry import register
from tallon.dice import Face
from tallon.dice.abilities.base import ATTACKING, BOTH_ROLES
from tallon.dice.abilities.effects import change_one, reroll
from tallon.engine.abilities import Cost, Ctx, DiceMod, Modifier, Replacement, Triggered
from tallon.engine.actions import FinishAction
from tallon.engine.allegiance import friendly
from tallon.engine.decisions import Option
from tallon.engine.effects import (
    acquire_lock,
    damage_title,
    deal_damage_card,
    draw_damage,
    suffer_damage,
    transfer_token,
)
from tallon.engine.state import ARCS, ShipState, Token
from tallon.engine.steps import Ask, continuation

if TYPE_CHECKING:
    from tallon.engine.game import Game
    from tallon.engine.state import AttackState


def enemies_within(game: Game, ship: ShipState, low: int, high: int) -> list[ShipState]:
    """Enemy ships (not remotes) at first-edition Range ``low``-``high`` of ``ship``."""
    if ship.body is None:
        return []
    return [s for s in game.state.in_play() if s.owner != ship.owner and not s.remote
            and within_1e(ship, s, low, high)]


def friends_within(game: Game, ship: ShipState, low: int, high: int) -> list[ShipState]:
    """Other friendly ships (not remotes) at first-edition Range ``low``-``high``."""
    if ship.body is None:
        return []
    return [s for s in game.state.in_play() if s.id != ship.id and friendly(ship, s)
            and not s.remote and within_1e(ship, s, low, high)]


def touching_enemies(game: Game, ship: ShipState) -> list[ShipState]:
    """Enemy ships whose bases touch ``ship``'s (the engine's range 0: a bump's contact)."""
    if ship.body is None:
        return []
    return [s for s in game.state.in_play() if s.owner != ship.owner and not s.remote
            and range_of(ship, s) == 0]


# -------------------------------------------------------------------- Dash Rendar
DASH = "1e-yt2400-dashrendar"


def performing_action(game: Game, ship: ShipState) -> bool:
    """Whether one of the ship's actions is resolving now (its FinishAction waits)."""
    return any(isinstance(step, FinishAction) and step.ship_id == ship.id
               for step in game.stack)


def _dash(game: Game, owner: ShipState, ship: ShipState | None = None, during: str = "",
          **facts: Any) -> bool:
    # "may ignore": ignoring an obstacle never harms him, so he always does (ruling); only
    # while moving - in the Activation phase, or by an action in any phase - never while
    # attacking (an asteroid he ends on still forbids his attacks)
    return (ship is not None and ship.id == owner.id and during == "move"
            and (game.state.phase == "activation" or performing_action(game, owner)))


register("pilot", DASH,
         Modifier("ignores obstacles in the Activation phase and while performing actions",
                  hook="ignores_obstacle", value=_dash),
         description="Ignores obstacles while moving in the Activation phase "
                     "and during his actions.")


# ------------------------------------------------------------ Rear Admiral Chiraneau
CHIRANEAU = "1e-vt49decimator-rearadmiralchiraneau"

register("pilot", CHIRANEAU,
         DiceMod("at Range 1-2: change 1 focus result to a critical hit",
                 dice=change_one(CHIRANEAU, "Rear Admiral Chiraneau (1 focus to a critical "
                                 "hit)", Face.FOCUS, Face.CRIT, ATTACKING),
                 # the attack range (the first edition's: touching is Range 1)
                 applies=attacking_if(lambda game, attack, owner:
                                      max(1, attack.range) <= 2)),
         description="Attacking at Range 1-2: may change 1 focus result to a critical hit.")


# ------------------------------------------------------------------ Captain Oicunn
OICUNN = "1e-vt49decimator-captainoicunn"


def _oicunn(ctx: Ctx, choice: Any) -> None:
    for enemy in touching_enemies(ctx.game, ctx.ship):
        suffer_damage(ctx.game, enemy, hits=1, cause="Captain Oicunn")


register("pilot", OICUNN,
         # FAQ (1e): only his own maneuvers trigger it, not a ship bumping into him
         Triggered("each enemy ship you touch suffers 1 damage", window="after_execute",
                   optional=False,
                   requirement=lambda ctx: is_me(ctx)
                   and bool(touching_enemies(ctx.game, ctx.ship)),
                   effect=_oicunn),
         description="Once he has moved, every enemy ship in base contact with "
                     "him suffers 1 damage.")


# ------------------------------------------------------------------------ "Leebo"
LEEBO = "1e-yt2400-leebo"
#: card memory: (card, state serial) of the card he chose, dealt without his ability
LEEBO_CHOSEN = f"{LEEBO}:chosen"


def _leebo_applies(ctx: Ctx, facts: dict[str, Any]) -> bool:
    return (facts["ship"] == ctx.ship.id
            and recalled(ctx.ship, LEEBO_CHOSEN) != (facts["card"], ctx.state.serial))


def _leebo(ctx: Ctx, facts: dict[str, Any], choice: Any) -> None:
    draw_damage(ctx.game, ctx.ship.owner, "1e-leebo.drawn",
                (ctx.ship.id, facts["card"], facts["then"], facts["args"]))


@continuation("1e-leebo.drawn")
def _leebo_drawn(game: Game, card: str, ship_id: str, first: str, then: str | None,
                 args: tuple[Any, ...]) -> None:
    ship = game.state.ships[ship_id]
    drawn = (first, card)
    options = tuple(Option(c, damage_title(c)) for c in dict.fromkeys(drawn))
    game.push(Ask(ship.owner, "maarek_damage_card",
                  f"{ship.name} ({ship.id}): which damage card is resolved (\"Leebo\")?",
                  options, "1e-leebo.keep", (ship_id, drawn, then, args), ship=ship.id))


@continuation("1e-leebo.keep")
def _leebo_keep(game: Game, kept: str, ship_id: str, drawn: tuple[str, ...],
                then: str | None, args: tuple[Any, ...]) -> None:
    ship = game.state.ships[ship_id]
    others = list(drawn)
    others.remove(kept)
    game.state.player(ship.owner).discard.extend(others)
    game.event("damage", f"{ship.name} ({ship.id}) resolves {damage_title(kept)} and "
               f"discards {', '.join(damage_title(c) for c in others)}", ship=ship.id)
    # the chosen card is dealt faceup: other cards may still replace that (FAQ (1e),
    # "Leebo" with Determination), not his own ability again
    remember(ship, LEEBO_CHOSEN, (kept, game.state.serial))
    deal_damage_card(game, ship, True, card=kept, then=then, args=args)


register("pilot", LEEBO,
         # FAQ (1e): a card dealt faceup (Maarek Stele's too), not one flipped faceup
         Replacement("draw 1 more damage card, resolve 1 and discard the other",
                     point="deal_faceup_card", optional=False, applies=_leebo_applies,
                     replace=_leebo),
         description="Dealt a faceup damage card: draws 1 more, chooses 1 of the 2 to "
                     "resolve and discards the other.")


# ------------------------------------------------------------------- Eaden Vrill
EADEN = "1e-yt2400-eadenvrill"


def _eaden(game: Game, owner: ShipState, attack: AttackState | None = None,
           **facts: Any) -> int:
    if attack is None or attack.attacker != owner.id or not attack.primary:
        return 0
    return 1 if game.state.ships[attack.defender].stressed else 0


register("pilot", EADEN,
         Modifier("1 more attack die against a stressed ship (primary weapon)",
                  hook="attack_dice", value=_eaden),
         description="Rolls 1 extra attack die in primary weapon attacks on stressed ships.")


# ------------------------------------------------------------- Commander Kenkirk
KENKIRK = "1e-vt49decimator-commanderkenkirk"


def _kenkirk(game: Game, owner: ShipState, ship: ShipState | None = None,
             **facts: Any) -> int:
    if ship is None or ship.id != owner.id:
        return 0
    return 1 if owner.shields == 0 and owner.damage else 0


register("pilot", KENKIRK,
         # FAQ (1e): with other changes, "to a minimum of 0" once all are summed (hook)
         Modifier("agility +1 without shields and with a damage card", hook="agility",
                  value=_kenkirk),
         description="While he has no shields and holds a damage card: agility +1.")


# ------------------------------------------------------------ Boba Fett (scum)
BOBA = "1e-firespray31-bobafett-scumandvillainy"
#: the most enemy ships at Range 1 the card is written for (each count its own ability)
BOBA_MOST = 8


def _boba_applies(count: int) -> Any:
    def applies(game: Game, attack: AttackState, owner: ShipState, user: ShipState) -> bool:
        return (user.id == owner.id and owner.id in (attack.attacker, attack.defender)
                and len(enemies_within(game, owner, 1, 1)) == count)

    return applies


register("pilot", BOBA,
         *(DiceMod(f"reroll up to {n} of your dice ({n} enemy ship(s) at Range 1)",
                   dice=reroll(BOBA, f"Boba Fett (reroll up to {n} dice)", BOTH_ROLES, n),
                   applies=_boba_applies(n)) for n in range(1, BOBA_MOST + 1)),
         description="Attacking or defending: may reroll 1 die per enemy ship at Range 1.")


# ------------------------------------------------------------ Kath Scarlet (scum)
KATH = "1e-firespray31-kathscarlet-scumandvillainy"


def _kath(game: Game, owner: ShipState, attack: AttackState | None = None,
          **facts: Any) -> int:
    if attack is None or attack.attacker != owner.id:
        return 0
    defender = game.state.ships[attack.defender]
    return 1 if any(is_in_arc(owner, defender, arc) for arc in ARCS["rear"]) else 0


register("pilot", KATH,
         Modifier("1 more attack die against a ship inside the auxiliary arc",
                  hook="attack_dice", value=_kath),
         description="Attacking a ship inside her auxiliary (rear) firing arc: 1 more attack "
                     "die.")


# ------------------------------------------------------------------ Emon Azzameen
EMON = "1e-firespray31-emonazzameen"
EMON_TEMPLATES = ("3T", "3F", "3Y")


def _emon(game: Game, owner: ShipState, card: str = "", templates: tuple[str, ...] = (),
          launch: bool = False, **facts: Any) -> list[tuple[str, bool]]:
    # FAQ (1e): he declares the template and its direction before dropping: the one
    # choice of the drop
    if launch or "1F" not in templates:
        return []
    return [(code, False) for code in EMON_TEMPLATES]


register("pilot", EMON,
         Modifier("drop bombs with the [3 turn] or [3 straight] template",
                  hook="device_templates", value=_emon),
         description="Dropping a bomb: may use the 3 turn (left or right) or 3 straight "
                     "template instead of the 1 straight.")


# ------------------------------------------------------------------- N'Dru Suhlak
NDRU = "1e-z95headhunter-ndrusuhlak"


def _ndru(game: Game, owner: ShipState, attack: AttackState | None = None,
          **facts: Any) -> int:
    if attack is None or attack.attacker != owner.id:
        return 0
    return 0 if friends_within(game, owner, 1, 2) else 1


register("pilot", NDRU,
         Modifier("1 more attack die with no other friendly ship at Range 1-2",
                  hook="attack_dice", value=_ndru),
         description="Attacking with no other friendly ship at Range 1-2: 1 more attack die.")


# ------------------------------------------------------------------- Drea Renthal
DREA = "1e-ywing-drearenthal"


def _drea_lock(ctx: Ctx, choice: Any) -> None:
    acquire_lock(ctx.game, ctx.ship, str(choice))


register("pilot", DREA,
         Triggered("take 1 stress token to lock again", window="after_spend_lock",
                   requirement=lambda ctx: is_me(ctx) and ctx.ship.in_play
                   and bool(lock_options(ctx.game, ctx.ship)),
                   choices=lambda ctx: lock_options(ctx.game, ctx.ship),
                   cost=Cost(gain=(("stress", 1),)), effect=_drea_lock),
         description="Having spent a target lock: may take 1 stress token to lock again.")


# ------------------------------------------------- Kaa'to Leeachos, Palob Godalhi
def _token_options(ships: list[ShipState]) -> list[Option]:
    return [Option(f"{s.id}:{token.value}", f"take 1 {token.value} token from {s.name} "
                   f"({s.id})") for s in ships for token in (Token.FOCUS, Token.EVADE)
            if s.has(token)]


def _take_token(ctx: Ctx, choice: Any) -> None:
    ship_id, _, token = str(choice).partition(":")
    transfer_token(ctx.game, ctx.other(ship_id), ctx.ship, Token(token))


def take_token_ability(enemy: bool) -> Triggered:
    """As the Combat phase begins, take a focus or evade token away from a friend (an
    enemy) within Range 1-2 and keep it."""

    def sources(ctx: Ctx) -> list[Option]:
        if not ctx.ship.in_play:
            return []
        ships = (enemies_within(ctx.game, ctx.ship, 1, 2) if enemy
                 else friends_within(ctx.game, ctx.ship, 1, 2))
        return _token_options(ships)

    whose = "an enemy" if enemy else "another friendly"
    return Triggered(f"take a focus or evade token off {whose} ship within Range 1-2",
                     window="start_engagement", requirement=lambda ctx: bool(sources(ctx)),
                     choices=sources, effect=_take_token)


register("pilot", "1e-z95headhunter-kaatoleeachos", take_token_ability(enemy=False),
         description="Combat phase start: may take a focus or evade token off another friendly "
                     "ship within Range 1-2.")
register("pilot", "1e-hwk290-palobgodalhi", take_token_ability(enemy=True),
         description="Combat phase start: may take a focus or evade token off an enemy "
                     "ship within Range 1-2.")


# -------------------------------------------------------------------------- Kavil
KAVIL = "1e-ywing-kavil"


def _kavil(game: Game, owner: ShipState, attack: AttackState | None = None,
           **facts: Any) -> int:
    if attack is None or attack.attacker != owner.id:
        return 0
    defender = game.state.ships[attack.defender]
    # rulebook (1e): the firing arc printed on the ship token (a turret gives none)
    inside = any(is_in_arc(owner, defender, arc) for arc in printed_firing_arcs(owner))
    return 0 if inside else 1


register("pilot", KAVIL,
         Modifier("1 more attack die against a ship outside the firing arc",
                  hook="attack_dice", value=_kavil),
         description="Attacking a ship outside his firing arc: 1 more attack die.")


# -------------------------------------------------------------------- Dace Bonearm
DACE = "1e-hwk290-dacebonearm"


def _dace_applies(ctx: Ctx) -> bool:
    if ctx.event.get("token") != "ion" or ctx.ship.stressed or not ctx.ship.in_play:
        return False
    target = ctx.state.ships.get(ctx.event["ship"])
    return (target is not None and target.in_play and target.owner != ctx.ship.owner
            and not target.remote and within_1e(ctx.ship, target, 1, 3))


register("pilot", DACE,
         Triggered("receive 1 stress token: the ionized ship suffers 1 damage",
                   window="after_gain_token", requirement=_dace_applies,
                   cost=Cost(gain=(("stress", 1),)),
                   effect=lambda ctx, choice: suffer_damage(
                       ctx.game, ctx.other(ctx.event["ship"]), hits=1, cause="Dace Bonearm")),
         description="An enemy ship within Range 1-3 gains an ion token and he is unstressed: he "
                     "may take 1 stress token to deal that ship 1 damage.")


# --------------------------------------------------------------------- Torkil Mux
TORKIL = "1e-hwk290-torkilmux"
#: card memory: (round, the chosen enemy ship)
TORKIL_CHOSEN = f"{TORKIL}:chosen"


def _torkil_targets(ctx: Ctx) -> list[Option]:
    return [Option(s.id, f"{s.name} ({s.id})")
            for s in enemies_within(ctx.game, ctx.ship, 1, 2)]


def _torkil(ctx: Ctx, choice: Any) -> None:
    chosen = ctx.other(str(choice))
    # rulebook (1e), Pilot Skill: the value itself is 0 (order of attack and every card
    # reading it) until the Combat phase is over (reset below)
    chosen.round_initiative = 0
    remember(ctx.ship, TORKIL_CHOSEN, (ctx.state.round, chosen.id))
    ctx.game.event("ability", f"{chosen.name} ({chosen.id}) has pilot skill 0 until the end "
                   "of the Combat phase", ship=ctx.ship.id)


def _torkil_ends(ctx: Ctx, choice: Any) -> None:
    _, chosen_id = recalled(ctx.ship, TORKIL_CHOSEN)
    remember(ctx.ship, TORKIL_CHOSEN, None)
    chosen = ctx.state.ships[chosen_id]
    if chosen.round_initiative == 0:
        chosen.round_initiative = None


register("pilot", TORKIL,
         # "choose": not a "may" - with an enemy in range one must be chosen
         Triggered("set an enemy ship within Range 1-2 to pilot skill 0 "
                   "this Combat phase", window="end_activation", optional=False,
                   requirement=lambda ctx: ctx.ship.in_play, choices=_torkil_targets,
                   effect=_torkil),
         Triggered("the chosen ship's pilot skill is its own again", window="end_engagement",
                   optional=False,
                   requirement=lambda ctx: recalled(ctx.ship, TORKIL_CHOSEN) is not None,
                   effect=_torkil_ends),
         description="End of the Activation phase: picks an enemy ship within Range 1-2, whose "
                     "pilot skill is 0 until the Combat phase ends.")


__all__ = ["enemies_within", "friends_within", "performing_action",
           "take_token_ability", "touching_enemies"]
