// Placeholder: GateSpeedSpeech is being built. Replace this file.
