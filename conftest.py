"""The repository's pytest set-up: the lessons' output checks (``tests/notebook_outputs.py``)
load for every run, so ``pytest --nbval-lax notebooks`` checks the tagged cells."""

pytest_plugins = ["tests.notebook_outputs"]
