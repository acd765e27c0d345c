// FFmpeg: libavformat, libavcodec, libswscale, libavutil. Macros (AVERROR, ...) get inline wrappers here.
#pragma once
#include <libavformat/avformat.h>
#include <libavcodec/avcodec.h>
#include <libswscale/swscale.h>
#include <libavutil/avutil.h>
#include <libavutil/imgutils.h>
#include <libavutil/opt.h>
#include <libavutil/error.h>
#include <errno.h>

static inline int gs_averror(int e) { return AVERROR(e); }
static inline int gs_averror_eof(void) { return AVERROR_EOF; }
static inline int gs_averror_eagain(void) { return AVERROR(EAGAIN); }
static inline int64_t gs_av_nopts_value(void) { return AV_NOPTS_VALUE; }
