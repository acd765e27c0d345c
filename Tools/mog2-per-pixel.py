#!/usr/bin/env python3
"""OpenCV's MOG2 background subtractor on the frames of a raw I420 file, for comparison with
GateSpeed's own per-frame path (README, "Speed").

    mog2-per-pixel.py FILE.yuv WIDTH HEIGHT [grey|colour]

Feeds every frame of FILE (raw yuv420p, as `GATESPEED_BENCH_RAW` writes) to one
cv2.createBackgroundSubtractorMOG2() with OpenCV's defaults, on the luma (grey) or on the
frame converted to BGR (colour), one thread, no OpenCL, and prints the median microseconds
of apply(). Under callgrind, count apply() alone:

    valgrind --tool=callgrind --toggle-collect='*BackgroundSubtractorMOG2Impl::apply*' \\
        --callgrind-out-file=mog2.out /usr/bin/python3 Tools/mog2-per-pixel.py FILE.yuv 320 240 grey
    callgrind_annotate mog2.out | grep 'PROGRAM TOTALS'    # divide by frames x pixels

(Needs Debian's python3-opencv: apt-get install python3-opencv.)
"""
import sys
import time

import cv2
import numpy as np


def main(argv):
    if len(argv) < 4:
        print(__doc__, file=sys.stderr)
        return 2
    path, width, height = argv[1], int(argv[2]), int(argv[3])
    mode = argv[4] if len(argv) > 4 else "grey"
    cv2.setNumThreads(1)
    cv2.ocl.setUseOpenCL(False)
    frame_bytes = width * height * 3 // 2
    data = np.fromfile(path, dtype=np.uint8)
    frames = len(data) // frame_bytes
    mog2 = cv2.createBackgroundSubtractorMOG2()
    times = []
    for index in range(frames):
        yuv = data[index * frame_bytes:(index + 1) * frame_bytes].reshape(height * 3 // 2, width)
        image = np.ascontiguousarray(yuv[:height]) if mode == "grey" else cv2.cvtColor(yuv, cv2.COLOR_YUV2BGR_I420)
        started = time.perf_counter()
        mog2.apply(image)
        times.append(time.perf_counter() - started)
    times.sort()
    print(f"MOG2 {mode} {width}x{height}: {frames} frames, apply() median {times[len(times) // 2] * 1e6:.0f} us")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
