"""Delta-7B Aethersprite pilots (Galactic Republic): the same pilots as the Delta-7
Aethersprite's, printing the same ability texts, so they share those ability objects.
Their ship ability, Fine-tuned Controls, is registered once, in delta7aethersprite.py
(RR: SHIP ABILITIES). Jedi Knight has no pilot ability."""

from __future__ import annotations

from tallon.cards.pilots.delta7aethersprite import (
    ADI_ABILITIES,
    ADI_TEXT,
    AHSOKA,
    AHSOKA_TEXT,
    ANAKIN,
    ANAKIN_TEXT,
    BARRISS,
    BARRISS_TEXT,
    LUMINARA,
    LUMINARA_TEXT,
    MACE,
    MACE_TEXT,
    OBIWAN,
    OBIWAN_TEXT,
    PLO,
    PLO_TEXT,
    SAESEE,
    SAESEE_TEXT,
)
from tallon.cards.registry import register

SUFFIX = "-delta7baethersprite"

register("pilot", "obiwankenobi" + SUFFIX, OBIWAN, description=OBIWAN_TEXT)
register("pilot", "plokoon" + SUFFIX, PLO, description=PLO_TEXT)
register("pilot", "saeseetiin" + SUFFIX, SAESEE, description=SAESEE_TEXT)
register("pilot", "macewindu" + SUFFIX, MACE, description=MACE_TEXT)
register("pilot", "anakinskywalker" + SUFFIX, ANAKIN, description=ANAKIN_TEXT)
register("pilot", "ahsokatano" + SUFFIX, AHSOKA, description=AHSOKA_TEXT)
register("pilot", "barrissoffee" + SUFFIX, BARRISS, description=BARRISS_TEXT)
register("pilot", "luminaraunduli" + SUFFIX, LUMINARA, description=LUMINARA_TEXT)
register("pilot", "adigallia" + SUFFIX, *ADI_ABILITIES, description=ADI_TEXT)
