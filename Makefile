# GateSpeed. Quick start: `make demo`, then `make test`.
SWIFT ?= swift
DEMO_SECONDS ?= 60
DEMO_OUT ?= demo-output

.PHONY: deps build release demo test bench clean

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

bench: release
	.build/release/gatespeed bench

clean:
	rm -rf .build $(DEMO_OUT)
