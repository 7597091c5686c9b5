"""`italia-kit odds`: the text report, the JSON object, and one-line refusals (exit code 2)."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from italia_kit import cli

ISSUE_EXAMPLE = ["--attacker", "3 legion, 1 consular_legion, leader", "--defender", "2 infantry"]


def run_json(capsys: pytest.CaptureFixture[str], *args: str) -> dict[str, object]:
    assert cli.main(["odds", *args, "--json"]) == 0
    data: dict[str, object] = json.loads(capsys.readouterr().out)
    return data


def probability_keys_sum_to_one(data: dict[str, object]) -> None:
    top = {k: v for k, v in data.items() if isinstance(v, float)}
    assert set(top) == {"attacker_wins", "defender_wins", "both_eliminated"}
    assert sum(top.values()) == pytest.approx(1, abs=1e-12)


def test_json_has_three_chances_that_sum_to_one(capsys: pytest.CaptureFixture[str]) -> None:
    data = run_json(capsys, *ISSUE_EXAMPLE, "--terrain", "mountain")
    probability_keys_sum_to_one(data)
    outcomes = data["outcomes"]
    assert isinstance(outcomes, list)
    assert sum(o["probability"] for o in outcomes) == pytest.approx(1)
    best = outcomes[0]
    assert best["defender"] == {} and best["result"] == "attacker_wins"
    assert set(best["attacker"]) <= {"legion", "consular_legion"}
    assert data["battle"] == {
        "attacker": "3 legion, 1 consular_legion, 1 leader",
        "defender": "2 infantry",
        "terrain": "mountain",
        "city": False,
        "supremacy": None,
        "naval_invasion": False,
        "raid": False,
        "naval": False,
    }


@pytest.mark.parametrize(
    "extra",
    [
        ["--city", "--supremacy", "defender"],
        ["--naval-invasion", "--terrain", "swamp"],
        ["--raid"],
        ["--attacker-retreat-at", "2", "--defender-retreat-at", "1"],
    ],
)
def test_json_sums_to_one_in_every_circumstance(
    capsys: pytest.CaptureFixture[str], extra: list[str]
) -> None:
    data = run_json(capsys, *ISSUE_EXAMPLE, *extra)
    probability_keys_sum_to_one(data)
    retreats = data["retreats"]
    assert isinstance(retreats, dict)
    assert retreats["attacker"] <= data["defender_wins"]  # type: ignore[operator]
    assert retreats["defender"] <= data["attacker_wins"]  # type: ignore[operator]


def test_the_raid_of_example_3(capsys: pytest.CaptureFixture[str]) -> None:
    data = run_json(capsys, "--attacker", "3 infantry", "--defender", "2 infantry", "--raid")
    assert data["attacker_wins"] == pytest.approx(98 / 125)
    assert data["both_eliminated"] == 0


def test_naval_battle(capsys: pytest.CaptureFixture[str]) -> None:
    data = run_json(capsys, "--attacker", "fleet", "--defender", "fleet", "--naval")
    assert data["attacker_wins"] == pytest.approx(4 / 9)


def test_text_report(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["odds", *ISSUE_EXAMPLE]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "3 legion, 1 consular_legion, 1 leader attack 2 infantry (clear)"
    assert lines[1].startswith("attacker wins") and lines[1].endswith("%")
    assert lines[2].startswith("defender wins") and lines[3].startswith("both eliminated")
    assert lines[4].startswith("expected losses   attacker ")
    header = lines.index("") + 1
    assert lines[header].split() == [
        "attacker",
        "left",
        "defender",
        "left",
        "result",
        "probability",
    ]
    assert set(lines[header + 1]) <= {"-", " "}
    assert lines[header + 2].split()[-3:-1] == ["attacker", "wins"]  # the likeliest first
    assert any(line.startswith("3 legion, 1 consular_legion  -") for line in lines)


def test_exact_fractions_and_retreats_in_the_report(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["--attacker", "legion", "--defender", "2 infantry", "--defender-retreat-at", "1"]
    assert cli.main(["odds", *args, "--exact"]) == 0
    out = capsys.readouterr().out
    assert "attacker wins      21.95%  9/41  (of which the defender retreats: 21.95%)" in out
    assert any(line.endswith("defender retreats       21.95%") for line in out.splitlines())


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["--attacker", "3 legoin", "--defender", "2 infantry"], ["unknown unit 'legoin'"]),
        (["--attacker", "legion", "--defender", "2 infantry, knights"], ["'knights'"]),
        (["--attacker", "legion", "--defender", "2 fleet"], ["fleets fight only fleets"]),
        (["--attacker", "leader", "--defender", "infantry"], ["no units that fight"]),
        (["--attacker", "legion", "--defender", "infantry", "--terrain", "forest"], ["forest"]),
        (["--attacker", "legion", "--defender", "infantry", "--supremacy", "x"], ["supremacy"]),
        (["--attacker", "legion", "--defender", "infantry", "--attacker-retreat-at", "x"], ["x"]),
        (["--attacker", "legion"], ["--defender"]),
    ],
)
def test_bad_input_is_one_line_and_exit_2(
    capsys: pytest.CaptureFixture[str], args: list[str], words: list[str]
) -> None:
    assert cli.main(["odds", *args]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.startswith("italia-kit: error: ") and captured.err.count("\n") == 1
    for word in words:
        assert word in captured.err


def test_odds_is_a_registered_command(capsys: pytest.CaptureFixture[str]) -> None:
    assert "odds" in [c.name for c in cli.commands()]
    assert cli.main(["--help"]) == 0
    assert "odds" in capsys.readouterr().out


def test_the_installed_entry_point() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "italia_kit", "odds", *ISSUE_EXAMPLE, "--json"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    probability_keys_sum_to_one(json.loads(done.stdout))
