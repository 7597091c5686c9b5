"""The examples in the README run and print what it says."""

from __future__ import annotations

import doctest
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_readme_examples() -> None:
    # a code fence ends an example's expected output, as a blank line does in a docstring
    text = "\n".join(
        "" if line.startswith("```") else line
        for line in (ROOT / "README.md").read_text().splitlines()
    )
    test = doctest.DocTestParser().get_doctest(text, {}, "README.md", str(ROOT / "README.md"), 0)
    runner = doctest.DocTestRunner(optionflags=doctest.NORMALIZE_WHITESPACE)
    runner.run(test)
    result = runner.summarize(verbose=False)
    assert result.attempted >= 5 and result.failed == 0
