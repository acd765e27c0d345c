// eSpeak NG synthesis library.
// The option and flag macros used by EspeakVoice (espeakINITIALIZE_DONT_EXIT, espeakCHARS_UTF8,
// espeakENDPAUSE) are plain integer macros that Swift imports directly.
#pragma once
#include <espeak-ng/speak_lib.h>
#include <espeak-ng/espeak_ng.h>
