"""BTA-NR2 Y-wing pilots (Resistance) and the ship ability Intuitive Interface."""

from __future__ import annotations

from typing import Any

from tallon.cards.acting import grant_action, granted, let_perform, may_perform, performable
from tallon.cards.common import (
    dice,
    green_tokens,
    in_firing_arc,
    is_in_arc,
    is_me,
    range_of,
    recalled,
    remember,
    ships_in_range,
)
from tallon.cards.registry import register
from tallon.data import load_cards
from tallon.engine.abilities import Cost, Ctx, DiceMod, Modifier, Triggered
from tallon.engine.activation_steps import ACTION_STEP_MARK
from tallon.engine.allegiance import friendly
from tallon.engine.decisions import Option
from tallon.engine.effects import gain_token, remove_token, transfer_token
from tallon.engine.state import ShipState, Token
from tallon.geometry import Arc
from tallon.geometry.arcs import in_arc

# ------------------------------------------------------------------ the ship ability
CALCULATE = granted("calculate", "white", "Intuitive Interface")
_INTERFACE_SLOTS = ("talent", "illicit", "modification")


def _from_interface_upgrade(ctx: Ctx) -> bool:
    source = ctx.event.get("source")
    if source in (None, "ship", "pilot"):
        return False
    # only an action the upgrade put on the bar, not one it let the ship perform once
    on_bar = any(spec.source == source and spec.kind == ctx.event["action"]
                 for spec in ctx.ship.actions)
    return on_bar and load_cards().upgrade(source).slots[0] in _INTERFACE_SLOTS


register("ship_ability", "Intuitive Interface",
         may_perform("perform a calculate action", "after_action", lambda ctx: (CALCULATE,),
                     requirement=lambda ctx: is_me(ctx) and _from_interface_upgrade(ctx),
                     label="perform a calculate action", key="calculate"),
         description="After performing an action that a talent, illicit or modification "
                     "upgrade added to the action bar: may perform a calculate action.")



# ------------------------------------------------------------------------ Aftab Ackbar
_BASIC = ("F", "B", "N", "T", "Y")


def _aftab_applies(ctx: Ctx) -> bool:
    return (is_me(ctx) and ctx.event.get("difficulty") == "red"
            and ctx.ship.count(Token.STRESS) == 1)


def _aftab(ctx: Ctx, choice: Any) -> None:
    remove_token(ctx.game, ctx.ship, Token.STRESS)


_AFTAB_COST = Cost(gain=(("strain", 1),))
register("pilot", "aftabackbar",
         Triggered("gain 1 strain token to remove the stress token", window="after_execute",
                   requirement=lambda ctx: _aftab_applies(ctx)
                   and ctx.event.get("bearing") in _BASIC,
                   cost=_AFTAB_COST, effect=_aftab),
         Triggered("gain 1 strain token to remove the stress token", window="after_action",
                   requirement=_aftab_applies, cost=_AFTAB_COST, effect=_aftab),
         description="After a red basic maneuver or a red action, with exactly 1 stress "
                     "token: may gain 1 strain token to remove it.")


# ---------------------------------------------------------------------- Caithrenalli
def _moved_through_friend(ctx: Ctx) -> bool:
    ships = ctx.state.ships
    return any(i in ships and friendly(ships[i], ctx.ship) and i != ctx.ship.id
               for i in ctx.event.get("moved_through", ()))


register("pilot", "caithrenalli-btanr2ywing",
         grant_action("perform an evade action", "after_execute",
                      lambda ctx: [granted("evade", "white", ctx.card)],
                      requirement=lambda ctx: is_me(ctx) and bool(ctx.event.get("full"))
                      and _moved_through_friend(ctx)),
         description="After fully executing a maneuver through a friendly ship: may perform "
                     "an evade action.")


# ----------------------------------------------------------------------- Corus Kapellim
def _corus_choices(ctx: Ctx) -> list[Option]:
    found = []
    for other in ships_in_range(ctx.game, ctx.ship, 0, 1, other=True):
        if not in_firing_arc(ctx.ship, other):
            continue
        for token in dict.fromkeys(green_tokens(other)):
            found.append(Option(f"{other.id}:{token.value}",
                                f"take 1 {token.value} token from {other.name} ({other.id})"))
    return found


def _corus(ctx: Ctx, choice: Any) -> None:
    ship_id, _, token = choice.partition(":")
    transfer_token(ctx.game, ctx.other(ship_id), ctx.ship, Token(token))


register("pilot", "coruskapellim",
         Triggered("transfer 1 green token from a ship in the firing arc at range 0-1",
                   window="before_engage", requirement=is_me, choices=_corus_choices,
                   effect=_corus),
         description="Before engaging: may take 1 green token from a ship in his firing "
                     "arc at range 0-1.")


# -------------------------------------------------------------------------- Sasha Zaro
def _shasa_choices(ctx: Ctx) -> list[Option]:
    tokens = list(dict.fromkeys(green_tokens(ctx.ship)))
    found = []
    for friend in ships_in_range(ctx.game, ctx.ship, 0, 2, friendly=True, other=True):
        if is_in_arc(ctx.ship, friend, Arc.FULL_REAR):
            found += [Option(f"{friend.id}:{t.value}", f"{friend.name} ({friend.id}) gains "
                             f"1 {t.value} token") for t in tokens]
    return found


def _shasa(ctx: Ctx, choice: Any) -> None:
    ship_id, _, token = choice.partition(":")
    gain_token(ctx.game, ctx.other(ship_id), Token(token), applier=ctx.ship.owner)


register("pilot", "shasazaro",
         Triggered("a friendly ship in the full rear arc gains a matching green token",
                   window="after_defend",
                   requirement=lambda ctx: is_me(ctx, "defender"), choices=_shasa_choices,
                   effect=_shasa),
         description="After defending: may choose a friendly ship in her full rear arc at "
                     "range 0-2 and one of her green tokens; that ship gains a token of the "
                     "same kind.")


# --------------------------------------------------------------------------- Teza Nasz
def _flanked(game: Any, defender: ShipState, attacker: ShipState) -> bool:
    """Ships friendly to the attacker (it too) in each of the defender's side arcs."""
    ships = [s for s in game.state.in_play() if friendly(s, attacker) and s.id != defender.id]
    return all(any(is_in_arc(defender, s, arc) for s in ships) for arc in (Arc.LEFT,
                                                                            Arc.RIGHT))


def _teza_applies(game: Any, attack: Any, owner: ShipState, user: ShipState) -> bool:
    near = range_of(owner, user)
    return (user.id == attack.attacker and friendly(user, owner) and near is not None
            and near <= 2 and _flanked(game, game.state.ships[attack.defender], user))


register("pilot", "tezanasz",
         DiceMod("reroll 1 attack die", for_others=True, applies=_teza_applies,
                 dice=dice("tezanasz")),
         description="While a friendly ship within range 0-2 (her too) performs an attack, if both "
                     "side arcs (left and right) of the defender hold a ship friendly to the "
                     "attacker: the attacker may reroll 1 attack die.")


# -------------------------------------------------------------------------- Lega Fossang
def _primary_or_turret(attack: Any, user: ShipState) -> bool:
    card = attack.weapon.card
    return attack.primary or (card is not None and card in user.upgrades
                              and load_cards().upgrade(card).slots[0] == "turret")


def lega_count(game: Any, attack: Any, user: ShipState) -> int:
    """RR: DEVICE - friendly bombs, mines and remotes, and friendly ships with a calculate
    token, in the attack's arc (the attacker's arc it was declared in)."""
    count = sum(1 for device in game.state.devices if device.owner == user.owner
                and in_arc(user.body, device.body, attack.arc))
    for other in game.state.ships.values():
        if not other.in_play or other.owner != user.owner or other.id == user.id:
            continue
        if (other.remote or other.has(Token.CALCULATE)) and is_in_arc(user, other, attack.arc):
            count += 1
    return count


def _lega(n: int) -> DiceMod:
    def applies(game: Any, attack: Any, owner: ShipState, user: ShipState) -> bool:
        return (user.id == owner.id == attack.attacker and _primary_or_turret(attack, user)
                and min(lega_count(game, attack, user), 6) == n)

    # one modification per possible count: only the one matching the table applies
    return DiceMod(f"reroll up to {n} attack dice", applies=applies,
                   dice=dice("legafossang", n))


register("pilot", "legafossang", *(_lega(n) for n in range(1, 7)),
         description="While she performs a primary or turret attack: may reroll 1 attack die per "
                     "friendly device, and per friendly ship with a calculate token, inside the "
                     "attack arc.")


# -------------------------------------------------------------------------- Wilsa Teshlo
WILSA = "wilsateshlo.faceup"


def _faceup_to_my_defender(ctx: Ctx) -> bool:
    attack = ctx.attack
    # exposing a facedown card is not dealing one
    return (attack is not None and attack.attacker == ctx.ship.id
            and ctx.event["ship"] == attack.defender and not ctx.event.get("exposed"))


def _wilsa_note(ctx: Ctx, choice: Any) -> None:
    assert ctx.attack is not None
    remember(ctx.ship, WILSA, (ctx.state.round, ctx.attack.defender))


def _wilsa_applies(ctx: Ctx) -> bool:
    if not is_me(ctx, "attacker"):
        return False
    noted = recalled(ctx.ship, WILSA)
    return (noted == (ctx.state.round, ctx.event["defender"])
            and ctx.other(ctx.event["defender"]).in_play)


def _wilsa_choices(ctx: Ctx) -> list[Option]:
    defender = ctx.other(ctx.event["defender"])
    # RR: CHARGES - a non-recurring charge: its card has no recurring (or negative) arrow
    found = [Option(xws, f"lose 1 charge of {load_cards().upgrade(xws).name}")
             for xws in dict.fromkeys(defender.upgrades)
             if xws in defender.charges and defender.charges[xws].active > 0
             and defender.charges[xws].recurring == 0]
    return [*found, Option("strain", "gain 1 strain token")]


def _wilsa(ctx: Ctx, choice: Any) -> None:
    remember(ctx.ship, WILSA, None)
    defender = ctx.other(ctx.event["defender"])
    if choice == "strain":
        gain_token(ctx.game, defender, Token.STRAIN, applier=ctx.ship.owner)
    else:
        defender.charges[choice].active -= 1
        ctx.game.event("ability", f"{defender.name} ({defender.id}) loses 1 charge of "
                       f"{choice}", ship=defender.id)


register("pilot", "wilsateshlo",
         Triggered("note a faceup damage card dealt to the defender",
                   window="damage_dealt_faceup", requirement=_faceup_to_my_defender,
                   optional=False, effect=_wilsa_note),
         Triggered("the defender gains 1 strain token or loses 1 non-recurring charge",
                   window="after_attack", requirement=_wilsa_applies, optional=False,
                   choices=_wilsa_choices, player=lambda ctx: ctx.other(
                       ctx.event["defender"]).owner, effect=_wilsa),
         description="After she attacks, if a faceup damage card was dealt to the defender: the "
                     "defender may lose 1 non-recurring charge from one of its equipped upgrades; "
                     "if it does not, it gains 1 strain token.")


# ------------------------------------------------------------------------ Zorii Bliss
ZORII = "zoriibliss"


def _zorii_specs(ctx: Ctx) -> tuple[Any, ...]:
    kind = ctx.event["action"]
    if not any(spec.kind == kind for spec in ctx.ship.actions):
        return ()   # only an action on her own action bar
    return (granted(kind, "red", ZORII),)


def _zorii_applies(ctx: Ctx) -> bool:
    other = ctx.state.ships.get(ctx.event["ship"])
    # RR: ACTIVATION PHASE - an action performed while that ship's Perform Action step
    # resolves (the rules mark it there: hook records_action_step)
    return (other is not None and other.id != ctx.ship.id and ctx.ship.in_play
            and recalled(other, ACTION_STEP_MARK) is True
            and range_of(ctx.ship, other) == 1 and bool(_zorii_specs(ctx)))


def _zorii_choices(ctx: Ctx) -> list[Option]:
    specs = _zorii_specs(ctx)
    if not specs or not performable(ctx.game, ctx.ship, specs, False):
        return []
    return [Option("act", f"perform a red {ctx.event['action'].replace('_', ' ')} action")]


register("pilot", ZORII,
         Modifier("actions performed during the Perform Action step are marked",
                  hook="records_action_step", value=lambda game, owner, **facts: True),
         Triggered("spend 1 charge: perform the same action, treated as red",
                   window="after_action", cost=Cost(charges=1), requirement=_zorii_applies,
                   choices=_zorii_choices,
                   effect=lambda ctx, choice: let_perform(ctx.game, ctx.ship.id,
                                                          _zorii_specs(ctx), False)),
         description="After any ship at range 1 performs an action in its Perform Action step, if "
                     "her action bar has that action too: may spend 1 charge to perform it "
                     "herself, as a red action.")
