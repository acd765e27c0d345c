// Placeholder: V4L2Camera is being built. Replace this file.
