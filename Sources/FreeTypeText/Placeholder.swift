// Placeholder: FreeTypeText is being built. Replace this file.
