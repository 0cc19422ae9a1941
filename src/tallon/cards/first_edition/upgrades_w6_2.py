"""First-edition upgrades of the Hound's Tooth, Kihraxz Fighter, K-wing and TIE Punisher
expansion packs and The Force Awakens Core Set (continued): the bombs (Ion Bombs, Conner
Net, Cluster Mines; the first-edition bomb block :mod:`bombs_1e`), Bombardier, Ion
Projector, Advanced SLAM, and the cards discarded for an effect lasting the round
(Glitterstim, R5-X3: :mod:`lingering_1e`). Rules: the Bomb Tokens reference cards (1e)
with their errata, the FAQ (1e)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tallon.cards.acting import bar_actions, during_activation, grant_action
from tallon.cards.common import is_me, obstruction_ignored, recalled, remember, roll_die
from tallon.cards.first_edition.bombs_1e import (
    being_dropped,
    bomb_device,
    drop_action,
    drop_on_reveal,
)
from tallon.cards.first_edition.lingering_1e import END_OF_ROUND, discard_lingering, lingers
from tallon.cards.registry import register
from tallon.cards.upgrades.device import log_device_roll, mine_roll
from tallon.cards.upgrades.ordnance import GainTokens
from tallon.data import load_cards
from tallon.dice import Face
from tallon.dice.abilities.base import BOTH_ROLES
from tallon.dice.abilities.effects import CardAbility, ChangeResults
from tallon.engine.abilities import Ctx, DiceMod, Modifier, Triggered
from tallon.engine.effects import gain_token, suffer_damage
from tallon.engine.obstacles import ignore_obstacles
from tallon.engine.payloads import (
    CLUSTER_KINDS,
    device,
    in_range_of,
    suffered_effect,
)
from tallon.engine.state import ActionSpec, ShipState, Token
from tallon.engine.steps import continuation

if TYPE_CHECKING:
    from tallon.engine.game import Game


# ---------------------------------------------------------------------- Ion Bombs
ION_BOMBS = "1e-ionbombs"
bomb_device(ION_BOMBS, "1eionbomb")


@continuation("detonate.1eionbomb")
def _ion_bomb(game: Game, _: Any, device_id: str, ship_id: str) -> None:
    # reference card (1e) "Bomb Tokens": each ship at Range 1 (touching it included)
    found = device(game, device_id)
    ships = in_range_of(game, device_id, 0, 1, remotes=False)
    suffered_effect(game, device_id, ships)
    for ship in ships:
        gain_token(game, ship, Token.ION, 2, found.owner if found else None)


register("upgrade", ION_BOMBS,
         drop_on_reveal(ION_BOMBS, "discard this card: drop 1 ion bomb token"),
         description="Revealing its dial: may discard this card, dropping an ion bomb ([1 "
                     "straight] template); it detonates when the Activation phase ends, giving "
                     "each ship within Range 1 of it 2 ion tokens.")


# ---------------------------------------------------------------------- Conner Net
CONNER = "1e-connernet"
bomb_device(CONNER, "1econnernet", category="mine", outline="connernet")


@continuation("detonate.1econnernet")
def _conner(game: Game, _: Any, device_id: str, ship_id: str) -> None:
    ship = game.state.ships.get(ship_id)
    if ship is None or not ship.in_play:
        return
    found = device(game, device_id)
    suffered_effect(game, device_id, [ship])
    suffer_damage(game, ship, hits=1, cause=device_id)
    # after the damage: the ion tokens follow it
    game.now(GainTokens(ship.id, "ion", 2, found.owner if found else ship.owner))
    # FAQ (1e): dropped under a ship that has activated this phase, it skips no Perform
    # Action step (it is ionized next turn); a ship moving onto it, or not yet activated,
    # skips its own
    if not (being_dropped(game, CONNER) and ship.activated):
        ship.skip_action = True
        game.event("ability", f"{ship.name} ({ship.id}) skips its Perform Action step",
                   ship=ship.id)


register("upgrade", CONNER,
         drop_action(CONNER, "discard this card: drop 1 Conner net token"),
         description="Action: discards the card to drop a Conner net token ([1 straight] "
                     "behind). A ship whose base or template overlaps it sets it off: it "
                     "suffers 1 damage, receives 2 ion tokens and skips its Perform Action "
                     "step.")


# ------------------------------------------------------------------ Cluster Mines
CLUSTER = "1e-clustermines"
bomb_device(CLUSTER, "1eclustermine", category="mine", outline="clustermine")
CLUSTER_KINDS.add("1eclustermine")  # a set of three tokens, as the 2.5 mines


@continuation("detonate.1eclustermine")
def _cluster(game: Game, _: Any, device_id: str, ship_id: str) -> None:
    mine_roll(game, device_id, ship_id, 2, "1e-clustermines.rolled")


@continuation("1e-clustermines.rolled")
def _cluster_rolled(game: Game, faces: tuple[Face, ...], ship_id: str, device_id: str
                    ) -> None:
    ship = game.state.ships[ship_id]
    log_device_roll(game, ship, faces, device_id)
    # errata (1e), Bomb Tokens reference cards #4 and #6: 1 damage for each hit and each
    # critical hit result (a critical hit result deals a normal damage)
    count = sum(1 for face in faces if face in (Face.HIT, Face.CRIT))
    if count:
        suffer_damage(game, ship, hits=count, cause=device_id)


register("upgrade", CLUSTER,
         drop_action(CLUSTER, "discard to drop a cluster mine set"),
         description="Action: discards the card to drop a set of 3 cluster mine tokens "
                     "([1 straight] behind). Each token a ship's base or template overlaps "
                     "detonates: the ship rolls 2 attack dice and suffers 1 damage for each "
                     "hit or critical hit result.")


# --------------------------------------------------------------------- Bombardier
def _bombardier(game: Any, owner: ShipState, card: str = "",
                templates: tuple[str, ...] = (), launch: bool = False,
                **facts: Any) -> list[tuple[str, bool]]:
    if not card or "bomb" not in load_cards().upgrade(card).slots or "1F" not in templates:
        return []
    return [("2F", launch)]


register("upgrade", "1e-bombardier",
         Modifier("drop bombs with the [2 straight] template", hook="device_templates",
                  value=_bombardier),
         description="Dropping a bomb: may use the [2 straight] template instead of the "
                     "[1 straight] one.")


# ------------------------------------------------------------------ Ion Projector
ION_PROJECTOR = "1e-ionprojector"


def _projector_applies(ctx: Ctx) -> bool:
    # an enemy whose maneuver ends overlapping this ship (moved back to touch it: the
    # ships that forced its partial maneuver), as Anti-Pursuit Lasers (FAQ (1e))
    if ctx.ship.id not in ctx.event.get("forced_by", ()) or not ctx.ship.in_play:
        return False
    enemy = ctx.other(ctx.event["ship"])
    return enemy.owner != ctx.ship.owner and enemy.in_play and not enemy.remote


@continuation("1e-ionprojector.rolled")
def _projector_rolled(game: Game, face: Face, enemy_id: str, owner: int) -> None:
    enemy = game.state.ships[enemy_id]
    if face in (Face.HIT, Face.CRIT) and enemy.in_play:
        gain_token(game, enemy, Token.ION, 1, owner)


register("upgrade", ION_PROJECTOR,
         Triggered("roll a die: a hit ions the enemy",
                   window="after_execute", optional=False, requirement=_projector_applies,
                   effect=lambda ctx, choice: roll_die(ctx, "1e-ionprojector.rolled",
                                                       (ctx.event["ship"], ctx.ship.owner))),
         description="When an enemy ship's maneuver overlaps it: roll an attack die; a hit or "
                     "critical hit gives that ship 1 ion token.")


# ------------------------------------------------------------------ Advanced SLAM
ADV_SLAM = "1e-advancedslam"
#: card memory: (round, whether the SLAM's maneuver overlapped an obstacle or a ship)
SLAM_OVERLAP = "1e-advancedslam:overlap"


def _note_slam(ctx: Ctx, choice: Any) -> None:
    # FAQ (1e): an obstacle overlapped by the template or the final position; a ship by the
    # final position (the maneuver then partially executed)
    overlapped = bool(ctx.event["obstacles"]) or not ctx.event["full"]
    remember(ctx.ship, SLAM_OVERLAP, (ctx.state.round, overlapped))


def _bar(ctx: Ctx) -> list[ActionSpec]:
    return bar_actions(ctx.game, ctx.ship, during_activation(ctx))


def _clean_slam(ctx: Ctx) -> bool:
    noted = recalled(ctx.ship, SLAM_OVERLAP)
    return (is_me(ctx) and ctx.event["action"] == "slam" and noted is not None
            and noted[0] == ctx.state.round and not noted[1])


register("upgrade", ADV_SLAM,
         Triggered("note whether the SLAM overlapped", window="after_execute",
                   optional=False, requirement=lambda ctx: is_me(ctx)
                   and bool(ctx.event.get("slam")), effect=_note_slam),
         grant_action("take a free action from your action bar", "after_action", _bar,
                      requirement=_clean_slam),
         description="After a SLAM action that overlapped neither an obstacle nor a ship: may take "
                     "a free action from its action bar.")


# -------------------------------------------------------------------- Glitterstim
GLITTERSTIM = "1e-glitterstim"


def _glitterstim(ctx: Ctx, choice: Any) -> None:
    discard_lingering(ctx.game, ctx.ship, GLITTERSTIM)
    gain_token(ctx.game, ctx.ship, Token.STRESS)


GLITTER_DICE = CardAbility(GLITTERSTIM, "Glitterstim (all focus results to hits or evades)",
                           effect=ChangeResults(None, (Face.FOCUS,), (Face.HIT, Face.EVADE)),
                           roles=BOTH_ROLES)

register("upgrade", GLITTERSTIM,
         Triggered("discard and take 1 stress: focus results become "
                   "hits/evades this round", window="start_engagement",
                   requirement=lambda ctx: ctx.ship.in_play, effect=_glitterstim),
         back=(DiceMod("change all your focus results to hits or evades", dice=GLITTER_DICE,
                       applies=lambda game, attack, owner, user: user.id == owner.id
                       and owner.id in (attack.attacker, attack.defender)
                       and lingers(owner, GLITTERSTIM, game)),
               END_OF_ROUND),
         description="Combat phase start: may discard this card and take 1 stress token; for the "
                     "rest of the round its focus results may all become hits when attacking, "
                     "evades when defending.")


# -------------------------------------------------------------------------- R5-X3
R5X3 = "1e-r5x3"


def _r5x3(ctx: Ctx, choice: Any) -> None:
    discard_lingering(ctx.game, ctx.ship, R5X3)
    ignore_obstacles(ctx.game, ctx.ship)  # until the end of the round


register("upgrade", R5X3,
         # with no obstacle in play the card would buy nothing (ruling, as 2.5's R5-X3)
         Triggered("discard: ignore obstacles this round",
                   window="before_reveal", requirement=lambda ctx: is_me(ctx)
                   and ctx.ship.dial_set is not None and bool(ctx.state.obstacles),
                   effect=_r5x3),
         # FAQ (1e), R5-X3: obstacles do not obstruct its attacks (they still obstruct
         # attacks at it)
         back=(Modifier("no obstruction by the obstacles it ignores", hook="ignore_obstruction",
                        value=lambda game, owner, **facts: lingers(owner, R5X3, game)
                        and obstruction_ignored(game, owner, **facts)),
               END_OF_ROUND),
         description="Before its maneuver is revealed: may discard this card; obstacles are then "
                     "ignored for the rest of the round (they do not obstruct its attacks either).")
