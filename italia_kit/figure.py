"""The kit's matplotlib figure: a ``Figure`` that shows itself in a notebook, no magic needed.

A ``matplotlib.figure.Figure`` made without pyplot shows in Jupyter only once the inline
backend has registered its PNG formatter, which ``%matplotlib inline`` or a pyplot import
does; before that a cell shows the text ``<Figure size 900x400 with 3 Axes>``.
:class:`KitFigure` is that same ``Figure`` (``savefig``, axes, everything) with its own
:meth:`~KitFigure._repr_png_`, which IPython asks for an ``image/png`` whatever the
backend. With the inline backend loaded, its formatter (registered for ``Figure``, so for
this subclass too) draws it instead: a figure shows exactly once either way. Importing
this module imports matplotlib; the plot functions import it when they draw.

>>> fig = new_figure((2.0, 1.0))
>>> _ = fig.subplots().plot([0, 1])
>>> fig._repr_png_()[:8]
b'\\x89PNG\\r\\n\\x1a\\n'
"""

from __future__ import annotations

import io

from matplotlib.figure import Figure

__all__ = ["KitFigure", "new_figure"]


class KitFigure(Figure):
    """A matplotlib ``Figure`` with a PNG representation for IPython's display."""

    def _repr_png_(self) -> bytes:
        """The figure as PNG, as the inline backend would draw it (tight bounding box)."""
        buffer = io.BytesIO()
        self.savefig(buffer, format="png", bbox_inches="tight")
        return buffer.getvalue()


def new_figure(figsize: tuple[float, float], *, dpi: float | None = None) -> KitFigure:
    """A white :class:`KitFigure` of ``figsize`` inches with the constrained layout."""
    fig = KitFigure(figsize=figsize, dpi=dpi, layout="constrained")
    fig.patch.set_facecolor("white")
    return fig
