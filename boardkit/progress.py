"""A progress bar for long simulations in a notebook (plain text elsewhere)."""
from __future__ import annotations

from collections.abc import Callable


def progress_bar(total: int, description: str = "") -> Callable[[int], None]:
    """Show a bar and return ``update(done)``; in a terminal, prints nothing."""
    try:
        import ipywidgets
        from IPython import get_ipython
        from IPython.display import display
    except ImportError:  # pragma: no cover - ipywidgets is a dependency
        return lambda done: None
    if get_ipython() is None or not hasattr(get_ipython(), "kernel"):
        return lambda done: None
    bar = ipywidgets.IntProgress(value=0, min=0, max=total, description=description)
    display(bar)

    def update(done: int) -> None:
        bar.value = min(total, done)

    return update
