"""Builds Ossuary: the pure-Python package and, where a C compiler is present,
the same modules compiled with mypyc (docs/compiled.md).

``OSSUARY_COMPILE=1`` insists on the compiled build (an error if it can't be
built); ``OSSUARY_COMPILE=0`` builds pure Python only; unset, the build
compiles wherever a C compiler with Python's headers works, and falls back to
pure Python, saying why in one line, only where there is none. Where there is
one and mypyc or the compiler still fails, the build fails: that is a bug in
Ossuary, and a silent pure build would hide it (players would get a build three
to four times slower without a word). Everything else about the package is in
``pyproject.toml``.
"""

from __future__ import annotations

import contextlib
import hashlib
import io
import json
import os
import sys
from pathlib import Path

from setuptools import Command, setup
from setuptools.command.build_ext import build_ext
from setuptools.command.build_py import build_py

HERE = Path(__file__).resolve().parent
SRC = HERE / "src"

# What is compiled: every module on the path of play, search, simulation and RL,
# in one shared library per package (the packages compile in parallel). What
# stays interpreted, in both builds, and why:
# - the package __init__ files: ossuary/__init__.py chooses the build at import;
# - the boundary where untrusted input comes in: starting a game (game.py), the
#   loaders of saved games, scenarios, decks and replays, the bounded readers,
#   the pydantic schemas. They check the type of everything they are given,
#   which a compiled function would refuse with a bare TypeError before the
#   check could word the project's own error; and they run once a game;
# - the learned agent (agents/learned.py): it reads policy files (untrusted
#   input, as above) and its time goes to numpy's matrix products;
# - what other code subclasses: the registry's Game (entry.py) and its facets
#   (engine/facets.py, each game's facets.py), the errors, the
#   agent protocol (a runtime-checkable Protocol, which mypyc can't compile);
#   the test helpers that walk objects by introspection (fuzz.py, invariants.py:
#   a game's legal position, asked by the fuzzer and the loaders; contract.py,
#   whose judgements the fuzzer makes after every action, is compiled: its
#   InvariantError stays a Python class, which mypyc needs to subclass
#   AssertionError)
#   and the checks of what a lesson says (lesson.py: run by a test, once a step);
# - what people read: the terminal boards and screens, the card catalogues, how
#   seats are named (engine/names.py);
# - the Ctrl-C guard around a game's import (engine/interrupts.py): a signal
#   handler, run once a game;
# - cli/, server/, sim/, rl/: front ends, whose time goes to the libraries
#   they drive (typer, FastAPI, Arrow, numpy) and to the compiled games.
PACKAGES = ("engine", "hecatomb", "necromancer", "diabolicards", "agents")
INTERPRETED = {
    # by file name, in every package
    "__init__.py",
    "game.py",
    "entry.py",
    "facets.py",
    "saved.py",
    "scenario.py",
    "schema.py",
    "decks.py",
    "fuzz.py",
    "invariants.py",
    "lesson.py",
    "board.py",
    "screen.py",
    "catalog.py",
    # by path
    "engine/errors.py",
    "engine/interrupts.py",
    "engine/names.py",
    "engine/replay.py",
    "engine/untrusted.py",
    "hecatomb/saved_stack.py",
    "agents/arena.py",
    "agents/base.py",
    "agents/learned.py",
    "agents/remote.py",
    "agents/registry.py",
}
MANIFEST = "_compiled.json"
# a compiler is here but the build failed: say so and stop (never a silent pure build)
LOUD = (
    "ossuary: {what}. This is a bug in Ossuary; please report it. To install the "
    "pure-Python build instead (the same games, three to four times slower): "
    "OSSUARY_COMPILE=0 pip install ."
)
PURE: str | None = None  # why this build is pure Python (None: it compiles)


def compiled_modules() -> dict[str, list[str]]:
    """package -> the source files compiled into its shared library (relative to src)."""
    groups: dict[str, list[str]] = {}
    for package in PACKAGES:
        root = SRC / "ossuary" / package
        files = []
        for path in sorted(root.rglob("*.py")):
            rel = path.relative_to(SRC / "ossuary").as_posix()
            if path.name in INTERPRETED or rel in INTERPRETED:
                continue
            files.append(path.relative_to(SRC).as_posix())
        groups[package] = files
    return groups


def say(line: str) -> None:
    print(f"ossuary: {line}", file=sys.stderr, flush=True)


def choice() -> str | None:
    """'1' (insist), '0' (pure Python) or None (compile where possible)."""
    value = os.environ.get("OSSUARY_COMPILE", "").strip()
    if value in ("", "auto"):
        return None
    if value not in ("0", "1"):
        sys.exit(f"OSSUARY_COMPILE must be 0 (pure Python), 1 (compiled) or unset, not {value!r}")
    return value


def compiler_problem() -> str | None:
    """Why no extension module can be compiled here (None: one can): compile a
    file that includes Python.h, as every compiled module does."""
    import sysconfig
    import tempfile
    from distutils.ccompiler import new_compiler  # setuptools' copy
    from distutils.sysconfig import customize_compiler

    compiler = new_compiler()
    customize_compiler(compiler)
    with tempfile.TemporaryDirectory() as tmp:
        probe = Path(tmp, "probe.c")
        probe.write_text("#include <Python.h>\nint ossuary_probe(void) { return 0; }\n")
        try:
            compiler.compile(
                [str(probe)], output_dir=tmp, include_dirs=[sysconfig.get_paths()["include"]]
            )
        except Exception:  # CompileError, or the compiler missing altogether
            # the compiler's name, not its whole command line: this is the one
            # line `ossuary --version` repeats
            cc = os.path.basename((getattr(compiler, "compiler_so", None) or ["cc"])[0])
            return f"no C compiler with Python's headers here ({cc} failed)"
    return None


def mypyc_extensions() -> list[object]:
    """The compiled modules' extensions, or [] with a line saying why not."""
    global PURE
    want = choice()
    if want == "0":
        PURE = "built with OSSUARY_COMPILE=0"
        say(f"building pure Python ({PURE})")
        return []
    try:
        from mypyc.build import mypycify
    except ImportError:
        problem: str | None = "mypyc is not installed in the build environment"
    else:
        problem = compiler_problem()
    if problem is not None:
        if want == "1":
            sys.exit(f"ossuary: OSSUARY_COMPILE=1 but {problem}")
        PURE = problem
        say(f"building pure Python: {problem}")
        return []
    groups = compiled_modules()
    # Paths relative to this directory (mypyc keys its cache and the generated
    # C on them), which is where pip runs this file.
    os.chdir(HERE)
    # mypy's settings for compiling: the types as written, without the linter's
    # strictness (make lint has it) and without needing the libraries that only
    # give types (numpy, for the RL encoders, is an optional extra)
    config = Path("build", "mypyc.ini")
    config.parent.mkdir(exist_ok=True)
    config.write_text("[mypy]\nignore_missing_imports = True\n")
    said = io.StringIO()  # mypyc's notes, shown only when it fails
    try:
        with contextlib.redirect_stdout(said), contextlib.redirect_stderr(said):
            return list(
                mypycify(
                    # its own cache: mypyc's options would invalidate the linter's
                    [f"--config-file={config}", "--cache-dir=build/mypyc-cache"]
                    + [f"src/{f}" for files in groups.values() for f in files],
                    separate=[
                        ([f"src/{f}" for f in files], f"ossuary.{package}")
                        for package, files in groups.items()
                    ],
                    opt_level=os.environ.get("OSSUARY_OPT", "2"),
                    debug_level="0",
                )
            )
    except (Exception, SystemExit):  # mypyc exits on an error in the code
        print(said.getvalue(), file=sys.stderr)
        sys.exit(LOUD.format(what="mypyc could not compile Ossuary (its errors are above)"))


def fingerprint(path: Path) -> list[object]:
    st = path.stat()
    return [st.st_mtime_ns, st.st_size, hashlib.sha256(path.read_bytes()).hexdigest()]


def in_place(cmd: Command) -> bool:
    """Whether a build command writes next to the sources (``pip install -e .``)."""
    return bool(getattr(cmd, "inplace", False) or getattr(cmd, "editable_mode", False))


def write_manifest(folder: Path, inplace: bool, modules: list[str], pure: str | None) -> None:
    """``ossuary/_compiled.json``: what was compiled from which source (or why
    nothing was), which ossuary/compiled.py reads at import (docs/compiled.md)."""
    manifest: dict[str, object] = {
        "inplace": inplace,
        "modules": {m: fingerprint(SRC / (m.replace(".", "/") + ".py")) for m in modules},
    }
    if pure is not None:
        manifest["pure"] = pure
    (folder / "ossuary" / MANIFEST).write_text(json.dumps(manifest, indent=0) + "\n")


def ext_paths(ext: build_ext, inplace: bool) -> set[Path]:
    """Where build_ext writes its extension modules, in place or in build_lib."""
    saved, ext.inplace = ext.inplace, inplace
    try:
        return {Path(ext.get_ext_fullpath(e.name)).resolve() for e in ext.extensions or []}
    finally:
        ext.inplace = saved


def remove_stale(ext: build_ext, inplace: bool) -> None:
    """Remove from where this build writes (the sources in place, else the
    build folder that becomes the wheel) what an earlier build compiled and
    this one doesn't (a stale extension module would shadow its source or fail
    to load), and the old manifest."""
    folder = SRC if inplace else Path(ext.build_lib)
    keep = ext_paths(ext, inplace)
    for old in (folder / "ossuary").rglob("*.so"):
        if old.resolve() not in keep:
            old.unlink()
    (folder / "ossuary" / MANIFEST).unlink(missing_ok=True)


class BuildPy(build_py):
    """Also removes stale extension modules, and records a pure build (pip
    runs no build_ext when there is nothing to compile)."""

    def run(self) -> None:
        super().run()
        ext = self.get_finalized_command("build_ext")
        assert isinstance(ext, build_ext)
        inplace = in_place(self)
        remove_stale(ext, inplace)
        if PURE is not None:
            write_manifest(SRC if inplace else Path(self.build_lib), inplace, [], PURE)


class BuildExt(build_ext):
    """Compiles every package's shared library in parallel, all or nothing: a
    build that can't compile them all fails and leaves no compiled module
    behind."""

    def finalize_options(self) -> None:
        super().finalize_options()
        if self.parallel is None:
            self.parallel = os.cpu_count() or 1

    def run(self) -> None:
        inplace = in_place(self)
        out = SRC if inplace else Path(self.build_lib)
        remove_stale(self, inplace)  # (also here: setup.py build_ext runs no build_py)
        if not self.extensions:
            if PURE is not None:
                write_manifest(out, inplace, [], PURE)
            return
        saved = self.inplace
        try:
            super().run()
        except Exception as exc:  # the compiler's errors come in several types
            self.inplace = saved  # (setuptools clears it while it builds)
            for path in ext_paths(self, True) | ext_paths(self, False):
                path.unlink(missing_ok=True)  # never half a compiled build
            if choice() == "1":
                raise
            sys.exit(LOUD.format(what=f"the C compiler failed on mypyc's output ({exc})"))
        modules = sorted(e.name for e in self.extensions if not e.name.endswith("__mypyc"))
        write_manifest(out, inplace, modules, None)
        say(f"compiled {len(modules)} modules with mypyc")

    def get_outputs(self) -> list[str]:
        outputs = super().get_outputs()
        if not in_place(self):
            outputs.append(str(Path(self.build_lib) / "ossuary" / MANIFEST))
        return outputs


setup(ext_modules=mypyc_extensions(), cmdclass={"build_py": BuildPy, "build_ext": BuildExt})
