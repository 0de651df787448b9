"""Every electronic die is uniform: chi-square tests at a fixed seed, with the power to catch
the modulo bias that rejection sampling avoids.

Significance 0.001: the test of a fair die fails by chance once in a thousand seeds, and this
seed is fixed. Critical values of chi-square at p = 0.001: 5 degrees of freedom 20.515,
19 -> 43.820, 35 -> 66.619.
"""

from game.prng import Xorshift32
from game.sources import ElectronicDice

SEED = 20260522
CRITICAL_0_001 = {5: 20.515, 19: 43.820, 35: 66.619}


def chi_square(counts):
    total = sum(counts)
    expected = total / len(counts)
    return sum((count - expected) ** 2 / expected for count in counts)


def face_counts(faces, dice, rolls):
    """Counts of each face over `rolls` rolls of `dice` dice (every die counted)."""
    counts = [0] * faces
    source = ElectronicDice(Xorshift32(SEED), faces)
    for _ in range(rolls):
        source.draw(dice)
        for index in range(dice):
            counts[source.values[index] - 1] += 1
    return counts


def test_one_d6_is_uniform():
    counts = face_counts(6, 1, 60000)
    assert chi_square(counts) < CRITICAL_0_001[5], counts


def test_d20_is_uniform():
    counts = face_counts(20, 1, 100000)
    assert chi_square(counts) < CRITICAL_0_001[19], counts


def test_four_d6_every_die_is_uniform():
    counts = face_counts(6, 4, 30000)
    assert chi_square(counts) < CRITICAL_0_001[5], counts


def test_two_d6_pairs_are_uniform_and_independent():
    pairs = [0] * 36
    source = ElectronicDice(Xorshift32(SEED), 6)
    for _ in range(72000):
        source.draw(2)
        pairs[(source.values[0] - 1) * 6 + source.values[1] - 1] += 1
    assert chi_square(pairs) < CRITICAL_0_001[35], pairs


def test_the_same_test_catches_a_die_taken_modulo_6_from_5_random_bits():
    # 32 values mod 6: faces 1 and 2 come up 6/32 of the time, the others 5/32. Expected
    # chi-square at 60000 rolls: 60000 * 6 * (2 * (6/32 - 1/6)**2 + 4 * (5/32 - 1/6)**2) ~ 469.
    rng = Xorshift32(SEED)
    counts = [0] * 6
    for _ in range(60000):
        counts[(rng.next16() >> 11) % 6] += 1
    assert chi_square(counts) > CRITICAL_0_001[5], counts


def test_rejection_keeps_every_face_equally_likely_over_a_whole_period_of_bits():
    # Enumerate all 8 three-bit values a d6 draw can see: the 6 accepted map one-to-one onto
    # the faces, the 2 rejected are drawn again, so no face has more chances than another.
    class Counting:
        def __init__(self):
            self.value = 0

        def next16(self):
            self.value += 1
            return ((self.value - 1) % 8) << 13

    counts = [0] * 6
    feeder = Counting()
    for _ in range(600):
        counts[Xorshift32.below(feeder, 6)] += 1
    assert counts == [100] * 6
