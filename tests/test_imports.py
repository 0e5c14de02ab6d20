"""No import circles inside boardkit.

Every module's imports are read with :mod:`ast` (nothing is imported) and
every one counts: at module level, inside a function, and under ``if
TYPE_CHECKING:`` — an import moved into a function still ties the two
modules together, it only hides the circle. An import of a package counts as
an import of its ``__init__``; importing a submodule does not count as
importing the package's ``__init__`` (Python runs it first, but that is the
package's own business, not a dependency of the module).

Per game the direction is: the pure rules (``rules.py`` and the modules it
is built from) ← the view ← the session (``game.py``: the ``Game`` subclass,
its scenario helpers) ← the package's ``__init__``. In the core: rules ←
log, saves ← game.
"""
from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "boardkit"


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _modules() -> dict[str, Path]:
    return {_module_name(p): p for p in sorted(PACKAGE.rglob("*.py"))
            if "__pycache__" not in p.parts}


def _resolve(module: str, is_package: bool, level: int, name: str | None) -> str:
    """The absolute name of ``from <level dots><name> import …`` in ``module``."""
    if level == 0:
        return name or ""
    base = module.split(".")
    if not is_package:
        base = base[:-1]
    base = base[:len(base) - (level - 1)]
    return ".".join(base + ([name] if name else []))


def imports_of(module: str, path: Path, known: set[str]) -> set[str]:
    """The boardkit modules ``module`` imports, anywhere in its text."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    is_package = path.name == "__init__.py"
    out: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            targets = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = _resolve(module, is_package, node.level, node.module)
            # ``from . import checks``: the submodule when there is one
            targets = [f"{base}.{a.name}" if f"{base}.{a.name}" in known else base
                       for a in node.names]
        else:
            continue
        for t in targets:
            while t and t not in known:     # ``import boardkit.core.rules as r`` …
                t = t.rpartition(".")[0]
            if t and t != module:
                out.add(t)
    return out


def import_graph() -> dict[str, set[str]]:
    mods = _modules()
    known = set(mods)
    return {m: imports_of(m, p, known) for m, p in mods.items()}


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components with more than one module
    (Tarjan's algorithm), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    out: list[list[str]] = []
    counter = [0]

    def visit(v: str) -> None:
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in sorted(graph.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                out.append(sorted(comp))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return sorted(out)


def test_the_graph_sees_function_level_and_type_only_imports():
    graph = import_graph()
    assert "boardkit.core.rules" in graph["boardkit.core.game"]
    assert "boardkit.core.errors" in graph["boardkit.core.rules"]   # inside a function
    assert circles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]


def test_boardkit_has_no_import_circle():
    found = circles(import_graph())
    assert not found, "import circles (each module reaches the others):\n  " + "\n  ".join(
        " ↔ ".join(c) for c in found)


#: Modules that need more than the standard library by what they are: the
#: board widget and the class server's boards (ipywidgets, anywidget,
#: tornado) and the vectorised Slime Race simulator (numpy).
NOT_PURE = ("boardkit.widget", "boardkit.classroom.server", "boardkit.classroom.tables",
            "boardkit.slime_race.batch")
#: What the rest must not import when imported: the optional packages a
#: browser's Python does not have, and the heavy parts of the standard
#: library that a board picture does not need.
OPTIONAL = ("numpy", "matplotlib", "tqdm", "ipywidgets", "anywidget", "IPython", "tornado",
            "xml.sax", "email", "http")


def test_the_rules_and_pictures_import_nothing_optional():
    """Every other module, all imported in one fresh interpreter (as in the
    browser, where only the standard library is there), loads none of
    ``OPTIONAL``: a plot or a progress bar imports its package inside the
    function that draws it."""
    import subprocess
    import sys

    names = [n for n in _modules() if not n.startswith(NOT_PURE)]
    assert "boardkit.slime_race.analysis" in names and "boardkit.core.svg" in names
    code = ("import importlib, sys\n"
            f"for n in {names!r}: importlib.import_module(n)\n"
            f"print(' '.join(k for k in {OPTIONAL!r} if k in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=True)
    assert out.stdout.split() == [], f"imported at module level: {out.stdout.strip()}"
