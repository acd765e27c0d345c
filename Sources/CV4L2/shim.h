// V4L2 + libv4l2 + libv4lconvert. Macros and variadic functions get static inline wrappers here.
#pragma once
#include <linux/videodev2.h>
#include <libv4l2.h>
#include <libv4lconvert.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <errno.h>
#include <fcntl.h>
#include <unistd.h>
