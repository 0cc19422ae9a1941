"""Bombs and mines put straight on the table, for tests of their rules and cards."""

from __future__ import annotations

from tallon.engine.game import Game
from tallon.engine.payloads import PlacedDevice, device_of, outline_of
from tallon.geometry import Pose


def put(game: Game, card: str, at: tuple[float, float, float], owner: int = 1,
        fuses: int = 0) -> str:
    """Place the device of upgrade ``card`` at ``at`` (its guides' edge; the token extends
    away from ``heading``'s opposite: a heading of 180 puts the token below ``at``); returns
    its id."""
    s = game.state
    kind, category = device_of(card)
    s.devices_placed += 1
    device = PlacedDevice(f"{kind}-{s.devices_placed}", card, kind, category, owner,
                          Pose(*at), outline_of(card))
    s.devices.append(device)
    if fuses:
        s.fuses[device.id] = fuses
    s.moved()
    return device.id


def answer_all(game: Game, prefer: tuple[str, ...] = ()) -> None:
    """Answer every decision: an option in ``prefer`` if offered, else the first."""
    for _ in range(200):
        decision = game.decision
        if decision is None:
            return
        keys = decision.option_keys()
        game.answer(next((k for k in prefer if k in keys), keys[0]))
    raise AssertionError("too many decisions")
