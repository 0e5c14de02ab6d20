"""Compare the working tree (or a git ref) against a baseline git ref.

Run from the repository root::

    python -m benchmarks [--quick] [--baseline REF] [--current REF] [--json FILE]
    python benchmarks/run.py ...

See benchmarks/README.md for what each row means.
"""
from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
if str(HERE) not in sys.path:
    sys.path.insert(0, str(HERE))
import measures as M  # noqa: E402  (never imports boardkit at import time)

WORKER = HERE / "worker.py"
DEFAULT_BASELINE = "2273162"
SIDES = ("baseline", "current")


# --------------------------------------------------------------------------- git
def git(repo: Path, *args: str) -> str:
    return subprocess.run(["git", "-C", str(repo), *args], check=True, capture_output=True,
                          text=True).stdout.strip()


def resolve(repo: Path, ref: str) -> str:
    try:
        return git(repo, "rev-parse", "--verify", "--quiet", f"{ref}^{{commit}}")
    except subprocess.CalledProcessError:
        raise SystemExit(f"benchmarks: {ref!r} is not a commit in {repo}") from None


class Worktrees:
    """Temporary detached worktrees, removed again on exit."""

    def __init__(self, repo: Path, tmp: Path):
        self.repo, self.tmp, self.paths = repo, tmp, []

    def add(self, name: str, commit: str) -> Path:
        path = self.tmp / name
        git(self.repo, "worktree", "add", "--detach", str(path), commit)
        self.paths.append(path)
        return path

    def remove_all(self) -> None:
        for path in self.paths:
            try:
                git(self.repo, "worktree", "remove", "--force", str(path))
            except subprocess.CalledProcessError as exc:
                print(f"benchmarks: could not remove worktree {path}: {exc.stderr.strip()}",
                      file=sys.stderr)
        self.paths.clear()


# --------------------------------------------------------------------------- workers
def run_worker(root: Path, spec: dict, env: dict, timeout: float) -> dict:
    spec = dict(spec, root=str(root))
    e = dict(env, PYTHONPATH=str(root))
    try:
        proc = subprocess.run([sys.executable, str(WORKER), json.dumps(spec)], cwd=str(root), env=e,
                              check=False,
                              capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return {"ok": False, "error": f"timed out after {timeout:.0f} s"}
    for line in reversed(proc.stdout.splitlines()):
        if line.startswith("BENCH-RESULT "):
            return json.loads(line[len("BENCH-RESULT "):])
    tail = (proc.stderr.strip().splitlines() or ["no output"])[-1]
    return {"ok": False, "error": f"worker exited {proc.returncode}: {tail}"}


def worker_env(tmp: Path) -> dict:
    env = dict(os.environ)
    for k in ("PYTHONPATH", "COVERAGE_PROCESS_START", "COVERAGE_PROCESS_CONFIG", "PYTHONSTARTUP"):
        env.pop(k, None)
    env["PYTHONPYCACHEPREFIX"] = str(tmp / "pycache")  # no .pyc files written into the trees
    env["PYTHONHASHSEED"] = "0"
    return env


# --------------------------------------------------------------------------- results
def collect(results: dict) -> list[dict]:
    """results[measure][side] = list of worker outputs -> one dict per row."""
    rows = []
    medians: dict[str, dict[str, float | None]] = {s: {} for s in SIDES}
    for m in M.MEASURES:
        if m.name not in results:
            continue
        for row in m.rows:
            r = {"key": row.key, "label": row.label, "unit": row.unit, "better": row.better,
                 "measure": m.name}
            for side in SIDES:
                outs = results[m.name][side]
                samples = [o["values"].get(row.key) for o in outs if o.get("ok") and "values" in o]
                samples = [v for v in samples if v is not None]
                errors = [o["error"] for o in outs if not o.get("ok")]
                nas = [o["na"] for o in outs if o.get("ok") and "na" in o]
                cell = {"samples": samples}
                if samples:
                    cell["median"] = statistics.median(samples)
                    if errors:
                        cell["note"] = f"{len(errors)} of {len(outs)} repeats failed: {errors[0]}"
                elif errors:
                    cell["error"] = errors[0]
                elif nas:
                    cell["na"] = nas[0]
                else:
                    cell["error"] = "no result"
                r[side] = cell
                medians[side][row.key] = cell.get("median")
            b, c = r["baseline"].get("median"), r["current"].get("median")
            if b is None and c is not None and row.fallback and medians["baseline"].get(row.fallback):
                b = medians["baseline"][row.fallback]
                r["compared_with"] = row.fallback
                r["baseline_fallback"] = b
            if b and c is not None:
                r["ratio"] = c / b
                bs, cs = r["baseline"]["samples"], r["current"]["samples"]
                if "compared_with" not in r and len(bs) == len(cs) and all(bs):
                    pr = [y / x for x, y in zip(bs, cs)]
                    r["paired_ratios"] = pr
            rows.append(r)
    return rows


def sig3(v: float) -> str:
    if abs(v) >= 100:
        return f"{v:,.0f}"
    if abs(v) >= 10:
        return f"{v:.1f}"
    return f"{v:.2f}"


def fmt_num(v: float, unit: str) -> str:
    if unit == "hash":
        return f"{int(v):012x}"
    if unit == "bytes":
        return f"{v:,.0f} B"
    if unit == "KiB":
        return f"{v:,.1f} KiB"
    if unit in ("entries", "actions"):
        return f"{v:,.1f}" if v != int(v) else f"{v:,.0f}"
    if unit == "ms":
        return f"{sig3(v * 1e3)} µs" if v < 0.1 else f"{sig3(v)} ms"
    return f"{sig3(v)} {unit}"


def fmt_cell(cell: dict, unit: str) -> str:
    if "median" in cell:
        s = fmt_num(cell["median"], unit)
        return s + (" (!)" if "note" in cell else "")
    if "na" in cell:
        return "n/a"
    return "error: " + cell["error"].replace("|", "/")[:70]


BETTER = {"higher": "higher is better", "lower": "lower is better", "same": "should be 1.00×"}


def table(rows: list[dict]) -> str:
    out = ["| measure | baseline | current | ratio current/baseline | spread of paired ratios |",
           "|---|---|---|---|---|"]
    for r in rows:
        b = fmt_cell(r["baseline"], r["unit"])
        c = fmt_cell(r["current"], r["unit"])
        if "compared_with" in r:
            b = fmt_num(r["baseline_fallback"], r["unit"]) + " †"
        if r["unit"] == "hash" and "ratio" in r:
            ratio = ("the same games" if r["ratio"] == 1 else
                     "**different games**: the speed rows compare different workloads")
        elif "ratio" in r:
            x = r["ratio"]
            ratio = f"{x:.2f}×" if x >= 0.1 else f"{x:.2g}×"
            ratio += f" ({BETTER[r['better']]})"
        else:
            ratio = "–"
        pr = r.get("paired_ratios") if r["unit"] != "hash" else None
        spread = f"{min(pr):.2f}–{max(pr):.2f} (n={len(pr)})" if pr else "–"
        out.append(f"| {r['label']} | {b} | {c} | {ratio} | {spread} |")
    return "\n".join(out)


# --------------------------------------------------------------------------- main
def parse(argv: list[str] | None) -> argparse.Namespace:
    ap = argparse.ArgumentParser(prog="python -m benchmarks", description=__doc__.split("\n\n")[0])
    ap.add_argument("--baseline", default=DEFAULT_BASELINE, metavar="REF",
                    help=f"git ref to compare against (default {DEFAULT_BASELINE})")
    ap.add_argument("--current", default=None, metavar="REF",
                    help="compare this git ref (in its own worktree) instead of the working tree")
    ap.add_argument("--quick", action="store_true", help="small fast run (< 60 s)")
    ap.add_argument("--repeats", type=int, default=None,
                    help="baseline/current pairs per measure (default 7, quick 3)")
    ap.add_argument("--only", action="append", default=[], metavar="TEXT",
                    help="run only measures whose name contains TEXT (repeatable)")
    ap.add_argument("--json", metavar="FILE", help="also write all results to FILE")
    return ap.parse_args(argv)


def main(argv: list[str] | None = None) -> int:
    args = parse(argv)
    t_start = time.perf_counter()
    load0 = " / ".join(f"{x:.2f}" for x in os.getloadavg())
    repo = Path(git(HERE.parent, "rev-parse", "--show-toplevel"))
    base_commit = resolve(repo, args.baseline)
    cur_commit = resolve(repo, args.current) if args.current else None
    repeats = args.repeats or (3 if args.quick else 7)
    timeout = 120 if args.quick else 900
    chosen = [m for m in M.MEASURES if not args.only or any(t in m.name for t in args.only)]

    tmp = Path(tempfile.mkdtemp(prefix="boardkit-bench-"))
    trees = Worktrees(repo, tmp)
    try:
        roots = {"baseline": trees.add("baseline", base_commit),
                 "current": trees.add("current", cur_commit) if cur_commit else repo}
        env = worker_env(tmp)
        if cur_commit:
            cur_desc = f"{args.current} ({cur_commit[:10]}, worktree)"
        else:
            dirty = git(repo, "status", "--porcelain", "--", "boardkit")
            cur_desc = (f"working tree {repo} (HEAD {git(repo, 'rev-parse', '--short', 'HEAD')}"
                        + (", with uncommitted changes in boardkit/" if dirty else ", clean") + ")")
        print(f"baseline: {args.baseline} ({base_commit[:10]}) · current: {cur_desc}", file=sys.stderr)

        probes = {s: run_worker(roots[s], {"measure": "probe"}, env, timeout) for s in SIDES}
        for s in SIDES:
            if not probes[s].get("ok"):
                print(f"benchmarks: the {s} tree does not import: {probes[s]['error']}\n"
                      f"  (its rows will show errors; to test the harness, compare two refs: "
                      f"--baseline {args.baseline} --current {args.baseline})", file=sys.stderr)

        results: dict[str, dict[str, list]] = {}
        for m in chosen:
            n = min(repeats, m.max_repeats) if m.max_repeats else repeats
            spec = {"measure": m.name, "params": m.params_for(args.quick)}
            results[m.name] = {s: [] for s in SIDES}
            t0 = time.perf_counter()
            skip = {}
            for side in SIDES:
                probe = probes[side]
                if not probe.get("ok"):
                    skip[side] = {"ok": False, "error": probe["error"]}
                elif m.requires and not probe["info"].get(m.requires):
                    skip[side] = {"ok": True, "na": m.requires_why or f"probe: {m.requires} is not set"}
            for i in range(n):
                order = SIDES if i % 2 == 0 else SIDES[::-1]   # B,C then C,B, ...
                for side in order:
                    out = skip.get(side) or run_worker(roots[side], spec, env, timeout)
                    results[m.name][side].append(out)
            print(f"  {m.name}: {n} pairs, {time.perf_counter() - t0:.1f} s", file=sys.stderr)
    finally:
        trees.remove_all()
        shutil.rmtree(tmp, ignore_errors=True)

    rows = collect(results)
    elapsed = time.perf_counter() - t_start
    print(f"\n## boardkit benchmarks ({'quick' if args.quick else 'full'}, "
          f"{repeats} repeats, median of each side)\n")
    print(f"- baseline: `{args.baseline}` = {base_commit[:10]}")
    print(f"- current: {cur_desc}")
    print(f"- python {sys.version.split()[0]} ({sys.executable}); 3 players; SR target 20")
    print(f"- machine: {os.cpu_count()} CPUs, load average {load0} at start, "
          f"{' / '.join(f'{x:.2f}' for x in os.getloadavg())} at the end "
          "(other work on the machine widens the spread)\n")
    print(table(rows))
    notes = []
    if any("compared_with" in r for r in rows):
        notes.append("† the baseline has no history switch: compared with its default mode.")
    for r in rows:
        for s in SIDES:
            if "note" in r[s]:
                notes.append(f"(!) {r['label']} / {s}: {r[s]['note']}")
    nas = {}
    for r in rows:
        for s in SIDES:
            if "na" in r[s]:
                nas.setdefault((r["measure"], s), r[s]["na"])
    for (mname, s), why in nas.items():
        notes.append(f"n/a: {mname} / {s}: {why}")
    if notes:
        print()
        for n_ in notes:
            print(f"- {n_}")
    print(f"\ntotal time {elapsed:.1f} s")

    if args.json:
        data = {"baseline": {"ref": args.baseline, "commit": base_commit},
                "current": {"ref": args.current, "commit": cur_commit, "description": cur_desc},
                "quick": args.quick, "repeats": repeats, "python": sys.version, "probes": probes,
                "elapsed_s": elapsed, "rows": rows}
        Path(args.json).write_text(json.dumps(data, indent=1, ensure_ascii=False), encoding="utf-8")
        print(f"results written to {args.json}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
