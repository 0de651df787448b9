"""Hardware abstraction: one small driver per device, each given its bus; board.py wires them."""
