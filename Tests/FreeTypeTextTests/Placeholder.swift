// Placeholder: tests for this module are being written. Replace this file.
