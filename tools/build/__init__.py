"""Building what is made from firmware/ other than a flashed board, and checking it: the
browser box (web, served by serve_web), the mip package (mip, and gen_mip_package for
package.json's file list), the simulator's font (gen_sim_font), the README's preset list and
wiring table (list_presets, wiring_table), the firmware's compile check for every board
(check_mpy_cross), and the real MicroPython runtimes (unix port, or wasm under Node through
wasm_runner.mjs) that the checks, tests and benches run code on (micropython_runtimes).
"""
