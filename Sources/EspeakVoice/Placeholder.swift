// Placeholder: EspeakVoice is being built. Replace this file.
