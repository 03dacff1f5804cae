# Checklists — two commands: `make run` and `make test`.
SWIFT ?= swift
RELEASE_FLAGS = -c release --static-swift-stdlib

.PHONY: all bootstrap build release run test bench bench-quick bench-build bench-reminders lint clean

all: build

bootstrap:
	@sh scripts/bootstrap.sh

build: bootstrap
	$(SWIFT) build

release: bootstrap
	$(SWIFT) build $(RELEASE_FLAGS) --product checklists

# Opens the app on your data ($$XDG_DATA_HOME/checklists unless CHECKLISTS_HOME says otherwise).
run: release
	@"$$($(SWIFT) build $(RELEASE_FLAGS) --show-bin-path)/checklists" $(ARGS)

# Builds everything (and the release binary, which ReleaseHooksTests checks honours no test
# hook), starts the test rigs on private buses, runs every test.
test: bootstrap
	$(SWIFT) build --build-tests
	$(SWIFT) build $(RELEASE_FLAGS) --product checklists
	sh scripts/test.sh

# The benchmarks (docs/BENCHMARKS.md): 30–40 minutes; bench-quick: under a minute once built.
bench: bench-build
	sh bench/run.sh

bench-quick: bench-build
	sh bench/run.sh --quick

bench-build: bootstrap
	$(SWIFT) build $(RELEASE_FLAGS) --product checklists
	$(SWIFT) build $(RELEASE_FLAGS) --product checklists-bench

# 1,000 reminders over two minutes through the real agent (takes ~2.5 minutes).
bench-reminders: release
	sh bench/reminders.sh

lint:
	$(SWIFT) format lint --strict --recursive Package.swift Sources Tests bench

clean:
	rm -rf .build
