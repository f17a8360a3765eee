"""A position of Chicago DIY and the flow of a turn.

A turn (rulebook "Gameplay"): the player may play hit men and jokers from hand, takes ONE of
the three actions (hire, draw, attack), may play more cards, discards down to the hand limit
and passes. Payments and bribes are separate small decisions; a bribe is an out-of-turn
choice of the victim, asked through the kernel's decision stack.

Card ids, values and prices come from :mod:`games.chicago_diy.cards`; the rule areas that
need more than a few lines live in :mod:`games.chicago_diy.effects` (card effects, battles,
the deck) and the views in :mod:`games.chicago_diy.views`.
"""

from __future__ import annotations

from typing import Any

import attrs

from games.chicago_diy import effects, invariants, standing, targets, tensor, views
from games.chicago_diy.actions import (
    ATTACKS,
    DECLINE,
    DISCARDS,
    DRAW,
    END_TURN,
    HIRE,
    HIT_MEN,
    JOKER_PLAYS,
    PAY_CARDS,
    Attack,
    Decline,
    Discard,
    Draw,
    EndTurn,
    Hire,
    HitMan,
    PayCard,
    PlayJoker,
    space,
)
from games.chicago_diy.cards import (
    CARDS,
    COST,
    DECK,
    KIND,
    SPECIALS,
    TERRITORY_COUNT,
    label,
    money_in,
    next_cards,
    role,
)
from games.chicago_diy.options import ChicagoOptions
from games.chicago_diy.rules import (
    ACTION,
    AFTER,
    HAND_LIMIT,
    HIRE_PRICE,
    LAST_CALL_ROUND,
    MAX_HENCHMEN,
    OVER,
    PAY_HIRE,
    PAY_TERRITORY,
    count,
    seat_name,
)
from tabletop.components import Decisions, Deck, EventLog, TurnOrder
from tabletop.engine import Result, State
from tabletop.hidden import redeal
from tabletop.rng import Rng


@attrs.define(slots=True, eq=True)
class ChicagoState(State):
    """One position of Chicago DIY.

    ``hands`` are hidden (money, hit men and jokers); ``territories`` lie face up;
    ``henchmen`` counts each seat's henchmen. ``pending`` is the drawn territory waiting to
    be paid for; ``set_aside`` holds the jokers played (out of the game);
    ``reshuffles_left`` counts the times the discards may still refill an empty draw pile
    before the deck has run out. ``offered`` holds the money cards the payer has put toward
    the price due so far (still in the payer's hand until the payment is made). ``log`` is
    the recent public news of the table.
    """

    players: int
    rng: Rng
    options: ChicagoOptions
    deck: Deck[str]
    hands: list[list[str]]
    territories: list[list[str]]
    henchmen: list[int]
    turn: TurnOrder
    decisions: Decisions = attrs.Factory(Decisions)
    phase: str = ACTION
    pending: str = ""
    set_aside: list[str] = attrs.Factory(list)
    reshuffles_left: int = 1
    end_reason: str = ""
    log: EventLog = attrs.Factory(EventLog)
    shown: str = ""  # a card the last move showed the table and put back out of sight
    offered: list[str] = attrs.Factory(list)  # money put toward the price due, still in hand

    # -- the contract ---------------------------------------------------------------------
    @property
    def to_act(self) -> int | None:
        if self.phase == OVER:
            return None
        stack = self.decisions.stack
        return stack[-1].seat if stack else self.turn.current

    @property
    def is_over(self) -> bool:
        return self.phase == OVER

    def event_log(self) -> EventLog:
        return self.log

    @property
    def round(self) -> int:
        return self.turn.turns_taken // self.players + 1

    def counters(self, seat: int) -> dict[str, int]:
        """What everyone sees of ``seat``: henchmen, territories held, cards in hand."""
        return {"henchmen": self.henchmen[seat], "territories": len(self.territories[seat]),
                "hand": len(self.hands[seat])}

    def _legal_actions(self) -> list[Any]:
        stack = self.decisions.stack
        if stack:
            return [*self._steps(stack[-1].seat, self.options.bribe), DECLINE]
        phase = self.phase
        me = self.turn.current
        # Menus keep one order every turn: the turn's own choices first (the three actions,
        # or ending the turn, or the discards), then the hit men and jokers the hand holds.
        if phase == ACTION:
            out: list[Any] = [HIRE] if self.henchmen[me] < MAX_HENCHMEN else []
            out.append(DRAW)
            if self.henchmen[me]:
                for seat in range(self.players):
                    if seat != me:
                        out.extend([ATTACKS[t] for t in self.territories[seat]])
            return out + self._plays(me)
        if phase == AFTER:
            hand = self.hands[me]
            if len(hand) > HAND_LIMIT:
                out = [DISCARDS[c] for c in hand]  # card ids are unique
            else:
                out = [END_TURN]
            return out + self._plays(me)
        if phase == PAY_TERRITORY:
            return self._steps(me, COST[self.pending])
        # PAY_HIRE
        return [*self._steps(me, HIRE_PRICE), DECLINE]

    def _steps(self, payer: int, price: int) -> list[Any]:
        """The money cards ``payer`` may put toward ``price`` next (see ``next_cards``)."""
        return [PAY_CARDS[c] for c in next_cards(self.hands[payer], self.offered, price)]

    def price_due(self) -> int:
        """The dollars the payment under way must reach (0: nothing to pay)."""
        if self.decisions.top is not None:
            return self.options.bribe
        if self.phase == PAY_TERRITORY:
            return COST[self.pending]
        return HIRE_PRICE if self.phase == PAY_HIRE else 0

    def _plays(self, me: int) -> list[Any]:
        """Hit men and jokers ``me`` may play from hand now: hit men (by seat), then the
        police raid and the mob attack (by territory)."""
        hand = self.hands[me]
        out: list[Any] = []
        if SPECIALS.isdisjoint(hand):
            return out
        if any(KIND[card] == "hitman" for card in hand):
            henchmen = self.henchmen
            out.extend([HIT_MEN[s] for s in range(self.players) if s != me and henchmen[s]])
        for joker in ("RJ", "BJ"):
            if joker in hand:
                for seat in range(self.players):
                    if seat != me:
                        out.extend([JOKER_PLAYS[joker, t] for t in self.territories[seat]])
        return out

    def _apply(self, action: Any) -> None:
        self.shown = ""
        kind = type(action)
        if kind is PayCard:
            effects.pay_card(self, action.card)
        elif self.decisions.stack:
            effects.answer_bribe(self, action)
        elif kind is Draw:
            effects.draw(self)
        elif kind is Hire:
            effects.hire(self)
        elif kind is Attack:
            effects.battle(self, action.territory)
        elif kind is Decline:  # only a hire's $5 can be declined outside a bribe
            effects.decline_hire(self)
        elif kind is HitMan:
            effects.hit_man(self, action.target)
        elif kind is PlayJoker:
            effects.play_joker(self, action.card, action.territory)
        elif kind is Discard:
            hand = self.hands[self.turn.current]
            hand.remove(action.card)
            self.deck.discard_pile.append(action.card)
            self.log.add("discard", f"{seat_name(self.turn.current)} discards {label(action.card)}"
                                    f" ({role(action.card)}) for the {HAND_LIMIT}-card limit: "
                                    f"{count(len(hand), 'card', 'cards')} left in hand")
        elif kind is EndTurn:
            self.end_turn()
            return
        if self.phase == AFTER and not self.decisions.stack:
            self.end_turn_if_nothing_left()

    # -- turn flow -----------------------------------------------------------------------
    def end_turn_if_nothing_left(self) -> None:
        """End the turn by itself when everyone can see that nothing is left to do.

        Only public facts decide it: an empty hand, or no rival a hit man or a joker could
        touch. Ending by itself whenever the hand holds nothing playable would tell the
        table that the hand holds no hit man and no joker.
        """
        me = self.turn.current
        hand = self.hands[me]
        if len(hand) > HAND_LIMIT:
            return
        if not hand:
            why = "no card is left in the hand"
        elif not any(self.henchmen[s] or self.territories[s]
                     for s in range(self.players) if s != me):
            why = "no rival has a henchman or a territory to play a card on"
        else:
            return
        self.log.add("turn ends", f"{seat_name(me)}'s turn ends by itself: {why}")
        self.end_turn()

    def end_turn(self) -> None:
        """Pass play clockwise; refill or run out the deck; stop at the last call."""
        deck = self.deck
        if not deck.draw_pile:
            # rulebook "Winning": the game ends when the deck runs out; NOTE: discards are
            # reshuffled when the draw pile runs out. [decided] both hold: the discards refill
            # the pile `reshuffles` times, the next time the pile runs out the deck is out.
            if self.reshuffles_left and deck.discard_pile:
                self.reshuffles_left -= 1
                back = effects.hit_men_back(deck.discard_pile)
                n = len(deck.discard_pile)
                deck.reshuffle_discards(self.rng)
                self.log.add("reshuffle",
                             f"the draw pile ran out: the {count(n, 'discard', 'discards')} "
                             f"are shuffled into a new draw pile{back} (reshuffles left: "
                             f"{self.reshuffles_left})")
            else:
                why = ("no reshuffle left" if deck.discard_pile
                       else "no discards to reshuffle")
                self.finish(f"the deck ran out, with {why}")
                return
        self.turn.advance()
        if self.turn.turns_taken >= LAST_CALL_ROUND * self.players:
            self.finish(f"last call after round {LAST_CALL_ROUND}")
            return
        self.phase = ACTION

    def gain_territory(self, seat: int, card: str) -> None:
        """``seat`` now holds territory ``card``; holding all of them ends the game."""
        self.territories[seat].append(card)
        if len(self.territories[seat]) == TERRITORY_COUNT:
            self.finish(f"{seat_name(seat)} controls all {TERRITORY_COUNT} territories")

    def finish(self, reason: str) -> None:
        """The game is over for ``reason``."""
        self.phase = OVER
        self.end_reason = reason
        self.decisions.stack.clear()
        self.log.add("game over", f"game over: {reason}")
        # the hands are scored, so everyone now sees them: shown before the scores
        for seat, hand in enumerate(self.hands):
            shown = (f"{seat_name(seat)} shows the hand: {effects.labels(hand)} "
                     f"(${money_in(hand)} in money)" if hand
                     else f"{seat_name(seat)}'s hand is empty")
            self.log.add("hand shown", shown)
        for seat in range(self.players):
            self.log.add("final score", f"{seat_name(seat)} scores {self.score(seat)} points: "
                                        f"{views.score_parts(self, seat)}")

    def owner_of(self, territory: str) -> int:
        """The seat holding ``territory`` face up (-1 if nobody does)."""
        for seat, held in enumerate(self.territories):
            if territory in held:
                return seat
        return -1

    # -- scoring -------------------------------------------------------------------------
    def score(self, seat: int) -> int:
        """Rulebook "Scoring": territories 5/10/15, henchmen 2 each, money $1 a point."""
        return (
            sum(CARDS[t].points for t in self.territories[seat])
            + 2 * self.henchmen[seat]
            + money_in(self.hands[seat])
        )

    def evaluate(self, seat: int) -> float:
        """``seat``'s chance of winning as it can tell from what it sees (its own hand, the
        public table, the others' hand sizes): see :mod:`games.chicago_diy.standing`. 1 or
        0 once the game is decided (a shared victory splits the 1)."""
        return standing.win_chances(self, seat)[seat]

    def result(self) -> Result:
        scores = [self.score(s) for s in range(self.players)]
        # [decided] equal scores: more territories wins; still equal, the victory is shared
        tiebreak = [len(t) for t in self.territories]
        return Result.by_scores(scores, self.end_reason + self._tie_words(scores), tiebreak)

    def _tie_words(self, scores: list[int]) -> str:
        """What settled a tie on the top score, in words ("" when nobody tied): the
        territories held, or a shared victory."""
        top = max(scores)
        tied = [s for s in range(self.players) if scores[s] == top]
        if len(tied) < 2:
            return ""
        held = sorted((len(self.territories[s]) for s in tied), reverse=True)
        if held[0] == held[1]:
            return f"; equal on {top} points and on territories, so the victory is shared"
        against = " and ".join(map(str, held[1:]))
        return (f"; equal on {top} points, decided by territories held "
                f"({held[0]} against {against})")

    # -- copies and views ----------------------------------------------------------------
    def clone(self) -> ChicagoState:
        return ChicagoState(
            self.players, self.rng.clone(), self.options, self.deck.clone(),
            [h[:] for h in self.hands], [t[:] for t in self.territories], self.henchmen[:],
            self.turn.clone(), Decisions(self.decisions.stack[:]), self.phase, self.pending,
            self.set_aside[:], self.reshuffles_left, self.end_reason, self.log.clone(),
            self.shown, self.offered[:],
        )

    def determinize(self, seat: int | None, rng: Rng) -> ChicagoState:
        """Others' hands and the draw pile dealt afresh from the cards ``seat`` cannot see.

        Public facts are kept: hand sizes, and that hands never hold a territory (territories
        are bought face up or go back into the deck), so territories stay in the pile.
        """
        copy = self.clone()
        pile = copy.deck.draw_pile
        unseen = [c for c in pile if KIND[c] != "territory"]
        territories = [c for c in pile if KIND[c] == "territory"]
        # at the end every hand is shown (it is scored), so none is dealt afresh
        others = [] if self.phase == OVER else [
            hand for s, hand in enumerate(copy.hands) if s != seat]
        # Money put toward a payment stays put: it is laid down in sight (a territory, a
        # henchman) or, for a bribe, face down while only its payer acts until it is made.
        for card in copy.offered:
            for hand in others:
                if card in hand:
                    hand.remove(card)
        pile[:] = redeal(rng, others, unseen) + territories
        payer = self.to_act
        if copy.offered and payer is not None and payer != seat:
            copy.hands[payer].extend(copy.offered)
        rng.shuffle(pile)
        copy.rng = rng.fork("determinize")  # future chance is unknown too
        return copy

    # -- numbers for learning agents -----------------------------------------------------
    def action_index(self, action: Any) -> int:
        return space(self.players).index(action)

    def action_from_index(self, index: int) -> Any:
        return space(self.players).action(index)

    def observation_tensor(self, seat: int | None) -> list[float]:
        return tensor.encode(self.observation(seat))

    def perturb(self, seat: int | None, rng: Rng) -> ChicagoState | None:
        """One hidden card changed: a card of another seat's hand (not one put toward a
        payment) swapped with a money, hit man or joker card of the draw pile; else two
        cards of the draw pile swapped."""
        if self.phase == OVER:
            return None
        copy = self.clone()
        pile = copy.deck.draw_pile
        spare = [i for i, c in enumerate(pile) if KIND[c] != "territory"]
        hands = [(s, i) for s, hand in enumerate(copy.hands) if s != seat
                 for i, c in enumerate(hand) if c not in copy.offered]
        if hands and spare:
            s, i = hands[rng.below(len(hands))]
            j = spare[rng.below(len(spare))]
            copy.hands[s][i], pile[j] = pile[j], copy.hands[s][i]
            return copy
        if len(pile) < 2 or len(set(pile)) < 2:
            return None
        i, j = rng.below(len(pile)), rng.below(len(pile) - 1)
        j += j >= i
        pile[i], pile[j] = pile[j], pile[i]
        return copy

    def observation(self, seat: int | None) -> dict[str, Any]:
        return views.observation(self, seat)

    def describe(self, action: Any) -> str:
        return views.describe(self, action)

    def talk(self, action: Any, viewer: int | None) -> str | None:
        from games.chicago_diy import table_talk
        return table_talk.talk(self, action, viewer)

    def describe_public(self, action: Any) -> str:
        return views.describe_public(self, action)

    def render(self, seat: int | None) -> str:
        return views.render(self, seat)

    def picture(self, seat: int | None) -> str:
        from games.chicago_diy.picture import picture

        return picture(self, seat)

    def targets(self, action: Any) -> tuple[str, ...]:
        """The picture's elements ``action`` acts on (see :mod:`games.chicago_diy.targets`)."""
        return targets.targets(self, action)

    def why_illegal(self, action: Any) -> str:
        return views.why_illegal(self, action)

    def action_group(self, action: Any) -> str:
        return views.action_group(self, action)

    def invariants(self) -> list[str]:
        """Every card in exactly one place; counts, seats, phase and lists that make sense
        (see :mod:`games.chicago_diy.invariants`; never raises)."""
        return invariants.problems(self)


def new_state(players: int, seed: int, options: ChicagoOptions) -> ChicagoState:
    """Rulebook "Setup": shuffle, deal 3 each (face cards go face up, free), 1 henchman each,
    a random first player."""
    rng = Rng.from_seed(seed)
    deck: Deck[str] = Deck(list(DECK), reshuffle=False)
    deck.shuffle(rng)
    hands: list[list[str]] = [[] for _ in range(players)]
    territories: list[list[str]] = [[] for _ in range(players)]
    for _ in range(3):
        for seat in range(players):
            card = deck.draw()
            # [decided] dealt face cards are not replaced: that hand is simply smaller
            (territories if KIND[card] == "territory" else hands)[seat].append(card)
    first = rng.below(players)
    state = ChicagoState(
        players, rng, options, deck, hands, territories, [1] * players,
        TurnOrder(players, current=first), reshuffles_left=options.reshuffles,
    )
    for seat in range(players):
        free = territories[seat]
        lands = f": {effects.labels(free)} face up, free" if free else ""
        state.log.add("deal", f"{seat_name(seat)} is dealt 3 cards{lands}; "
                              f"{count(len(hands[seat]), 'card goes', 'cards go')} into the hand")
        if hands[seat]:
            state.log.add("hand dealt", f"your hand: {effects.labels(hands[seat])}", to=seat)
    state.log.add("first player", f"{seat_name(first)} goes first")
    return state
