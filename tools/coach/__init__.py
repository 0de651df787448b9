"""The coach's host side: exact solvers for Shut the Box on the firmware's own game code, and
the generators of the tables the box's coach reads (firmware/game/tables/).

analyze is the command (`shutbox-analyze`): turn_solver's one-turn reports and, through
play_to_win, score distributions and the chances to win a round. turn_solver is the exact
one-turn solver (plain Python; the coach's shared constants are its), vector_solver the same
programme in numpy for boxes too big for it; turn_values solves one turn for several goals at
once, round_win a whole round's chances, round_monte_carlo checks them by playing rounds.
gen_policy writes policies.bin (the box's best move per roll), gen_win_ends win_ends.bin (its
chance to win a round).
"""
