// Placeholder: GateSpeedService is being built. Replace this file.
