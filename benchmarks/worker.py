"""One measurement in a fresh process (started by ``benchmarks/run.py``).

Usage: ``PYTHONPATH=<tree> python benchmarks/worker.py '<json spec>'`` where the
spec is ``{"measure": name, "params": {...}, "root": <tree>}`` (or
``{"measure": "probe", ...}``). The last stdout line is
``BENCH-RESULT {json}``: ``{"ok": true, "values": {...}}``,
``{"ok": true, "na": reason}`` or ``{"ok": false, "error": ...}``.
"""
from __future__ import annotations

import json
import os
import sys
import traceback

MARK = "BENCH-RESULT "


def _check_root(root: str) -> str:
    import boardkit
    where = os.path.realpath(boardkit.__file__)
    want = os.path.realpath(os.path.join(root, "boardkit")) + os.sep
    if not where.startswith(want):
        raise RuntimeError(f"boardkit imported from {where}, not from the tree {root}")
    return where


def _probe(root: str) -> dict:
    import importlib.util
    import inspect

    import measures
    info = {"boardkit": _check_root(root), "python": sys.version.split()[0]}
    try:
        info["slime_race.batch_module"] = importlib.util.find_spec("boardkit.slime_race.batch") is not None
    except ImportError:
        info["slime_race.batch_module"] = False
    for game in measures.GAMES:
        try:
            cls = measures.game_class(game)
        except Exception as exc:  # noqa: BLE001 - one missing game must not hide the other
            info[f"{game}.error"] = f"{type(exc).__name__}: {exc}"
            continue
        info[f"{game}.history_switch"] = measures.history_switch(cls)
        try:
            info[f"{game}.signature"] = str(inspect.signature(cls))
        except (TypeError, ValueError) as exc:
            info[f"{game}.signature"] = f"? ({exc})"
    return info


def main() -> None:
    spec = json.loads(sys.argv[1])
    try:
        if spec["measure"] == "probe":
            out = {"ok": True, "info": _probe(spec["root"])}
        else:
            import measures
            _check_root(spec["root"])
            m = measures.by_name()[spec["measure"]]
            try:
                values = m.func(spec["params"])
                out = {"ok": True, "values": {f"{m.name}.{k}": v for k, v in values.items()}}
            except measures.NotAvailable as exc:
                out = {"ok": True, "na": str(exc)}
    except BaseException as exc:  # noqa: BLE001 - report everything, the run goes on
        tb = traceback.format_exc(limit=-3)
        out = {"ok": False, "error": f"{type(exc).__name__}: {exc}".strip(), "traceback": tb}
    sys.stdout.flush()
    print("\n" + MARK + json.dumps(out), flush=True)


if __name__ == "__main__":
    main()
