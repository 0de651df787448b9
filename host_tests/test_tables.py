"""The legality tables, computed when loaded, agree with brute-force subset sums for every mask
and total."""

from game.tables import LegalityTable
from game.tiles import bit, tile_sum
from hypothesis import given, settings
from hypothesis import strategies as st


def brute_force_totals(open_mask):
    """Every total some subset of the open tiles adds up to, by enumerating the subsets."""
    totals = set()
    subset = open_mask
    while True:
        totals.add(tile_sum(subset))
        if subset == 0:
            break
        subset = (subset - 1) & open_mask
    return totals


def brute_force_totals_up_to(open_mask, limit):
    """Totals up to `limit` of explicit subsets, pruned once a partial sum passes `limit`."""
    open_tiles = [tile for tile in range(1, 25) if open_mask & bit(tile)]
    totals = set()

    def extend(index, partial):
        totals.add(partial)
        for next_index in range(index, len(open_tiles)):
            if partial + open_tiles[next_index] <= limit:
                extend(next_index + 1, partial + open_tiles[next_index])

    extend(0, 0)
    return totals


def test_every_mask_and_total_matches_brute_force_up_to_12_tiles():
    tables = [LegalityTable(tiles, max_total) for tiles, max_total in ((9, 12), (10, 12), (12, 12), (12, 24))]
    for open_mask in range(1 << 12):
        totals = brute_force_totals(open_mask)
        for table in tables:
            if open_mask >> table.tiles:
                continue
            for total in range(1, table.max_total + 1):
                assert table.can_shut(open_mask, total) == (total in totals), (table.tiles, table.max_total, open_mask, total)


def test_24_tiles_every_low_mask_with_each_single_high_tile():
    table = LegalityTable(24, 24)
    for low in range(1 << 12):
        low_totals = brute_force_totals(low)
        for high_tile in range(13, 25):
            totals = low_totals | {total + high_tile for total in low_totals}
            open_mask = low | bit(high_tile)
            for total in range(1, 25):
                assert table.can_shut(open_mask, total) == (total in totals)


TABLE_24 = LegalityTable(24, 24)


@settings(max_examples=2000, deadline=None, derandomize=True)
@given(st.integers(min_value=0, max_value=(1 << 24) - 1))
def test_24_tiles_random_masks_match_brute_force(open_mask):
    table = TABLE_24
    totals = brute_force_totals_up_to(open_mask, 24)
    for total in range(1, 25):
        assert table.can_shut(open_mask, total) == (total in totals)


def test_shut_sets_are_exactly_the_subsets_with_that_sum():
    table = LegalityTable(12, 12)
    for open_mask in range(0, 1 << 12, 7):
        for total in range(1, 13):
            expected = set()
            subset = open_mask
            while subset:
                if tile_sum(subset) == total:
                    expected.add(subset)
                subset = (subset - 1) & open_mask
            found = table.shut_sets(open_mask, total)
            assert len(found) == len(set(found))
            assert set(found) == expected


def test_table_sizes_in_bytes():
    tables = {(t, m): LegalityTable(t, m) for t, m in ((9, 12), (10, 12), (12, 12), (12, 20), (24, 24))}
    sizes = {key: len(table.reach) * 2 for key, table in tables.items()}
    assert sizes == {(9, 12): 512, (10, 12): 512, (12, 12): 512, (12, 20): 2048, (24, 24): 8192}
    assert all(len(table.reach) << 1 == table.width << table.low_tiles for table in tables.values())


def test_a_table_covers_tiles_1_to_8_or_enough_that_no_two_tiles_above_make_a_roll():
    assert [("reach_%dx%d" % (table.low_tiles, table.width), len(table.reach) * 2)
            for table in (LegalityTable(5, 12), LegalityTable(11, 12), LegalityTable(9, 17),
                          LegalityTable(12, 20), LegalityTable(24, 24))] == [
        ("reach_5x2", 64), ("reach_8x2", 512), ("reach_8x4", 1024), ("reach_9x4", 2048),
        ("reach_11x4", 8192)]
    eleven = LegalityTable(11, 12)
    for open_mask in range(1 << 11):
        totals = brute_force_totals(open_mask)
        for total in range(1, 13):
            assert eleven.can_shut(open_mask, total) == (total in totals)


def test_a_box_too_big_or_a_roll_too_large_is_refused():
    for tiles, max_total in ((25, 12), (0, 12), (9, 25)):
        try:
            LegalityTable(tiles, max_total)
        except ValueError as error:
            assert str(tiles) in str(error) or str(max_total) in str(error)
        else:
            raise AssertionError("accepted %r" % ((tiles, max_total),))
