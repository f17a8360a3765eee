"""What the words and cards of Crimopolis mean, for ``i WORDS`` at a prompt and the "Cards"
section of ``tabletop rules crimopolis``: the game's terms, the tile kinds, then every
newsflash and fortune card by title (copies of a card share one entry)."""

from __future__ import annotations

from collections import Counter

from .cards import LOCATIONS, fortunes, jobs, newsflashes, tiles

TERMS = {
    "HQ": "Your HEADQUARTERS: a 4-street tile in your gang colour, placed at the start. You "
          "recruit gangsters into it (2 hours each, at most 3 inside). Nobody else may "
          "occupy or take it over; only a Bombing from a street can hit it.",
    "Safe House": "Your second home, a 4-street tile you may place instead of a revealed "
                  "tile when you explore. You can recruit into it like your HQ, and it is "
                  "just as safe.",
    "hours": "Each turn has 7 hours on the clock; actions cost time (recruit 2, move 1, "
             "occupy or take over 3, a job as printed, abort 3, invest 2). Hours left unused "
             "go to the next player's turn. The time keeper is the player before you.",
    "prestige": "The score. Jobs earn it at once (as printed, changed by the newsflash), a "
                "take-over earns 1; at the end influence, body counts and kept fortunes add "
                "more. Prestige never goes down. Reaching the target (21) starts the last "
                "turns: everyone else plays one more.",
    "influence": "Blocks you hold at the end: 1 prestige per small block, 3 per large block "
                 "(HQ and Safe House do not count).",
    "body count": "Tombstones in your part of the graveyard: one per rival gangster you "
                  "remove in an ambush, a take-over or a Bombing. At the end 1 prestige per "
                  "2 tombstones, and 2 more for the highest count. Only 40 tombstones exist: "
                  "once the church is empty, body counts are locked.",
    "street section": "The strip of street along one side of one tile. At most 3 gangsters, "
                      "all of one gang. Moving onto one costs 1 hour (free where you "
                      "already stand).",
    "explore": "Stepping onto a street section missing a tile on its far side: you place "
               "one of the two revealed tiles (or your Safe House) there, then a new tile is "
               "revealed. It costs no extra time.",
    "ambush": "Moving onto a street section where a rival stands: both lose gangsters one "
              "for one, back to their supplies; the mover's body count rises by each rival "
              "removed. No time beyond the move.",
    "occupy": "Entering an empty city block from the street sections next to it with 1 to 3 "
              "gangsters: 3 hours. Held blocks are your influence at the end.",
    "take-over": "Entering a rival's block with 1 to 3 more gangsters than defend it: the "
                 "defenders and as many attackers go back to their supplies; your body count "
                 "rises by the defenders and your prestige by 1. 3 hours, or as per a job.",
    "job": "A card naming a location and colour, the gangsters it needs, its hours and "
           "prestige. Done from the street sections next to a matching block you did not "
           "hold this turn; then a newsflash is drawn and played. Abort one for 3 hours "
           "(draw 2, keep 1); two jobs for the same block may be redrawn for free.",
    "newsflash": "The card drawn right after every job: it may change the job's prestige, "
                 "recruit, send gangsters home, or be a destiny you place on a gang.",
    "fortune": "A card you draw by investing (2 hours). Played in your own turn for no "
               "time (a defence when a destiny is played on you). Some are worth prestige "
               "at the end while you keep them unplayed. Hidden from the others until played.",
    "destiny": "A newsflash or fortune marked Destiny: it is placed face up in front of a "
               "gang (perhaps its own) and executed at the start of that gang's next turn. "
               "The target may cancel it only as it is played, with a defence fortune.",
    "Big Business": "Optional end bonus: 2, 4 or 7 prestige for holding 2, 3 or 4+ tiles of "
                    "one name (a large block of two names counts for both).",
    "large block": "Two 3-street tiles placed block edge to block edge: one block with 6 "
                   "street sections, worth 3 influence; one job per turn in it.",
    "3-street tile": "A tile with a block edge on one side: HOUSE, LAKE, PARK, MARKET and "
                     "BUTCHERY. Its block edge meets only another block edge (a large block).",
    "4-street tile": "A tile with a street section on all four sides: BANK, DOCTORS, "
                     "GRAVEYARD, POST OFFICE, SPEAKEASY, CASINO, HOTEL, every HQ and Safe House.",
    "clock tile": "One of 15 tiles with a clock mark; the Lucky Speed Game puts them on top "
                  "of the tile stack.",
}


def _locations() -> dict[str, str]:
    """One entry per location: its kind of tile, colours, and the jobs that name it."""
    out = {}
    defs = tiles().values()
    for name in LOCATIONS:
        mine = [d for d in defs if d.name == name]
        colours = ", ".join(dict.fromkeys(d.colour for d in mine))
        titles = ", ".join(f"'{j.title}'" for j in jobs().values() if j.location == name)
        out[name] = (f"A {mine[0].streets}-street tile; {len(mine)} in the stack ({colours}). "
                     f"Jobs: {titles}.")
    return out


def _cards() -> dict[str, str]:
    """One entry per newsflash or fortune title, with how many copies and their end value."""
    out: dict[str, str] = {}
    news = Counter(d.title for d in newsflashes().values())
    for d in newsflashes().values():
        if d.title not in out:
            out[d.title] = f"Newsflash ({news[d.title]} in the deck). {d.text}"
    copies: dict[str, list[int]] = {}
    for f in fortunes().values():
        copies.setdefault(f.title, []).append(f.game_end)
    for f in fortunes().values():
        if f.title in out:
            continue
        worth = Counter(copies[f.title])
        end = "; ".join(f"{n} worth {v} prestige at the end if kept" for v, n in
                        sorted(worth.items()) if v)
        out[f.title] = (f"Fortune ({len(copies[f.title])} in the deck). {f.text}"
                        + (f" ({end})" if end else ""))
    return out


def glossary() -> dict[str, str]:
    """Every term, location and card, in the order a reader meets them; first how to read
    the text map (its legend is on screen in the first round only)."""
    from .citymap import MAP_WORDS

    return {"the map": MAP_WORDS, **TERMS, **_locations(), **_cards()}
