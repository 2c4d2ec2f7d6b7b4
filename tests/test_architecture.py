"""The shape of the code, measured (docs/architecture.md, "The shape, measured").

Read from the source with Python's ``ast``, never by importing it:

- no import circle in ``src/ossuary``, counting imports written inside
  functions (``from . import x`` is an edge to the submodule ``x``);
- an import inside a function only where it defers an optional dependency,
  said on its line or the line above: ``# optional: pyarrow`` (the name is one
  of pyproject's optional extras' packages);
- every game package imports only itself and the kernel (``ossuary.engine``);
- in the kernel and the games, no file over 800 lines and no function over
  cyclomatic complexity 25 (radon).

What still breaks a rule is in :data:`KNOWN`, the one list of known exceptions:
the work that fixes one removes it, and an entry that no longer applies fails
the test so that the list only shrinks.
"""

from __future__ import annotations

import ast
import re
import tomllib
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SRC = ROOT / "src"
PACKAGE = SRC / "ossuary"
KERNEL = "ossuary.engine"
MAX_LINES = 800
MAX_COMPLEXITY = 25
OPTIONAL = re.compile(r"#\s*optional:\s*([A-Za-z0-9_.\-\[\]]+)")

#: what still breaks a rule: (rule, where) -> why it is allowed for now and who
#: removes it. Rules: "circle" (the modules of a circle, sorted, space-separated),
#: "local import" (a module path relative to src/ossuary), "lines" (a file),
#: "complexity" (file:function).
#: why a front end still imports inside a function (reviewed module by module
#: later): its own heavier modules wait for the command or request that needs
#: them, which keeps ``ossuary --help`` and the server's start quick
DEFERRED = "a front end's heavier module, deferred to the command that needs it"
UNIX = "termios and tty exist only on Unix: imported where raw mode is used"
WORKER = "imported in the process that plays (start-up of workers, spawn)"
KNOWN: dict[tuple[str, str], str] = {
    # imports inside functions that defer no optional extra: none is left in the
    # kernel and the games; the front ends' are listed by module
    **{
        ("local import", where): DEFERRED
        for where in (
            "agents/arena.py",
            "agents/guided.py",
            "agents/registry.py",
            "cli/balance_cmd.py",
            "cli/deck_cmd.py",
            "cli/main.py",
            "cli/play.py",
            "cli/sim_cmd.py",
            "cli/train_cmd.py",
            "fuzz.py",
            "rl/__init__.py",
            "rl/aec.py",
            "rl/picture.py",
            "rl/simdata.py",
            "rl/single.py",
            "server/ai.py",
            "server/app.py",
            "server/decks.py",
            "server/serve.py",
            "server/storage.py",
            "server/trials.py",
            "sim/store.py",
        )
    },
    ("local import", "cli/screen.py"): UNIX,
    (
        "local import",
        "server/cluster.py",
    ): "fcntl exists only on POSIX: imported where the serving lock is taken",
    ("local import", "sim/plan.py"): WORKER,
    ("local import", "sim/play.py"): WORKER,
    ("local import", "sim/runner.py"): WORKER,
    ("local import", "workers.py"): WORKER,
    # functions over complexity 25: none is left in the kernel and the games
}


@dataclass(frozen=True)
class Import:
    importer: str  # the module that imports
    target: str  # the ossuary module (or package) it imports; else the top-level name
    line: int
    in_function: bool
    optional: str | None  # what the "# optional:" comment names


def module_name(path: Path) -> str:
    parts = list(path.relative_to(SRC).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def source_files() -> list[Path]:
    return sorted(p for p in PACKAGE.rglob("*.py") if "__pycache__" not in p.parts)


MODULES = {module_name(p): p for p in source_files()}


def _resolve(importer: str, is_package: bool, level: int, module: str | None) -> str:
    """The absolute name of a (possibly relative) ``from`` import's module."""
    if level == 0:
        return module or ""
    base = importer.split(".") if is_package else importer.split(".")[:-1]
    base = base[: len(base) - (level - 1)]
    return ".".join(base + ([module] if module else []))


def _in_function(node: ast.AST, parents: dict[ast.AST, ast.AST]) -> bool:
    while node in parents:
        node = parents[node]
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda):
            return True
    return False


def imports_of(path: Path) -> Iterator[Import]:
    """Every import of ``path``, ``from a import b`` as an edge to ``a.b`` when
    that is a module."""
    text = path.read_text("utf-8")
    lines = text.splitlines()
    tree = ast.parse(text)
    parents = {child: node for node in ast.walk(tree) for child in ast.iter_child_nodes(node)}
    name = module_name(path)
    is_package = path.name == "__init__.py"
    for node in ast.walk(tree):
        if not isinstance(node, ast.Import | ast.ImportFrom):
            continue
        near = " ".join(lines[max(0, node.lineno - 2) : node.lineno])
        found = OPTIONAL.search(near)
        optional = found[1] if found else None
        local = _in_function(node, parents)
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        else:
            base = _resolve(name, is_package, node.level, node.module)
            targets = [
                f"{base}.{alias.name}" if f"{base}.{alias.name}" in MODULES else base
                for alias in node.names
            ]
        for target in dict.fromkeys(targets):
            yield Import(name, target, node.lineno, local, optional)


ALL_IMPORTS = [imp for path in source_files() for imp in imports_of(path)]


def _ossuary_target(target: str) -> str | None:
    """The ossuary module an import names (a package's ``__init__`` for a package)."""
    while target and target not in MODULES:
        target = target.rpartition(".")[0]
    return target or None


def import_graph() -> dict[str, set[str]]:
    graph: dict[str, set[str]] = {name: set() for name in MODULES}
    for imp in ALL_IMPORTS:
        target = _ossuary_target(imp.target) if imp.target.startswith("ossuary") else None
        if target is not None and target != imp.importer:
            graph[imp.importer].add(target)
    return graph


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan's
    algorithm, iterative: the graph is a few hundred modules deep at most)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    on_stack: set[str] = set()
    stack: list[str] = []
    found: list[list[str]] = []
    counter = 0
    for root in sorted(graph):
        if root in index:
            continue
        work: list[tuple[str, Iterator[str]]] = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            for child in children:
                if child not in index:
                    index[child] = low[child] = counter
                    counter += 1
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph[child]))))
                    break
                if child in on_stack:
                    low[node] = min(low[node], index[child])
            else:
                work.pop()
                if work:
                    parent = work[-1][0]
                    low[parent] = min(low[parent], low[node])
                if low[node] == index[node]:
                    component = []
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        component.append(member)
                        if member == node:
                            break
                    if len(component) > 1:
                        found.append(sorted(component))
    return sorted(found)


def optional_packages() -> set[str]:
    """The packages named by pyproject's optional extras (normalized names)."""
    data = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))
    names = set()
    for requirements in data["project"]["optional-dependencies"].values():
        for requirement in requirements:
            names.add(_normal(re.split(r"[<>=!~\[; ]", requirement, maxsplit=1)[0]))
    return names - {"ossuary"}


def _normal(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def game_packages() -> list[str]:
    """Every package of ``src/ossuary`` that holds a game (it has a ``state.py``)."""
    return sorted(module_name(p.parent) for p in PACKAGE.glob("*/state.py"))


def measured_files() -> list[Path]:
    """The kernel's files and the games'."""
    roots = [PACKAGE / "engine"] + [SRC / p.replace(".", "/") for p in game_packages()]
    return sorted(p for root in roots for p in root.rglob("*.py"))


def _rel(path: Path) -> str:
    return path.relative_to(PACKAGE).as_posix()


# =============================================================================
# what breaks each rule now
# =============================================================================
def broken_circles() -> set[tuple[str, str]]:
    return {("circle", " ".join(c)) for c in circles(import_graph())}


def broken_local_imports() -> dict[tuple[str, str], list[str]]:
    known = optional_packages()
    found: dict[tuple[str, str], list[str]] = {}
    for imp in ALL_IMPORTS:
        if not imp.in_function:
            continue
        if imp.optional is not None and _normal(imp.optional) in known:
            continue
        where = _rel(MODULES[imp.importer])
        found.setdefault(("local import", where), []).append(f"line {imp.line}: {imp.target}")
    return found


def broken_game_imports() -> list[str]:
    problems = []
    for game in game_packages():
        for imp in ALL_IMPORTS:
            if imp.importer != game and not imp.importer.startswith(game + "."):
                continue
            target = imp.target
            if not target.startswith("ossuary"):
                continue
            ours = target == game or target.startswith(game + ".")
            kernel = target == KERNEL or target.startswith(KERNEL + ".")
            if not ours and not kernel:
                problems.append(f"{imp.importer} line {imp.line} imports {target}")
    return problems


def broken_sizes() -> dict[tuple[str, str], str]:
    found = {}
    for path in measured_files():
        n = len(path.read_text("utf-8").splitlines())
        if n > MAX_LINES:
            found["lines", _rel(path)] = f"{n} lines"
    return found


def broken_complexity() -> dict[tuple[str, str], str]:
    from radon.complexity import cc_visit  # optional: radon (the dev extra)

    found = {}
    for path in measured_files():
        for block in cc_visit(path.read_text("utf-8")):
            if block.complexity > MAX_COMPLEXITY:
                name = f"{block.classname}.{block.name}" if block.classname else block.name
                found["complexity", f"{_rel(path)}:{name}"] = f"complexity {block.complexity}"
    return found


def _unknown(found: set[tuple[str, str]] | dict[tuple[str, str], object], rule: str) -> list[str]:
    return [f"{where}: {found[k] if isinstance(found, dict) else ''}".rstrip(": ")
            for k in sorted(found) if k not in KNOWN for where in [k[1]]]  # fmt: skip


def _stale(found: set[tuple[str, str]] | dict[tuple[str, str], object], rule: str) -> list[str]:
    return [where for (r, where) in KNOWN if r == rule and (r, where) not in found]


# =============================================================================
# the tests
# =============================================================================
def test_the_import_graph_is_read_whole() -> None:
    """The reader resolves what the rules need (so a quiet miss can't pass)."""
    graph = import_graph()
    assert "ossuary.engine.core" in graph["ossuary.engine.game"]
    # ``from . import x`` is an edge to the submodule x
    assert any(imp.target == "ossuary.engine.core" for imp in ALL_IMPORTS)
    assert circles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert circles({"a": {"b"}, "b": set()}) == []


def test_no_import_circle() -> None:
    found = broken_circles()
    unknown, stale = _unknown(found, "circle"), _stale(found, "circle")
    assert not unknown, "import circles:\n" + "\n".join(unknown)
    assert not stale, f"no longer circles, remove from KNOWN: {stale}"


def test_an_import_inside_a_function_defers_an_optional_dependency() -> None:
    found = broken_local_imports()
    unknown = [f"{k[1]} {line}" for k in sorted(found) if k not in KNOWN for line in found[k]]
    assert not unknown, (
        "imports inside functions that defer no optional dependency (say which on the line "
        "or the line above: '# optional: pyarrow'):\n" + "\n".join(unknown)
    )
    stale = _stale(found, "local import")
    assert not stale, f"no import inside a function left there, remove from KNOWN: {stale}"


def test_a_game_imports_only_itself_and_the_kernel() -> None:
    assert game_packages(), "no game package found"
    problems = broken_game_imports()
    assert not problems, "\n".join(problems)


def test_no_file_of_the_kernel_or_a_game_is_too_long() -> None:
    found = broken_sizes()
    unknown, stale = _unknown(found, "lines"), _stale(found, "lines")
    assert not unknown, f"over {MAX_LINES} lines: {unknown}"
    assert not stale, f"short enough now, remove from KNOWN: {stale}"


def test_no_function_of_the_kernel_or_a_game_is_too_complex() -> None:
    pytest.importorskip("radon", reason="radon measures complexity: the dev extra has it")
    found = broken_complexity()
    assert not _unknown(found, "complexity"), (
        f"cyclomatic complexity over {MAX_COMPLEXITY}: {_unknown(found, 'complexity')}"
    )
    stale = _stale(found, "complexity")
    assert not stale, f"simple enough now, remove from KNOWN: {stale}"


if __name__ == "__main__":  # the measurements, printed
    for c in circles(import_graph()):
        print(f"circle of {len(c)}: {' '.join(c)}")
    local = [imp for imp in ALL_IMPORTS if imp.in_function]
    print(f"{len(local)} imports inside functions")
    for key, lines in sorted(broken_local_imports().items()):
        print(f"  {key[1]}: {len(lines)}")
    print("\n".join(broken_game_imports()))
    for key, why in sorted({**broken_sizes(), **broken_complexity()}.items()):
        print(f"{key[0]} {key[1]}: {why}")
