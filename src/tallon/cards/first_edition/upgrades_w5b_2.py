"""First edition, wave 5 (continued; :mod:`upgrades_w5b` has the crew, astromechs, talents
and illicit upgrades): the systems, cannons, modifications and titles of the StarViper,
M3-A Interceptor, IG-2000 and Imperial Raider expansion packs.

Descriptions are Tallon's own words; the rules sources are the first edition's core
rulebook and its FAQ (``FAQ (1e)``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tallon.cards.common import recalled, remember
from tallon.cards.first_edition.ordnance_1e import weapon_dice
from tallon.cards.first_edition.upgrades_wave4 import printed_arcs
from tallon.cards.registry import register
from tallon.cards.upgrades.ordnance import GainTokens, attacking_with, replaces_damage
from tallon.dice import Face
from tallon.dice.abilities.base import ATTACKING, DEFENDING, Situation
from tallon.dice.abilities.effects import AddResults, CardAbility, Effect, Variant, change_one
from tallon.dice.abilities.tokens import LOCK, LOCK_DISABLED
from tallon.dice.counts import face_count
from tallon.dice.faces import NUM_FACES
from tallon.dice.ops import Add, Cancel
from tallon.engine.abilities import Ctx, DiceMod, Modifier, Triggered, Weapon
from tallon.engine.allegiance import friendly
from tallon.engine.effects import suffer_damage
from tallon.engine.pilot_copies import copy_pilot_ability, drop_pilot_ability
from tallon.engine.state import ShipState
from tallon.geometry import measure_arc

if TYPE_CHECKING:
    from tallon.engine.game import Game
    from tallon.engine.state import AttackState


def _attacking(game: Game, attack: AttackState, owner: ShipState, user: ShipState) -> bool:
    return user.id == owner.id and attack.attacker == owner.id


# ------------------------------------------------------ Advanced Targeting Computer
ATC = "1e-advtargetingcomputer"
ATC_DICE = CardAbility(ATC, "Advanced Targeting Computer (target lock: add 1 critical hit; "
                       "no target lock spent this attack)", effect=AddResults(Face.CRIT),
                       roles=ATTACKING, requires=lambda situation: situation.own[LOCK] >= 1,
                       gain=((LOCK_DISABLED, 1),), uses=(LOCK,),
                       requirement_reads_dice=False)

register("upgrade", ATC,
         DiceMod("add 1 critical hit result (no target lock may be spent this attack)",
                 dice=ATC_DICE,
                 applies=lambda game, attack, owner, user: _attacking(game, attack, owner, user)
                 and attack.weapon.primary),
         description="Primary weapon attack while he has the defender locked: may add a critical "
                     "hit result, but may then spend no target lock this attack.")


# ---------------------------------------------------------- Accuracy Corrector
CORRECTOR = "1e-accuracycorrector"
#: attack mark: Accuracy Corrector was used (the attacker's dice are not modified again)
CORRECTED = f"{CORRECTOR}:used"


class _CancelAllAddTwoHits(Effect):
    """Cancel every result, then add 2 hit results or not (FAQ (1e): adding them is a
    choice; it works with no dice rolled at all)."""

    max_added = 2

    def variants(self, situation: Situation) -> list[Variant]:
        pool = situation.pool
        cancel = tuple(Cancel(Face(f), face_count(pool, Face(f))) for f in range(NUM_FACES)
                       if face_count(pool, Face(f)))
        found: list[Variant] = [(*cancel, Add(Face.HIT, 2))]
        if cancel:
            found.append(cancel)
        return found


CORRECTOR_DICE = CardAbility(CORRECTOR, "Accuracy Corrector (cancel all results, then add 2 "
                             "hits)", effect=_CancelAllAddTwoHits(), roles=ATTACKING)


def _corrected(ctx: Ctx, option: Any) -> None:
    attack = ctx.attack
    assert attack is not None
    attack.marks[CORRECTED] = 1


def _no_more_changes(game: Any, owner: ShipState, attack: AttackState | None = None,
                     kind: str = "", **facts: Any) -> bool:
    # FAQ (1e): the results may still be canceled (canceling is not modifying)
    return (attack is not None and kind == "attack" and attack.attacker == owner.id
            and bool(attack.marks.get(CORRECTED)))


register("upgrade", CORRECTOR,
         DiceMod("replace your roll with 2 hits",
                 dice=CORRECTOR_DICE, applies=_attacking, after=_corrected),
         Modifier("your attack dice cannot be modified again", hook="dice_unmodifiable",
                  value=_no_more_changes),
         description="Attacking, at Modify Attack Dice: may cancel every result it rolled and add "
                     "2 hit results instead; no further modification of its dice this attack.")


# -------------------------------------------------------------- Flechette Cannon
FLECHETTE = "1e-flechettecannon"


def _flechette_hit(ctx: Ctx, choice: Any) -> None:
    attack = ctx.attack
    assert attack is not None
    defender = ctx.other(attack.defender)
    was_stressed = defender.stressed
    suffer_damage(ctx.game, defender, hits=1, cause="Flechette Cannon")
    if not was_stressed:
        # the stress token after the damage (as the ion weapons' token)
        ctx.game.now(GainTokens(defender.id, "stress", 1, ctx.ship.owner))
    attack.hits = attack.crits = 0
    ctx.game.event("ability", "all dice results are canceled", ship=ctx.ship.id)


register("upgrade", FLECHETTE,
         Weapon("Flechette Cannon"),
         replaces_damage(FLECHETTE, "the hit deals 1 damage and 1 stress token instead"),
         Triggered("deal 1 damage (and 1 stress token if unstressed)",
                   window="attack_hit", optional=False,
                   requirement=lambda ctx: attacking_with(ctx, FLECHETTE),
                   effect=_flechette_hit),
         description="Attack: 3 dice at Range 1-3; on a hit it deals 1 damage and, to an "
                     "unstressed defender, 1 stress token; then all dice results are canceled.")


# ------------------------------------------------------------ "Mangler" Cannon
MANGLER = "1e-manglercannon"

register("upgrade", MANGLER,
         Weapon('"Mangler" Cannon'),
         # ruling: the card's text is that of its attack (rulebook (1e), Secondary Weapons)
         weapon_dice(MANGLER, "change 1 hit result to a critical hit",
                     change_one(MANGLER, '"Mangler" Cannon (1 hit to a critical hit)',
                                Face.HIT, Face.CRIT, ATTACKING)),
         description="Attack: 3 dice at Range 1-3; with it he may turn 1 hit into a critical hit.")


# ---------------------------------------------------------------- Autothrusters
AUTOTHRUSTERS = "1e-autothrusters"
AUTOTHRUSTERS_DICE = change_one(AUTOTHRUSTERS, "Autothrusters (1 blank to an evade)",
                                Face.BLANK, Face.EVADE, DEFENDING)


def arc_range(attacker: ShipState, defender: ShipState) -> int | None:
    """The lowest range at which ``defender`` is inside one of ``attacker``'s printed firing
    arcs, measured inside that arc (FAQ (1e), "Inside Firing Arc at Range X"; touching is
    Range 1), or None: outside all of them."""
    if attacker.body is None or defender.body is None:
        return None
    found = [measured.range for arc in printed_arcs(attacker)
             if (measured := measure_arc(attacker.body, defender.body, arc, lines=False)).in_arc
             and measured.range is not None]
    return max(1, min(found)) if found else None


def _autothrusters_applies(game: Game, attack: AttackState, owner: ShipState,
                           user: ShipState) -> bool:
    if user.id != owner.id or attack.defender != owner.id:
        return False
    inside = arc_range(game.state.ships[attack.attacker], owner)
    if inside is not None and attack.weapon.arc != "all":
        # an arc weapon's attack range is measured inside its arc: the range the attack
        # is treated as counts (FAQ (1e), The Inquisitor: no Autothrusters against his
        # primary attack, treated as at Range 1)
        inside = attack.range
    return inside is None or inside > 2


register("upgrade", AUTOTHRUSTERS,
         DiceMod("change 1 blank result to an evade", dice=AUTOTHRUSTERS_DICE,
                 applies=_autothrusters_applies),
         description="Defending while outside the attacker's firing arc, or in it beyond Range 2: "
                     "may turn 1 blank into an evade.")


# ------------------------------------------------------ titles with no ability in play
register("upgrade", "1e-heavyscykinterceptor",
         description="Title (M3-A Interceptor): adds a cannon, torpedo or missile upgrade "
                     "slot (squad building) and hull +1 (a card grant).")
register("upgrade", "1e-virago",
         description="Title (StarViper): adds a system and an illicit upgrade slot (squad "
                     "building only; no ability in play).")
register("upgrade", "1e-tiex1",
         description="Title (TIE Advanced): adds a system upgrade slot, whose card costs 4 "
                     "squad points less (squad building only; no ability in play).")


# --------------------------------------------------------------------- IG-2000
IG2000 = "1e-ig2000"
#: card memory: the ids of the ships whose pilot ability IG-2000 gave this ship
SHARED = f"{IG2000}:shared"


def _has_title(ship: ShipState) -> bool:
    return any(kind == "upgrade" and xws == IG2000 for kind, xws, _ in ship.cards)


def _injured(ship: ShipState) -> bool:
    """The ship has a faceup Injured Pilot: every player ignores its pilot ability."""
    return any(card.faceup and card.card.endswith("-injuredpilot") for card in ship.damage)


def _wanted(game: Game, ship: ShipState) -> tuple[str, ...]:
    """The ships whose pilot ability the ship should have through IG-2000 now."""
    if not _has_title(ship) or ship.removed:
        return ()
    return tuple(sorted(
        other.id for other in game.state.ships.values()
        if other.id != ship.id and not other.removed and other.body is not None
        and friendly(other, ship) and _has_title(other) and not _injured(other)))


def _out_of_step(game: Game) -> bool:
    return any(tuple(sorted(recalled(s, SHARED, ()))) != _wanted(game, s)
               for s in game.state.ships.values() if not s.removed)


def share_pilot_abilities(game: Game) -> None:
    """Give every ship with IG-2000 the pilot abilities of the other friendly ships with
    it, and take back those it should no longer have (FAQ (1e), IG-2000: a ship removed
    from play, or whose pilot ability is ignored by a faceup Injured Pilot, lends none)."""
    for ship in game.state.ships.values():
        if not ship.removed:
            sync_pilot_abilities(game, ship, SHARED, _wanted(game, ship))


def sync_pilot_abilities(game: Game, ship: ShipState, key: str, wanted: tuple[str, ...]
                         ) -> None:
    """Give ``ship`` the pilot abilities of the ships ``wanted`` and take back those of the
    ships it had them from (card memory ``key``) that are no longer wanted (IG-2000, IG-88D)."""
    have = tuple(recalled(ship, key, ()))
    for source_id in have:
        if source_id not in wanted:
            drop_pilot_ability(ship, game.state.ships[source_id])
    for source_id in wanted:
        if source_id not in have:
            copy_pilot_ability(ship, game.state.ships[source_id])
    remember(ship, key, wanted or None)


def _share(ctx: Ctx, choice: Any) -> None:
    share_pilot_abilities(ctx.game)


def _keeper(ctx: Ctx) -> bool:
    """The sharing is kept up by one ship only (the first with the title, by id), so that
    it is not queued once per ship."""
    holders = [s.id for s in ctx.state.ships.values()
               if not s.removed and s.body is not None and _has_title(s)]
    return bool(holders) and ctx.ship.id == min(holders)


def _sync(window: str) -> Triggered:
    return Triggered("share the pilot abilities of the friendly ships with IG-2000",
                     window=window, optional=False,
                     requirement=lambda ctx: _keeper(ctx) and _out_of_step(ctx.game),
                     effect=_share)


register("upgrade", IG2000,
         # at the end of Setup, then whenever a pilot ability may have come or gone: a
         # ship removed takes its ability with it (effects.remove_ship), a faceup Injured
         # Pilot withholds it (FAQ (1e), IG-2000), a title discarded ends the sharing
         _sync("end_setup"), _sync("damage_dealt_faceup"), _sync("after_repair"),
         _sync("after_attack"), _sync("after_defend"), _sync("start_round"),
         _sync("start_activation"), _sync("start_engagement"), _sync("start_end_phase"),
         description="Title (Aggressor): also gains the pilot abilities of every other friendly "
                     "ship carrying this title.")


__all__ = ["arc_range", "share_pilot_abilities"]
