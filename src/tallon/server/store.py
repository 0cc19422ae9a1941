"""Where the server keeps its games: a SQL database through SQLAlchemy (SQLite by default,
PostgreSQL for a hosted server; the same code and migrations for both).

A game is stored as what determines it - its setup (the squads as XWS, seed, ruleset,
rounds), its seats, and every answer in order - so that replaying the answers rebuilds it
exactly (the engine is deterministic). Each answer is committed before the server
acknowledges it: a server killed at any moment restarts with every acknowledged answer.
Seat tokens are kept only as SHA-256 digests.
"""

from __future__ import annotations

import hashlib
import json
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from sqlalchemy import (
    Column,
    Engine,
    Float,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    create_engine,
    event,
    insert,
    select,
)

metadata = MetaData()

schema_version = Table("schema_version", metadata, Column("version", Integer, nullable=False))

games = Table(
    "games", metadata,
    Column("id", String(64), primary_key=True),
    Column("setup", Text, nullable=False),        # GameSetup.to_json(), as JSON
    Column("seats", Text, nullable=False),        # [{"player", "kind", "token_digest"}]
    Column("created", Float, nullable=False),
)

answers = Table(
    "answers", metadata,
    Column("game_id", String(64), primary_key=True),
    Column("number", Integer, primary_key=True),  # 0 for the first answer of the game
    Column("answer", Text, nullable=False),       # the answer, as JSON
)


def _version_1(engine: Engine) -> None:
    metadata.create_all(engine, tables=[games, answers])


#: Schema migrations in order: version n is reached by running MIGRATIONS[n - 1].
MIGRATIONS: list[Callable[[Engine], None]] = [_version_1]


def token_digest(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


@dataclass(frozen=True)
class StoredGame:
    id: str
    setup: dict[str, Any]
    seats: list[dict[str, Any]]
    answers: list[Any]


class Store:
    """The games of one server, in the database at ``url`` (``sqlite:///tallon.db``,
    ``postgresql://user@host/db``)."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.engine = create_engine(url, future=True)
        if self.engine.dialect.name == "sqlite":
            event.listen(self.engine, "connect", _sqlite_durable)
        self._migrate()

    def _migrate(self) -> None:
        metadata.create_all(self.engine, tables=[schema_version])
        with self.engine.begin() as connection:
            found = connection.execute(select(schema_version.c.version)).scalar()
            current = 0 if found is None else int(found)
            if current > len(MIGRATIONS):
                raise RuntimeError(f"the database {self.url} has schema version {current}; "
                                   f"this Tallon knows up to {len(MIGRATIONS)}")
        for version in range(current + 1, len(MIGRATIONS) + 1):
            MIGRATIONS[version - 1](self.engine)
            with self.engine.begin() as connection:
                connection.execute(schema_version.delete())
                connection.execute(insert(schema_version).values(version=version))

    def add_game(self, game_id: str, setup: dict[str, Any],
                 seats: list[dict[str, Any]]) -> None:
        with self.engine.begin() as connection:
            connection.execute(insert(games).values(
                id=game_id, setup=json.dumps(setup), seats=json.dumps(seats),
                created=time.time()))

    def add_answer(self, game_id: str, number: int, answer: Any) -> None:
        """Store answer ``number`` of the game; committed when this returns."""
        with self.engine.begin() as connection:
            connection.execute(insert(answers).values(
                game_id=game_id, number=number, answer=json.dumps(answer)))

    def game(self, game_id: str) -> StoredGame | None:
        with self.engine.connect() as connection:
            row = connection.execute(select(games).where(games.c.id == game_id)).first()
            if row is None:
                return None
            given = connection.execute(
                select(answers.c.answer).where(answers.c.game_id == game_id)
                .order_by(answers.c.number)).scalars().all()
        return StoredGame(row.id, json.loads(row.setup), json.loads(row.seats),
                          [json.loads(a) for a in given])

    def game_ids(self) -> list[str]:
        with self.engine.connect() as connection:
            return list(connection.execute(select(games.c.id)).scalars())


def _sqlite_durable(connection: Any, _record: Any) -> None:
    # every commit reaches the disk before it returns: a killed server loses nothing
    # it acknowledged
    cursor = connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=FULL")
    cursor.close()


__all__ = ["MIGRATIONS", "Store", "StoredGame", "token_digest"]
