"""The generator: exactly xorshift32 in 16-bit halves, seedable, stirred by noise, never stuck."""

from game.prng import Xorshift32
from hypothesis import given, settings
from hypothesis import strategies as st

WORD = 0xFFFFFFFF


def reference_xorshift32(state, steps):
    """Marsaglia's xorshift32 on whole 32-bit words, as published (13, 17, 5)."""
    outputs = []
    for _ in range(steps):
        state ^= (state << 13) & WORD
        state ^= state >> 17
        state ^= (state << 5) & WORD
        outputs.append(state)
    return outputs


@settings(max_examples=200, deadline=None, derandomize=True)
@given(st.integers(min_value=1, max_value=WORD))
def test_halves_give_exactly_the_32_bit_xorshift_sequence(seed):
    rng = Xorshift32(seed)
    for word in reference_xorshift32(seed, 50):
        assert rng.next16() == word >> 16
        assert (rng.high << 16 | rng.low) == word


def test_state_halves_stay_below_16_bits_so_micropython_never_needs_a_long_int():
    rng = Xorshift32(0xDEADBEEF)
    for _ in range(10000):
        rng.next16()
        assert 0 <= rng.high <= 0xFFFF and 0 <= rng.low <= 0xFFFF


def test_same_seed_same_rolls_and_zero_seed_is_not_stuck():
    first, second = Xorshift32(7), Xorshift32(7)
    assert [first.below(20) for _ in range(100)] == [second.below(20) for _ in range(100)]
    zero = Xorshift32(0)
    assert len({zero.next16() for _ in range(100)}) > 90


@settings(max_examples=200, deadline=None, derandomize=True)
@given(st.integers(min_value=0, max_value=(1 << 40)))
def test_mixing_noise_changes_the_stream_and_never_zeroes_the_state(noise):
    mixed, plain = Xorshift32(12345), Xorshift32(12345)
    mixed.mix(noise)
    plain.mix(0)
    assert mixed.high or mixed.low
    if noise & WORD:
        assert (mixed.high, mixed.low) != (plain.high, plain.low)


def test_mixing_the_state_itself_in_does_not_leave_xorshift_at_zero():
    rng = Xorshift32(0x00050006)
    rng.mix(0x00050006)  # would make the state 0, xorshift's fixed point
    assert rng.high or rng.low
    assert len({rng.next16() for _ in range(50)}) > 40


@settings(max_examples=200, deadline=None, derandomize=True)
@given(st.integers(min_value=1, max_value=65536), st.integers(min_value=1, max_value=WORD))
def test_below_stays_in_range(limit, seed):
    rng = Xorshift32(seed)
    for _ in range(20):
        assert 0 <= rng.below(limit) < limit
