"""Counted things — money, markers, henchmen, crates — held by named holders.

A :class:`Supply` never creates or loses units by accident: :meth:`Supply.transfer` moves
units between holders and refuses to overdraw; only :meth:`Supply.mint` and
:meth:`Supply.burn` change the total, and they are counted, so :meth:`Supply.check` can prove
conservation at any time.
"""

from __future__ import annotations

import attrs


class InsufficientFunds(Exception):
    """A transfer asked for more than the holder has.

    Rules code checks affordability first; reaching this means a rules bug, so it is not a
    :class:`~tabletop.errors.TabletopError`.
    """


@attrs.define(slots=True)
class Supply:
    """Units of one kind of thing, per holder (holders are strings: "bank", "seat:0", ...)."""

    name: str
    holdings: dict[str, int] = attrs.Factory(dict)
    minted: int = 0
    burned: int = 0

    def clone(self) -> Supply:
        """An independent copy."""
        return Supply(self.name, dict(self.holdings), self.minted, self.burned)

    def __getitem__(self, holder: str) -> int:
        return self.holdings.get(holder, 0)

    def total(self) -> int:
        """All units held by anyone."""
        return sum(self.holdings.values())

    def mint(self, holder: str, n: int) -> None:
        """Bring ``n`` new units into play for ``holder`` (an unlimited bank paying out)."""
        if n < 0:
            raise ValueError("cannot mint a negative amount")
        self.holdings[holder] = self.holdings.get(holder, 0) + n
        self.minted += n

    def burn(self, holder: str, n: int) -> None:
        """Take ``n`` units out of play from ``holder`` (paid to an unlimited bank)."""
        if n < 0:
            raise ValueError("cannot burn a negative amount")
        if self[holder] < n:
            raise InsufficientFunds(f"{holder} has {self[holder]} {self.name}, not {n}")
        self.holdings[holder] -= n
        self.burned += n

    def transfer(self, source: str, target: str, n: int) -> None:
        """Move exactly ``n`` units; refuses (changing nothing) if ``source`` has fewer."""
        if n < 0:
            raise ValueError("cannot transfer a negative amount")
        have = self.holdings.get(source, 0)
        if have < n:
            raise InsufficientFunds(f"{source} has {have} {self.name}, not {n}")
        self.holdings[source] = have - n
        self.holdings[target] = self.holdings.get(target, 0) + n

    def pay_what_you_can(self, source: str, target: str, n: int) -> int:
        """Move as much of ``n`` as ``source`` has (never into debt); return what was paid."""
        paid = min(max(n, 0), self[source])
        self.transfer(source, target, paid)
        return paid

    def pay_what_you_can_to_bank(self, source: str, n: int) -> int:
        """Burn as much of ``n`` as ``source`` has; return what was paid."""
        paid = min(max(n, 0), self[source])
        self.burn(source, paid)
        return paid

    def check(self, initial_total: int = 0) -> list[str]:
        """Conservation problems (empty when the books balance)."""
        problems = []
        if any(v < 0 for v in self.holdings.values()):
            problems.append(f"{self.name}: a holder is negative: {self.holdings}")
        expected = initial_total + self.minted - self.burned
        if self.total() != expected:
            problems.append(f"{self.name}: total {self.total()} but expected {expected}")
        return problems
