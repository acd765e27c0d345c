// Placeholder: GateSpeedSimulation is being built. Replace this file.
