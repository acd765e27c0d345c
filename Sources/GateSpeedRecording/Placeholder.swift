// Placeholder: GateSpeedRecording is being built. Replace this file.
