"""Every card and term of Bootleggers in a sentence or two, for the ``i WORDS`` command and
``tabletop rules bootleggers``: the Men of Action cards (Thugs with when they may be
played), the Muscle cards, the Speakeasies, and the words of the table."""

from __future__ import annotations

from .board import INFLUENCE_PER_COLOUR, REMOTE_BOARDS, STILL_SQUARES
from .cards import CARDS, MUSCLE_COST, SPEAKEASIES, TRUCKS, WINDOWS
from .words import dice, money

#: When a Thug card may be played, by play window (``cards.WINDOWS``).
WINDOW_WORDS = {
    "offers": "in your Muscle-phase turn",
    "influence": "in your Send in the Boys turn",
    "production": "just before the stills are fired",
    "loading": "in your loading turn",
    "loaded": "once every truck is loaded",
    "lined_up": "with the trucks at the docks",
}
assert set(WINDOW_WORDS) == set(WINDOWS), "every play window needs its words"


def _muscle_bands() -> str:
    bands: list[tuple[int, int, int]] = []
    for n in range(1, len(MUSCLE_COST)):
        if bands and bands[-1][2] == MUSCLE_COST[n]:
            bands[-1] = (bands[-1][0], n, MUSCLE_COST[n])
        else:
            bands.append((n, n, MUSCLE_COST[n]))
    return ", ".join(f"{a}-{b} cost {money(c)}" for a, b, c in bands)


def _speakeasy(i: int) -> str:
    d = SPEAKEASIES[i]
    if d.unlimited:
        return ("The smallest Speakeasy, run by the Police Chief: always open (unless busted), "
                "it buys every crate at $1G and pays no profit; influence does not count there.")
    mid = (f" ({money(d.price_mid)} + {money(d.margin_mid)} with 3-5 Mobsters)"
           if d.price_mid else "")
    six = " Only in 6-Mobster games." if d.min_players == 6 else ""
    return (f"A Speakeasy with {d.circles} influence circles; it opens once {d.shaded} men "
            f"stand there. Demand: {dice(d.dice)}, +1 on each per improvement (up to "
            f"{d.squares}). Pays {money(d.price)} a crate, profit {money(d.margin)} a crate "
            f"to the Mobster in control{mid}.{six}")


def glossary() -> dict[str, str]:
    """Names as the table shows them, each with what it is and does, in the order a new
    player meets them."""
    out: dict[str, str] = {
        "Muscle card": (
            "Your bid for the round, laid face down and shown by all at once; highest Muscle "
            "acts first and wins ties all round. Showing it costs money: "
            f"{_muscle_bands()}. You hold one card per round."),
        "Muscle order": "Who acts first in every step of the round: highest Muscle first.",
        "Driver Graft": (
            "What your drivers cost each round, paid with your Muscle card: $1G per Small or "
            "Medium Truck, $2G per Large Truck you own. Short of money, you pay what you have."),
        "Men of Action": (
            "The cards dealt face up to the offer spaces each round, one per Mobster; in "
            "Muscle order each Mobster takes one (or the Truck card). Unchosen ones are "
            "discarded."),
        "Truck card": (
            "The card in the Truck offer space: take it and pay its price for a new truck; it "
            "stays on offer until someone takes it."),
    }
    for t in TRUCKS.values():
        out[t.name] = (f"Carries {t.capacity} crates; costs {money(t.price)} from the Truck "
                       f"card, {money(t.graft)} Driver Graft a round ({t.miniatures} in the "
                       "box).")
    out.update({
        "Influence": (
            f"Your men (markers, {INFLUENCE_PER_COLOUR} per colour): in your Back Room, or "
            "placed on a Speakeasy's circles to open it and to get a good dock there. "
            "They are called men on screen."),
        "Controlling influence": (
            "As many men at a Speakeasy as all the others together (or the only one there; "
            "a tie of two goes to the higher Muscle): your trucks use the Majority Dock, you "
            "decide on the Public Dock, and you earn the profit on every crate sold there."),
        "Majority influence": (
            "More men at a Speakeasy than any other Mobster but fewer than all of them: the "
            "Majority Dock and the Public Dock decision, but no profit."),
        "Minority influence": "Some men at a Speakeasy without Majority: the Minority Dock.",
        "Speakeasy": (
            "Where whiskey is sold, smallest first. Open once its shaded circles are filled "
            "with men. It rolls dice for demand and buys that many crates from the docks."),
    })
    for i, place in enumerate(SPEAKEASIES):
        out[place.name] = _speakeasy(i)
    out.update({
        "Improvement marker": (
            "A Speakeasy Improvement on a Speakeasy square: +1 on each of its demand dice. "
            "Kept in the Back Room until placed; O'Malley's takes none."),
        "Majority Dock": ("Where the Mobster with Majority or Controlling influence parks; "
                          "sold first."),
        "Minority Dock": "Where Mobsters with some men at the Speakeasy park; sold second.",
        "Public Dock": (
            "Where Mobsters without men there park; they sell only if the Majority holder "
            "lets each truck in turn, and a refusal closes the dock."),
        "Back Room": (
            "The store behind your Family Still: men, crates, still dice and improvement "
            "markers waiting to be used. Crates not loaded on a truck by the end of Phase 4 "
            "are lost."),
        "Family Still": (
            f"Your home still: rolls its dice (up to {STILL_SQUARES}) for crates each round. "
            "The Copper watches it."),
        "Remote Still": (
            f"A still away from home ({REMOTE_BOARDS} boards), opened with a Double Still "
            f"Improvement; up to {STILL_SQUARES} dice; the Copper cannot touch it, Thugs can."),
        "Still": "Family or Remote: each die rolled gives that many crates in Phase 3.",
        "Crate": "A crate of whiskey: made by the stills, loaded on trucks, sold at $G each.",
        "Copper": (
            "From round 4 he watches the Family Still that made the most (ties: lowest "
            "Muscle); from round 5 a 5 rolled there shuts that still for the round."),
        "The Heat": (
            "End of rounds 4 and 8: everyone announces his money and gains a man; the "
            "Mobster with the least money gains one more."),
        "Wholesale price": "What a Speakeasy pays the seller for each crate.",
        "Profit margin": (
            "Paid per crate sold at a Speakeasy (by anyone) to the Mobster in control there."),
        "Deal": (
            "In Phase 4 you may offer crates, or an idle truck for rent or for sale, to "
            "another Mobster for money or a Thug card; he accepts or turns it down."),
    })
    out["Thug card"] = (
        "A Men of Action card you keep in your hand (hidden) and play while Muscle cards are "
        "shown; rivals holding G-Men: Investigation may cancel it. Type i and a card's name.")
    for d in CARDS.values():
        if d.kind == "thug":
            when = ("whenever Muscle cards are shown" if set(d.windows) == set(WINDOW_WORDS)
                    else "only " + ", or ".join(WINDOW_WORDS[w] for w in d.windows))
            out[d.name] = f"Thug card, played {when}: {d.text}"
        else:
            out[d.name] = f"Men of Action card, redeemed when taken: {d.text}"
    return out
