"""The command line's shared behaviour: help and version on the root command."""

from tallon import __version__
from tests.cli.helpers import run


def test_version_prints_the_package_version():
    result = run("--version")
    assert result.exit_code == 0
    assert result.output.strip() == f"tallon {__version__}"


def test_root_help_lists_usage():
    result = run("--help")
    assert result.exit_code == 0
    assert "Usage" in result.output
