#!/usr/bin/env python3
"""Instructions per pixel from callgrind profiles (see README, "Speed").

    callgrind-per-pixel.py WIDTHxHEIGHT PATTERN [PATTERN ...] -- FILE [FILE ...]

For every profile FILE (an uncompressed callgrind output: run valgrind with
--compress-strings=no) and every PATTERN (a substring of a function's mangled
name), prints the calls to the matching functions, their inclusive instruction
count, and that count per call and per call x pixel. Inclusive costs are summed
over the call sites that call a matching function from a non-matching one, so a
function that calls itself is not counted twice.

    gatespeed bench:  PATTERN callgrindSteadyFrame / callgrindCalibratingFrame /
                      callgrindFirstFrame (a run's first frame, which sizes the buffers)
                      (one profile per bench section with
                       --dump-before='*callgrindSectionStarts*')
    gatespeed replay: PATTERN 14TimingPipelineV7process (the vision and timing per
                      frame, decoding excluded) and e.g. 10DemuxDecoder (decoding)
"""
import sys


def profile(path, patterns):
    totals = {p: [0, 0] for p in patterns}   # pattern -> [calls, inclusive Ir]
    everything = 0
    current_fn = ""
    pending = None   # pattern of the call whose cost line comes next
    call_count = 0
    called = ""
    with open(path, errors="replace") as f:
        for line in f:
            if line.startswith("fn="):
                current_fn = line[3:].strip()
                continue
            if line.startswith("cfn="):
                called = line[4:].strip()
                continue
            if line.startswith("calls="):
                call_count = int(line[6:].split()[0])
                pending = None
                for p in patterns:
                    if p in called and p not in current_fn:
                        pending = p
                        break
                if pending is None:
                    pending = ""   # a call, but not one we count: skip its cost line
                continue
            if pending is not None:
                parts = line.split()
                if len(parts) >= 2 and pending:
                    totals[pending][0] += call_count
                    totals[pending][1] += int(parts[-1])
                pending = None
                continue
            if line.startswith("summary:") or line.startswith("totals:"):
                everything = max(everything, int(line.split()[1]))
            elif line[:1].isdigit() or line[:1] in "+-*":
                pass
    return totals, everything


def main(argv):
    if "--" not in argv or len(argv) < 4:
        print(__doc__, file=sys.stderr)
        return 2
    split = argv.index("--")
    size, patterns, files = argv[1], argv[2:split], argv[split + 1:]
    width, height = (int(v) for v in size.lower().split("x"))
    pixels = width * height
    print(f"{'profile':<28} {'function':<28} {'calls':>7} {'instructions':>14} {'per call':>12} {'per pixel':>10}")
    for path in files:
        totals, everything = profile(path, patterns)
        for p in patterns:
            calls, ir = totals[p]
            if calls == 0:
                continue
            print(f"{path[-28:]:<28} {p[-28:]:<28} {calls:>7} {ir:>14} {ir / calls:>12.0f} {ir / calls / pixels:>10.2f}")
        if everything:
            print(f"{path[-28:]:<28} {'(whole profile)':<28} {'':>7} {everything:>14}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
