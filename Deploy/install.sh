#!/usr/bin/env bash
# Installs GateSpeed as a systemd service on the board, in one command:
#
#   sudo Deploy/install.sh                 install (or upgrade) and start the service
#   sudo Deploy/install.sh --uninstall     stop and remove it; keeps config, clips and results
#   sudo Deploy/install.sh --uninstall --purge   ... and removes config, clips and results too
#   sudo Deploy/install.sh --hotspot NAME  make the board a Wi-Fi hotspot NAME (NetworkManager) whose
#                                          phones reach the pages at http://10.42.0.1:8080 and, with
#                                          avahi, http://HOSTNAME.local:8080; changes nothing else
#
# Hotspot options (re-running changes the existing hotspot, keeping its passphrase unless given):
#   --hotspot-password PASS   its WPA2 passphrase, 8 to 63 characters (default: made up, printed once)
#   --hotspot-interface IF    the Wi-Fi interface (default wlan0)
#   --hostname                also name the board "gatespeed", so it answers at gatespeed.local
#
# Options:
#   --dry-run        print what would be done, change nothing
#   --no-systemctl   do not talk to systemd or udev (images, containers, tests)
#   --no-build       do not build; use .build/release/gatespeed as it is
#   --binary FILE    install FILE instead of building (e.g. a cross-built binary)
#   --skip-deps      do not install Debian packages
#   --root DIR       install into DIR instead of / (also: ROOT=DIR or DESTDIR=DIR)
#
# Swift must be installed to build: on Raspberry Pi OS 64-bit (bookworm) unpack the swift.org
# toolchain for Debian 12 aarch64 and put its usr/bin on PATH, or name the driver with
# SWIFT=/opt/swift/usr/bin/swift (sudo resets PATH). See the installer's guide in README.md.
# A 32-bit Raspberry Pi OS cannot run the toolchain; use the 64-bit image.
set -euo pipefail

script_dir=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
repo_dir=$(cd "$script_dir/.." && pwd)

mode=install
purge=0
dry_run=0
use_systemctl=1
build=1
deps=1
binary=""
root="${ROOT:-${DESTDIR:-}}"
hotspot_ssid=""
hotspot_password=""
hotspot_interface=wlan0
set_hostname=0
# A passphrase never printed by run(): it is shown once, on its own line.
secret=""

need_value() {
  if (($# < 2)) || [[ $2 == --* ]]; then echo "install.sh: $1 needs a value (see --help)" >&2; exit 2; fi
}

usage() { sed -n '2,27p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'; }

while (($#)); do
  case "$1" in
    --uninstall) mode=uninstall ;;
    --purge) purge=1 ;;
    --dry-run) dry_run=1 ;;
    --no-systemctl) use_systemctl=0 ;;
    --no-build) build=0 ;;
    --binary) need_value "$@"; shift; binary=$1; build=0 ;;
    --skip-deps) deps=0 ;;
    --root) need_value "$@"; shift; root=$1 ;;
    --hotspot) need_value "$@"; shift; hotspot_ssid=$1; mode=hotspot ;;
    --hotspot-password) need_value "$@"; shift; hotspot_password=$1 ;;
    --hotspot-interface) need_value "$@"; shift; hotspot_interface=$1 ;;
    --hostname) set_hostname=1 ;;
    -h|--help) usage; exit 0 ;;
    *) echo "install.sh: unknown option $1 (see --help)" >&2; exit 2 ;;
  esac
  shift
done
if ((purge)) && [[ $mode != uninstall ]]; then
  echo "install.sh: --purge only goes with --uninstall" >&2; exit 2
fi
root="${root%/}"
if [[ $mode != hotspot ]] && { [[ -n $hotspot_password ]] || ((set_hostname)) || [[ $hotspot_interface != wlan0 ]]; }; then
  echo "install.sh: --hotspot-password, --hotspot-interface and --hostname go with --hotspot NAME" >&2; exit 2
fi
if [[ $mode == hotspot ]]; then
  if ((${#hotspot_ssid} > 32)); then echo "install.sh: --hotspot: the name has more than 32 bytes" >&2; exit 2; fi
  if [[ -n $hotspot_password ]] && { ((${#hotspot_password} < 8)) || ((${#hotspot_password} > 63)); }; then
    echo "install.sh: --hotspot-password must have 8 to 63 characters (WPA2)" >&2; exit 2
  fi
fi

# Paths on the target system.
bin_path="$root/usr/local/bin/gatespeed"
config_dir="$root/etc/gatespeed"
config_path="$config_dir/config.json"
unit_path="$root/etc/systemd/system/gatespeed.service"
udev_rule_path="$root/etc/udev/rules.d/99-gatespeed-gpio.rules"
modules_path="$root/etc/modules-load.d/gatespeed.conf"
state_dir="$root/var/lib/gatespeed"
service_user=gatespeed

say() { echo "install.sh: $*" >&2; }

# Prints a command as run() does, with the hotspot's passphrase hidden.
show() {
  local argument
  for argument in "$@"; do
    if [[ -n $secret && $argument == "$secret" ]]; then printf ' %s' '********'; else printf ' %q' "$argument"; fi
  done
  printf '\n'
}

# Runs a command, or prints it under --dry-run. Every change goes through here.
run() {
  if ((dry_run)); then
    printf 'would run:'; show "$@"
  else
    printf '+'; show "$@"
    "$@"
  fi
}

# systemctl and udevadm talk to running daemons: skipped with --no-systemctl.
daemon() {
  if ((use_systemctl)); then run "$@"; else echo "skipped (--no-systemctl):$(printf ' %q' "$@")"; fi
}

# useradd and friends: under a root prefix they edit "$root/etc/passwd" via --prefix,
# and are skipped when the prefix has no passwd file (a bare staging directory).
account() {
  local command="$1"; shift
  if [[ -z $root ]]; then
    run "$command" "$@"
  elif [[ -f $root/etc/passwd ]]; then
    run "$command" --prefix "$root" "$@"
  else
    printf 'skipped (no %s/etc/passwd):' "$root"; printf ' %q' "$command" "$@"; printf '\n'
  fi
}

group_exists() {
  if [[ -z $root ]]; then getent group "$1" >/dev/null; else grep -q "^$1:" "$root/etc/group" 2>/dev/null; fi
}

user_exists() {
  if [[ -z $root ]]; then getent passwd "$1" >/dev/null; else grep -q "^$1:" "$root/etc/passwd" 2>/dev/null; fi
}

need_root() {
  if ((dry_run)) || [[ -n $root ]]; then return; fi
  if [[ $(id -u) -ne 0 ]]; then say "run as root: sudo $0 $*"; exit 1; fi
}

# The swift driver: $SWIFT, else PATH, else the usual toolchain locations (sudo resets PATH).
find_swift() {
  local candidate
  for candidate in "${SWIFT:-}" "$(command -v swift 2>/dev/null || true)" \
                   /opt/swift/usr/bin/swift /usr/share/swift/usr/bin/swift /usr/local/swift/usr/bin/swift; do
    if [[ -n $candidate && -x $candidate ]]; then echo "$candidate"; return 0; fi
  done
  return 1
}

build_binary() {
  local swift
  if ! swift=$(find_swift); then
    say "swift is not installed (or not on root's PATH). Install the swift.org toolchain"
    say "(Debian 12, aarch64 on a Raspberry Pi with 64-bit Raspberry Pi OS) and run again with"
    say "SWIFT=/path/to/usr/bin/swift, or build elsewhere and pass --binary FILE."
    say "See the installer's guide in README.md."
    ((dry_run)) || exit 1
    swift=swift
  fi
  local toolchain_dir
  toolchain_dir=$(dirname "$swift")
  # Build as the user who called sudo, so .build stays theirs (sudo resets PATH, so pass it on).
  if [[ -n ${SUDO_USER:-} && $SUDO_USER != root ]]; then
    run sudo -u "$SUDO_USER" env "PATH=$toolchain_dir:/usr/local/bin:/usr/bin:/bin" "$swift" build -c release \
      --product gatespeed --package-path "$repo_dir"
  else
    run "$swift" build -c release --product gatespeed --package-path "$repo_dir"
  fi
}

install_gatespeed() {
  need_root
  if ((deps)); then run "$repo_dir/Deploy/install-deps.sh"; fi
  if ((build)); then build_binary; fi
  local source_binary="${binary:-$repo_dir/.build/release/gatespeed}"
  if [[ ! -x $source_binary ]] && ! ((dry_run)); then
    say "no binary at $source_binary (build first, or pass --binary FILE)"; exit 1
  fi
  run install -D -m 0755 "$source_binary" "$bin_path"

  # Plain Debian has no gpio group: add it and the udev rule that gives it the GPIO chips.
  # Raspberry Pi OS has both already.
  if ! group_exists gpio; then
    account groupadd --system gpio
    run install -D -m 0644 "$repo_dir/Deploy/99-gatespeed-gpio.rules" "$udev_rule_path"
    daemon udevadm control --reload
    daemon udevadm trigger --subsystem-match=gpio --action=add
  fi
  for group in video audio; do
    group_exists "$group" || account groupadd --system "$group"
  done
  if user_exists "$service_user"; then
    account usermod --append --groups video,gpio,audio "$service_user"
  else
    account useradd --system --user-group --no-create-home --home-dir /var/lib/gatespeed \
      --shell /usr/sbin/nologin --comment "GateSpeed timing appliance" --groups video,gpio,audio "$service_user"
  fi

  run install -d -m 0755 "$config_dir"
  if [[ -e $config_path ]]; then
    echo "keeping existing $config_path (the new defaults are in Deploy/config.example.json)"
  else
    run install -m 0644 "$repo_dir/Deploy/config.example.json" "$config_path"
  fi
  run install -D -m 0644 "$repo_dir/Deploy/gatespeed.service" "$unit_path"
  # The camera and sound cores at every boot (see the file), and now, before the service starts.
  run install -D -m 0644 "$repo_dir/Deploy/gatespeed-modules.conf" "$modules_path"

  daemon systemctl daemon-reload
  daemon systemctl restart systemd-modules-load.service || say "systemd-modules-load could not load videodev and snd; see: journalctl -u systemd-modules-load -b"
  daemon systemctl enable gatespeed.service
  if ! daemon systemctl restart gatespeed.service; then
    say "the service did not start; see: journalctl -u gatespeed -b"
    exit 1
  fi
  if ((dry_run)); then say "dry run: nothing was changed"; else say "done. Follow it with: journalctl -u gatespeed -f"; fi
}

uninstall_gatespeed() {
  need_root
  # Tolerate a service that is not installed or not running: uninstall must always finish.
  daemon systemctl disable --now gatespeed.service || true
  [[ -e $unit_path ]] && run rm -f "$unit_path"
  daemon systemctl daemon-reload
  [[ -e $bin_path ]] && run rm -f "$bin_path"
  [[ -e $modules_path ]] && run rm -f "$modules_path"
  # The udev rule is only there if this script created the gpio group: remove both.
  if [[ -e $udev_rule_path ]]; then
    run rm -f "$udev_rule_path"
    daemon udevadm control --reload || true
    if group_exists gpio; then account groupdel gpio || say "kept the gpio group (still in use)"; fi
  fi
  if user_exists "$service_user"; then account userdel "$service_user"; fi
  if ((purge)); then
    [[ -e $config_dir ]] && run rm -rf "$config_dir"
    [[ -e $state_dir ]] && run rm -rf "$state_dir"
  else
    echo "kept $config_path and $state_dir (clips and results); --purge removes them"
  fi
  return 0
}

# NetworkManager's hotspot: one connection, "gatespeed-hotspot", added once and changed on
# re-runs. ipv4.method shared gives the phones addresses by DHCP (NetworkManager's dnsmasq) with
# the board at 10.42.0.1. IPv6 is off on it: the service listens on IPv4 only, so avahi then
# offers phones only the address they can reach.
hotspot_connection=gatespeed-hotspot

make_passphrase() {
  local made=""
  while ((${#made} < 16)); do
    made+=$(head -c 256 /dev/urandom | LC_ALL=C tr -dc 'abcdefghijkmnpqrstuvwxyz23456789')
  done
  echo "${made:0:16}"
}

setup_hotspot() {
  need_root
  if ! command -v nmcli >/dev/null; then
    say "nmcli not found: the hotspot needs NetworkManager (Raspberry Pi OS bookworm has it;"
    say "elsewhere: apt-get install network-manager). Nothing was changed."
    exit 1
  fi
  local exists=0
  if nmcli -t -f NAME connection show 2>/dev/null | grep -qx "$hotspot_connection"; then exists=1; fi
  local passphrase=$hotspot_password generated=0
  if [[ -z $passphrase ]] && ! ((exists)); then passphrase=$(make_passphrase); generated=1; fi
  secret=$passphrase
  local settings=(connection.interface-name "$hotspot_interface" connection.autoconnect yes
                  802-11-wireless.ssid "$hotspot_ssid" 802-11-wireless.mode ap 802-11-wireless.band bg
                  ipv4.method shared ipv4.addresses 10.42.0.1/24 ipv6.method disabled
                  wifi-sec.key-mgmt wpa-psk)
  if [[ -n $passphrase ]]; then settings+=(wifi-sec.psk "$passphrase"); fi
  if ((exists)); then
    run nmcli connection modify "$hotspot_connection" "${settings[@]}"
  else
    run nmcli connection add type wifi ifname "$hotspot_interface" con-name "$hotspot_connection" \
      autoconnect yes ssid "$hotspot_ssid" "${settings[@]}"
  fi
  if ((deps)); then run apt-get install -y --no-install-recommends avahi-daemon; fi
  daemon systemctl enable --now avahi-daemon.service
  local name
  if ((set_hostname)); then
    daemon hostnamectl set-hostname gatespeed
    # sudo and others look the board's own name up in /etc/hosts (127.0.1.1 on Debian).
    local hosts="$root/etc/hosts"
    if [[ -f $hosts ]] && grep -q '^127\.0\.1\.1[[:space:]]' "$hosts"; then
      run sed -i 's/^127\.0\.1\.1[[:space:]].*/127.0.1.1\tgatespeed/' "$hosts"
    else
      ((dry_run)) && echo "would add 127.0.1.1 gatespeed to $hosts" || printf '127.0.1.1\tgatespeed\n' >> "$hosts"
    fi
    name=gatespeed
  else
    name=$(hostname 2>/dev/null || echo raspberrypi)
  fi
  daemon nmcli connection up "$hotspot_connection"
  if ((generated)); then
    echo "hotspot passphrase (shown only now; write it down): $passphrase"
  elif ((exists)) && [[ -z $hotspot_password ]]; then
    echo "kept the hotspot's passphrase (show it: nmcli --show-secrets -g wifi-sec.psk connection show $hotspot_connection)"
  fi
  say "hotspot \"$hotspot_ssid\" on $hotspot_interface: join it, then open http://$name.local:8080 or http://10.42.0.1:8080"
  if ((dry_run)); then say "dry run: nothing was changed"; fi
}

case $mode in
  install) install_gatespeed ;;
  uninstall) uninstall_gatespeed ;;
  hotspot) setup_hotspot ;;
esac
