"""``tallon serve``: the game server."""

from __future__ import annotations

import socket

import typer

from tallon.cli.common import fail
from tallon.rulesets import ruleset_problem


def serve(
    host: str = typer.Option("127.0.0.1", "--host", help="Address to listen on."),
    port: int = typer.Option(8000, "--port", min=0, max=65535, help="Port to listen on."),
    database: str = typer.Option(
        "sqlite:///tallon.db", "--database",
        help="Where games are kept: an SQLAlchemy URL (sqlite:///FILE, or "
             "postgresql://USER@HOST/DB with the postgres extra)."),
    ruleset: str = typer.Option(
        "2.5", "--ruleset", help="The rules of the lobby's example squads: 2.5 or 1e (the "
        "first edition's core set game). Every game takes squads of either ruleset: XWS "
        "1.0 squads play the first edition."),
) -> None:
    """Start the game server: the JSON API and WebSockets of docs/server.md, games kept
    in the database (by default tallon.db in this directory) so that a restart resumes
    every game."""
    import uvicorn
    from sqlalchemy.exc import ArgumentError, DBAPIError

    from tallon.server.app import create_app

    try:
        with socket.create_server((host, port)):
            pass  # the address is free and ours to listen on
    except (OSError, OverflowError) as error:
        raise fail(f"cannot listen on {host}:{port}: {getattr(error, 'strerror', None) or error}"
                   ) from None
    problem = ruleset_problem(ruleset)
    if problem is not None:
        raise fail(f"--ruleset: {problem}", 2)
    shown = _without_password(database)
    try:
        app = create_app(database, ruleset)
    except (ArgumentError, DBAPIError, ImportError) as error:
        # the driver's own words (SQLAlchemy's wrapper adds its class name and a link);
        # any driver error here (cannot connect, may not create the tables) is the URL's
        said = str(getattr(error, "orig", None) or error).strip().splitlines()
        reason = " ".join(said[0].split()) if said else type(error).__name__
        if isinstance(error, ImportError) and database.startswith("postgres"):
            reason += " (PostgreSQL needs the postgres extra: pip install 'tallon[postgres]')"
        raise fail(f"--database {shown}: {reason}") from None
    typer.echo(f"Tallon server on http://{host}:{port}/ (games in {shown}); Ctrl+C stops")
    uvicorn.run(app, host=host, port=port, log_level="warning")


def _without_password(database: str) -> str:
    """The database URL as it may be printed: any password replaced by ***."""
    from sqlalchemy.engine import make_url
    from sqlalchemy.exc import ArgumentError

    try:
        return make_url(database).render_as_string(hide_password=True)
    except ArgumentError:
        return database


def register(app: typer.Typer) -> None:
    app.command("serve")(serve)
