"""RR: SOLITARY — at most one card of the same upgrade type with the solitary
restriction per squad (all Tactical Relay upgrades are solitary)."""

from __future__ import annotations

from squad_helpers import broken, judge

from tallon.squads import Rule
from tallon.squads.legality import is_solitary

BELBULLAB = "feethanottrawautopilot"  # non-limited, modification + tactical relay slots


def test_one_solitary_tactical_relay_is_legal(db):
    """One TV-94 in a squad of three Belbullab-22s: legal."""
    report = judge(db, "separatistalliance", [(BELBULLAB, ("tv94",)), (BELBULLAB, ()),
                                              (BELBULLAB, ())])
    assert not broken(report, Rule.SOLITARY)
    assert report.legal, report.errors


def test_two_different_solitary_tactical_relays_are_an_error(db):
    """TV-94 and K2-B4 are different cards but both solitary Tactical Relays: SOLITARY is
    broken, reported on the second one."""
    report = judge(db, "separatistalliance", [(BELBULLAB, ("tv94",)), (BELBULLAB, ("k2b4",)),
                                              (BELBULLAB, ())])
    [error] = broken(report, Rule.SOLITARY)
    assert (error.ship, error.card) == (1, "k2b4")
    assert not broken(report, Rule.LIMITED)


def test_every_tactical_relay_is_solitary_even_without_the_marker(db):
    """Ruling: RR: SOLITARY says all Tactical Relays are solitary; Kalani lacks the marker in
    the card database but still counts, so TV-94 with Kalani is an error."""
    assert not db.upgrade("kalani").solitary
    assert all(is_solitary(relay) for relay in db.upgrades_for_slot("tactical-relay"))
    report = judge(db, "separatistalliance", [(BELBULLAB, ("tv94",)), (BELBULLAB, ("kalani",)),
                                              (BELBULLAB, ())])
    assert [e.card for e in broken(report, Rule.SOLITARY)] == ["kalani"]
