// Placeholder: GateSpeedBoard is being built. Replace this file.
