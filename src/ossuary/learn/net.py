"""The network ``ossuary train`` fits (PyTorch), and its export to a policy file.

Two multilayer perceptrons read the seat's observation: the *policy* scores
every action index, the *value* estimates the seat's result. Their first
layer is an ``EmbeddingBag`` weighted by the observation's nonzero entries:
the same product as a dense linear layer, but the few hundred set numbers of
a six-thousand-wide observation cost only their own rows. The export writes
both as ``torch.nn.Linear`` layers (weight ``out × in``; ``policy.*`` and
``value.*``), the layout :mod:`ossuary.agents.learned` reads with numpy.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt
import torch
from torch import nn

#: the first layer's weights start as for a dense layer of this many inputs:
#: about as many as an observation has set (Hecatomb: ~100)
FIRST_FAN_IN = 128


class SparseMLP(nn.Module):
    """Observation (as index, value pairs) -> ``outputs`` numbers."""

    def __init__(self, inputs: int, hidden: Sequence[int], outputs: int, last_gain: float) -> None:
        super().__init__()
        self.first = nn.EmbeddingBag(inputs, hidden[0], mode="sum")
        bound = 1.0 / math.sqrt(FIRST_FAN_IN)
        nn.init.uniform_(self.first.weight, -bound, bound)
        self.first_bias = nn.Parameter(torch.zeros(hidden[0]))
        layers: list[nn.Module] = []
        sizes = [*hidden, outputs]
        for a, b in itertools.pairwise(sizes):
            layers += [nn.ReLU(), nn.Linear(a, b)]
        self.rest = nn.Sequential(*layers)
        last = layers[-1]
        assert isinstance(last, nn.Linear)
        with torch.no_grad():
            last.weight.mul_(last_gain)
            last.bias.zero_()

    def forward(self, batch: Batch) -> torch.Tensor:
        h = self.first(batch.index, batch.offsets, per_sample_weights=batch.value)
        out: torch.Tensor = self.rest(h + self.first_bias)
        return out

    def linear_layers(self) -> list[tuple[npt.NDArray[np.float32], npt.NDArray[np.float32]]]:
        """The layers as (weight out × in, bias) float32 arrays."""

        def arr(t: torch.Tensor) -> npt.NDArray[np.float32]:
            return np.ascontiguousarray(t.detach().to("cpu", torch.float32).numpy())

        out = [(arr(self.first.weight.T), arr(self.first_bias))]
        for m in self.rest:
            if isinstance(m, nn.Linear):
                out.append((arr(m.weight), arr(m.bias)))
        return out


class ActorCritic(nn.Module):
    def __init__(self, inputs: int, actions: int, hidden: Sequence[int]) -> None:
        super().__init__()
        # a small last layer: the first policy is nearly uniform (as PPO's authors do)
        self.policy = SparseMLP(inputs, hidden, actions, last_gain=0.01)
        self.value = SparseMLP(inputs, hidden, 1, last_gain=1.0)


@dataclass
class Batch:
    """Observations in EmbeddingBag form, with the legal-action mask."""

    index: torch.Tensor  # int64: nonzero positions, all samples end to end
    offsets: torch.Tensor  # int64: where each sample's positions start
    value: torch.Tensor  # float32: the values at those positions
    mask: torch.Tensor  # bool, samples × actions: legal next indices


def _gather(ptr: npt.NDArray[np.int64], rows: npt.NDArray[np.int64]) -> tuple[
    npt.NDArray[np.int64], npt.NDArray[np.int64]
]:  # fmt: skip
    """Positions of ``rows``' entries in a CSR array, and each row's start in them."""
    starts = ptr[rows]
    lengths = ptr[rows + 1] - starts
    offsets = np.zeros(len(rows), np.int64)
    np.cumsum(lengths[:-1], out=offsets[1:])
    total = int(lengths.sum())
    pos = np.arange(total, dtype=np.int64) - np.repeat(offsets - starts, lengths)
    return pos, offsets


@dataclass
class Samples:
    """Steps of many games, concatenated (CSR arrays for the sparse parts)."""

    obs_ptr: npt.NDArray[np.int64]
    obs_index: npt.NDArray[np.int64]
    obs_value: npt.NDArray[np.float32]
    legal_ptr: npt.NDArray[np.int64]
    legal: npt.NDArray[np.int64]
    action: npt.NDArray[np.int64]

    def __len__(self) -> int:
        return len(self.action)

    def batch(self, rows: npt.NDArray[np.int64], actions: int, device: torch.device) -> Batch:
        pos, offsets = _gather(self.obs_ptr, rows)
        lpos, _ = _gather(self.legal_ptr, rows)
        lengths = self.legal_ptr[rows + 1] - self.legal_ptr[rows]
        mask = torch.zeros((len(rows), actions), dtype=torch.bool)
        r = torch.from_numpy(np.repeat(np.arange(len(rows)), lengths))
        mask[r, torch.from_numpy(self.legal[lpos])] = True
        return Batch(
            torch.from_numpy(self.obs_index[pos]).to(device),
            torch.from_numpy(offsets).to(device),
            torch.from_numpy(self.obs_value[pos]).to(device),
            mask.to(device),
        )


def masked_log_probs(logits: torch.Tensor, mask: torch.Tensor) -> torch.Tensor:
    """Log-probabilities over the legal indices (-inf elsewhere)."""
    return torch.log_softmax(logits.masked_fill(~mask, float("-inf")), dim=-1)


def entropy(logp: torch.Tensor, mask: torch.Tensor) -> torch.Tensor:
    p = logp.exp()
    return -(p * logp.masked_fill(~mask, 0.0)).sum(-1)
