#!/usr/bin/env bash
# Installs the Debian packages GateSpeed needs to build, test and run. Idempotent:
# installs only what is missing, runs `apt-get update` once when something is, and uses
# sudo only when not root. Works on Debian bookworm and Raspberry Pi OS (bookworm).
set -euo pipefail

packages=(
  pkg-config
  libv4l-dev            # V4L2 cameras (libv4l2, libv4lconvert)
  libgpiod-dev          # GPIO lines, libgpiod v1
  libespeak-ng-dev      # speech synthesis
  espeak-ng-data        # voices (en-gb)
  libasound2-dev        # ALSA playback
  libavcodec-dev libavformat-dev libswscale-dev libavutil-dev   # video decode/encode/mux
  libfreetype-dev       # overlay text
  libturbojpeg0-dev     # the live view's JPEGs (libjpeg-turbo)
  libmicrohttpd-dev     # the setup and live pages (HTTP server)
  fonts-dejavu-core     # the overlay font
  libmosquitto-dev      # MQTT results, Home Assistant discovery, club scoreboard
)
# Used only by the test suite.
if [[ "${GATESPEED_TEST_DEPS:-0}" == 1 ]]; then
  packages+=(systemd)   # systemd-analyze verify for the unit file
  packages+=(mosquitto mosquitto-clients openssl curl)   # the MQTT tests start their own broker (TLS: a test CA)
fi
# Used only by the browser checks (`make browser-test`), which skip when these cannot be installed.
if [[ "${GATESPEED_BROWSER_DEPS:-0}" == 1 ]]; then
  packages+=(chromium python3 curl)
fi

missing=()
for p in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done

# Real footage of people walking for the test suite (`RealFootageTests`): OpenCV's sample
# `vtest.avi` (768x576, 10 fps, 80 s, a dozen people crossing a forecourt), taken out of Debian's
# opencv-doc package without installing it (96 MB; the tests need the one 8 MB file). Kept in
# GATESPEED_FOOTAGE_DIR (.build/test-footage below the current folder unless set).
fetch_test_footage() {
  local dir="${GATESPEED_FOOTAGE_DIR:-.build/test-footage}"
  [[ -s "$dir/vtest.avi" ]] && return 0
  mkdir -p "$dir"
  local work
  work=$(mktemp -d)
  if (cd "$work" && apt-get download opencv-doc >/dev/null 2>&1) \
    && dpkg-deb --fsys-tarfile "$work"/opencv-doc_*.deb \
      | tar -x -C "$work" ./usr/share/doc/opencv-doc/examples/data/vtest.avi; then
    mv "$work/usr/share/doc/opencv-doc/examples/data/vtest.avi" "$dir/vtest.avi"
  else
    echo "install-deps: could not fetch the walking footage (opencv-doc's vtest.avi)" >&2
  fi
  rm -rf "$work"
}

if ((${#missing[@]} > 0)); then
  sudo_cmd=()
  if [[ $(id -u) -ne 0 ]]; then
    command -v sudo >/dev/null || { echo "install-deps: need root or sudo to install: ${missing[*]}" >&2; exit 1; }
    sudo_cmd=(sudo)
  fi
  echo "install-deps: installing ${missing[*]}" >&2
  "${sudo_cmd[@]}" apt-get update -qq
  DEBIAN_FRONTEND=noninteractive "${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" >&2
fi
if [[ "${GATESPEED_TEST_DEPS:-0}" == 1 ]]; then fetch_test_footage; fi
