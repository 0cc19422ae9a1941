"""``tallon serve``: the game server."""

from __future__ import annotations

import socket

import typer

from tallon.cli.common import fail


def serve(
    host: str = typer.Option("127.0.0.1", "--host", help="Address to listen on."),
    port: int = typer.Option(8000, "--port", min=0, max=65535, help="Port to listen on."),
    database: str = typer.Option(
        "sqlite:///tallon.db", "--database",
        help="Where games are kept: an SQLAlchemy URL (sqlite:///FILE, or "
             "postgresql://USER@HOST/DB with the postgres extra)."),
) -> None:
    """Start the game server: the JSON API and WebSockets of docs/server.md, games kept
    in the database (by default tallon.db in this directory) so that a restart resumes
    every game."""
    import uvicorn
    from sqlalchemy.exc import ArgumentError, OperationalError

    from tallon.server.app import create_app

    try:
        with socket.create_server((host, port)):
            pass  # the address is free and ours to listen on
    except (OSError, OverflowError) as error:
        raise fail(f"cannot listen on {host}:{port}: {getattr(error, 'strerror', None) or error}"
                   ) from None
    try:
        app = create_app(database)
    except (ArgumentError, OperationalError, ImportError) as error:
        raise fail(f"--database {database}: {str(error).splitlines()[0]}") from None
    typer.echo(f"Tallon server on http://{host}:{port}/ (games in {database}); Ctrl+C stops")
    uvicorn.run(app, host=host, port=port, log_level="warning")


def register(app: typer.Typer) -> None:
    app.command("serve")(serve)
