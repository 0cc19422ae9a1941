"""Everything a judge measures between two ships: range, arcs, attack ranges, obstruction and
relative position, in one call."""

from __future__ import annotations

from dataclasses import dataclass

from tallon.geometry.arcs import Arc, ArcMeasure, Relation, measure_arc, relation
from tallon.geometry.obstruction import Obstruction, line_obstruction
from tallon.geometry.ranges import band, object_distance
from tallon.geometry.table import Table


@dataclass(frozen=True)
class PairSurvey:
    """``target`` as seen from ``ship``."""

    ship: str
    target: str
    distance: float
    range: int
    arcs: dict[Arc, ArcMeasure]
    obstruction: dict[Arc, Obstruction | None]
    relation: Relation | None

    def to_json(self) -> dict[str, object]:
        """The ``tallon measure --json`` record."""
        return {
            "from": self.ship,
            "to": self.target,
            "range": self.range,
            "distance": round(self.distance, 6),
            "arcs": {arc.value: m.in_arc for arc, m in self.arcs.items()},
            "attack_range": {arc.value: m.range for arc, m in self.arcs.items()},
            "obstructed": {
                arc.value: (o.obstructed if o is not None else None)
                for arc, o in self.obstruction.items()
            },
            "obstruction_choice": {
                arc.value: (o.attacker_chooses if o is not None else None)
                for arc, o in self.obstruction.items()
            },
            "obstructed_by": {
                arc.value: (list(o.obstacles + o.objects) if o is not None else None)
                for arc, o in self.obstruction.items()
            },
            "relation": self.relation.value if self.relation else None,
        }


def survey_pair(table: Table, ship_id: str, target_id: str) -> PairSurvey:
    """Measure ``target_id`` from ``ship_id`` in every arc."""
    ship = table.ship(ship_id)
    target = table.ship(target_id)
    d = object_distance(ship, target)
    arcs = {arc: measure_arc(ship, target, arc) for arc in Arc}
    obstruction = {
        arc: (line_obstruction(table, m.closest, (ship_id, target_id)) if m.in_arc else None)
        for arc, m in arcs.items()
    }
    return PairSurvey(ship_id, target_id, d, band(d), arcs, obstruction,
                      relation(target, ship))
