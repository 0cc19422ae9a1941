"""First edition, the Punishing One and Mist Hunter expansion packs, continued
(:mod:`upgrades_w7` has the talents and weapons, :mod:`upgrades_w7_2` the astromechs,
modifications, titles, system and tech): the crew and the illicit upgrade.
Descriptions are Tallon's own words.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tallon.cards.acting import granted
from tallon.cards.common import (
    attacking_if,
    is_me,
    recalled,
    recover_shield,
    remember,
    roll_die,
)
from tallon.cards.first_edition.ordnance_1e import discard_upgrade, is_discarded
from tallon.cards.first_edition.upgrades_w7 import has_upgrade
from tallon.cards.registry import register
from tallon.cards.upgrades.crew_a2 import attack_key
from tallon.cards.upgrades.illicit import ask_decloak, cloak
from tallon.data import load_cards
from tallon.dice import Face
from tallon.dice.abilities.base import ATTACKING, Window
from tallon.dice.abilities.effects import NUM_FACES, CardAbility, RerollDice, reroll
from tallon.engine.abilities import CardAction, Ctx, DiceMod, Modifier, Triggered
from tallon.engine.actions import can_perform
from tallon.engine.decisions import Option
from tallon.engine.dice_step_actions import StepAction
from tallon.engine.effects import gain_token
from tallon.engine.state import ShipState, Token
from tallon.engine.steps import continuation

if TYPE_CHECKING:
    from tallon.engine.game import Game
    from tallon.engine.state import AttackState


# -------------------------------------------------------------- Zuckuss (crew)
ZUCKUSS = "1e-zuckuss"
#: the most defense dice a defender rolls that the card is written for
ZUCKUSS_MOST = 6


def _fresh_dice(situation: Any) -> int:
    return sum(situation.pool[f] for f in range(NUM_FACES))


def _zuckuss_dice(n: int) -> CardAbility:
    # one ability per number of dice chosen, all under one key: used once per attack
    return CardAbility(ZUCKUSS, f"Zuckuss (receive {n} stress: the defender rerolls {n} "
                       "dice)", effect=RerollDice(n, exactly=True),
                       window=Window.OPPONENT_DICE, roles=ATTACKING, gain=(("stress", n),),
                       requires=lambda s: s.own["stress"] == 0 and _fresh_dice(s) >= n,
                       uses=("stress",))


register("upgrade", ZUCKUSS,
         *(DiceMod(f"receive {n} stress token(s): the defender rerolls {n} defense dice",
                   dice=_zuckuss_dice(n), applies=attacking_if())
           for n in range(1, ZUCKUSS_MOST + 1)),
         description="Attacking while unstressed: may take stress tokens, 1 per defense die it "
                     "forces the defender to reroll.")


# ----------------------------------------------------------------- 4-LOM (crew)
LOM = "1e-4lom"
LOM_CHOSEN = f"{LOM}:chosen"


def _lom_forbids(game: Game, owner: ShipState, ship: ShipState | None = None,
                 token: Token | None = None, **facts: Any) -> bool:
    attack = game.state.attack
    if attack is None or ship is None or token is None or attack.attacker != owner.id \
            or attack.defender != ship.id:
        return False
    chosen = recalled(owner, LOM_CHOSEN)
    # "1 of the defender's ... tokens": that one stays; others of its kind may be spent
    return (chosen is not None and tuple(chosen[:-1]) == attack_key(game, attack)
            and chosen[-1] == token.value and ship.count(token) <= 1)


def _lom_actions(game: Game, owner: ShipState, attack: AttackState | None = None,
                 kind: str = "", role: str = "", user: ShipState | None = None,
                 **facts: Any) -> list[StepAction]:
    # the engine offers a card's step actions once per Modify Dice step
    if attack is None or user is None or user.id != owner.id or kind != "attack" or \
            attack.attacker != owner.id:
        return []
    defender = game.state.ships[attack.defender]
    return [StepAction(f"choose={token.value}", f"receive 1 ion token: the defender cannot "
                       f"spend 1 of its {token.value} tokens this attack", "1e-4lom.chosen",
                       (owner.id, token.value))
            for token in (Token.FOCUS, Token.EVADE) if defender.has(token)]


@continuation("1e-4lom.chosen")
def _lom_chosen(game: Game, _: Any, ship_id: str, token: str) -> None:
    ship = game.state.ships[ship_id]
    attack = game.state.attack
    assert attack is not None
    remember(ship, LOM_CHOSEN, (*attack_key(game, attack), token))
    game.event("ability", f"{ship.name} ({ship.id}) chooses 1 of the defender's {token} "
               "tokens: it cannot be spent during this attack", ship=ship.id)
    gain_token(game, ship, Token.ION)


register("upgrade", LOM,
         # "during the Modify Attack Dice step": a step action beside the dice options
         Modifier("take an ion: freeze a defender focus or evade "
                  "token this attack", hook="dice_step_actions", value=_lom_actions),
         Modifier("the chosen token cannot be spent", hook="token_spend_forbidden",
                  value=_lom_forbids),
         description="Attacking, at Modify Attack Dice: may take 1 ion token to freeze a focus or "
                     "evade token of the defender for this attack.")


# ------------------------------------------------------------ Boba Fett (crew)
BOBA = "1e-bobafett"


def _boba_targets(ctx: Ctx) -> list[Option]:
    defender = ctx.other(ctx.event["defender"])
    if defender.removed:
        return []
    db = load_cards()
    return [Option(xws, f"discard {db.upgrade(xws).name} of {defender.name} ({defender.id})")
            for kind, xws, _ in defender.cards if kind == "upgrade"]


def _boba_applies(ctx: Ctx) -> bool:
    attack = ctx.attack
    # FAQ (1e): a faceup card dealt from any source during his ship's attack
    return (is_me(ctx, "attacker") and attack is not None
            and bool(attack.marks.get("marks_faceup_dealt"))
            and has_upgrade(ctx.ship, BOBA) and bool(_boba_targets(ctx)))


def _boba(ctx: Ctx, choice: Any) -> None:
    discard_upgrade(ctx.game, ctx.ship, BOBA)
    # FAQ (1e): cards equipped thanks to the discarded one stay
    discard_upgrade(ctx.game, ctx.other(ctx.event["defender"]), str(choice))


register("upgrade", BOBA,
         Modifier("note attacks whose defender is dealt a faceup damage card",
                  hook="marks_faceup_dealt", value=lambda game, owner, **facts: True),
         Triggered("discard: strip an upgrade from the defender",
                   window="after_attack", requirement=_boba_applies, choices=_boba_targets,
                   effect=_boba),
         description="After an attack that dealt the defender a faceup damage card: may discard "
                     "this card to strip an upgrade card of his choice from the defender.")


# ---------------------------------------------------------------------- "Gonk"
GONK = "1e-gonk"
#: card memory: the shield tokens on the card
GONK_SHIELDS = f"{GONK}:shields"


def _gonk_place(ctx: Ctx, choice: Any) -> None:
    held = (recalled(ctx.ship, GONK_SHIELDS) or 0) + 1
    remember(ctx.ship, GONK_SHIELDS, held)
    ctx.game.event("ability", f"{ctx.ship.name} ({ctx.ship.id}) places 1 shield token on "
                   f"\"Gonk\" ({held} on the card)", ship=ctx.ship.id)


def _gonk_recover(ctx: Ctx, choice: Any) -> None:
    remember(ctx.ship, GONK_SHIELDS, (recalled(ctx.ship, GONK_SHIELDS) or 0) - 1 or None)
    recover_shield(ctx.game, ctx.ship)


register("upgrade", GONK,
         # FAQ (1e): two different actions - both may be performed in one round
         CardAction("bank a shield token", key="place", effect=_gonk_place),
         CardAction("recover a banked shield",
                    key="recover", effect=_gonk_recover,
                    requirement=lambda ctx: bool(recalled(ctx.ship, GONK_SHIELDS))
                    and ctx.ship.shields < ctx.ship.shield_limit),
         description="Action: bank a shield token on this card. Second action: move a banked "
                     "shield back as 1 recovered shield (not above the shield value).")


# -------------------------------------------------------------- Dengar (crew)
DENGAR = "1e-dengar"
DENGAR_ONE = reroll(DENGAR, "Dengar (reroll 1 attack die)", ATTACKING, 1)
DENGAR_TWO = reroll(DENGAR, "Dengar (reroll up to 2 attack dice: unique defender)",
                    ATTACKING, 2)


def _unique_defender(game: Game, attack: AttackState) -> bool:
    defender = game.state.ships[attack.defender]
    return load_cards().pilot(defender.pilot).limited > 0


register("upgrade", DENGAR,
         DiceMod("reroll 1 attack die", dice=DENGAR_ONE,
                 applies=attacking_if(lambda game, attack, owner:
                                      not _unique_defender(game, attack))),
         DiceMod("reroll 2 attack dice at most (unique defender)", dice=DENGAR_TWO,
                 applies=attacking_if(lambda game, attack, owner:
                                      _unique_defender(game, attack))),
         description="Attacking: may reroll 1 attack die, or 2 against a unique defender.")


# ---------------------------------------------------------- Cloaking Device
CLOAKING = "1e-cloakingdevice"


def _can_cloak(ctx: Ctx) -> bool:
    return can_perform(ctx.game, ctx.ship, granted("cloak", "white", CLOAKING),
                       ctx.state.phase == "activation") is None


def _cloaking_roll(ctx: Ctx, choice: Any) -> None:
    roll_die(ctx, "1e-cloakingdevice.rolled", (ctx.ship.id,))


@continuation("1e-cloakingdevice.rolled")
def _cloaking_rolled(game: Game, face: Face, ship_id: str) -> None:
    ship = game.state.ships[ship_id]
    if face is not Face.FOCUS or is_discarded(ship, CLOAKING):
        return
    discard_upgrade(game, ship, CLOAKING)
    if not ship.cloaked:
        return
    # the 2.5 card's question and its answer's continuation: decloak or discard the token
    ask_decloak(game, ship)


register("upgrade", CLOAKING,
         CardAction("perform a free cloak action", key="cloak", requirement=_can_cloak,
                    effect=lambda ctx, choice: cloak(ctx, choice, CLOAKING)),
         # "at the end of each round": cloaked or not; after the End phase removed the
         # tokens (FAQ (1e), Stygium Particle Accelerator: its evade token then stays)
         Triggered("roll for the cloaking device (focus: lose it and decloak or "
                   "drop the cloak token)", window="end_phase_end", optional=False,
                   requirement=lambda ctx: ctx.ship.in_play
                   and has_upgrade(ctx.ship, CLOAKING),
                   effect=_cloaking_roll),
         description="Action: a free cloak action. Each round's end: roll an attack die; a focus "
                     "result loses this card and then he must decloak or drop his cloak token.")
