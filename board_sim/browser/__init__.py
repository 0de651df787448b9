"""The box in a web page: the firmware and the simulated board on MicroPython's WebAssembly
build (web/ is the page; page_box is what it drives)."""
