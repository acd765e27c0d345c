# GateSpeed. Quick start: `make demo`, then `make test`.
SWIFT ?= swift
DEMO_SECONDS ?= 60
DEMO_OUT ?= demo-output

.PHONY: deps build release demo test sanitize soak bench callgrind fuzz kitl browser-test clean

deps:
	@./Deploy/install-deps.sh

build: deps
	$(SWIFT) build

release: deps
	$(SWIFT) build -c release

# The whole service on the built-in simulated course: simulated camera and LEDs,
# real speech (WAV files when there is no sound card), real clips and journal.
demo: release
	.build/release/gatespeed demo --seconds $(DEMO_SECONDS) --output $(DEMO_OUT)

test: deps
	GATESPEED_TEST_DEPS=1 ./Deploy/install-deps.sh
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build --parallel --num-workers 2

# The test suite under AddressSanitizer and under ThreadSanitizer, each in its own scratch path
# (see .ci/sanitize; SANITIZE_SCRATCH moves them).
sanitize: deps
	GATESPEED_TEST_DEPS=1 ./Deploy/install-deps.sh
	.ci/sanitize

# The whole service for an hour of the simulated course, faster than real time (GateSpeedSoakTests;
# needs root for its small clips disk). SOAK_SECONDS: scene seconds.
SOAK_SECONDS ?= 3600
soak: deps
	$(SWIFT) build --build-tests
	GATESPEED_SOAK=1 GATESPEED_SOAK_SECONDS=$(SOAK_SECONDS) $(SWIFT) test --skip-build --filter GateSpeedSoakTests

bench: release
	.build/release/gatespeed bench

# Instructions a pixel of the per-frame path at 320x240, per bench section (valgrind; see the
# README, "Speed"). Profiles and the bench's own table go to $(CALLGRIND_OUT).
CALLGRIND_OUT ?= callgrind-output
callgrind: release
	mkdir -p $(CALLGRIND_OUT)
	GATESPEED_BENCH_SIZES=320x240 valgrind --tool=callgrind --compress-strings=no \
		--callgrind-out-file=$(CALLGRIND_OUT)/bench.out --dump-before='*callgrindSectionStarts*' \
		.build/release/gatespeed-bench --frames 150 > $(CALLGRIND_OUT)/bench.txt 2> $(CALLGRIND_OUT)/valgrind.txt
	.ci/perf/callgrind-per-pixel.py 320x240 callgrindSteadyFrame callgrindCalibratingFrame callgrindFirstFrame -- \
		$$(ls $(CALLGRIND_OUT)/bench.out.* | sort -t. -k3 -n) $(CALLGRIND_OUT)/bench.out

# libFuzzer on the config, journal and clip index readers, the video and JPEG decoders and the
# frame pipeline (see .ci/fuzz/run): FUZZ_SECONDS each; crashing inputs go to $(FUZZ_OUT)/artifacts.
FUZZ_SECONDS ?= 60
FUZZ_OUT ?= /tmp/gatespeed-fuzz
fuzz: deps
	FUZZ_SECONDS=$(FUZZ_SECONDS) FUZZ_OUT=$(FUZZ_OUT) .ci/fuzz/run

# The page in headless Chromium against a real demo (Tests/Browser/run_against_demo.sh); screenshots
# in $(BROWSER_SHOTS). Installs Debian's chromium first; skips only when it cannot be installed,
# and fails when a check fails.
BROWSER_SHOTS ?= .build/browser-shots
browser-test: build
	GATESPEED_BROWSER_DEPS=1 ./Deploy/install-deps.sh || echo "browser-test: chromium could not be installed" >&2
	./Tests/Browser/run_against_demo.sh .build/debug/gatespeed $(BROWSER_SHOTS)

# Kernel in the loop: the real V4L2, libgpiod and ALSA backends against Debian's own kernel drivers
# (vivid, gpio-sim, snd-aloop) in a QEMU VM (see the README, "Testing against the kernel"). Cached under .build/kitl.
# The VMs' preparation (kernel, gpio-sim, Debian root: mostly waiting on the network and the disk)
# runs beside the release build; then ./.ci/kitl/run boots the VMs.
kitl: deps
	./.ci/kitl/prepare --host-packages
	@mkdir -p .build; began=$$(date +%s); ./.ci/kitl/prepare > .build/kitl-prepare.log 2>&1 & prepare=$$!; \
	  $(SWIFT) build -c release; built=$$?; echo "kitl: release build took $$(( $$(date +%s) - began )) s"; \
	  wait $$prepare; prepared=$$?; cat .build/kitl-prepare.log; \
	  if [ $$prepared -ne 0 ]; then echo "kitl: preparing the VMs failed" >&2; exit 1; fi; \
	  exit $$built
	./.ci/kitl/run

clean:
	rm -rf .build $(DEMO_OUT)
