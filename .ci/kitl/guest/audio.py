"""Kernel in the loop: is a recording from the loopback sound card speech, or silence?

Usage: audio.py WAV NAME [MIN_SPOKEN_S]. PASS when at least MIN_SPOKEN_S (default 0.5) seconds of
the recording are louder than -40 dBFS (20 ms windows)."""
import array
import math
import sys
import wave

path, name = sys.argv[1], sys.argv[2]
minimum = float(sys.argv[3]) if len(sys.argv) > 3 else 0.5
try:
    with wave.open(path) as w:
        rate, width, channels = w.getframerate(), w.getsampwidth(), w.getnchannels()
        samples = array.array("h", w.readframes(w.getnframes()))
except (OSError, EOFError, wave.Error) as error:
    print(f"FAIL {name}: cannot read {path}: {error}")
    sys.exit(0)
if width != 2:
    print(f"FAIL {name}: {width * 8}-bit recording, expected 16-bit")
    sys.exit(0)
window = max(1, rate * channels // 50)
loud = 0
for start in range(0, len(samples) - window, window):
    chunk = samples[start:start + window]
    rms = math.sqrt(sum(s * s for s in chunk) / len(chunk))
    if rms > 32768 * 0.01:
        loud += 1
spoken = loud / 50
total = len(samples) / (rate * channels)
if spoken >= minimum:
    print(f"PASS {name} ({spoken:.1f} s of speech in {total:.1f} s)")
else:
    print(f"FAIL {name}: {spoken:.2f} s above -40 dBFS in {total:.1f} s")
