// eSpeak NG synthesis library.
#pragma once
#include <espeak-ng/speak_lib.h>
#include <espeak-ng/espeak_ng.h>
