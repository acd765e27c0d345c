// Placeholder: GateSpeedVision is being built. Replace this file.
