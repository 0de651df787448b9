"""Replaying a game log on the simulated box, to settle a dispute. export_log fetches the saved
match's log from a box over mpremote; replay_log is the command (`shutbox-replay`) that replays
it.

log_file reads and checks the log; model plays it by the firmware's rules alongside; plan turns
it into a board_sim script; verdict runs the script on a SimBox and compares what the box did
with the log.
"""
