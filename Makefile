# Checklists — two commands: `make run` and `make test`.
SWIFT ?= swift
RELEASE_FLAGS = -c release --static-swift-stdlib

.PHONY: all bootstrap build release run test bench bench-quick bench-build bench-reminders soak fuzz fuzz-build fuzz-targets release-checklists lint clean \
	docs docs-from install install-files install-locale uninstall release-gtk run-gtk

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

# Builds everything (and the release binary, which ReleaseHooksTests checks honours no test
# hook, and the fuzz targets, which FuzzSmokeTests runs briefly), starts the test rigs on
# private buses, runs every test. The release binary and the fuzz targets (in .build/fuzz)
# build side by side: a release build compiles each module whole, on one core, so each alone
# leaves the other core idle most of the time.
test: bootstrap
	$(SWIFT) build --build-tests
	$(MAKE) --no-print-directory -j2 release-checklists fuzz-targets
	sh scripts/po.sh compile "$$($(SWIFT) build --show-bin-path)/locale"
	sh scripts/po.sh compile "$$($(SWIFT) build $(RELEASE_FLAGS) --show-bin-path)/locale"
	sh scripts/test.sh

release-checklists:
	$(SWIFT) build $(RELEASE_FLAGS) --product checklists

fuzz-targets:
	sh scripts/fuzz.sh build

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

# Reliability (issue 13): 1,000 kill -9 rounds, 300 power cuts, 6 processes × 1,000 edits, 15 packs killed,
# 60 changes of the data key killed,
# each checked for lost acknowledged writes and integrity (scripts/soak.sh; ~35 minutes).
soak: release
	sh scripts/soak.sh all

# libFuzzer targets (Tests/Fuzz), each for FUZZ_SECONDS (default 60), seeds in Tests/Fuzz/corpus.
FUZZ_SECONDS ?= 60
fuzz: fuzz-build
	sh scripts/fuzz.sh run $(FUZZ_SECONDS)

fuzz-build: bootstrap fuzz-targets

# Install: the binary, the man page checklists(1), completions for bash, zsh and fish, and the
# agent's systemd user unit, under $(DESTDIR)$(PREFIX). The man page and the completions are made by
# the built binary from its command table (`checklists help --man`, `checklists completion SHELL`).
PREFIX ?= /usr/local
BINDIR ?= $(PREFIX)/bin
MANDIR ?= $(PREFIX)/share/man
BASH_COMPLETION_DIR ?= $(PREFIX)/share/bash-completion/completions
# Debian's zsh reads /usr/local/share/zsh/site-functions, and under /usr only vendor-completions.
ZSH_COMPLETION_DIR ?= $(if $(filter /usr,$(PREFIX)),/usr/share/zsh/vendor-completions,$(PREFIX)/share/zsh/site-functions)
# fish reads vendor_completions.d under each of $$XDG_DATA_DIRS (default /usr/local/share:/usr/share).
FISH_COMPLETION_DIR ?= $(PREFIX)/share/fish/vendor_completions.d
SYSTEMD_USER_DIR ?= $(PREFIX)/lib/systemd/user
DOCS = .build/docs

# The man page and the completion scripts, from the release binary, into .build/docs.
docs: release
	$(MAKE) --no-print-directory docs-from BIN="$$($(SWIFT) build $(RELEASE_FLAGS) --show-bin-path)/checklists"

docs-from:
	@mkdir -p $(DOCS)
	"$(BIN)" help --man > $(DOCS)/checklists.1
	"$(BIN)" completion bash > $(DOCS)/checklists.bash
	"$(BIN)" completion zsh > $(DOCS)/_checklists
	"$(BIN)" completion fish > $(DOCS)/checklists.fish
	printf '%s\n' '[Unit]' 'Description=Checklists reminders' 'After=graphical-session.target' '' \
		'[Service]' 'ExecStart=$(BINDIR)/checklists agent' 'Restart=on-failure' '' \
		'[Install]' 'WantedBy=default.target' > $(DOCS)/checklists-agent.service

install: release release-gtk
	$(MAKE) --no-print-directory install-files BIN="$$($(SWIFT) build $(RELEASE_FLAGS) --show-bin-path)/checklists" \
		GTK_BIN="$$($(SWIFT) build $(RELEASE_FLAGS) --show-bin-path)/checklists-gtk"

# Installs BIN (default: the release build) and what it makes; tests call it with the debug build.
install-files: docs-from install-locale
	install -Dm755 "$(BIN)" "$(DESTDIR)$(BINDIR)/checklists"
	install -Dm644 $(DOCS)/checklists.1 "$(DESTDIR)$(MANDIR)/man1/checklists.1"
	install -Dm644 $(DOCS)/checklists.bash "$(DESTDIR)$(BASH_COMPLETION_DIR)/checklists"
	install -Dm644 $(DOCS)/_checklists "$(DESTDIR)$(ZSH_COMPLETION_DIR)/_checklists"
	install -Dm644 $(DOCS)/checklists.fish "$(DESTDIR)$(FISH_COMPLETION_DIR)/checklists.fish"
	install -Dm644 $(DOCS)/checklists-agent.service "$(DESTDIR)$(SYSTEMD_USER_DIR)/checklists-agent.service"
	@# The desktop app, its desktop file and icons (when GTK_BIN is given).
	if [ -n "$(GTK_BIN)" ]; then \
		install -Dm755 "$(GTK_BIN)" "$(DESTDIR)$(BINDIR)/checklists-gtk" && \
		install -Dm644 data/checklists-gtk.1 "$(DESTDIR)$(MANDIR)/man1/checklists-gtk.1" && \
		install -Dm644 data/io.github.checklists.Checklists.desktop \
			"$(DESTDIR)$(PREFIX)/share/applications/io.github.checklists.Checklists.desktop" && \
		for icon in data/icons/hicolor/scalable/apps/*.svg; do \
			install -Dm644 "$$icon" "$(DESTDIR)$(PREFIX)/share/icons/hicolor/scalable/apps/$$(basename "$$icon")"; \
		done; \
	fi

uninstall:
	rm -f "$(DESTDIR)$(BINDIR)/checklists" "$(DESTDIR)$(MANDIR)/man1/checklists.1" \
		"$(DESTDIR)$(BASH_COMPLETION_DIR)/checklists" "$(DESTDIR)$(ZSH_COMPLETION_DIR)/_checklists" \
		"$(DESTDIR)$(FISH_COMPLETION_DIR)/checklists.fish" "$(DESTDIR)$(SYSTEMD_USER_DIR)/checklists-agent.service" \
		"$(DESTDIR)$(PREFIX)"/share/locale/*/LC_MESSAGES/checklists.mo "$(DESTDIR)$(BINDIR)/checklists-gtk" \
		"$(DESTDIR)$(MANDIR)/man1/checklists-gtk.1" "$(DESTDIR)$(PREFIX)/share/applications/io.github.checklists.Checklists.desktop" \
		"$(DESTDIR)$(PREFIX)"/share/icons/hicolor/scalable/apps/checklists-*.svg "$(DESTDIR)$(PREFIX)"/share/icons/hicolor/scalable/apps/io.github.checklists.Checklists*.svg

# The translations (po/*.po compiled with msgfmt) under $(DESTDIR)$(PREFIX)/share/locale.
install-locale:
	sh scripts/po.sh compile "$(DESTDIR)$(PREFIX)/share/locale"

lint:
	$(SWIFT) format lint --strict --recursive Package.swift Sources Plugins Tests bench

clean:
	rm -rf .build
