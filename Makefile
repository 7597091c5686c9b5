# Two commands do everything: `make lab` and `make test` (see README.md).
PYTHON ?= python3.11
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed-$(shell cat pyproject.toml | cksum | cut -d' ' -f1)
FIRST_NOTEBOOK := $(firstword $(sort $(wildcard notebooks/*.ipynb)))

.PHONY: lab test lint typecheck pytest docs wheel-check bench board-png geodata app clean venv

$(STAMP): pyproject.toml
	@test -x $(BIN)/python || $(PYTHON) -m venv $(VENV) || python3 -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e ".[notebooks,test,docs]"
	@rm -f $(VENV)/.installed-*
	@touch $(STAMP)

venv: $(STAMP)

# root (containers, CI machines) needs --allow-root; a person's account does not
LAB_FLAGS := $(if $(filter 0,$(shell id -u)),--allow-root,)

lab: $(STAMP)
	$(BIN)/jupyter lab $(LAB_FLAGS) $(FIRST_NOTEBOOK)

# the pre-commit hooks (ruff, ruff format, nbstripout) on every file, with the venv's tools
lint: $(STAMP)
	PATH="$(abspath $(BIN)):$$PATH" $(BIN)/pre-commit run --all-files --show-diff-on-failure

typecheck: $(STAMP)
	$(BIN)/mypy

pytest: $(STAMP)
	$(BIN)/pytest -q -n 2 --dist loadfile --doctest-modules italia_kit tests $(if $(wildcard notebooks/*.ipynb),--nbval-lax notebooks,)

# the documentation site in build/site, offline; the lessons' executed copies that the
# nbval run of `make pytest` left in build/lessons are reused (tools/docsite/lessons.py)
docs: $(STAMP)
	@start=$$(date +%s); \
	DISABLE_MKDOCS_2_WARNING=true NO_MKDOCS_2_WARNING=1 $(BIN)/mkdocs build --strict --site-dir build/site || exit 1; \
	echo "docs: $$(find build/site -name '*.html' | wc -l) pages in $$(( $$(date +%s) - start )) s"
	DOCS_SITE=build/site $(BIN)/pytest -q -p no:cacheprovider tools/docsite/test_site.py

test: lint typecheck pytest docs

# the wheel, installed into a clean venv, its console script run once from outside the
# repository (CI: .ci/run)
wheel-check: $(STAMP)
	rm -rf build/wheel build/wheel-venv
	$(BIN)/python -m build --wheel --no-isolation --outdir build/wheel
	$(BIN)/python -m venv build/wheel-venv
	build/wheel-venv/bin/python -m pip install --quiet build/wheel/italia_kit-*.whl
	cd build && wheel-venv/bin/italia-kit --version
	cd build && wheel-venv/bin/italia-kit odds --attacker legion --defender infantry
	cd build && wheel-venv/bin/italia-kit board --game italia1 --zone Rome

bench: $(STAMP)
	$(BIN)/python -m pip install --quiet -e ".[bench]"
	@for b in bench/bench_*.py; do $(BIN)/python $$b || exit 1; done

# Regenerates geodata/*.geojson from the GSHHS coastline (needs the `geodata` extra).
geodata: $(STAMP)
	$(BIN)/python -m pip install --quiet -e ".[geodata]"
	$(BIN)/python geodata/build_zones.py
	$(BIN)/python geodata/build_medieval.py

board-png: $(STAMP)
	$(BIN)/italia-kit board --png docs/board.png

# the classroom app (notebooks/app.ipynb) served by Voila on http://127.0.0.1:8866: the kit's
# page template (share/jupyter/voila/templates/italia-kit: nothing from a CDN) and
# voila.json's settings (the kernel of a page closed is shut down after 5 idle minutes)
app: $(STAMP)
	JUPYTER_PATH=$(CURDIR)/share/jupyter $(BIN)/voila notebooks/app.ipynb --template=italia-kit \
		--port=8866 --no-browser --Voila.ip=127.0.0.1

clean:
	rm -rf $(VENV) build dist site *.egg-info .pytest_cache .mypy_cache .ruff_cache
