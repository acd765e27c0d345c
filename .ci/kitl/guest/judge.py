"""Kernel in the loop: the service's results against the feeder's truth.

Usage: judge.py TRUTH EVENTS NAME. Prints one PASS/FAIL line per fed ride: timed within 2 % of
the fed speed, in the fed direction, with the right verdict (PASS at >= 30 km/h)."""
import json
import sys

TOLERANCE = 0.02
PASS_KMH = 30.0

truth_path, events_path, name = sys.argv[1:4]
rides = []
with open(truth_path) as f:
    for line in f:
        direction, kmh, first, last = line.split()
        rides.append((direction, float(kmh), float(first), float(last)))
results = []
with open(events_path) as f:
    for line in f:
        try:
            event = json.loads(line)
        except ValueError:
            continue
        if event.get("event") == "result":
            results.append(event)
for direction, kmh, first, last in rides:
    label = f"{name}: {kmh:g} km/h {direction} timed within 2 %"
    # The result of this ride: same direction, finished near the fed last crossing.
    match = [r for r in results if r["direction"] == direction and abs(r["t"] - last) < 1.0]
    if not match:
        print(f"FAIL {label}: no result (results: {[(r['direction'], r['speed_kmh'], r['t']) for r in results]}, truth ends {last:.2f})")
        continue
    result = match[0]
    error = (result["speed_kmh"] - kmh) / kmh
    verdict_right = result["pass"] == (kmh >= PASS_KMH)
    if abs(error) <= TOLERANCE and verdict_right:
        print(f"PASS {label} ({result['speed_kmh']} km/h, {error * 100:+.2f} %)")
    else:
        print(f"FAIL {label}: {result['speed_kmh']} km/h ({error * 100:+.2f} %), pass={result['pass']}")
