"""Chips are conserved exactly, whatever happens: any stakes, ties, scores, shut boxes, broke
players; nobody ever holds a negative number of chips."""

from game.config import rules_from_config
from game.stakes import Ledger
from hypothesis import given, settings
from hypothesis import strategies as st


@st.composite
def rounds(draw, players):
    """A round: play order, scores (None: never threw), winners among the lowest, shut flag."""
    first = draw(st.integers(0, players - 1))
    order = [(first + step) % players for step in range(players)]
    shut = draw(st.booleans())
    scores = [draw(st.integers(1, 300)) for _ in range(players)]
    if shut:
        shutter = draw(st.sampled_from(order))
        scores[shutter] = 0
        for player in order[order.index(shutter) + 1:]:
            scores[player] = None
        return order, scores, [shutter], True
    best = min(scores)
    return order, scores, [player for player in order if scores[player] == best], False


@settings(max_examples=200, deadline=None, derandomize=True)
@given(
    st.sampled_from(["pool", "canoga"]),
    st.sampled_from(["split", "full"]),
    st.integers(2, 6),
    st.integers(0, 50),
    st.integers(0, 40),
    st.data(),
)
def test_chips_are_conserved_and_never_negative(stakes, ties, players, chips, ante, data):
    if ante > chips:
        ante = chips
    rules = rules_from_config({"stakes": stakes, "ties": ties, "chips": chips, "ante": ante})
    book = Ledger(rules, players)
    for _ in range(data.draw(st.integers(1, 12))):
        order, scores, winners, shut = data.draw(rounds(players))
        before = list(book.chips)
        book.ante(order)
        book.settle(order, scores, winners, shut)
        assert book.total() == players * chips
        assert min(book.chips) >= 0 and book.pot >= 0
        for player in order:
            if player not in winners:
                assert book.chips[player] <= before[player]  # a loser never gains
        if stakes == "pool":
            assert book.pot == 0
