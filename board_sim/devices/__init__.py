"""Simulated devices at the bus level: switches, 74HC165, MCP23017, LIS3DH, MPU-6050,
SSD1306, WS2812 strip, piezo. Each module owns one device."""
