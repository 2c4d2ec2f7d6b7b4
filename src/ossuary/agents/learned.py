"""A trained policy network as an agent: ``learned`` and ``learned:PATH``.

The network reads what every agent reads, the seat's view, through the game's
RL encoder (the same numbers :mod:`ossuary.rl` gives researchers), and scores
the fixed action range; the agent takes the best legal action, step by step
along a multi-step option's path. Inference is plain numpy, so a player's
install plays against the policy the project ships without PyTorch
(``ossuary train``, in the ``learn`` extra, makes new ones).

**The policy file** is a safetensors file (a length, a JSON header, raw
little-endian arrays): readable by the ``safetensors`` library and by
:func:`read_tensors` here, which parses only that JSON and numbers, so a
hostile file can never run code, and a malformed one is refused with a
:class:`PolicyError` in bounded time and memory. Its metadata names the game,
the seat count, the encoder's version and the training settings; a file made
for another game, table size or encoder version is refused, with the reason.
The tensors are a multilayer perceptron in PyTorch's naming
(``policy.0.weight``, ``policy.0.bias``, ``policy.2.weight`` ...: linear
layers with ReLU between them), so ``torch.nn.Sequential.load_state_dict``
takes them as they are. A file may also carry a *value head*, a second such
perceptron (``value.0.weight`` ...) reading the same observation and giving
one number, the seat's expected result from -1 (a loss) to 1 (a win): the
guided search (``guided``, :mod:`ossuary.agents.guided`) scores its leaves
with it. It is optional: files without one load as before, and the
``learned`` agent never reads it.
"""

from __future__ import annotations

import hashlib
import importlib.resources
import json
import os
import re
import stat
import struct
import tomllib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeAlias

import numpy as np
import numpy.typing as npt

from .. import games
from ..engine.core import GameState
from ..engine.errors import OssuaryError
from ..engine.game import Encoder
from ..engine.untrusted import load_json, shown
from .base import Observation, forced

FORMAT = "ossuary-policy"
FORMAT_VERSION = "1"
#: a policy bigger than this is not one of ours (the shipped one is a few MB)
MAX_FILE_BYTES = 256 * 2**20
MAX_HEADER_BYTES = 2**20
_DTYPES: dict[str, npt.DTypeLike] = {"F32": "<f4", "F16": "<f2"}
_DTYPE_NAMES = {np.dtype("<f4"): "F32", np.dtype("<f2"): "F16"}

F32: TypeAlias = npt.NDArray[np.float32]  # an alias also where numpy is absent (mypyc's build)


class PolicyError(OssuaryError, ValueError):
    """A policy file that can't be used: unreadable, malformed, or made for
    another game, seat count or encoder version (the message says which)."""


# -- the file format -----------------------------------------------------------------------
def write_tensors(
    path: Path, tensors: Mapping[str, npt.NDArray[Any]], metadata: Mapping[str, str]
) -> None:
    """Write ``tensors`` (float32 or float16 arrays) and string ``metadata`` as
    a safetensors file, atomically (a temporary file renamed into place)."""
    header: dict[str, Any] = {"__metadata__": dict(metadata)}
    blobs: list[bytes] = []
    offset = 0
    for name, array in tensors.items():
        a = np.ascontiguousarray(array)
        dtype = _DTYPE_NAMES.get(a.dtype.newbyteorder("<"))
        if dtype is None:
            raise PolicyError(
                f"tensor {name!r}: only float32 and float16 are stored, not {a.dtype}"
            )
        blob = a.astype(a.dtype.newbyteorder("<"), copy=False).tobytes()
        header[name] = {
            "dtype": dtype,
            "shape": list(a.shape),
            "data_offsets": [offset, offset + len(blob)],
        }
        blobs.append(blob)
        offset += len(blob)
    text = json.dumps(header, separators=(",", ":")).encode()
    text += b" " * (-len(text) % 8)  # the format pads the header to 8 bytes
    tmp = path.with_name(path.name + ".tmp")
    with open(tmp, "wb") as f:
        f.write(struct.pack("<Q", len(text)))
        f.write(text)
        for blob in blobs:
            f.write(blob)
    os.replace(tmp, path)


def read_policy_bytes(path: Path) -> bytes:
    """The bytes of the policy file ``path``: a regular file of at most
    :data:`MAX_FILE_BYTES`, else a :class:`PolicyError`.

    The file is opened without blocking and checked on the open descriptor, so
    a FIFO (whose open would wait for a writer), a device such as /dev/zero
    (endless) or a folder is refused at once, and a file that grows while it is
    read is never read past the bound."""
    where = str(path)
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0))
    except OSError as exc:
        raise PolicyError(f"cannot read the policy {where}: {exc.strerror or exc}") from None
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            raise PolicyError(f"cannot read the policy {where}: not a regular file")
        if st.st_size > MAX_FILE_BYTES:
            raise PolicyError(
                f"{where}: {st.st_size:,} bytes is too big for a policy "
                f"(at most {MAX_FILE_BYTES:,})"
            )
        with os.fdopen(os.dup(fd), "rb") as f:
            data = f.read(MAX_FILE_BYTES + 1)
    except OSError as exc:
        raise PolicyError(f"cannot read the policy {where}: {exc.strerror or exc}") from None
    finally:
        os.close(fd)
    if len(data) > MAX_FILE_BYTES:
        raise PolicyError(f"{where}: too big for a policy (at most {MAX_FILE_BYTES:,} bytes)")
    return data


def read_tensors(path: Path) -> tuple[dict[str, F32], dict[str, str]]:
    """The tensors (as float32) and metadata of a safetensors file; a
    :class:`PolicyError` saying what is wrong for anything else."""
    return parse_tensors(read_policy_bytes(path), str(path))


def parse_tensors(data: bytes, where: str) -> tuple[dict[str, F32], dict[str, str]]:
    """:func:`read_tensors` of a file's bytes (``where`` names it in errors)."""
    bad = f"{where} is not a policy file"
    if len(data) < 8:
        raise PolicyError(f"{bad} (too short)")
    (n,) = struct.unpack("<Q", data[:8])
    if n > MAX_HEADER_BYTES or 8 + n > len(data):
        raise PolicyError(f"{bad} (its header length {n:,} does not fit the file)")
    try:
        text = data[8 : 8 + n].decode("utf-8")
    except UnicodeDecodeError:
        raise PolicyError(f"{bad} (its header is not JSON)") from None
    # the project's bounded reader: size, nesting depth, digits, no duplicate keys
    header = load_json(text, PolicyError, f"{bad}: its header", limit=MAX_HEADER_BYTES,
                       max_depth=4)  # fmt: skip
    if not isinstance(header, dict):
        raise PolicyError(f"{bad} (its header is not a JSON object)")
    meta = header.pop("__metadata__", {})
    if not isinstance(meta, dict) or not all(
        isinstance(k, str) and isinstance(v, str) for k, v in meta.items()
    ):
        raise PolicyError(f"{bad} (its metadata must map strings to strings)")
    body = memoryview(data)[8 + n :]
    tensors: dict[str, F32] = {}
    for name, info in header.items():
        if not isinstance(info, dict):
            raise PolicyError(f"{bad} (entry {shown(name)} is not an object)")
        kind = info.get("dtype")
        dtype = _DTYPES.get(kind) if isinstance(kind, str) else None
        shape = info.get("shape")
        offsets = info.get("data_offsets")
        if dtype is None:
            raise PolicyError(f"{where}: tensor {shown(name)} has dtype {shown(kind)}; "
                              "a policy holds F32 or F16")  # fmt: skip
        if not (
            isinstance(shape, list)
            and len(shape) <= 4
            and all(isinstance(d, int) and not isinstance(d, bool) and d >= 0 for d in shape)
            and isinstance(offsets, list)
            and len(offsets) == 2
            and all(isinstance(o, int) and not isinstance(o, bool) for o in offsets)
        ):
            raise PolicyError(f"{bad} (tensor {shown(name)}: bad shape or offsets)")
        start, stop = offsets
        count = 1
        for d in shape:
            count *= d
        if not 0 <= start <= stop <= len(body) or stop - start != count * np.dtype(dtype).itemsize:
            raise PolicyError(f"{bad} (tensor {shown(name)} does not match its bytes)")
        array = np.frombuffer(body[start:stop], dtype=dtype).reshape(shape)
        tensors[name] = array.astype(np.float32)
        if not np.isfinite(tensors[name]).all():
            raise PolicyError(f"{where}: tensor {shown(name)} holds NaN or infinite numbers")
    return tensors, meta


# -- a policy ------------------------------------------------------------------------------
@dataclass
class Policy:
    """A loaded policy: what it was made for, and its layers.

    ``layers``: ``(weight, bias)`` per linear layer, weight ``out × in`` as in
    PyTorch, ReLU between layers; the last layer's outputs are the action scores.
    ``value_layers``: the value head in the same form (empty when the file has
    none); its one output is the seat's expected result, -1 to 1.
    """

    source: str
    game: str
    seats: int
    encoder_version: str
    layers: list[tuple[F32, F32]]
    metadata: dict[str, str] = field(default_factory=dict)
    #: the SHA-256 of the file's bytes (hex): what a run pins (:func:`load_policy`)
    sha256: str = ""
    value_layers: list[tuple[F32, F32]] = field(default_factory=list)
    _first_t: F32 | None = field(default=None, repr=False)
    _value_first_t: F32 | None = field(default=None, repr=False)

    @property
    def observation_size(self) -> int:
        return int(self.layers[0][0].shape[1])

    @property
    def num_actions(self) -> int:
        return int(self.layers[-1][0].shape[0])

    @property
    def training(self) -> dict[str, Any]:
        """The training settings recorded in the file (empty when none)."""
        try:
            found = json.loads(self.metadata.get("training", "{}"))
        except ValueError:
            return {}
        return found if isinstance(found, dict) else {}

    def describe(self) -> str:
        title = _title(self.game)
        return (
            f"a policy for {title} with {self.seats} seats (encoder version {self.encoder_version})"
        )

    def check(self, game: str, seats: int, encoder: Encoder, served: bool = False) -> None:
        """Refuse (:class:`PolicyError`) unless this policy was made for ``game``
        at ``seats`` seats with ``encoder``'s version and sizes; ``served``: the
        game ships it for this larger table too (``policy`` in the table's
        ``learned-<seats>.toml``), read through ``encoder``, its own seats'."""
        here = f"{self.source} is {self.describe()}"
        if self.game != game:
            raise PolicyError(f"{here}, not for {_title(game)}")
        narrower = served and self.seats < seats and encoder.reads_larger_tables
        if self.seats != seats and not narrower:
            raise PolicyError(f"{here}; this game has {seats} seats")
        if self.encoder_version != encoder.version:
            raise PolicyError(
                f"{here}; this Ossuary encodes {_title(game)} with encoder version "
                f"{encoder.version}: train the policy again"
            )
        if (self.observation_size, self.num_actions) != (
            encoder.observation_size,
            encoder.num_actions,
        ):
            raise PolicyError(
                f"{here}, but its network reads {self.observation_size} numbers and scores "
                f"{self.num_actions} actions; the encoder gives {encoder.observation_size} "
                f"and {encoder.num_actions}"
            )

    @property
    def has_value(self) -> bool:
        """Whether the file carries a value head."""
        return bool(self.value_layers)

    def scores(self, x: F32) -> F32:
        """The action scores (logits) for one observation vector."""
        if self._first_t is None:
            self._first_t = np.ascontiguousarray(self.layers[0][0].T)
        return _forward(self.layers, self._first_t, x)

    def scores_of(self, x: F32, rows: list[int]) -> F32:
        """The scores of the actions ``rows`` alone for one observation vector
        (the guided search reads a handful of a policy's ~1,100: the last layer
        is worked out for those rows only). The same numbers as
        ``scores(x)[rows]`` but for rounding (the sums are taken apart)."""
        if self._first_t is None:
            self._first_t = np.ascontiguousarray(self.layers[0][0].T)
        if len(self.layers) == 1:
            return _forward(self.layers, self._first_t, x)[rows]
        h = _hidden(self.layers, self._first_t, x)
        w, b = self.layers[-1]
        return (w[rows] @ h + b[rows]).astype(np.float32, copy=False)

    def value(self, x: F32) -> float:
        """The value head's estimate of the seat's result for one observation
        vector, from -1 (a loss) to 1 (a win); a :class:`PolicyError` when the
        file has no value head."""
        if not self.value_layers:
            raise PolicyError(f"{self.source} carries no value head")
        if self._value_first_t is None:
            self._value_first_t = np.ascontiguousarray(self.value_layers[0][0].T)
        v = float(_forward(self.value_layers, self._value_first_t, x)[0])
        return min(1.0, max(-1.0, v))


def _forward(layers: list[tuple[F32, F32]], first_t: F32, x: F32) -> F32:
    """The perceptron's outputs for ``x`` (``first_t``: the first weight, transposed)."""
    if len(layers) == 1:
        return _first(layers, first_t, x).astype(np.float32, copy=False)
    w, b = layers[-1]
    return (w @ _hidden(layers, first_t, x) + b).astype(np.float32, copy=False)


def _first(layers: list[tuple[F32, F32]], first_t: F32, x: F32) -> F32:
    """The first layer's outputs for ``x``, before any ReLU."""
    # observations are sparse (about a hundred of 6,000 numbers are set in
    # Hecatomb), so the first layer adds up only the rows they select; found
    # through a boolean array (np.flatnonzero of the floats takes 7x as long)
    idx = (x != 0).nonzero()[0]
    out: F32 = x[idx] @ first_t[idx] + layers[0][1]
    return out


def _hidden(layers: list[tuple[F32, F32]], first_t: F32, x: F32) -> F32:
    """The last hidden layer's activations for ``x`` (after its ReLU), for a
    network of two layers or more."""
    h = _first(layers, first_t, x)
    for w, b in layers[1:-1]:
        np.maximum(h, 0.0, out=h)
        h = w @ h + b
    np.maximum(h, 0.0, out=h)
    return h


def _title(game: str) -> str:
    try:
        return games.get(game).title
    except OssuaryError:
        return game


def _table(game: str, seats: int) -> str:
    """``Hecatomb with 3 seats``, or ``Diabolicards 1v1`` where the game names
    that many seats a mode."""
    mode = games.get(game).mode_of(seats)
    return f"{_title(game)} {mode}" if mode else f"{_title(game)} with {seats} seats"


def policy_from_tensors(
    tensors: Mapping[str, F32], metadata: Mapping[str, str], source: str
) -> Policy:
    """Check the metadata and the chain of layers; build the :class:`Policy`."""
    bad = f"{source} is not an Ossuary policy"
    if metadata.get("format") != FORMAT:
        raise PolicyError(f"{bad} (its metadata does not say format={FORMAT!r})")
    if metadata.get("format_version") != FORMAT_VERSION:
        raise PolicyError(
            f"{source} is a policy of format version {metadata.get('format_version')!r}; "
            f"this Ossuary reads version {FORMAT_VERSION}"
        )
    game = metadata.get("game", "")
    seats_text = metadata.get("seats", "")
    version = metadata.get("encoder_version", "")
    if not game or not seats_text.isdigit() or not version:
        raise PolicyError(f"{bad} (its metadata must name the game, seats and encoder_version)")
    layers = _chain(tensors, "policy", bad)
    if not layers:
        raise PolicyError(f"{bad} (no policy.0.weight)")
    value = _chain(tensors, "value", bad)
    if value and value[0][0].shape[1] != layers[0][0].shape[1]:
        raise PolicyError(
            f"{bad} (its value head reads {value[0][0].shape[1]} numbers, "
            f"its policy {layers[0][0].shape[1]})"
        )
    if value and value[-1][0].shape[0] != 1:
        raise PolicyError(f"{bad} (its value head must give one number)")
    policy = Policy(source, game, int(seats_text), version, layers, dict(metadata))
    policy.value_layers = value
    return policy


def _chain(tensors: Mapping[str, F32], name: str, bad: str) -> list[tuple[F32, F32]]:
    """The linear layers ``name.0``, ``name.2`` ... (ReLU between), checked to chain."""
    layers: list[tuple[F32, F32]] = []
    k = 0
    what = "layer" if name == "policy" else f"{name} layer"
    while f"{name}.{2 * k}.weight" in tensors:
        w = tensors[f"{name}.{2 * k}.weight"]
        b = tensors.get(f"{name}.{2 * k}.bias")
        if w.ndim != 2 or b is None or b.shape != (w.shape[0],):
            raise PolicyError(f"{bad} ({what} {k}: a weight matrix and a bias that fit it)")
        if layers and w.shape[1] != layers[-1][0].shape[0]:
            raise PolicyError(f"{bad} ({what} {k} does not take the previous layer's outputs)")
        layers.append((w, b))
        k += 1
    return layers


@dataclass(frozen=True)
class _Key:
    path: str
    size: int
    mtime: int


_LOADED: dict[_Key, Policy] = {}

#: a pinned policy parameter: ``sha256=HASH`` (the shipped policy) or ``sha256=HASH:PATH``
_PINNED = re.compile(r"sha256=(?P<hash>[0-9a-f]{64})(?::(?P<path>.*))?", re.DOTALL)


def load_policy(path: str | Path, sha256: str | None = None) -> Policy:
    """Read and check a policy file (kept in memory while it is unchanged).

    ``sha256``: the content the caller pinned (:func:`pinned_param`); a file
    whose bytes hash otherwise, because it was replaced or rewritten since, is
    refused with a :class:`PolicyError`, so one run never mixes two policies."""
    p = Path(path).expanduser()
    try:
        st = p.stat()
    except OSError as exc:
        raise PolicyError(f"cannot read the policy {p!s}: {exc.strerror or exc}") from None
    key = _Key(str(p.resolve()), st.st_size, st.st_mtime_ns)
    found = _LOADED.get(key)
    if found is None:
        data = read_policy_bytes(p)
        tensors, meta = parse_tensors(data, str(p))
        found = policy_from_tensors(tensors, meta, str(p))
        found.sha256 = hashlib.sha256(data).hexdigest()
        if len(_LOADED) > 16:
            _LOADED.clear()
        _LOADED[key] = found
    if sha256 is not None and found.sha256 != sha256:
        raise PolicyError(
            f"the policy {p!s} has changed since this run began (its content was sha256 "
            f"{sha256[:12]}…, it is now {found.sha256[:12]}…): a run plays one policy "
            "throughout; put the file back or start a new run"
        )
    return found


def pinned_param(policy: Policy, path: Path | None) -> str:
    """The ``learned:`` parameter that names ``policy`` by its content: with
    ``path`` (made absolute) ``sha256=HASH:PATH``, without it ``sha256=HASH``
    (the policy that ships for the table)."""
    if path is None:
        return f"sha256={policy.sha256}"
    return f"sha256={policy.sha256}:{Path(path).expanduser().resolve()}"


def parse_param(param: str) -> tuple[str | None, str | None]:
    """(path or None for the shipped policy, pinned hash or None) of a
    ``learned:`` parameter: ``PATH``, ``sha256=HASH:PATH`` or ``sha256=HASH``."""
    m = _PINNED.fullmatch(param)
    if m is None:
        return param, None
    return (m.group("path") or None), m.group("hash")


def shipped_policy_path(game: str, seats: int) -> Path | None:
    """The policy the project ships for ``game`` at ``seats`` seats, if any:
    ``ai/learned-<seats>.safetensors`` in the game's package."""
    if game not in games.names():
        return None
    ai = importlib.resources.files(games.get(game).package).joinpath("ai")
    found = ai.joinpath(f"learned-{seats}.safetensors")
    if found.is_file():
        return Path(str(found))
    # a table served by a policy of fewer seats: ``policy = "learned-5.safetensors"``
    # in its learned-<seats>.toml (docs/rl.md, "One policy, several tables")
    about = ai.joinpath(f"learned-{seats}.toml")
    if not about.is_file():
        return None
    named = tomllib.loads(about.read_text("utf-8")).get("policy")
    m = re.fullmatch(r"learned-([1-9])\.safetensors", named) if isinstance(named, str) else None
    if m is None or int(m.group(1)) >= seats:
        return None
    served = ai.joinpath(m.group(0))
    return Path(str(served)) if served.is_file() else None


def shipped_policies() -> list[tuple[str, int]]:
    """(game, seats) of every policy the project ships."""
    out = []
    for name in games.names():
        for seats in range(1, 9):
            if shipped_policy_path(name, seats) is not None:
                out.append((name, seats))
    return out


_ENCODERS: dict[tuple[str, int], Encoder] = {}


def encoder_for(game: str, seats: int) -> Encoder:
    """The game's RL encoder for ``seats`` seats (built once per process)."""
    key = (game, seats)
    found = _ENCODERS.get(key)
    if found is None:
        found = _ENCODERS[key] = games.get(game).research.encoder(seats)
    return found


# -- the agent -----------------------------------------------------------------------------
class LearnedAgent:
    """Plays a policy network's best legal action (see the module docstring).

    ``path``: a policy file; None: the policy the project ships for the game
    and seat count being played. ``sample``: draw each step from the policy's
    probabilities (with a generator seeded by ``seed``) instead of taking the
    best; training uses it for variety, the front ends play the best.
    """

    observes = "view"  # the encoder reads the view; no samples needed
    reads_labels = False  # ids only (agents.base.legal_for)

    def __init__(
        self,
        path: str | Path | None = None,
        seed: int = 0,
        sample: bool = False,
        sha256: str | None = None,
    ) -> None:
        self.path = None if path is None else Path(path)
        self.name = "learned" if path is None else f"learned:{path}"
        self.sha256 = sha256  # the content pinned for a run (None: whatever the file holds)
        self.policy = None if self.path is None else load_policy(self.path, sha256)
        self.rng = np.random.default_rng(seed) if sample else None

    def pinned_spec(self, game: str, seats: int) -> str:
        """The spec that plays this very policy at ``game`` with ``seats`` seats,
        from any folder, and refuses it once the file holds another
        (``learned:sha256=HASH:ABSOLUTE-PATH``; the shipped one:
        ``learned:sha256=HASH``)."""
        policy, _ = self.policy_for(game, seats)
        return "learned:" + pinned_param(policy, self.path)

    def policy_for(self, game: str, seats: int) -> tuple[Policy, Encoder]:
        """The policy this agent plays at ``game`` with ``seats`` seats, checked
        against the game's encoder (:class:`PolicyError` when it does not fit
        or, for ``learned`` alone, when none ships)."""
        try:
            encoder = encoder_for(game, seats)
        except OssuaryError as exc:  # NotSupported: a game without an encoder
            raise PolicyError(f"a learned agent can't play {_title(game)}: {exc}") from None
        policy = self.policy
        served = False
        if policy is None:
            path = shipped_policy_path(game, seats)
            if path is None:
                ships = ", ".join(_table(g, s) for g, s in shipped_policies())
                raise PolicyError(
                    f"no learned policy ships for {_title(game)} with {seats} seats "
                    f"(one ships for: {ships or 'none'}); train one with 'ossuary train' "
                    "and give it as learned:PATH"
                )
            policy = load_policy(path, self.sha256)
            served = policy.game == game and policy.seats < seats
            if served and encoder.reads_larger_tables:
                # the game ships a policy of fewer seats for this table: it reads
                # it through its own encoder (the nearest seats; docs/rl.md,
                # "One policy, several tables")
                encoder = encoder_for(game, policy.seats)
        policy.check(game, seats, encoder, served)
        return policy, encoder

    def check_table(self, game: str, seats: int) -> None:
        """Raise :class:`PolicyError` unless this agent can play ``game`` at
        ``seats`` seats (the front ends ask before the first game)."""
        self.policy_for(game, seats)

    def act(self, obs: Observation) -> str:
        only = forced(obs)
        if only is not None:
            return only
        view = obs.view
        seats = obs.seats if obs.seats else int(view["seats"])
        policy, encoder = self.policy_for(obs.ruleset, seats)

        def choose(x: F32, steps: list[int]) -> int:
            return steps[self._choose(policy.scores(x)[steps])]

        option = along_paths(
            encoder.action_paths(view),
            lambda prefix, x: encoder.observe(view, prefix, x),
            encoder.observation_size,
            choose,
        )
        # None: nothing the encoding has room for (never seen in play)
        return obs.legal[0].id if option is None else option

    def _choose(self, scores: F32) -> int:
        if self.rng is None:
            return int(np.argmax(scores))
        z = scores.astype(np.float64) - scores.max()
        p = np.exp(z)
        p /= p.sum()
        return int(self.rng.choice(len(p), p=p))


def along_paths(
    options: dict[str, tuple[int, ...] | None],
    observe: Callable[[tuple[int, ...], F32], None],
    size: int,
    choose: Callable[[F32, list[int]], int],
) -> str | None:
    """The option at the end of the path (the encoding's steps, first to last)
    that ``choose`` walks, among ``options`` (the encoder's action paths of the
    deciding seat): at each step with a choice it gets the observation with the
    path so far (``observe(prefix, x)`` into ``x`` of ``size`` zeros, reused:
    copy it to keep it) and the steps that go on, and names one of them. None
    when the encoding has room for no option."""
    paths = {p: o for o, p in options.items() if p is not None}
    if not paths:
        return None
    prefix: tuple[int, ...] = ()
    x = np.zeros(size, np.float32)
    while True:
        k = len(prefix)
        steps = sorted({p[k] for p in paths if p[:k] == prefix})
        if len(steps) == 1:
            step = steps[0]
        else:
            x.fill(0.0)
            observe(prefix, x)
            step = choose(x, steps)
        prefix = (*prefix, step)
        option = paths.get(prefix)
        if option is not None:
            return option


# -- what a policy gives the guided search -------------------------------------------------
class PolicyGuide:
    """A policy's priors and values for the guided search at one table
    (:mod:`ossuary.agents.guided`), read from what a seat sees: the game's
    encoding of the seat's view of a determinized state, as the ``learned``
    agent reads the real one (through the encoder's ``*_state`` methods, which
    read the state in place where the encoder can: the same numbers as
    encoding the view, without building it)."""

    def __init__(self, policy: Policy, encoder: Encoder) -> None:
        self.policy = policy
        self.encoder = encoder
        self._x = np.zeros(encoder.observation_size, np.float32)

    def priors(self, state: GameState, player: int, options: list[str]) -> list[float]:
        """The policy's probability of each of ``options`` for ``player`` in
        ``state``: the product of its softmax over the legal next steps along
        the option's path (an option the encoding has no room for gets an even
        share), normalized to sum to 1."""
        paths = {
            o: p for o, p in self.encoder.action_paths_state(state, player).items() if p is not None
        }
        every = list(paths.values())
        steps: dict[tuple[int, ...], dict[int, float]] = {}
        out: list[float] = []
        even = 1.0 / len(options)
        for option in options:
            path = paths.get(option)
            if path is None:
                out.append(even)
                continue
            p = 1.0
            for k in range(len(path)):
                prefix = path[:k]
                dist = steps.get(prefix)
                if dist is None:
                    dist = steps[prefix] = self._step(state, player, prefix, every)
                p *= dist.get(path[k], 0.0)
            out.append(p)
        total = sum(out)
        return [p / total for p in out] if total > 0 else [even] * len(options)

    def _step(
        self,
        state: GameState,
        player: int,
        prefix: tuple[int, ...],
        every: list[tuple[int, ...]],
    ) -> dict[int, float]:
        """The policy's softmax over the legal next steps after ``prefix``."""
        k = len(prefix)
        nxt = sorted({p[k] for p in every if len(p) > k and p[:k] == prefix})
        if len(nxt) <= 1:
            return dict.fromkeys(nxt, 1.0)
        x = self._x
        x.fill(0.0)
        self.encoder.observe_state(state, player, prefix, x)
        z = self.policy.scores_of(x, nxt).astype(np.float64)
        e = np.exp(z - z.max())
        e /= e.sum()
        return {a: float(q) for a, q in zip(nxt, e, strict=True)}

    def values(self, state: GameState) -> list[float]:
        """Each seat's expected result in ``state`` from 0 (a loss) to 1 (a win),
        by the value head reading that seat's view."""
        x = self._x
        out = []
        for seat in range(state.num_seats()):
            x.fill(0.0)
            self.encoder.observe_state(state, seat, (), x)
            out.append((self.policy.value(x) + 1.0) / 2.0)
        return out


def _guide_policy(
    path: str | None, sha256: str | None, game: str, seats: int
) -> tuple[Policy, Encoder] | None:
    """The policy that guides a search at the table (None: none ships and none was given)."""
    if path is None and shipped_policy_path(game, seats) is None:
        return None
    return LearnedAgent(path, sha256=sha256).policy_for(game, seats)


def table_guide(path: str | None, sha256: str | None, game: str, seats: int) -> tuple[Any, Any]:
    """The guided search's (priors, values) at a table, from the policy file
    ``path`` (None: the one that ships for the table): (None, None) where no
    policy ships (even priors, the game's evaluation); values None where the
    file has no value head. A :class:`PolicyError` for a file that can't be
    used at the table."""
    found = _guide_policy(path, sha256, game, seats)
    if found is None:
        return None, None
    guide = PolicyGuide(*found)
    return guide.priors, (guide.values if found[0].has_value else None)


def pinned_guide(path: str | None, sha256: str | None, game: str, seats: int) -> str | None:
    """The ``policy=`` of a guided spec that pins its policy's content at the
    table (:func:`pinned_param`); None where no policy guides it."""
    found = _guide_policy(path, sha256, game, seats)
    if found is None:
        return None
    return pinned_param(found[0], None if path is None else Path(path))
