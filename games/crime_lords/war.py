"""Gang War: started by a real attempt on a Boss; war turns of single +5 Hits; drawing
in other Mobs; passing; the end of the war and the next regular turn.

Rulebook section: "Gang War!".
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabletop.engine import seat_label

from . import mob
from .names import who

if TYPE_CHECKING:
    from .attacks import Attack
    from .state import CrimeLordsState


# cl-gang-war-start
def boss_hit_war(s: CrimeLordsState, atk: Attack) -> None:
    """A real attempt on a Boss: outside a war it starts one (the attacker's turn ends and
    he retokens his Crooks); the attacked Mob retokens its Crooks, once per war."""
    d = atk.defender
    new_war = not s.war
    if new_war:
        s.log.add("gang war", f"GANG WAR! {who(s, atk.seat)} went after the Boss of "
                  f"{who(s, d)}: {seat_label(atk.seat)}'s turn ends and both Mobs retoken "
                  "their Crooks; war turns follow, one +5 Hit or a pass each")
        s.war = True
        s.war_starter = atk.seat
        s.war_in = [False] * s.players
        s.war_retokened = [False] * s.players
        s.war_in[atk.seat] = True
        s.war_retokened[atk.seat] = True
        mob.retoken(s, atk.seat, rackets=False)
    if s.alive[d] and not s.war_retokened[d]:
        s.war_retokened[d] = True
        mob.retoken(s, d, rackets=False)
        if not new_war:
            s.log.add("war retoken", f"{seat_label(d)}'s Boss was attacked: "
                      f"{seat_label(d)}'s Crooks retoken (once a war)")
        if s.newboss_seat == d:
            for c in s.newboss_pool:
                s.tokens[c] = True
    s.war_in[d] = s.alive[d]
    s.war_passes = 0
    # war turns go counterclockwise from the attacker: in a new war that is the attacked
    # player, the only other participant
    if s.war_turn < 0:
        s.war_turn = atk.seat
    s.phase = "settle"


def war_participants(s: CrimeLordsState) -> list[int]:
    """Seats still in the Gang War."""
    return [p for p in range(s.players) if s.war_in[p] and s.alive[p]]


# cl-war-turns
def begin_war_turn(s: CrimeLordsState, seat: int) -> None:
    """One Gang War turn: a single +5 Hit, or a pass."""
    if len(war_participants(s)) < 2 or s.war_passes >= len(war_participants(s)):
        end_war(s)
        return
    if not s.alive[seat] or not s.war_in[seat]:
        seat = next_in_war(s, seat)
    s.phase = "war"
    s.actor = seat
    s.war_turn = seat


def next_in_war(s: CrimeLordsState, after: int) -> int:
    """The next participant counterclockwise."""
    p = after
    for _ in range(s.players):
        p = (p + 1) % s.players
        if s.war_in[p] and s.alive[p]:
            return p
    return after


def next_war_turn(s: CrimeLordsState) -> None:
    """After a war Hit is resolved: the next participant's war turn."""
    begin_war_turn(s, next_in_war(s, s.war_turn))


def war_pass(s: CrimeLordsState) -> None:
    """A participant declines to attack this war turn."""
    s.war_passes += 1
    begin_war_turn(s, next_in_war(s, s.war_turn))


def war_hit_announced(s: CrimeLordsState) -> None:
    """A war Hit is not a pass: everybody may answer it."""
    s.war_passes = 0


def draw_in(s: CrimeLordsState, seat: int) -> None:
    """A real war Hit on a Mob not yet at war ("Whether it succeeds or not, this brings that
    Mob into the Gang War"): its Crooks all get a token, once for the whole war (its Boss
    attacked later does not retoken it again). A warning shot draws nobody in ("won't ...
    start a Gang War")."""
    if s.alive[seat] and not s.war_in[seat]:
        s.war_in[seat] = True
        s.war_retokened[seat] = True
        mob.retoken(s, seat, rackets=False)
        s.log.add("war drawn in", f"{who(s, seat)} is drawn into the Gang War: its Crooks "
                  "retoken")


# cl-war-end
def end_war(s: CrimeLordsState) -> None:
    """Everybody passed: all retoken their Crooks; the victory check; the player after the
    one who started the war plays a regular turn."""
    s.war = False
    s.war_turn = -1
    s.log.add("gang war over", "The Gang War is over (everyone passed): every Mob "
              "retokens its Crooks")
    s.war_in = [False] * s.players
    s.war_retokened = [False] * s.players
    for p in range(s.players):
        if s.alive[p]:
            mob.retoken(s, p, rackets=False)
    starter = s.war_starter
    s.war_starter = -1
    s.current = starter  # his turn ends with the war
    s.phase = "turn_end"
