# Checklists — two commands: `make run` and `make test`.
SWIFT ?= swift
RELEASE_FLAGS = -c release --static-swift-stdlib

.PHONY: all bootstrap build release release-gtk install run run-gtk test bench bench-quick bench-build bench-reminders soak fuzz fuzz-build lint clean

all: build

bootstrap:
	@sh scripts/bootstrap.sh

build: bootstrap
	$(SWIFT) build

release: bootstrap
	$(SWIFT) build $(RELEASE_FLAGS) --product checklists

release-gtk: bootstrap
	$(SWIFT) build $(RELEASE_FLAGS) --product checklists-gtk

# Opens the app on your data ($$XDG_DATA_HOME/checklists unless CHECKLISTS_HOME says otherwise):
# the desktop window when there is a display (WAYLAND_DISPLAY or DISPLAY) and no ARGS, else the
# command line (`checklists` with no command on a terminal starts the terminal UI).
run: release
	@if [ -z "$(ARGS)" ] && [ -n "$$WAYLAND_DISPLAY$$DISPLAY" ]; then \
		$(MAKE) --no-print-directory run-gtk; \
	else \
		"$$($(SWIFT) build $(RELEASE_FLAGS) --show-bin-path)/checklists" $(ARGS); \
	fi

# The desktop app (GTK 4 + libadwaita) from the build directory.
run-gtk: release-gtk
	@"$$($(SWIFT) build $(RELEASE_FLAGS) --show-bin-path)/checklists-gtk"

# Installs the CLI, the desktop app, its desktop file and icons, and the agent's user unit:
# `make install PREFIX=/usr/local DESTDIR=/tmp/stage`.
PREFIX ?= /usr/local
DESTDIR ?=
install: release release-gtk
	bin="$$($(SWIFT) build $(RELEASE_FLAGS) --show-bin-path)"; \
	install -D -m 755 "$$bin/checklists" "$(DESTDIR)$(PREFIX)/bin/checklists"; \
	install -D -m 755 "$$bin/checklists-gtk" "$(DESTDIR)$(PREFIX)/bin/checklists-gtk"
	install -D -m 644 data/io.github.checklists.Checklists.desktop \
		"$(DESTDIR)$(PREFIX)/share/applications/io.github.checklists.Checklists.desktop"
	for icon in data/icons/hicolor/scalable/apps/*.svg; do \
		install -D -m 644 "$$icon" "$(DESTDIR)$(PREFIX)/share/icons/hicolor/scalable/apps/$$(basename "$$icon")"; \
	done
	mkdir -p "$(DESTDIR)$(PREFIX)/lib/systemd/user"
	sed 's|@BINDIR@|$(PREFIX)/bin|' data/checklists-agent.service.in \
		> "$(DESTDIR)$(PREFIX)/lib/systemd/user/checklists-agent.service"

# Builds everything (and the release binary, which ReleaseHooksTests checks honours no test
# hook, and the fuzz targets, which FuzzSmokeTests runs briefly), starts the test rigs on
# private buses, runs every test.
test: bootstrap
	$(SWIFT) build --build-tests
	$(SWIFT) build $(RELEASE_FLAGS) --product checklists
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

lint:
	$(SWIFT) format lint --strict --recursive Package.swift Sources Tests bench

clean:
	rm -rf .build
