"""First edition, the T-70 X-wing, TIE/fo Fighter, Punishing One, Mist Hunter and
Inquisitor's TIE expansion packs, continued (:mod:`upgrades_w7` has the talents and the
weapons, :mod:`upgrades_w7_3` the crew and the illicit card): astromechs, salvaged
astromechs, modifications, titles, the system and the tech upgrade. Descriptions are
Tallon's own words.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tallon.cards.acting import grant_action, granted
from tallon.cards.common import (
    is_me,
    remember,
    roll_die,
    this_round,
    weapon_of_type,
)
from tallon.cards.first_edition.common_1e import one_token_kept
from tallon.cards.first_edition.ordnance_1e import discard_upgrade
from tallon.cards.first_edition.pilots_wave1 import lock_options
from tallon.cards.first_edition.upgrades_w7 import has_upgrade
from tallon.cards.first_edition.upgrades_wave2_2 import card_title
from tallon.cards.registry import register
from tallon.data import load_cards
from tallon.dice import Face
from tallon.dice.abilities.base import ATTACKING
from tallon.dice.abilities.effects import change_one
from tallon.engine.abilities import Cost, Ctx, DiceMod, Modifier, Replacement, Triggered
from tallon.engine.decisions import Option
from tallon.engine.effects import acquire_lock, gain_token, remove_token, suffer_damage
from tallon.engine.state import ShipState, Token
from tallon.engine.steps import call_continuation, continuation

if TYPE_CHECKING:
    from tallon.engine.game import Game
    from tallon.engine.state import AttackState


# ---------------------------------------------------------------- Punishing One
PUNISHING_ONE = "1e-punishingone"


def _primary(game: Game, owner: ShipState, attack: AttackState | None = None,
             **facts: Any) -> int:
    return 1 if attack is not None and attack.attacker == owner.id and attack.primary else 0


def primary_weapon_value(ship: ShipState) -> int:
    """The ship's primary weapon value as first-edition cards read it: the printed value,
    with Punishing One's +1."""
    printed = max((value for _, value in ship.attacks), default=0)
    return printed + (1 if has_upgrade(ship, PUNISHING_ONE) else 0)


register("upgrade", PUNISHING_ONE,
         Modifier("primary weapon value +1", hook="attack_dice", value=_primary),
         description="Title (JumpMaster 5000): his primary weapon value is 1 higher.")


# ---------------------------------------------------------------------- TIE/v1
TIE_V1 = "1e-tiev1"

register("upgrade", TIE_V1,
         # FAQ (1e): with Push the Limit's lock, before its stress token
         grant_action("perform a free evade action", "after_lock",
                      lambda ctx: [granted("evade", "white", TIE_V1)], requirement=is_me),
         description="Title (TIE Adv. Prototype): each time it locks, may take "
                     "a free evade action.")


# ------------------------------------------------------------------ Mist Hunter
register("upgrade", "1e-misthunter",
         description="Title (G-1A starfighter): adds the barrel roll action to the action "
                     "bar (a card grant); a squad must equip it with a Tractor Beam (squad "
                     "building).")


# --------------------------------------------------------- Targeting Astromech
register("upgrade", "1e-targetingastromech",
         Triggered("acquire a target lock", window="after_execute",
                   requirement=lambda ctx: is_me(ctx) and ctx.event["difficulty"] == "red"
                   and ctx.ship.in_play and bool(lock_options(ctx.game, ctx.ship)),
                   choices=lambda ctx: lock_options(ctx.game, ctx.ship),
                   effect=lambda ctx, choice: acquire_lock(ctx.game, ctx.ship, str(choice))),
         description="After executing a red maneuver: may acquire a target lock.")


# ------------------------------------------------------------------------ R5-P8
R5P8 = "1e-r5p8"
R5P8_ROUND = f"{R5P8}:round"


def _r5p8(ctx: Ctx, choice: Any) -> None:
    remember(ctx.ship, R5P8_ROUND, ctx.state.round)
    roll_die(ctx, "1e-r5p8.rolled", (ctx.ship.id, ctx.event["attacker"]))


@continuation("1e-r5p8.rolled")
def _r5p8_rolled(game: Game, face: Face, ship_id: str, attacker_id: str) -> None:
    attacker = game.state.ships[attacker_id]
    if face is Face.HIT:
        suffer_damage(game, attacker, hits=1, cause="R5-P8")
    elif face is Face.CRIT:
        suffer_damage(game, game.state.ships[ship_id], hits=1, cause="R5-P8")
        suffer_damage(game, attacker, hits=1, cause="R5-P8")


register("upgrade", R5P8,
         Triggered("roll 1 attack die: a hit damages the attacker, a critical hit both "
                   "ships", window="after_defend",
                   requirement=lambda ctx: is_me(ctx, "defender")
                   and not this_round(ctx, ctx.ship, R5P8_ROUND)
                   and ctx.other(ctx.event["attacker"]).in_play,
                   effect=_r5p8),
         description="Once per round, after defending: may roll an attack die; a hit deals the "
                     "attacker 1 damage, a critical hit deals 1 damage to both ships.")


# --------------------------------------------------------------- Overclocked R4
register("upgrade", "1e-overclockedr4",
         Triggered("take 1 stress for a new focus token",
                   window="after_spend_token",
                   requirement=lambda ctx: is_me(ctx) and ctx.event["token"] == "focus"
                   and ctx.state.phase == "engagement" and ctx.ship.in_play,
                   cost=Cost(gain=(("stress", 1),)),
                   # "assign": not a focus action (FAQ (1e), Assigning a Token to Your Ship)
                   effect=lambda ctx, choice: gain_token(ctx.game, ctx.ship, Token.FOCUS)),
         description="Combat phase, each time it spends a focus token: may take 1 stress token to "
                     "regain a focus token.")


# -------------------------------------------------------- Integrated Astromech
INTEGRATED = "1e-integratedastromech"


def _astromechs(ship: ShipState) -> list[str]:
    db = load_cards()
    return [xws for kind, xws, _ in ship.cards
            if kind == "upgrade" and "astromech" in db.upgrade(xws).slots]


def _integrated_choices(ctx: Ctx, facts: dict[str, Any]) -> list[Option]:
    db = load_cards()
    title = card_title(facts["card"])
    return [Option(xws, f"discard {db.upgrade(xws).name} to discard {title}")
            for xws in _astromechs(ctx.ship)]


def _integrated(ctx: Ctx, facts: dict[str, Any], choice: Any) -> None:
    ship = ctx.ship
    discard_upgrade(ctx.game, ship, str(choice))
    ctx.state.player(ship.owner).discard.append(facts["card"])
    ctx.game.event("damage", f"{ship.name} ({ship.id}) discards the damage card "
                   f"{card_title(facts['card'])} it was being dealt", ship=ship.id)
    if facts["then"] is not None:
        call_continuation(ctx.game, facts["then"], None, facts["args"])


register("upgrade", INTEGRATED,
         # FAQ (1e): R2-D6 discarded this way leaves its elite talent equipped (the engine
         # discards only the chosen card)
         Replacement("discard 1 of your astromech upgrades to discard the damage card",
                     point="deal_damage_card",
                     applies=lambda ctx, facts: facts["ship"] == ctx.ship.id
                     and bool(_astromechs(ctx.ship)),
                     choices=_integrated_choices, replace=_integrated),
         description="Modification (X-wing, T-70 X-wing): when dealt a damage card, may "
                     "discard 1 of his astromech upgrades to discard that damage card "
                     "unresolved.")


# --------------------------------------------------------------- Guidance Chips
CHIPS = "1e-guidancechips"
CHIPS_ROUND = f"{CHIPS}:round"
CHIPS_HIT = change_one(CHIPS, "Guidance Chips (1 result to a hit)", (Face.BLANK, Face.FOCUS),
                       Face.HIT, ATTACKING)
CHIPS_CRIT = change_one(CHIPS, "Guidance Chips (1 result to a critical hit)",
                        (Face.BLANK, Face.FOCUS, Face.HIT), Face.CRIT, ATTACKING)


def _chips_applies(strong: bool) -> Any:
    def applies(game: Game, attack: AttackState, owner: ShipState, user: ShipState) -> bool:
        return (user.id == owner.id and attack.attacker == owner.id
                and weapon_of_type(attack.weapon, ("torpedo", "missile"))
                and not this_round(game, owner, CHIPS_ROUND)
                and (primary_weapon_value(owner) >= 3) == strong)

    return applies


def _chips_used(ctx: Ctx, option: Any) -> None:
    remember(ctx.ship, CHIPS_ROUND, ctx.state.round)


register("upgrade", CHIPS,
         DiceMod("turn 1 result into a hit", dice=CHIPS_HIT, applies=_chips_applies(False),
                 after=_chips_used),
         DiceMod("turn 1 result into a critical hit (primary weapon value 3+)",
                 dice=CHIPS_CRIT, applies=_chips_applies(True), after=_chips_used),
         description="Once per round, in a torpedo or missile attack: may turn 1 result into a hit "
                     "(a critical hit if his primary weapon value is 3+).")


# ----------------------------------------------------------- Electronic Baffle
BAFFLE = "1e-electronicbaffle"


def _baffle(ctx: Ctx, choice: Any) -> None:
    token = Token(ctx.event["token"])
    suffer_damage(ctx.game, ctx.ship, hits=1, cause="Electronic Baffle")
    remove_token(ctx.game, ctx.ship, token)


register("upgrade", BAFFLE,
         Triggered("suffer 1 damage to discard the token", window="after_gain_token",
                   requirement=lambda ctx: is_me(ctx)
                   and ctx.event["token"] in ("stress", "ion")
                   and ctx.ship.has(Token(ctx.event["token"])) and ctx.ship.in_play,
                   effect=_baffle),
         description="On gaining a stress or ion token: may take 1 damage to shed it.")


# ------------------------------------------------------------------ Comm Relay
RELAY = "1e-commrelay"


register("upgrade", RELAY, *one_token_kept(Token.EVADE),
         description="Tech: holds at most 1 evade token, and keeps an unused one "
                     "through the End phase.")


__all__ = ["primary_weapon_value"]
