// Placeholder: GateSpeedEngine is being built. Replace this file.
