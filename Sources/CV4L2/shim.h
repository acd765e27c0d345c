// V4L2 + libv4l2 + libv4lconvert. Macros and variadic functions get static inline wrappers here.
#pragma once
#include <linux/videodev2.h>
#include <libv4l2.h>
#include <libv4lconvert.h>
#include <libv4l-plugin.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <unistd.h>

// MARK: ioctl request numbers (function-like macros with sizeof, which Swift cannot import)
static const unsigned long GS_VIDIOC_QUERYCAP = VIDIOC_QUERYCAP;
static const unsigned long GS_VIDIOC_ENUM_FMT = VIDIOC_ENUM_FMT;
static const unsigned long GS_VIDIOC_ENUM_FRAMESIZES = VIDIOC_ENUM_FRAMESIZES;
static const unsigned long GS_VIDIOC_ENUM_FRAMEINTERVALS = VIDIOC_ENUM_FRAMEINTERVALS;
static const unsigned long GS_VIDIOC_G_FMT = VIDIOC_G_FMT;
static const unsigned long GS_VIDIOC_S_FMT = VIDIOC_S_FMT;
static const unsigned long GS_VIDIOC_G_PARM = VIDIOC_G_PARM;
static const unsigned long GS_VIDIOC_S_PARM = VIDIOC_S_PARM;
static const unsigned long GS_VIDIOC_REQBUFS = VIDIOC_REQBUFS;
static const unsigned long GS_VIDIOC_QUERYBUF = VIDIOC_QUERYBUF;
static const unsigned long GS_VIDIOC_QBUF = VIDIOC_QBUF;
static const unsigned long GS_VIDIOC_DQBUF = VIDIOC_DQBUF;
static const unsigned long GS_VIDIOC_STREAMON = VIDIOC_STREAMON;
static const unsigned long GS_VIDIOC_STREAMOFF = VIDIOC_STREAMOFF;
static const unsigned long GS_VIDIOC_QUERYCTRL = VIDIOC_QUERYCTRL;
static const unsigned long GS_VIDIOC_G_CTRL = VIDIOC_G_CTRL;
static const unsigned long GS_VIDIOC_S_CTRL = VIDIOC_S_CTRL;

// MARK: variadic calls
// Plain libc: these resolve through the dynamic linker, so an LD_PRELOAD shim such as
// libcamera's v4l2-compat.so (run by `libcamerify`) intercepts them.
static inline int gs_sys_open(const char *path, int flags) { return open(path, flags); }
static inline int gs_sys_ioctl(int fd, unsigned long request, void *arg) { return ioctl(fd, request, arg); }

// libv4l2: its internals call the kernel with syscall(SYS_ioctl, ...) etc., not through libc.
static inline int gs_v4l2_open(const char *path, int flags) { return v4l2_open(path, flags); }
static inline int gs_v4l2_ioctl(int fd, unsigned long request, void *arg) { return v4l2_ioctl(fd, request, arg); }

static inline void *gs_map_failed(void) { return MAP_FAILED; }

// MARK: libv4lconvert without a device
// A converter only needs a device to list its formats and controls. These device
// operations answer VIDIOC_QUERYCAP with a plain capture device and refuse the rest,
// so MJPEG -> YU12 decoding works on frames from any source (and in tests).
static void *gs_detached_init(int fd) { (void)fd; return NULL; }
static void gs_detached_close(void *priv) { (void)priv; }
static int gs_detached_ioctl(void *priv, int fd, unsigned long request, void *arg) {
    (void)priv; (void)fd;
    if (request == VIDIOC_QUERYCAP && arg != NULL) {
        struct v4l2_capability *cap = (struct v4l2_capability *)arg;
        memset(cap, 0, sizeof(*cap));
        strncpy((char *)cap->driver, "gatespeed", sizeof(cap->driver) - 1);
        strncpy((char *)cap->card, "mjpeg decoder", sizeof(cap->card) - 1);
        cap->capabilities = V4L2_CAP_VIDEO_CAPTURE | V4L2_CAP_STREAMING | V4L2_CAP_DEVICE_CAPS;
        cap->device_caps = V4L2_CAP_VIDEO_CAPTURE | V4L2_CAP_STREAMING;
        return 0;
    }
    errno = EINVAL;
    return -1;
}
static ssize_t gs_detached_read(void *priv, int fd, void *buffer, size_t n) {
    (void)priv; (void)fd; (void)buffer; (void)n; errno = EINVAL; return -1;
}
static ssize_t gs_detached_write(void *priv, int fd, const void *buffer, size_t n) {
    (void)priv; (void)fd; (void)buffer; (void)n; errno = EINVAL; return -1;
}
static const struct libv4l_dev_ops gs_detached_ops = {
    gs_detached_init, gs_detached_close, gs_detached_ioctl, gs_detached_read, gs_detached_write,
    NULL, NULL, NULL, NULL, NULL, NULL, NULL
};
static inline struct v4lconvert_data *gs_v4lconvert_create_detached(void) {
    return v4lconvert_create_with_dev_ops(-1, NULL, &gs_detached_ops);
}
