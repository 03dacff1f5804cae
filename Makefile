# Checklists — two commands: `make run` and `make test`.
SWIFT ?= swift
RELEASE_FLAGS = -c release --static-swift-stdlib

PREFIX ?= /usr/local

.PHONY: all bootstrap build release run test install install-locale bench bench-quick bench-build bench-reminders soak fuzz fuzz-build lint clean

all: build

bootstrap:
	@sh scripts/bootstrap.sh

# The translations (po/*.po) are compiled beside each binary, into BIN_DIR/locale, where
# Localization.setUp() looks first; `make install` puts them under $(PREFIX)/share/locale.
build: bootstrap
	$(SWIFT) build
	sh scripts/po.sh compile "$$($(SWIFT) build --show-bin-path)/locale"

release: bootstrap
	$(SWIFT) build $(RELEASE_FLAGS) --product checklists
	sh scripts/po.sh compile "$$($(SWIFT) build $(RELEASE_FLAGS) --show-bin-path)/locale"

# Opens the app on your data ($$XDG_DATA_HOME/checklists unless CHECKLISTS_HOME says otherwise).
run: release
	@"$$($(SWIFT) build $(RELEASE_FLAGS) --show-bin-path)/checklists" $(ARGS)

# Builds everything (and the release binary, which ReleaseHooksTests checks honours no test
# hook, and the fuzz targets, which FuzzSmokeTests runs briefly), starts the test rigs on
# private buses, runs every test.
test: bootstrap
	$(SWIFT) build --build-tests
	$(SWIFT) build $(RELEASE_FLAGS) --product checklists
	sh scripts/po.sh compile "$$($(SWIFT) build --show-bin-path)/locale"
	sh scripts/po.sh compile "$$($(SWIFT) build $(RELEASE_FLAGS) --show-bin-path)/locale"
	sh scripts/fuzz.sh build
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

# Reliability (issue 13): 1,000 kill -9 rounds, 300 power cuts, 6 processes × 1,000 edits,
# each checked for lost acknowledged writes and integrity (scripts/soak.sh; ~15 minutes).
soak: release
	sh scripts/soak.sh all

# libFuzzer targets (Tests/Fuzz), each for FUZZ_SECONDS (default 60), seeds in Tests/Fuzz/corpus.
FUZZ_SECONDS ?= 60
fuzz: fuzz-build
	sh scripts/fuzz.sh run $(FUZZ_SECONDS)

fuzz-build: bootstrap
	sh scripts/fuzz.sh build

# Installs under $(DESTDIR)$(PREFIX). The binary, man page and completions join this target
# (see their own rules); the translations are installed by install-locale.
install: install-locale

install-locale:
	sh scripts/po.sh compile "$(DESTDIR)$(PREFIX)/share/locale"

lint:
	$(SWIFT) format lint --strict --recursive Package.swift Sources Tests bench

clean:
	rm -rf .build
