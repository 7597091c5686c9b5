"""The one error of the scenario data: a file (or a variant) that cannot become a Scenario.

``ScenarioError`` is a ``ValueError`` (as in python-chess) that carries *every* problem
found, so that one run of the loader shows the typist all their mistakes at once, each one
naming the file, the nation and the field.

>>> err = ScenarioError(["italia1/celts.yaml: nation 'Celts': field 'turns': missing"])
>>> print(err)
1 problem in the scenario data:
  italia1/celts.yaml: nation 'Celts': field 'turns': missing
>>> isinstance(err, ValueError), len(err.problems)
(True, 1)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence


class ScenarioError(ValueError):
    """Scenario data that is malformed or inconsistent; ``problems`` lists all of it."""

    def __init__(self, problems: Iterable[str]) -> None:
        self.problems: list[str] = list(problems)
        count = len(self.problems)
        head = f"{count} problem{'s' if count != 1 else ''} in the scenario data:"
        super().__init__("\n  ".join([head, *self.problems]))


def or_list(names: Sequence[str]) -> str:
    """Quote names and join them the way a person would: ``'a', 'b' or 'c'``.

    >>> or_list(["Verona"]), or_list(["Rome", "Roma", "Rhegium"])
    ("'Verona'", "'Rome', 'Roma' or 'Rhegium'")
    """
    quoted = [repr(n) for n in names]
    if len(quoted) <= 1:
        return "".join(quoted)
    return ", ".join(quoted[:-1]) + " or " + quoted[-1]
