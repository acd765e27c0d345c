"""Kernel in the loop: the LED lines sampled from gpio-sim against the service's events.

Usage: leds.py LEDS EVENTS NAME. LEDS has "monotonic_s p1 p2 p3 p4 p5 status" on each change;
event times are on the same clock (the camera's buffer timestamps are CLOCK_MONOTONIC)."""
import json
import sys

leds_path, events_path, name = sys.argv[1:4]
samples = []
with open(leds_path) as f:
    for line in f:
        parts = line.split()
        if len(parts) == 7 and "?" not in parts:
            samples.append((float(parts[0]), [int(v) for v in parts[1:6]], int(parts[6])))
events = []
with open(events_path) as f:
    for line in f:
        try:
            events.append(json.loads(line))
        except ValueError:
            pass


def state_at(t):
    """The lines as they were at time t (the last change at or before it)."""
    current = None
    for sample in samples:
        if sample[0] > t:
            break
        current = sample
    return current


def report(ok, what, why=""):
    print(f"{'PASS' if ok else 'FAIL'} {name}: LEDs {what}" + ("" if ok else f": {why}"))


ready = [e["t"] for e in events if e["event"] == "ready"]
first_ready = ready[0] if ready else None
# Calibrating: the status LED blinks about once a second before the first ready.
if first_ready is not None:
    toggles = [s[0] for s, previous in zip(samples[1:], samples) if s[2] != previous[2] and s[0] < first_ready]
    gaps = [b - a for a, b in zip(toggles, toggles[1:])]
    # The first gap may start at the lines' own start-up; a calibration that takes about a second
    # (a VM with CPU to spare) shows only one half-period, which is then the one judged.
    judged = gaps[1:] if len(gaps) > 1 else gaps
    ok = len(toggles) >= 2 and all(0.3 < g < 0.8 for g in judged)
    report(ok, "blink the status at 1 Hz while calibrating", f"toggles {toggles[:8]}")
    s = state_at(first_ready + 0.5)
    report(s is not None and s[2] == 1 and sum(s[1]) == 0, "show ready (status on, posts off)", f"{s}")
# Running: posts light one by one, in the order crossed.
for start in [e for e in events if e["event"] == "start"]:
    later = [e for e in events if e["t"] > start["t"] and e["event"] in ("result", "invalid")]
    if not later or later[0]["event"] != "result":
        continue
    result = later[0]
    # Each post's LED lights when its crossing is judged (0.3 s after it), and the result's
    # pattern follows the last one at once: the posts' part is what comes before the first drop.
    window = [sum(s[1]) for s in samples if start["t"] <= s[0] < result["t"] + 1.0]
    drop = next((i for i in range(1, len(window)) if window[i] < window[i - 1]), len(window))
    lit_counts = window[:drop]
    ok = lit_counts == sorted(lit_counts) and len(set(lit_counts)) >= 4
    report(ok, f"light the posts one by one ({start['direction']})", f"lit counts {lit_counts}")
    # After the result: PASS blinks all five together; FAIL chases one LED.
    after = [s for s in samples if result["t"] + 0.35 <= s[0] < result["t"] + 2.5]
    if result["pass"]:
        ok = any(sum(s[1]) == 5 for s in after) and any(sum(s[1]) == 0 for s in after)
        report(ok, "blink all five on PASS", f"{[sum(s[1]) for s in after][:12]}")
    else:
        ok = len(after) >= 5 and all(sum(s[1]) == 1 for s in after)
        report(ok, "chase one LED on FAIL", f"{[s[1] for s in after][:8]}")
