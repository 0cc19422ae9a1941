"""The first edition's card pool (ruleset ``1e``): pilots, upgrades and damage cards,
registered under their play ids (:mod:`tallon.data.first_edition_play`: ``1e-<ship>-<pilot>``,
``1e-<upgrade>``, ``1e-core-<card>`` and ``1e-core-tfa-<card>``). Importing
:mod:`tallon.cards` imports every module of this package."""
