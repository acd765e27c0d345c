// Placeholder: GateSpeedCore is being built. Replace this file.
