"""The seeded, serializable random number generator every state owns.

Games never touch the global :mod:`random` module or the clock: all chance comes from an
:class:`Rng` stored in the state. Its whole state is one 64-bit integer, so cloning it is a copy
of an int and a snapshot stores it as a plain JSON number.

The generator is SplitMix64 (Steele, Lea & Flood 2014): tiny, fast in pure Python and good
enough for shuffling cards and rolling dice. Bounded draws use rejection sampling, so they are
unbiased.
"""

from __future__ import annotations

import struct
from bisect import bisect_left
from collections.abc import MutableSequence, Sequence
from typing import TypeVar

import attrs

T = TypeVar("T")

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15


def _as_u64(value: int | str) -> int:
    return int(value) & _MASK


def _mix(z: int) -> int:
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31)


@attrs.define(slots=True, on_setattr=attrs.setters.NO_OP)  # no converter on each draw: hot
class Rng:
    """A deterministic random source; ``Rng(seed)`` always gives the same sequence."""

    state: int = attrs.field(converter=_as_u64)

    @classmethod
    def from_seed(cls, seed: int, *labels: str) -> Rng:
        """A generator for ``seed``; labels derive independent streams from one seed."""
        return _raw(_absorb(_mix((int(seed) & _MASK) ^ _GOLDEN), labels))

    def labelled(self, *labels: str) -> Rng:
        """The generator ``from_seed`` would give with ``labels`` added after the ones this
        one was made with (this one is not advanced): ``Rng.from_seed(s, "a").labelled("b")``
        is ``Rng.from_seed(s, "a", "b")``, and costs only the mixing of ``"b"``."""
        return _raw(_absorb(self.state, labels))

    def next_u64(self) -> int:
        """The next raw 64-bit value."""
        z = self.state = (self.state + _GOLDEN) & _MASK
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in ``[0, n)``.

        Rejection sampling without bias: a draw is kept unless it falls in the last, partial
        block of ``n`` values below 2**64 (the test ``x - r + n - 1 <= 2**64 - 1``).
        """
        if n <= 0:
            raise ValueError(f"below() needs a positive bound, got {n}")
        while True:
            # next_u64, inlined: this is the hottest function of every simulation
            z = self.state = (self.state + _GOLDEN) & _MASK
            z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
            x = z ^ (z >> 31)
            r = x % n
            if x - r + n - 1 <= _MASK:
                return r

    def randint(self, low: int, high: int) -> int:
        """A uniform integer in ``[low, high]``, both ends included."""
        return low + self.below(high - low + 1)

    def random(self) -> float:
        """A uniform float in ``[0, 1)``."""
        return (self.next_u64() >> 11) / float(1 << 53)

    def choice(self, items: Sequence[T]) -> T:
        """One item of a non-empty sequence."""
        if not items:
            raise IndexError("choice() from an empty sequence")
        return items[self.below(len(items))]

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Shuffle a list in place (Fisher-Yates), drawing as ``below(i + 1)`` would."""
        state = self.state
        for i in range(len(items) - 1, 0, -1):
            n = i + 1
            while True:
                # below(n), inlined: determinizations shuffle whole decks on every decision
                z = state = (state + _GOLDEN) & _MASK
                z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
                z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
                x = z ^ (z >> 31)
                j = x % n
                if x - j + n - 1 <= _MASK:
                    break
            items[i], items[j] = items[j], items[i]
        self.state = state

    def skip_shuffle(self, n: int) -> None:
        """Advance exactly as ``shuffle`` of ``n`` items would, without shuffling anything:
        for a caller that needs the generator where the shuffle leaves it but not the order
        (a deck nobody reads). Each of the ``n - 1`` draws takes one step unless it is
        rejected (see :meth:`below`); whether any would be is told without drawing by
        :func:`_may_reject`, and then the shuffle is done for real on a list of numbers."""
        steps = n - 1
        if steps < 1:
            return
        if n > _SAFE_BOUND or _may_reject(self.state, steps):
            self.shuffle(list(range(n)))
            return
        self.state = (self.state + steps * _GOLDEN) & _MASK

    def sample(self, items: Sequence[T], k: int) -> list[T]:
        """``k`` distinct items of ``items`` in random order."""
        pool = list(items)
        if not 0 <= k <= len(pool):
            raise ValueError(f"cannot sample {k} of {len(pool)} items")
        for i in range(k):
            j = i + self.below(len(pool) - i)
            pool[i], pool[j] = pool[j], pool[i]
        return pool[:k]

    def fork(self, *labels: str) -> Rng:
        """An independent generator derived from this one (advances this one by one step)."""
        return Rng.from_seed(self.next_u64(), *labels)

    def derive(self, n: int) -> Rng:
        """The ``n``-th generator of a family keyed by this one (this one is not advanced):
        cheap, and the same ``n`` always gives the same generator."""
        z = self.state ^ ((n * _GOLDEN) & _MASK)  # _mix, inlined: one call per decision
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        rng = _new(Rng)
        rng.state = z ^ (z >> 31)
        return rng

    def derive_below(self, n: int, bound: int) -> int:
        """``self.derive(n).below(bound)``, the same value, without building the generator:
        a random agent's one draw of a decision (:class:`~tabletop.match.Match`)."""
        return derive_below(self.state, n, bound)

    def clone(self) -> Rng:
        """An independent copy at the same point of the sequence."""
        return _raw(self.state)


def derive_below(state: int, n: int, bound: int) -> int:
    """``Rng(state).derive_below(n, bound)``, from the state alone (no generator at all)."""
    if bound <= 0:
        raise ValueError(f"below() needs a positive bound, got {bound}")
    z = state ^ ((n * _GOLDEN) & _MASK)  # derive(n), inlined
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    state = z ^ (z >> 31)
    while True:  # below(bound), inlined
        z = state = (state + _GOLDEN) & _MASK
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        x = z ^ (z >> 31)
        r = x % bound
        if x - r + bound - 1 <= _MASK:
            return r


def seat_states_of(seeds: Sequence[int], label: str, seats: int) -> list[tuple[int, ...]]:
    """For each seed, the states of ``Rng.from_seed(seed, label, str(s))`` for the seats
    ``s`` below ``seats``: the same numbers, mixed for all the seeds at once (a batch of
    simulated games, whose agents' generators every game starts from).

    Each seed's 64-bit state is one 128-bit lane of a single Python integer, and each step
    of the mix (shift, xor, multiply, mask) is one operation on that integer for every lane:
    a lane's product needs at most 128 bits, so it never spills into the next lane, and the
    mask after each step keeps each lane's low 64 bits."""
    count = len(seeds)
    if count == 0 or seats == 0:
        return [()] * count
    ones = int.from_bytes((b"\x01" + bytes(15)) * count, "little")  # 1 in every lane
    low = ones * _MASK
    lanes = [0] * (2 * count)
    lanes[::2] = [(int(seed) & _MASK) ^ _GOLDEN for seed in seeds]
    family = _mix_lanes(int.from_bytes(struct.pack(f"<{2 * count}Q", *lanes), "little"), low)
    for ch in label.encode():
        family = _mix_lanes(family ^ (ch * ones), low)
    states = []
    for seat in range(seats):
        state = family
        for ch in str(seat).encode():
            state = _mix_lanes(state ^ (ch * ones), low)
        states.append(struct.unpack(f"<{2 * count}Q", state.to_bytes(16 * count, "little"))[::2])
    return list(zip(*states, strict=True))


_new = object.__new__


def _raw(state: int) -> Rng:
    """An :class:`Rng` at ``state``, already a 64-bit value (no converter: hot)."""
    rng = _new(Rng)
    rng.state = state
    return rng


def _mix_lanes(z: int, low: int) -> int:
    """:func:`_mix` of every 128-bit lane of ``z`` (each below 2**64; see
    :func:`seat_states_of`); ``low`` has the low 64 bits of each lane set."""
    z = ((z ^ (z >> 30)) & low) * 0xBF58476D1CE4E5B9 & low
    z = ((z ^ (z >> 27)) & low) * 0x94D049BB133111EB & low
    return (z ^ (z >> 31)) & low


def _unmix(x: int) -> int:
    """The state ``z`` with ``_mix(z) == x`` (each step of the mix can be undone: an odd
    multiplier has an inverse modulo 2**64, and ``y ^ (y >> k)`` is undone by repeating it)."""
    x = _unshift(x, 31)
    x = _unshift((x * pow(0x94D049BB133111EB, -1, 1 << 64)) & _MASK, 27)
    return _unshift((x * pow(0xBF58476D1CE4E5B9, -1, 1 << 64)) & _MASK, 30)


def _unshift(y: int, k: int) -> int:
    """The ``x`` with ``x ^ (x >> k) == y``."""
    x = y
    for _ in range(64 // k):
        x = y ^ (x >> k)
    return x


#: the largest bound for which :meth:`Rng.skip_shuffle` tells rejections by table
_SAFE_BOUND = 512
#: A draw ``x`` is rejected by ``below(n)`` only if ``x - x % n + n - 1 > 2**64 - 1``, so
#: only if ``x > 2**64 - n``: for bounds up to ``_SAFE_BOUND`` only the top ``_SAFE_BOUND - 1``
#: outputs can be. The step ``k`` after a state ``s`` is ``s + k * _GOLDEN``, so the states that
#: mix to one of them are here as ``state * inverse(_GOLDEN)`` (sorted): step ``k`` after ``s``
#: reaches one exactly when that number minus ``s * inverse(_GOLDEN)`` is ``k``.
_GOLDEN_INVERSE = pow(_GOLDEN, -1, 1 << 64)
_RISKY = sorted((_unmix(x) * _GOLDEN_INVERSE) & _MASK
                for x in range(_MASK - _SAFE_BOUND + 2, _MASK + 1))


def _may_reject(state: int, steps: int) -> bool:
    """Whether one of the next ``steps`` draws after ``state`` could be rejected by a bound up
    to ``_SAFE_BOUND`` (about ``steps * 2**-55`` of the time)."""
    low = (state * _GOLDEN_INVERSE + 1) & _MASK
    high = (low + steps - 1) & _MASK
    i = bisect_left(_RISKY, low)
    if low <= high:
        return i < len(_RISKY) and _RISKY[i] <= high
    return i < len(_RISKY) or _RISKY[0] <= high  # the window wraps around 2**64


def _absorb(state: int, labels: tuple[str, ...]) -> int:
    """``state`` with each byte of ``labels`` mixed in, one after the other."""
    for label in labels:
        for ch in label.encode():
            z = state ^ ch  # _mix, inlined
            z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
            state = z ^ (z >> 31)
    return state
