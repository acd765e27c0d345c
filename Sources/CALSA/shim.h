// ALSA PCM playback.
#pragma once
#include <alsa/asoundlib.h>
