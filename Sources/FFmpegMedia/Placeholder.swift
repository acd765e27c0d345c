// Placeholder: FFmpegMedia is being built. Replace this file.
