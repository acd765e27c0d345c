# Kernel in the loop: helpers for the checks that run inside the VM (sourced by checks.sh).
# The VM runs the host's own root read-only; $KITL_WORK is read-write and holds env, logs and results.
# shellcheck shell=bash
set -uo pipefail
# shellcheck disable=SC1091
# KITL_BINARY, KITL_KERNEL_ROOT, KITL_FEEDER, KITL_LINEWATCH, KITL_REPO (and, in the Debian
# root of the installed-service checks, KITL_RESULTS and KITL_GPIO_SIM).
source "${KITL_ENV:-$KITL_WORK/env}"
GS=$KITL_BINARY
RESULTS=${KITL_RESULTS:-$KITL_WORK/results}
LOGS=$KITL_WORK/logs
mkdir -p "$LOGS"
: > "$RESULTS"
GPIO_LABEL=kitl-gpio

pass() { echo "PASS $1" | tee -a "$RESULTS"; }
fail() { echo "FAIL $1: $2" | tee -a "$RESULTS"; }
# phase NAME: from here on, the time goes to NAME ($LOGS/phases: "uptime_s NAME" at each start;
# .ci/kitl/run prints how long each took).
phase() { echo "$(cut -d' ' -f1 /proc/uptime) $1" >> "$LOGS/phases-${KITL_VM:-drivers}"; }
# wanted NAME: whether the section NAME runs (KITL_ONLY: a space-separated list; all when unset).
wanted() { [[ -z ${KITL_ONLY:-} || " $KITL_ONLY " == *" $1 "* ]]; }
# check NAME COMMAND...: PASS when the command succeeds; its output goes to the log on failure.
check() {
    local name=$1; shift
    local out
    if out=$("$@" 2>&1); then pass "$name"; else fail "$name" "$(echo "$out" | tail -n 5 | tr '\n' ' ')"; fi
}
modprobe_kitl() { modprobe -d "$KITL_KERNEL_ROOT" "$@"; }

# --- camera: vivid with an HDMI output looped into its HDMI input (640x480p59.94) -------------
load_vivid() {
    modprobe_kitl vivid n_devs=1 node_types=0x101 num_inputs=1 input_types=0x3 num_outputs=1 output_types=0x1 || return 1
    wait_for /dev/video1 10 || return 1
    setup_vivid_loop
}
setup_vivid_loop() {
    v4l2-ctl -d /dev/video1 --set-dv-bt-timings index=0 >/dev/null &&
    v4l2-ctl -d /dev/video0 --set-dv-bt-timings index=0 >/dev/null &&
    v4l2-ctl -d /dev/video0 -c loop_video=1,osd_text_mode=2
}
# negotiated_format STDERR_FILE: the pixel format the service chose, from its camera log line
# ("camera /dev/video0: 320x240 GREY at 59.94 fps"); waits up to 150 s for it (as long as for
# calibration: on a host loaded far beyond its cores the service took over 30 s to start).
negotiated_format() {
    local format deadline=$((SECONDS + 150))
    while ((SECONDS < deadline)); do
        format=$(sed -n 's/.*camera \/dev\/video0: [0-9]*x[0-9]* \([A-Z0-9]*\) at .*/\1/p' "$1" | tail -n1)
        [[ -n "$format" ]] && { echo "$format"; return 0; }
        sleep 0.2
    done
    return 1
}
# start_feeder NAME FORMAT RUN...: the feeder in the background; its truth goes to $LOGS/NAME.truth.
# It stands for a camera's sensor, which the service never starves: SCHED_FIFO 20, above the
# service's frame loop (SCHED_FIFO 10). Starved, it fell behind by up to 0.6 s at a time.
# Returns once the feeder's first buffer has come back from vivid (the course is on the input),
# or after 10 s.
start_feeder() {
    local name=$1 format=$2; shift 2
    chrt -f 20 "$KITL_FEEDER" /dev/video1 "$format" "$LOGS/$name.truth" "$@" > "$LOGS/$name.feeder" 2>&1 &
    FEEDER_PID=$!
    local deadline=$((SECONDS + 10))
    until grep -q '^feeder: streaming' "$LOGS/$name.feeder" 2>/dev/null || ((SECONDS >= deadline)); do sleep 0.1; done
}
# vivid's capture and output threads stand for the camera's hardware too: nice -20 once they
# run, ahead of everything but the real-time feeder and frame loop. Not real-time themselves:
# they wait for vivid's lock with mutex_trylock() and schedule(), which at SCHED_FIFO spins for
# ever over a lower-priority holder (the VM then crawled on RT throttling's 5 %). They start
# with each stream, so this looks among the kernel's threads (kthreadd's children) once a
# second until killed, with builtins only: the VM's CPUs are the scarce thing.
start_vivid_priority_keeper() {
    (declare -A raised
    while :; do
        { read -ra kthreads < /proc/2/task/2/children; } 2>/dev/null
        for pid in "${kthreads[@]}"; do
            [[ -n ${raised[$pid]:-} ]] && continue
            { read -r comm < "/proc/$pid/comm"; } 2>/dev/null || continue
            [[ $comm == vivid-*-vid-* ]] || continue
            renice -n -20 -p "$pid" >/dev/null 2>&1 && raised[$pid]=1
        done
        sleep 1
    done) &
    PRIORITY_KEEPER_PID=$!
}
# cpu_mark / cpu_note NAME MARK: how busy the VM's CPUs were since the mark, to $LOGS/cpu (a
# guest near 100 % cannot keep vivid's 59.94 fps, which shows as stutter in the feeder's log).
cpu_mark() { local _ user nice system idle iowait irq softirq steal; read -r _ user nice system idle iowait irq softirq steal _ < /proc/stat; echo "$((user + nice + system + irq + softirq + steal)) $((idle + iowait))"; }
cpu_note() {
    local busy0 idle0 busy1 idle1
    read -r busy0 idle0 <<< "$2"; read -r busy1 idle1 <<< "$(cpu_mark)"
    echo "$1: the VM's CPUs $(( 100 * (busy1 - busy0) / (busy1 - busy0 + idle1 - idle0 + 1) )) % busy" >> "$LOGS/cpu"
}
# --- GPIO: a gpio-sim chip labelled kitl-gpio, 32 lines, named as the generic profile's -------
load_gpio_sim() {
    modprobe_kitl configfs || return 1
    mountpoint -q /sys/kernel/config || mount -t configfs none /sys/kernel/config || return 1
    insmod "${KITL_GPIO_SIM:-$KITL_KERNEL_ROOT/gpio-sim-src/gpio-sim-kitl.ko}" || return 1
    local chip=/sys/kernel/config/gpio-sim/kitl
    mkdir -p "$chip/bank0" || return 1
    echo 32 > "$chip/bank0/num_lines"
    echo "$GPIO_LABEL" > "$chip/bank0/label"
    for offset in 17 27 22 23 24 25 5; do
        mkdir -p "$chip/bank0/line$offset"
        echo "GPIO$offset" > "$chip/bank0/line$offset/name"
    done
    echo 1 > "$chip/live" || return 1
    GPIO_SYSFS=/sys/devices/platform/$(cat "$chip/dev_name")/$(cat "$chip/bank0/chip_name")
    [[ -d "$GPIO_SYSFS" ]]
}
line_value() { cat "$GPIO_SYSFS/sim_gpio$1/value"; }
# The button (offset 5, active low, pulled up): pressed pulls it down.
press_button() { echo pull-down > "$GPIO_SYSFS/sim_gpio5/pull"; sleep "$1"; echo pull-up > "$GPIO_SYSFS/sim_gpio5/pull"; }
# Samples the six LED lines (posts 1-5, status) every 5 ms: "monotonic_s p1 p2 p3 p4 p5 status" on each change.
start_led_sampler() {
    "$KITL_LINEWATCH" "$1" "$GPIO_SYSFS"/sim_gpio{17,27,22,23,24,25}/value &
    SAMPLER_PID=$!
}
# --- sound: snd-aloop; playback on Loopback,0 is heard on Loopback,1 --------------------------
load_aloop() { modprobe_kitl snd-aloop && wait_for /dev/snd/pcmC0D0p 10; }

# The waits below count seconds, not rounds: under emulation a round of grep and sleep can take
# far longer than its sleep, and a wait of 120 "seconds" took 7 minutes.
wait_for() { local path=$1 deadline=$((SECONDS + $2)); while ((SECONDS < deadline)); do [[ -e "$path" ]] && return 0; sleep 0.1; done; [[ -e "$path" ]]; }
# wait_event FILE EVENT COUNT LIMIT_S: waits until FILE has COUNT lines of "event":"EVENT".
wait_event() {
    local file=$1 event=$2 count=$3 deadline=$((SECONDS + $4))
    while ((SECONDS < deadline)); do
        (( $(grep -c "\"event\":\"$event\"" "$file" 2>/dev/null || true) >= count )) && return 0
        sleep 0.2
    done
    return 1
}
# write_config FILE IO PROFILE [CLIPS true|false]
# The camera is read at 320x240: vivid's capture scaler halves the looped 640x480 input, so the
# emulated CPUs keep up with 59.94 fps.
write_config() {
    local file=$1 io=$2 profile=$3 clips=${4:-false}
    local label='"kitl-gpio"'; [[ $profile == generic ]] && label=null
    cat > "$file" <<JSON
{
  "camera": {"device": "${CAMERA_DEVICE:-/dev/video0}", "width": 320, "height": 240, "io": "$io"},
  "board": {"profile": "$profile", "chip_label": $label},
  "voice": {"alsa_device": "plughw:Loopback,0,0"},
  "clips": {"directory": "$KITL_WORK/clips", "enabled": $clips, "min_free_mb": 1},
  "journal": {"path": "$KITL_WORK/results-$(basename "$file" .json).jsonl"},
  "log": {"level": "debug"}
}
JSON
}
