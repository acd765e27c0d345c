#!/usr/bin/env python3
"""OpenCV's MOG2 background subtractor on the frames of a raw I420 file, for comparison with
GateSpeed's own per-frame path (README, "Speed").

    mog2-per-pixel.py FILE.yuv WIDTH HEIGHT [grey|colour] [FRAMES]

Feeds every frame of FILE (raw yuv420p, as `GATESPEED_BENCH_RAW` writes) to one
cv2.createBackgroundSubtractorMOG2() with OpenCV's defaults, on the luma (grey) or on the
frame converted to BGR (colour), one thread, no OpenCL, and prints the median microseconds
of apply(). Debian's OpenCV has no symbols for MOG2's internals, so under callgrind count
two runs, of FRAMES 20 and 80, and divide the difference by 60 frames x pixels:

    for n in 20 80; do valgrind --tool=callgrind --callgrind-out-file=mog2-$n.out \\
        /usr/bin/python3 .ci/perf/mog2-per-pixel.py FILE.yuv 320 240 grey $n; done
    grep summary: mog2-20.out mog2-80.out

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
    if len(argv) > 5:
        frames = min(frames, int(argv[5]))
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
