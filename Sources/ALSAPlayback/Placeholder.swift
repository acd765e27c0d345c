// Placeholder: ALSAPlayback is being built. Replace this file.
