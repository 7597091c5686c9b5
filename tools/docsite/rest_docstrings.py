"""A Griffe extension that lets mkdocstrings render the kit's reST-flavoured docstrings.

The kit's docstrings are written for ``help()`` and doctest: Sphinx roles
(``:class:`~italia_kit.geo.Board```, ``:func:`legal_moves```) and bare doctest blocks
(``>>> ...``). Markdown knows neither: a role would show as ``:class:`` text and a doctest
line as a quote. Once the whole package is loaded, this rewrites every docstring:

- a role naming an object that exists becomes an autorefs cross-reference to it (the name
  is resolved as Python would in the docstring's scope: the object, its class, its module,
  then the module's imports; a leading ``.`` is relative to the package, ``~`` shows only the
  last part); a role naming a private object (not rendered) becomes code;
- a role naming nothing that exists is a broken reference: a warning, which the strict
  build (``mkdocs build --strict``) turns into a failure;
- a doctest block (a paragraph whose first line starts with ``>>>``) becomes a ``pycon``
  fenced block.

Loaded by ``mkdocs.yml`` (``handlers.python.options.extensions``) by its path.
"""

from __future__ import annotations

import re
from typing import Any

from griffe import Alias, Extension, GriffeLoader, Module, Object, get_logger

logger = get_logger("italia_kit.docs")

ROLE = re.compile(
    r":(?:py:)?(?P<kind>func|class|meth|attr|mod|data|exc|obj|const|type):"
    r"`(?P<body>[^`]+)`"
)
FENCE = re.compile(r"^\s*(```|~~~)")


def _walk(obj: Object | Alias) -> Any:
    """Every object defined in ``obj`` (aliases, which are re-exports, are skipped)."""
    if isinstance(obj, Alias):
        return
    yield obj
    for member in obj.members.values():
        yield from _walk(member)


class RestDocstrings(Extension):
    """Rewrites the roles and doctest blocks of every docstring once a package is loaded."""

    def on_package(self, *, pkg: Module, loader: GriffeLoader, **kwargs: Any) -> None:
        for obj in _walk(pkg):
            if obj.docstring is not None:
                obj.docstring.value = self.rewrite(obj, obj.docstring.value, loader)

    def rewrite(self, obj: Object, text: str, loader: GriffeLoader) -> str:
        """``text`` with roles as cross-references and doctest blocks fenced."""
        out: list[str] = []
        lines = text.split("\n")
        in_fence = False
        i = 0
        while i < len(lines):
            line = lines[i]
            if FENCE.match(line):
                in_fence = not in_fence
            if not in_fence and line.lstrip().startswith(">>>"):
                indent = line[: len(line) - len(line.lstrip())]
                block: list[str] = []
                while i < len(lines) and lines[i].strip():
                    block.append(lines[i])
                    i += 1
                out += [f"{indent}```pycon", *block, f"{indent}```"]
                continue
            out.append(line if in_fence else ROLE.sub(lambda m: self.role(obj, m, loader), line))
            i += 1
        return "\n".join(out)

    def role(self, obj: Object, match: re.Match[str], loader: GriffeLoader) -> str:
        """One role as a cross-reference, or as code when it names a private object."""
        body = match["body"].strip()
        titled = re.fullmatch(r"(?P<title>.+?)\s*<(?P<target>[^>]+)>", body)
        target = titled["target"] if titled else body
        short = target.startswith("~")
        target = target.lstrip("~")
        path = self.resolve(obj, target, loader)
        if path is None and self.outside(obj, target):
            return f"`{target}`"  # the standard library or another package: no inventory offline
        shown = titled["title"] if titled else (target.rsplit(".", 1)[-1] if short else target)
        shown = shown.lstrip(".")
        if path is None:
            logger.warning(
                "%s: the docstring's :%s:`%s` names nothing that exists",
                obj.path,
                match["kind"],
                body,
            )
            return f"`{shown}`"
        if any(part.startswith("_") and part != "__init__" for part in path.split(".")):
            return f"`{shown}`"  # private objects are not rendered: nothing to link to
        return f"[`{shown}`][{path}]"

    def outside(self, obj: Object, target: str) -> bool:
        """Whether ``target`` names something from outside the kit (``html.escape``)."""
        head = target.partition(".")[0]
        if not head or target.startswith("."):
            return False
        try:
            found = obj.resolve(head)
        except Exception:  # griffe's NameResolutionError: not imported where it is named
            return False
        return not found.startswith("italia_kit")

    def resolve(self, obj: Object, target: str, loader: GriffeLoader) -> str | None:
        """The canonical path of ``target`` as seen from ``obj``, or None."""
        candidates: list[str] = []
        if target.startswith("."):
            package = obj.module if obj.module.is_init_module else obj.module.parent
            base = package.path if package is not None else obj.module.path
            stripped = target.lstrip(".")
            for _ in range(len(target) - len(stripped) - 1):
                base = base.rsplit(".", 1)[0]
            candidates.append(f"{base}.{stripped}")
        else:
            head, _, rest = target.partition(".")
            scope: Object | None = obj
            while scope is not None:
                try:
                    found = scope.resolve(head)
                except Exception:  # griffe's NameResolutionError: try the enclosing scope
                    found = None
                if found:
                    candidates.append(f"{found}.{rest}" if rest else found)
                    break
                scope = scope.parent
            candidates.append(target)
        for candidate in candidates:
            try:
                found_obj = loader.modules_collection[candidate]
            except Exception:  # KeyError, or an alias to a module not loaded
                continue
            try:
                return str(found_obj.final_target.path if found_obj.is_alias else found_obj.path)
            except Exception:  # an alias whose target is outside the loaded packages
                return None
        return None
