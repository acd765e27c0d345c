// FFmpeg: libavformat, libavcodec, libswscale, libavutil. Macros (AVERROR, ...) get inline wrappers here.
#pragma once
#include <libavformat/avformat.h>
#include <libavcodec/avcodec.h>
#include <libswscale/swscale.h>
#include <libavutil/avutil.h>
#include <libavutil/imgutils.h>
#include <libavutil/opt.h>
#include <libavutil/error.h>
#include <libavutil/log.h>
#include <errno.h>

static inline int gs_averror(int e) { return AVERROR(e); }
static inline int gs_averror_eof(void) { return AVERROR_EOF; }
static inline int gs_averror_eagain(void) { return AVERROR(EAGAIN); }
static inline int gs_averror_invaliddata(void) { return AVERROR_INVALIDDATA; }
static inline int gs_averror_stream_not_found(void) { return AVERROR_STREAM_NOT_FOUND; }
static inline int gs_averror_decoder_not_found(void) { return AVERROR_DECODER_NOT_FOUND; }
static inline int64_t gs_av_nopts_value(void) { return AV_NOPTS_VALUE; }

static inline int gs_codec_flag_global_header(void) { return AV_CODEC_FLAG_GLOBAL_HEADER; }
static inline int gs_codec_flag_qscale(void) { return AV_CODEC_FLAG_QSCALE; }
static inline int gs_fmt_global_header(void) { return AVFMT_GLOBALHEADER; }
static inline int gs_fmt_nofile(void) { return AVFMT_NOFILE; }
static inline int gs_frame_flag_corrupt(void) { return AV_FRAME_FLAG_CORRUPT; }
static inline int gs_pkt_flag_key(void) { return AV_PKT_FLAG_KEY; }
static inline int gs_pkt_flag_corrupt(void) { return AV_PKT_FLAG_CORRUPT; }
static inline int gs_qp2lambda(void) { return FF_QP2LAMBDA; }
static inline int gs_thread_frame_and_slice(void) { return FF_THREAD_FRAME | FF_THREAD_SLICE; }
static inline int gs_avio_flag_write(void) { return AVIO_FLAG_WRITE; }
static inline int gs_input_buffer_padding(void) { return AV_INPUT_BUFFER_PADDING_SIZE; }
static inline int gs_log_quiet(void) { return AV_LOG_QUIET; }
static inline int gs_log_error(void) { return AV_LOG_ERROR; }
