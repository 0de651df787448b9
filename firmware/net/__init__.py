"""The Pico W's network side: joining Wi-Fi, the live scoreboard server and its QR code."""
