// libjpeg-turbo's TurboJPEG API (Debian libturbojpeg0-dev). Flags are macros: inline wrappers here.
#pragma once
#include <turbojpeg.h>

static inline int gs_tj_samp_420(void) { return TJSAMP_420; }
static inline int gs_tj_flag_norealloc(void) { return TJFLAG_NOREALLOC; }
static inline int gs_tj_flag_fastdct(void) { return TJFLAG_FASTDCT; }
