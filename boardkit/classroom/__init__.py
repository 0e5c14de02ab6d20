"""Serve a class: ``python -m boardkit.classroom``.

One server process holds every student's board (no Jupyter kernel per
student): the play page loads the same board module as JupyterLab, tables
seat people on different devices, bots and hot seats, the teacher's page
shows every table, and every action is stored (SQLite) before it is
acknowledged. The parts:

* :mod:`.server` — the web server (tornado): the pages, the sockets, the lobby;
* :mod:`.tables` — a table, its seats, the boards of the devices looking at
  it, and the bots' worker pool;
* :mod:`.store` — where the class's games are kept;
* :mod:`.games` — the class's finished games, back as boardkit games;
* :mod:`.voila` — the play notebook under Voilà (``--voila``).

Importing this package imports none of them (the server needs tornado).
"""

from __future__ import annotations

from typing import Any

__all__ = ["class_games", "export_class", "main"]


def main(argv: list[str] | None = None) -> int:
    from .cli import main as _main

    return _main(argv)


def class_games(*args: Any, **kwargs: Any) -> Any:
    from .games import class_games as _class_games

    return _class_games(*args, **kwargs)


def export_class(*args: Any, **kwargs: Any) -> Any:
    from .games import export_class as _export_class

    return _export_class(*args, **kwargs)
