"""The command line's shared behaviour: help and version on the root command."""

from typer.testing import CliRunner

from tallon import __version__
from tallon.cli import _register_commands, app

runner = CliRunner()
_register_commands()


def test_version_prints_the_package_version():
    result = runner.invoke(app, ["--version"])
    assert result.exit_code == 0
    assert result.output.strip() == f"tallon {__version__}"


def test_root_help_lists_usage():
    result = runner.invoke(app, ["--help"])
    assert result.exit_code == 0
    assert "Usage" in result.output
