"""In It For The Money / In It For Your Rebellion (epic command card, Scum):
src/tallon/cards/upgrades/epic_money.py, its allegiance rule in engine/allegiance.py and its
squad-building side in squads/legality.py FACTION_INCLUSION.

Scenes: player 1 faces +y. The C-ROC (Syndicate Smugglers, a 80 x 195 mm base) carries the
card; X-wings (40 mm bases) of player 1 are Rebel, the Y-wing "Kavil" is Scum. Player 2's
TIE/ln fighters face -y. A range band is 100 mm."""

from __future__ import annotations

import json

from tallon.cards.upgrades.epic_money import FOR_THE_REBELLION, MONEY
from tallon.data import load_cards
from tallon.engine.allegiance import allied, enemy, friendly
from tallon.engine.coordinating import coordinate_targets
from tallon.engine.game import Game
from tallon.engine.state import DamageCard, Token
from tallon.engine.weapons import valid_targets
from tallon.scene import Scene
from tallon.squads import Rule, build_squad, check_squad, read_xws, rules_for
from tests.cards.helpers import attack, finish

CROC = "syndicatesmugglers"
XWING = "redsquadronveteran"  # Rebel, not limited
WEDGE = "wedgeantilles"  # Rebel, limited
KAVIL = "kavil"  # Scum, limited
TIE = "academypilot"
EPIC = rules_for("epic", points=200)


def _side(game: Game, ship: str) -> int:
    return next(s for k, x, s in game.state.ships[ship].cards if x == MONEY)


def _flip_to_rebellion(game: Game, ship: str) -> None:
    state = game.state.ships[ship]
    state.cards = tuple((k, x, FOR_THE_REBELLION if x == MONEY else s)
                        for k, x, s in state.cards)


def _squadmates(side: int = 0, upgrade: bool = True, xwing_upgrades: tuple[str, ...] = ()
                ) -> tuple[Game, str, str, str]:
    """The X-wing at (400, 300); the C-ROC ahead of it at range 1 (its rear edge at y 370),
    in its front arc; Kavil at (520, 300), range 1 of the C-ROC. A TIE far away."""
    sc = Scene(factions=("rebelalliance", None))
    xwing = sc.ship(XWING, at=(400, 300, 0), upgrades=list(xwing_upgrades))
    croc = sc.ship(CROC, at=(400, 467.5, 0), upgrades=[MONEY] if upgrade else [])
    kavil = sc.ship(KAVIL, at=(520, 300, 0))
    sc.ship(TIE, player=2, at=(800, 800, 180))
    game = sc.game()
    if side:
        _flip_to_rebellion(game, croc)
    return game, xwing, croc, kavil


def _ally_destroyed(pilot: str, side: int = 0) -> tuple[Game, str, str]:
    """A TIE at range 1 shoots player 1's ``pilot`` (no shields, 2 facedown damage cards of
    its hull 4) with 2 hits and no evade: it is destroyed. The C-ROC with the card (on
    ``side``) stands apart."""
    sc = Scene(factions=("rebelalliance", None))
    victim = sc.ship(pilot, at=(700, 300, 0), shields=0,
                     damage=(DamageCard("directhit", False, 1),
                             DamageCard("directhit", False, 2)))
    croc = sc.ship(CROC, at=(250, 467.5, 0), upgrades=[MONEY])
    tie = sc.ship(TIE, player=2, at=(700, 420, 180))
    game = attack(sc, tie, victim, ["hit", "hit", "blank"], ["blank", "blank"],
                  before=lambda g: _flip_to_rebellion(g, croc) if side else None)
    finish(game)
    assert game.state.ships[victim].destroyed
    return game, croc, victim


class TestInItForTheMoney:
    # ------------------------------------------------------------------- squad building
    def test_its_scum_ship_may_join_a_rebel_squad_with_it(self):
        """Situation: an epic Rebel squad of two X-wings and a Scum C-ROC. Card: its ship
        can be included in Republic, Rebel and Resistance squads. Expected: with the card
        the squad is legal; without it the C-ROC breaks the faction rule (reported on it);
        in an Imperial squad the card does not help."""
        db = load_cards()

        def report(faction: str, escort: str, upgrades: tuple[str, ...]):
            squad = build_squad(faction, [(escort, ()), (escort, ()), (CROC, upgrades)], db)
            return check_squad(squad, db, EPIC)

        legal = report("rebelalliance", XWING, (MONEY,))
        assert legal.legal, legal.errors
        refused = report("rebelalliance", XWING, ())
        assert [(e.rule, e.ship) for e in refused.errors] == [(Rule.FACTION, 2)]
        assert "scumandvillainy" in refused.errors[0].message
        imperial = report("galacticempire", TIE, (MONEY,))
        assert [(e.rule, e.ship) for e in imperial.errors] == [(Rule.FACTION, 2)]
        for faction, escort in (("galacticrepublic", "bluesquadronprotector"),
                                ("resistance", "bluesquadronrookie")):
            joined = report(faction, escort, (MONEY,))
            assert not [e for e in joined.errors if e.rule == Rule.FACTION], faction

    def test_an_xws_rebel_squad_with_it_is_read_and_legal(self):
        """Situation: the same squad read from an XWS file. Expected: imported without
        errors and legal in the epic format; the card is played (not listed as one the
        engine does not play)."""
        data = {"faction": "rebelalliance", "version": "2.5.0", "pilots": [
            {"id": XWING, "ship": "t65xwing"}, {"id": XWING, "ship": "t65xwing"},
            {"id": CROC, "ship": "croccruiser", "upgrades": {"command": [MONEY]}}]}
        imported = read_xws(json.dumps(data))
        assert not imported.errors
        report = check_squad(imported.squad, rules=EPIC)
        assert report.legal, report.errors

    # ------------------------------------------------------------------------ allegiance
    def test_its_ship_and_the_non_scum_squadmates_are_allied(self):
        """RR: ALLIED - side In It For The Money faceup: the C-ROC and the Rebel X-wing are
        allied to each other (not friendly, not enemies); the Scum Kavil stays friendly to
        the C-ROC and to the X-wing; the other player's TIE is an enemy."""
        game, xwing, croc, kavil = _squadmates()
        x, c, k, t = (game.state.ships[i] for i in (xwing, croc, kavil, "p2.1"))
        assert allied(c, x) and allied(x, c)
        assert not friendly(c, x) and not enemy(c, x)
        assert friendly(c, k) and friendly(k, c) and friendly(x, k)
        assert friendly(c, c) and not allied(c, c)
        assert enemy(c, t) and not allied(c, t)

    def test_without_the_card_the_squad_is_all_friendly(self):
        """The same scene with no card on the C-ROC: every ship of player 1 is friendly."""
        game, xwing, croc, _ = _squadmates(upgrade=False)
        assert friendly(game.state.ships[croc], game.state.ships[xwing])

    def test_a_friendly_ship_effect_does_not_reach_the_allied_ship(self):
        """RR: COORDINATE chooses another friendly ship at range 1-2: the X-wing may not
        coordinate the allied C-ROC (range 1), nor the C-ROC the X-wing; the C-ROC may
        coordinate the Scum Kavil (range 1)."""
        game, xwing, croc, kavil = _squadmates()
        ships = game.state.ships
        assert croc not in [s.id for s in coordinate_targets(game, ships[xwing])]
        from_croc = [s.id for s in coordinate_targets(game, ships[croc])]
        assert xwing not in from_croc and kavil in from_croc

    def test_the_allied_ship_cannot_be_declared_as_defender(self):
        """RR: ALLIED - ships cannot attack allied ships. The X-wing carries R5-TK (it may
        attack friendly ships): the C-ROC ahead at range 1 is not among its targets while
        allied; once the card is flipped (friendly), R5-TK lets it be declared."""
        game, xwing, croc, _ = _squadmates(xwing_upgrades=("r5tk",))
        assert croc not in [t.defender for t in valid_targets(game, game.state.ships[xwing])]
        game, xwing, croc, _ = _squadmates(side=FOR_THE_REBELLION, xwing_upgrades=("r5tk",))
        assert croc in [t.defender for t in valid_targets(game, game.state.ships[xwing])]

    # ---------------------------------------------------------------------------- flip
    def test_an_allied_limited_ship_destroyed_gives_focus_and_flips_it(self):
        """Situation: an enemy TIE destroys Wedge Antilles (limited, Rebel: allied to the
        C-ROC). Card: after an allied limited ship in your squad is destroyed, gain 1 focus
        token and flip this card. Expected: the C-ROC has 1 focus token and the card shows
        In It For Your Rebellion."""
        game, croc, _ = _ally_destroyed(WEDGE)
        assert game.state.ships[croc].count(Token.FOCUS) == 1
        assert _side(game, croc) == FOR_THE_REBELLION

    def test_not_when_the_destroyed_ally_is_not_limited(self):
        """Situation: the same attack destroys a Red Squadron Veteran (no uniqueness
        bullet). Expected: no focus token; the card stays on its first side."""
        game, croc, _ = _ally_destroyed(XWING)
        assert game.state.ships[croc].count(Token.FOCUS) == 0
        assert _side(game, croc) == 0

    def test_after_the_flip_the_squad_is_friendly(self):
        """Side In It For Your Rebellion: non-Scum ships of the squad are friendly instead
        of allied. Expected: the C-ROC and the X-wing are friendly, and each may coordinate
        the other."""
        game, xwing, croc, _ = _squadmates(side=FOR_THE_REBELLION)
        ships = game.state.ships
        assert friendly(ships[croc], ships[xwing]) and not allied(ships[croc], ships[xwing])
        assert croc in [s.id for s in coordinate_targets(game, ships[xwing])]
        assert xwing in [s.id for s in coordinate_targets(game, ships[croc])]

    def test_the_flipped_side_gains_nothing(self):
        """Situation: the card already shows In It For Your Rebellion; the TIE destroys
        Wedge (limited, Rebel: friendly by then). Card: the second side has no such
        ability. Expected: no focus token; the card stays on its second side."""
        game, croc, _ = _ally_destroyed(WEDGE, side=FOR_THE_REBELLION)
        assert game.state.ships[croc].count(Token.FOCUS) == 0
        assert _side(game, croc) == FOR_THE_REBELLION
