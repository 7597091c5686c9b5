"""The set-up promise: environment.yml mirrors pyproject.toml, so conda users get the same kit."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[1]


def _name(requirement: str) -> str:
    """The normalised distribution name of a requirement string (`PyYAML>=6` -> `pyyaml`)."""
    match = re.match(r"\s*([A-Za-z0-9_.\-]+)", requirement)
    assert match, requirement
    return re.sub(r"[-_.]+", "-", match.group(1)).lower()


def test_environment_yml_lists_the_same_dependencies_as_pyproject() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    wanted = {_name(r) for r in project["dependencies"]}
    for extra in ("notebooks", "test"):
        wanted |= {_name(r) for r in project["optional-dependencies"][extra]}

    env = yaml.safe_load((ROOT / "environment.yml").read_text())
    listed = {_name(d) for d in env["dependencies"] if isinstance(d, str) and d not in ("pip",)} - {
        "python"
    }
    assert listed == wanted, (
        f"only in environment.yml: {sorted(listed - wanted)}; "
        f"only in pyproject.toml: {sorted(wanted - listed)}"
    )


def test_the_package_is_typed() -> None:
    assert (ROOT / "italia_kit" / "py.typed").exists()


def test_ci_runs_make_test() -> None:
    assert re.search(r"^make test$", (ROOT / ".ci" / "run").read_text(), re.M)


def test_the_version_is_written_once_and_the_installed_metadata_agrees() -> None:
    from importlib.metadata import metadata, version

    import italia_kit

    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    assert "version" not in project and project["dynamic"] == ["version"]
    assert version("italia_kit") == italia_kit.__version__
    meta = metadata("italia_kit")
    assert meta["License-Expression"] == "MIT"
    assert "Typing :: Typed" in (meta.get_all("Classifier") or [])


def test_the_licence_ships_with_the_package() -> None:
    text = (ROOT / "LICENSE").read_text()
    assert text.startswith("MIT License")
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    assert project["license"] == "MIT" and project["license-files"] == ["LICENSE"]
