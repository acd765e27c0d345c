// ALSA PCM playback.
#pragma once
#include <alsa/asoundlib.h>

/// ALSA's default error handler prints to stderr ("ALSA lib confmisc.c:767:(parse_card) cannot find
/// card '0'"). The playback adapter reports its own errors (naming the device and snd_strerror), so it
/// installs this silent handler. The handler type is variadic, hence defined here in C.
static void gatespeed_alsa_quiet_error_handler(const char *file, int line, const char *function,
                                               int err, const char *fmt, ...) __attribute__((unused));
static void gatespeed_alsa_quiet_error_handler(const char *file, int line, const char *function,
                                               int err, const char *fmt, ...) {
    (void)file; (void)line; (void)function; (void)err; (void)fmt;
}

/// Silences ALSA library messages process-wide. Returns 0 on success.
static inline int gatespeed_alsa_silence_library_messages(void) {
    return snd_lib_error_set_handler(gatespeed_alsa_quiet_error_handler);
}
