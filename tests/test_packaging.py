"""The set-up promise: environment.yml mirrors pyproject.toml, so conda users get the same kit."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[1]


#: conda-forge's name for a PyPI distribution, where they differ
CONDA_NAMES = {"python-build": "build"}


def _name(requirement: str) -> str:
    """The normalised distribution name of a requirement string (`PyYAML>=6` -> `pyyaml`)."""
    match = re.match(r"\s*([A-Za-z0-9_.\-]+)", requirement)
    assert match, requirement
    name = re.sub(r"[-_.]+", "-", match.group(1)).lower()
    return CONDA_NAMES.get(name, name)


def test_environment_yml_lists_the_same_dependencies_as_pyproject() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    wanted = {_name(r) for r in project["dependencies"]}
    for extra in ("notebooks", "test", "docs"):
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


def test_ci_runs_make_test_then_checks_the_wheel() -> None:
    script = (ROOT / ".ci" / "run").read_text()
    assert re.search(r"^make test$", script, re.M)
    assert re.search(r"^make wheel-check$", script, re.M)


def test_make_test_lints_with_the_pre_commit_hooks_and_builds_the_docs() -> None:
    """The hooks call the venv's own tools (``repo: local``): CI fetches no hook repository."""
    config = yaml.safe_load((ROOT / ".pre-commit-config.yaml").read_text())
    assert [repo["repo"] for repo in config["repos"]] == ["local"]
    hooks = {hook["id"]: hook for hook in config["repos"][0]["hooks"]}
    assert {"ruff", "ruff-format", "nbstripout"} <= set(hooks)
    assert all(hook["language"] == "system" for hook in hooks.values())
    makefile = (ROOT / "Makefile").read_text()
    assert re.search(r"^test: .*\blint\b.*\bdocs\b", makefile, re.M)
    assert "pre-commit run --all-files" in makefile and "mkdocs build --strict" in makefile


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
