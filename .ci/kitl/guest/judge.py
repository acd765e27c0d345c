"""Kernel in the loop: the service's results against the feeder's truth.

Usage: judge.py TRUTH EVENTS NAME RIDES. Prints one PASS/FAIL line per fed ride: timed within 2 %
in the fed direction, with the right verdict (PASS at >= 30 km/h); and a FAIL for each of the RIDES
expected that the feeder never sent.

The speed judged against is the one the camera was shown: the feeder's "shown" line, from the
buffers' own stamps (when vivid's output thread took each away). Under emulation a stalled VM
leaves a buffer on show longer than planned, so the rider the camera saw stood still, then
jumped: up to 60 ms off the drawn crossings at the posts (18 ms typical), which at 36 km/h is
2 % of the ride. The drawn speed is printed beside it. A ride lost while the feeder saw vivid's
output stand still (the VM frozen) says so."""
import json
import sys

TOLERANCE = 0.02
PASS_KMH = 30.0
COURSE_M = 28.0

truth_path, events_path, name, expected = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
rides, shown = [], {}
try:
    with open(truth_path) as f:
        for line in f:
            parts = line.split()
            if parts[0] == "shown":
                shown[int(parts[1]) - 1] = (float(parts[4]), float(parts[5]))
            else:
                direction, kmh, first, last = parts
                rides.append((direction, float(kmh), float(first), float(last)))
except OSError as error:
    print(f"FAIL {name}: no truth from the feeder: {error}")
for missing in range(len(rides), expected):
    print(f"FAIL {name}: ride {missing + 1} of {expected} was never sent")
stalls = []
try:
    with open(truth_path.rsplit(".", 1)[0] + ".feeder") as f:
        for line in f:
            if "the output stood still for" in line:
                t = float(line.split(":")[1])
                stalls.append((t, float(line.rsplit("for ", 1)[1].split()[0]) / 1000))
except (OSError, ValueError, IndexError):
    pass
results = []
with open(events_path) as f:
    for line in f:
        try:
            event = json.loads(line)
        except ValueError:
            continue
        if event.get("event") == "result":
            results.append(event)
for index, (direction, kmh, first, last) in enumerate(rides):
    label = f"{name}: {kmh:g} km/h {direction} timed within 2 %"
    seen_first, seen_last = shown.get(index, (first, last))
    seen_kmh = COURSE_M / (seen_last - seen_first) * 3.6
    # The result of this ride: same direction, finished near the last crossing.
    match = [r for r in results if r["direction"] == direction and abs(r["t"] - seen_last) < 1.0]
    if not match:
        frozen = [f"{s * 1000:.0f} ms at {t:.2f}" for t, s in stalls if seen_first - 1 < t < seen_last + 1]
        why = f"; vivid's output stood still {', '.join(frozen)} (the VM froze)" if frozen else ""
        print(f"FAIL {label}: no result (results: {[(r['direction'], r['speed_kmh'], r['t']) for r in results]}, "
              f"truth ends {seen_last:.2f}{why})")
        continue
    result = match[0]
    error = (result["speed_kmh"] - seen_kmh) / seen_kmh
    verdict_right = result["pass"] == (kmh >= PASS_KMH)
    basis = f"shown {seen_kmh:.3f}" if index in shown else "drawn (no shown crossings)"
    if abs(error) <= TOLERANCE and verdict_right:
        print(f"PASS {label} ({result['speed_kmh']} km/h, {error * 100:+.2f} % of the {basis} km/h)")
    else:
        print(f"FAIL {label}: {result['speed_kmh']} km/h ({error * 100:+.2f} % of the {basis} km/h), pass={result['pass']}")
