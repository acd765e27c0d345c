# Kernel in the loop: the service as installed, under systemd. Runs as the kitl-checks unit of
# the Debian bookworm root (see .ci/kitl/prepare-debian), booted with its own systemd as init;
# the work folder is at /kitl. Each check appends "PASS name" or "FAIL name: why" to
# $KITL_RESULTS; the exit status goes to /kitl/exit-status.
# shellcheck shell=bash
# shellcheck disable=SC1091
export KITL_WORK=/kitl KITL_ENV=/kitl/env-systemd KITL_VM=systemd
source /kitl/guest/lib.sh
exec > >(tee -a "$LOGS/systemd-checks.log") 2>&1
UNIT=gatespeed.service
STATE=/var/lib/gatespeed
journal() { journalctl -q -u "$UNIT" -o cat --no-pager; }
# unit_property NAME: one property of the unit, as systemctl show gives it.
unit_property() { systemctl show -p "$1" --value "$UNIT"; }
# wait_journal PATTERN COUNT LIMIT_S: until the unit's journal has COUNT lines matching PATTERN.
wait_journal() {
    local deadline=$((SECONDS + $3))
    while ((SECONDS < deadline)); do
        (( $(journal | grep -c -- "$1" || true) >= $2 )) && return 0
        sleep 0.5
    done
    return 1
}
wait_active() {
    local deadline=$((SECONDS + $1))
    while ((SECONDS < deadline)); do [[ $(unit_property ActiveState) == active ]] && return 0; sleep 0.5; done
    return 1
}

phase setup
load_vivid || fail "systemd: setup" "vivid did not load"
load_gpio_sim || fail "systemd: setup" "gpio-sim did not load"
load_aloop || fail "systemd: setup" "snd-aloop did not load"
start_vivid_priority_keeper
udevadm settle

# The board's config, in place before the installer (which keeps an existing one): the looped
# vivid camera at 320x240 on the default V4L2 path, gpio-sim, the loopback sound card, and
# clips off (encoding at 60 fps saturates the emulated CPUs; part 1 checks clips).
mkdir -p /etc/gatespeed
cat > /etc/gatespeed/config.json <<JSON
{
  "camera": {"device": "/dev/video0", "width": 320, "height": 240},
  "board": {"profile": "raspberry-pi-4", "chip_label": "$GPIO_LABEL"},
  "voice": {"alsa_device": "plughw:Loopback,0,0"},
  "clips": {"enabled": false},
  "log": {"level": "debug"}
}
JSON
# The course is on the camera before the service starts, so it calibrates on the course.
v4l2-ctl -d /dev/video0 -c gain_automatic=1
start_feeder systemd GREY 2:36:ltr
sleep 0.5

# --- install --------------------------------------------------------------------------------
phase "install and calibrate"
"$KITL_REPO/Deploy/install.sh" --binary "$KITL_BINARY" --skip-deps > "$LOGS/systemd-install.out" 2>&1
check "systemd: install.sh --binary installs and starts the unit" test $? -eq 0
check "systemd: the installed binary finds every library it links" \
    bash -c '! ldd /usr/local/bin/gatespeed | grep "not found"'
if wait_active 60; then pass "systemd: the unit starts and sends READY (Type=notify: active)"
else fail "systemd: the unit starts and sends READY (Type=notify: active)" "$(unit_property ActiveState)/$(unit_property SubState)"; fi
if wait_journal '"event":"ready"' 1 150; then pass "systemd: calibrates on the fed course under its hardening"
else fail "systemd: calibrates on the fed course under its hardening" "$(journal | tail -n 5 | tr '\n' ' ')"; fi
check "systemd: STATUS= names the phase ($(unit_property StatusText))" test -n "$(unit_property StatusText)"

# --- its hardening ----------------------------------------------------------------------------
phase hardening
pid=$(unit_property MainPID)
uid=$(awk '/^Uid:/ {print $2}' "/proc/$pid/status")
check "systemd: runs as the gatespeed user" test "$uid" = "$(id -u gatespeed)"
groups=" $(awk '/^Groups:/ {$1 = ""; print}' "/proc/$pid/status") "
for group in video gpio audio; do
    check "systemd: has the $group group" grep -q " $(getent group "$group" | cut -d: -f3) " <<< "$groups"
done
check "systemd: the state directory is the service's ($(stat -c '%U %a' "$STATE"))" test "$(stat -c '%U %a' "$STATE")" = "gatespeed 750"
check "systemd: ProtectSystem=strict: /usr is read-only to it" bash -c "! nsenter -t $pid -m touch /usr/kitl-probe 2>/dev/null"
check "systemd: ProtectSystem=strict: its state directory is writable" nsenter -t "$pid" -m touch "$STATE/kitl-probe"
rm -f "$STATE/kitl-probe"
# DevicePolicy=closed with the DeviceAllow= names: a shell in the unit's own cgroup (the device
# rules are a BPF program on it) may open the camera, GPIO chip and sound card, not the disk.
cgroup=/sys/fs/cgroup$(sed -n 's/^0:://p' "/proc/$pid/cgroup")
in_unit_cgroup() { bash -c 'echo $$ > "$1/cgroup.procs" && exec 3<> "$2"' _ "$cgroup" "$1"; }
for device in /dev/video0 "$(ls /dev/gpiochip* | head -n1)" /dev/snd/controlC0; do
    check "systemd: DeviceAllow= lets it open $device" in_unit_cgroup "$device"
done
denied_in_unit_cgroup() { ! in_unit_cgroup "$1" 2>/dev/null; }
check "systemd: DevicePolicy=closed keeps it from the disk (/dev/vda)" denied_in_unit_cgroup /dev/vda
check "systemd: it holds the camera and the GPIO chip" bash -c "ls -l /proc/$pid/fd | grep -q /dev/video0 && ls -l /proc/$pid/fd | grep -q /dev/gpiochip"

# --- a timed run ------------------------------------------------------------------------------
phase "timed run"
kill -USR1 "$FEEDER_PID"
if wait_journal '"event":"result"' 1 90; then
    journal | grep '"event":"result"' | head -n1 > "$LOGS/systemd.result"
    read -r direction kmh first last < "$LOGS/systemd.truth"
    # Against the speed the camera was shown, from the feeder's "shown" line (see judge.py).
    sleep 1
    shown_line=$(grep '^shown 1 ' "$LOGS/systemd.truth")
    [[ -n $shown_line ]] && kmh=$(awk '{printf "%.3f", 28 / ($6 - $5) * 3.6}' <<< "$shown_line")
    check "systemd: times the run from vivid within 2 % ($(sed 's/.*"speed_kmh":\([0-9.]*\).*/\1/' "$LOGS/systemd.result") km/h for $kmh $direction${shown_line:+ as shown})" \
        awk -v kmh="$kmh" -v direction="$direction" '{
            match($0, /"speed_kmh":[0-9.]+/); speed = substr($0, RSTART + 12, RLENGTH - 12)
            ok = index($0, "\"direction\":\"" direction "\"") && (speed - kmh) / kmh < 0.02 && (kmh - speed) / kmh < 0.02
            exit ok ? 0 : 1 }' "$LOGS/systemd.result"
else fail "systemd: times the run from vivid within 2 %" "no result: $(journal | tail -n 5 | tr '\n' ' ')"; fi
check "systemd: the result is in $STATE/results.jsonl" grep -q '"event":"result"' "$STATE/results.jsonl"

# --- frames stop: the watchdog restarts it ------------------------------------------------------
phase watchdog
# vivid drops every capture buffer: the camera stays open, but no frame comes (a hung driver).
# The service feeds the watchdog for 60 s after the last frame (its reopening grace), then
# systemd restarts it WatchdogSec (10 s) later.
restarts=$(unit_property NRestarts)
stopped_at=$(date +%s)
v4l2-ctl -d /dev/video0 -c percentage_of_dropped_buffers=100
restarted=0
while (( $(date +%s) - stopped_at < 120 )); do
    (( $(unit_property NRestarts) > restarts )) && { restarted=1; break; }
    sleep 1
done
waited=$(( $(date +%s) - stopped_at ))
v4l2-ctl -d /dev/video0 -c percentage_of_dropped_buffers=0
if ((restarted)) && journalctl -q -u "$UNIT" --no-pager | grep -q "Watchdog timeout"; then
    check "systemd: frames stopped: the watchdog restarted it after ${waited} s (grace 60 s + WatchdogSec 10 s)" test "$waited" -le 80
else fail "systemd: frames stopped: the watchdog restarts it" "restarted=$restarted after ${waited} s: $(journalctl -q -u "$UNIT" --no-pager | tail -n 3 | tr '\n' ' ')"; fi
if wait_active 60 && wait_journal '"event":"ready"' 2 150; then pass "systemd: after the restart it calibrates again"
else fail "systemd: after the restart it calibrates again" "$(unit_property ActiveState): $(journal | tail -n 3 | tr '\n' ' ')"; fi

# --- systemctl stop -------------------------------------------------------------------------------
phase stop
started=$(date +%s%N)
systemctl stop "$UNIT"
took_ms=$(( ($(date +%s%N) - started) / 1000000 ))
check "systemd: systemctl stop ends it cleanly in ${took_ms} ms (Result=$(unit_property Result))" test "$(unit_property Result)" = success
check "systemd: no SIGKILL was needed (TimeoutStopSec=5)" bash -c "! journalctl -q -u $UNIT --no-pager | grep -q 'timed out. Killing'"
check "systemd: the journal has the service's last words" bash -c "journalctl -q -u $UNIT -o cat --no-pager | grep -q '^stopping: finishing clips, flushing the journal'"
check "systemd: results.jsonl ends with a complete line" test "$(tail -c 1 "$STATE/results.jsonl" | od -An -tx1 | tr -d ' ')" = 0a
kill "$FEEDER_PID" 2>/dev/null; wait "$FEEDER_PID" 2>/dev/null

# --- the camera's driver loads after the service has started -----------------------------------
# (a USB camera plugged in later, or udev loading the camera's modules late in boot). systemd
# turns DeviceAllow=char-video4linux into a device rule from /proc/devices when the unit starts:
# without videodev loaded there is no such line, and the camera stays forbidden until a restart
# (a bare unit shows it; an ExecStartPre= loading videodev would come too late, as the device
# rules are set before it runs). install.sh's /etc/modules-load.d/gatespeed.conf loads videodev
# and snd at boot, so the service, started before the camera's own driver, opens the camera at
# its next retry, with no restart.
phase "late driver"
# vivid and every V4L2 module under it, holders first (a few rounds: rmmod refuses a module in use).
for round in 1 2 3 4; do
    lsmod | awk 'NR > 1 && $1 ~ /^(vivid|v4l2_|videobuf2_|videodev|mc$)/ {print $1}' | xargs -r rmmod 2>/dev/null
done
lsmod > "$LOGS/systemd-lsmod.txt"
if grep -q video4linux /proc/devices; then
    fail "systemd: the camera's driver after the service" "videodev stays loaded without vivid: cannot play it"
else
    systemd-run -q --unit=kitl-bare -p DevicePolicy=closed -p "DeviceAllow=char-video4linux rw" sleep 600
    # As at boot: systemd-modules-load reads the installed file.
    systemctl restart systemd-modules-load.service
    check "systemd: /etc/modules-load.d/gatespeed.conf loads videodev (video4linux in /proc/devices)" \
        grep -q video4linux /proc/devices
    # The camera appears at /dev/kitl-camera only once the feeder shows the course on it (as in
    # the unplug check: a camera opened before vivid's loop streams shows noise, not a course).
    rm -f /dev/kitl-camera
    sed -i 's|"device": "/dev/video0"|"device": "/dev/kitl-camera"|' /etc/gatespeed/config.json
    scheduled() { journalctl -q -u "$UNIT" --no-pager | grep -c "Scheduled restart job" || true; }
    restarts=$(scheduled)
    readies=$(journal | grep -c '"event":"ready"')
    systemctl start --no-block "$UNIT"
    wait_journal "kitl-camera" 1 60
    load_vivid
    bare=$(systemctl show -p MainPID --value kitl-bare)
    bare_cgroup=/sys/fs/cgroup$(sed -n 's/^0:://p' "/proc/$bare/cgroup")
    check "systemd: a bare unit with DeviceAllow=char-video4linux started before videodev may not open the camera" \
        bash -c '! (echo $BASHPID > "$1/cgroup.procs" && exec 3<> /dev/video0) 2>/dev/null' _ "$bare_cgroup"
    systemctl stop kitl-bare
    start_feeder late GREY 1:36:ltr
    sleep 1
    ln -sfn video0 /dev/kitl-camera
    plugged_at=$(date +%s)
    if wait_journal '"event":"ready"' $((readies + 1)) 60; then
        waited=$(( $(date +%s) - plugged_at ))
        check "systemd: a camera whose driver loads after the service is timed from without a restart (ready ${waited} s after it appeared)" \
            test "$(scheduled)" -eq "$restarts"
    else fail "systemd: a camera whose driver loads after the service is timed from without a restart" "no ready in 60 s: $(journal | tail -n 3 | tr '\n' ' ')"; fi
    systemctl stop "$UNIT"
    kill "$FEEDER_PID" 2>/dev/null
fi
journalctl -u "$UNIT" --no-pager > "$LOGS/systemd.journal" 2>&1

# --- uninstall --------------------------------------------------------------------------------
phase uninstall
"$KITL_REPO/Deploy/install.sh" --uninstall > "$LOGS/systemd-uninstall.out" 2>&1
check "systemd: install.sh --uninstall exits 0" test $? -eq 0
check "systemd: the unit, binary, modules-load file and user are gone" bash -c \
    "! test -e /etc/systemd/system/$UNIT && ! test -e /usr/local/bin/gatespeed && ! test -e /etc/modules-load.d/gatespeed.conf && ! getent passwd gatespeed"
check "systemd: the config and the results are kept" test -f /etc/gatespeed/config.json -a -f "$STATE/results.jsonl"

phase end
kill "$PRIORITY_KEEPER_PID" 2>/dev/null
echo "kitl systemd: $(grep -c '^PASS' "$RESULTS") passed, $(grep -c '^FAIL' "$RESULTS") failed"
status=0; grep -q '^FAIL' "$RESULTS" && status=1
echo "$status" > /kitl/exit-status
sync
exit 0
