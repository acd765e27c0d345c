# Kernel in the loop: the checks, run inside the VM against the kernel's own drivers
# (vivid, gpio-sim, snd-aloop). Each check appends "PASS name" or "FAIL name: why" to $RESULTS.
# shellcheck shell=bash
# shellcheck disable=SC1091
GUEST=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
source "$GUEST/lib.sh"
export HOME=$KITL_WORK
# eSpeak's audio library looks for PulseAudio first; there is none here.
export PULSE_SERVER=none

phase setup
load_vivid || fail setup "vivid did not load"
load_gpio_sim || fail setup "gpio-sim did not load"
load_aloop || fail setup "snd-aloop did not load"
start_vivid_priority_keeper

# --- devices ------------------------------------------------------------------------------------
devices() {
    "$GS" devices > "$LOGS/devices.txt" 2>&1
    check "devices lists the vivid camera" grep -q "/dev/video0: vivid" "$LOGS/devices.txt"
    check "devices lists the camera's formats" grep -q "YUYV" "$LOGS/devices.txt"
    check "devices lists the gpio-sim chip" grep -q "$GPIO_LABEL" "$LOGS/devices.txt"
}

# --- a timed session: fast pass left to right, slow fail right to left --------------------------
# timed_session NAME IO: starts the service on the looped course, checks calibration, the control
# lock, both runs against the feeder's truth (2 %), the LEDs, a short and a long button press,
# and that the lines are released on exit.
timed_session() {
    local name=$1 io=$2
    write_config "$KITL_WORK/$name.json" "$io" raspberry-pi-4
    # The course is on the input before the service opens it: calibration learns the course, not
    # vivid's no-signal noise.
    start_feeder "$name" GREY 2:36:ltr 3:20:rtl
    sleep 0.5
    # Auto gain on, as a camera comes (the session before locked it).
    v4l2-ctl -d /dev/video0 -c gain_automatic=1
    local gain_before; gain_before=$(v4l2-ctl -d /dev/video0 -C gain_automatic | awk '{print $2}')
    : > "$LOGS/$name.leds"
    start_led_sampler "$LOGS/$name.leds"
    arecord -q -D plughw:Loopback,1,0 -f S16_LE -r 22050 -c 1 "$LOGS/$name.wav" 2> "$LOGS/$name.arecord" &
    local recorder=$!
    "$GS" run --config "$KITL_WORK/$name.json" > "$LOGS/$name.events" 2> "$LOGS/$name.stderr" &
    local service=$!
    local format; format=$(negotiated_format "$LOGS/$name.stderr")
    check "$name: the service reads GREY, as the feeder draws" test "$format" = GREY
    if wait_event "$LOGS/$name.events" ready 1 150; then pass "$name: calibrates on the fed course"
    else fail "$name: calibrates on the fed course" "no ready in 150 s"; fi
    local gain_after; gain_after=$(v4l2-ctl -d /dev/video0 -C gain_automatic | awk '{print $2}')
    check "$name: auto gain locked after calibration ($gain_before -> $gain_after)" test "$gain_before:$gain_after" = "1:0"
    local riding; riding=$(cpu_mark)
    # Each rider is sent once the service is armed (ready), as a rider waits for the ready light.
    kill -USR1 "$FEEDER_PID"
    if wait_event "$LOGS/$name.events" result 1 60 && wait_event "$LOGS/$name.events" ready 2 60; then
        kill -USR1 "$FEEDER_PID"
        wait_event "$LOGS/$name.events" result 2 60
    else fail "$name: armed again after the first ride" "no result, or no ready after it, in 60 s"; fi
    cpu_note "$name rides" "$riding"
    python3 "$GUEST/judge.py" "$LOGS/$name.truth" "$LOGS/$name.events" "$name" 2 >> "$RESULTS"
    # A short press after a result marks a highlight; a long press recalibrates.
    sleep 2
    press_button 0.3
    if wait_event "$LOGS/$name.events" highlight 1 20; then pass "$name: a short press marks a highlight"
    else fail "$name: a short press marks a highlight" "no highlight event"; fi
    local readies; readies=$(grep -c '"event":"ready"' "$LOGS/$name.events")
    press_button 2.5
    if grep -q "recalibrat" "$LOGS/$name.stderr" || wait_event "$LOGS/$name.events" ready $((readies + 1)) 90; then
        pass "$name: a long press recalibrates"
    else fail "$name: a long press recalibrates" "no recalibration in the log nor a new ready"; fi
    kill -TERM "$service"
    local i; for ((i = 0; i < 100; i++)); do kill -0 "$service" 2>/dev/null || break; sleep 0.1; done
    kill -KILL "$service" 2>/dev/null
    kill "$SAMPLER_PID" "$FEEDER_PID" 2>/dev/null
    kill -INT "$recorder" 2>/dev/null
    wait "$service" "$recorder" 2>/dev/null
    python3 "$GUEST/audio.py" "$LOGS/$name.wav" "$name: the announcements are heard on the loopback" 2.0 >> "$RESULTS"
    python3 "$GUEST/leds.py" "$LOGS/$name.leds" "$LOGS/$name.events" "$name" >> "$RESULTS"
    if gpioinfo "$GPIO_LABEL" | grep -q '"gatespeed"\|\[used\]'; then
        fail "$name: lines released on exit" "$(gpioinfo "$GPIO_LABEL" | grep -v unused | tr '\n' ' ')"
    else pass "$name: lines released on exit"; fi
}
# --- speech: say on the loopback, recorded from its other end --------------------------------
# (Recorded until say has finished: under emulation eSpeak takes seconds to start.)
say_aloud() {
    arecord -q -D plughw:Loopback,1,0 -f S16_LE -r 22050 -c 1 "$LOGS/say.wav" 2> "$LOGS/say.arecord" &
    local recorder=$!
    sleep 1
    write_config "$KITL_WORK/say.json" raw raspberry-pi-4
    "$GS" say --config "$KITL_WORK/say.json" "31 kilometres per hour. Pass." > "$LOGS/say.out" 2>&1
    check "say on plughw:Loopback,0,0 exits 0" test $? -eq 0
    sleep 1
    kill -INT "$recorder"; wait "$recorder"
    python3 "$GUEST/audio.py" "$LOGS/say.wav" "say is heard on Loopback,1" 1.0 >> "$RESULTS"
}

# --- the camera unplugged mid-run, then plugged back -------------------------------------------
# start_service NAME: the service with $KITL_WORK/NAME.json, its events and log under $LOGS.
start_service() {
    "$GS" run --config "$KITL_WORK/$1.json" > "$LOGS/$1.events" 2> "$LOGS/$1.stderr" &
    SERVICE_PID=$!
}
stop_service() {
    kill -TERM "$SERVICE_PID"
    local i; for ((i = 0; i < 100; i++)); do kill -0 "$SERVICE_PID" 2>/dev/null || break; sleep 0.1; done
    kill -KILL "$SERVICE_PID" 2>/dev/null; wait "$SERVICE_PID" 2>/dev/null
}
unplugged() {
    local name=unplug
    # The service reads the camera through a link that is there only while vivid's loop shows the
    # course: a rebound vivid shows noise until its output streams, and a service that reopened
    # it in that moment learnt the noise as its empty course (a view that then changes completely
    # stays foreground: issue 11), so the ride after the rebind went unseen. A real camera's view
    # is there when its device is.
    ln -sfn video0 /dev/kitl-camera
    CAMERA_DEVICE=/dev/kitl-camera write_config "$KITL_WORK/$name.json" raw raspberry-pi-4
    v4l2-ctl -d /dev/video0 -c gain_automatic=1
    start_feeder "$name" GREY 1:12:ltr
    sleep 0.5
    : > "$LOGS/$name.leds"; start_led_sampler "$LOGS/$name.leds"
    start_service "$name"
    wait_event "$LOGS/$name.events" ready 1 150 || { fail "unplugged: calibrates" "no ready"; stop_service; return; }
    kill -USR1 "$FEEDER_PID"
    if ! wait_event "$LOGS/$name.events" start 1 30; then fail "unplugged: the run starts" "no start"; stop_service; return; fi
    sleep 1
    local unplugged_at; unplugged_at=$(cut -d' ' -f1 /proc/uptime)
    rm -f /dev/kitl-camera
    echo vivid.0 > /sys/bus/platform/drivers/vivid/unbind
    kill "$FEEDER_PID" 2>/dev/null
    if wait_event "$LOGS/$name.events" invalid 1 30 && grep -q '"reason":"camera_lost"' "$LOGS/$name.events"; then
        pass "unplugged: the run in progress is invalid, camera_lost"
    else fail "unplugged: the run in progress is invalid, camera_lost" "$(grep invalid "$LOGS/$name.events")"; fi
    sleep 4
    python3 - "$LOGS/$name.leds" "$unplugged_at" >> "$RESULTS" <<'PY'
import sys
rows = [line.split() for line in open(sys.argv[1])]
t0 = float(sys.argv[2])
# The fault's 5 Hz blink, from 1 s to 4 s after the unplug (before the rebind). A stall of the
# whole VM stretches a gap now and then (up to 0.5 s seen), so: the typical gap is a blink's
# 0.1 s, and most gaps are near it.
toggles = [float(r[0]) for r, p in zip(rows[1:], rows) if r[6] != p[6] and t0 + 1 < float(r[0]) < t0 + 4]
gaps = sorted(b - a for a, b in zip(toggles, toggles[1:]))
near = [g for g in gaps if 0.05 < g < 0.2]
ok = len(toggles) >= 6 and 0.07 < gaps[len(gaps) // 2] < 0.14 and len(near) >= 0.8 * len(gaps)
print(("PASS" if ok else "FAIL") + " unplugged: the status LED blinks the fault (5 Hz)"
      + (f" ({len(near)} of {len(gaps)} gaps near 0.1 s)" if ok else f": gaps {[round(g, 3) for g in gaps]}"))
PY
    echo vivid.0 > /sys/bus/platform/drivers/vivid/bind
    wait_for /dev/video1 10 && setup_vivid_loop
    start_feeder "$name-back" GREY 2:36:ltr
    sleep 1
    ln -sfn video0 /dev/kitl-camera
    local readies; readies=$(grep -c '"event":"ready"' "$LOGS/$name.events")
    if wait_event "$LOGS/$name.events" ready $((readies + 1)) 120; then pass "unplugged: timing comes back by itself after the driver returns"
    else fail "unplugged: timing comes back by itself after the driver returns" "no new ready in 120 s"; fi
    kill -USR1 "$FEEDER_PID"
    wait_event "$LOGS/$name.events" result 1 60
    python3 "$GUEST/judge.py" "$LOGS/$name-back.truth" "$LOGS/$name.events" "unplugged, then back" 1 >> "$RESULTS"
    stop_service; kill "$SAMPLER_PID" "$FEEDER_PID" 2>/dev/null
}

# --- clips on a slow run, with the sound card gone ---------------------------------------------
clips_without_sound() {
    local name=clips
    write_config "$KITL_WORK/$name.json" raw raspberry-pi-4 true
    v4l2-ctl -d /dev/video0 -c gain_automatic=1
    start_feeder "$name" GREY 1:15:rtl
    sleep 0.5
    start_service "$name"
    wait_event "$LOGS/$name.events" ready 1 150 || fail "clips: calibrates" "no ready"
    # The sound card disappears before the run: timing goes on.
    echo snd_aloop.0 > /sys/bus/platform/drivers/snd_aloop/unbind
    kill -USR1 "$FEEDER_PID"
    wait_event "$LOGS/$name.events" result 1 90
    python3 "$GUEST/judge.py" "$LOGS/$name.truth" "$LOGS/$name.events" "clips, sound card gone" 1 >> "$RESULTS"
    if wait_event "$LOGS/$name.events" clip 1 120; then
        local clip; clip=$(sed -n 's/.*"event":"clip".*"path":"\([^"]*\)".*/\1/p' "$LOGS/$name.events" | head -n1)
        check "clips: the run's clip opens with ffprobe" ffprobe -v error -show_entries stream=codec_name,nb_read_frames -count_frames "$clip"
    else fail "clips: the run's clip opens with ffprobe" "no clip event"; fi
    stop_service; kill "$FEEDER_PID" 2>/dev/null
    echo snd_aloop.0 > /sys/bus/platform/drivers/snd_aloop/bind
}

# --- gatespeed check: by line offset (a profile and the chip's label) and by line name ----------
hardware_check() {
    local name=$1 profile=$2
    write_config "$KITL_WORK/$name.json" raw "$profile"
    # A press every 2 s once the LED walk (6 x 0.4 s) is over: the check takes the first it sees,
    # while it speaks its prompt or after (edges queue meanwhile), and waits 10 s for it.
    (sleep 3; while :; do press_button 0.3; sleep 1.7; done) &
    local presser=$!
    timeout 120 "$GS" check --config "$KITL_WORK/$name.json" > "$LOGS/$name.out" 2>&1
    check "check passes by $3" test $? -eq 0
    kill "$presser" 2>/dev/null; wait "$presser" 2>/dev/null
    echo pull-up > "$GPIO_SYSFS/sim_gpio5/pull"
}

wanted devices && { phase devices; devices; }
wanted say && { phase say; say_aloud; }
wanted raw && { phase "session raw"; timed_session raw raw; }
wanted libv4l2 && { phase "session libv4l2"; timed_session libv4l2 libv4l2; }
wanted unplugged && { phase unplugged; unplugged; }
wanted clips && { phase clips; clips_without_sound; }
if wanted check; then
    phase "check by offset"; hardware_check check-offset raspberry-pi-4 "line offset (profile and chip_label)"
    phase "check by name"; hardware_check check-name generic "line name (generic)"
fi
phase end
kill "$PRIORITY_KEEPER_PID" 2>/dev/null
echo "kitl: $(grep -c '^PASS' "$RESULTS") passed, $(grep -c '^FAIL' "$RESULTS") failed"
grep -q '^FAIL' "$RESULTS" && exit 1
exit 0
