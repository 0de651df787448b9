"""Replaying a game log on the simulated box (the command: tools/replay_log.py).

log_file reads and checks the log; model plays it by the firmware's rules alongside; plan turns
it into a board_sim script; verdict runs the script on a SimBox and compares what the box did
with the log.
"""
