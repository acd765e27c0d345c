// Placeholder: GPIODLines is being built. Replace this file.
