-- compact 0.2.0-1: built by CMake (CMakeLists.txt holds the one source list and
-- installs the C and Lua modules). From a checkout, offline, into any tree:
--   luarocks --lua-version=5.4 make --tree=DIR --deps-mode=none rockspec/compact-0.2.0-1.rockspec
-- `luarocks test rockspec/compact-0.2.0-1.rockspec` runs the busted suite from the checkout (make test).
rockspec_format = "3.0"
package = "compact"
version = "0.2.0-1"
source = {
  url = "git+file://./",
  tag = "v0.2.0",
}
description = {
  summary = "Conversation compaction for LLM agents: tool-safe cuts, summaries, overflow recovery",
  detailed = [[
compact summarizes the older messages of an agent's conversation when it nears
the model's context window, keeps the recent ones raw, never separates a tool
call from its result, and lets the agent recover when a provider rejects a
request as too long. C core, Lua policy.
]],
  license = "MIT",
}
dependencies = {
  "lua >= 5.1",
}
-- libcurl for compact.curl. Only the library is checked here: Debian keeps
-- curl/curl.h in a multiarch folder LuaRocks does not search; CMake's
-- FindCURL finds the header (CMAKE_PREFIX_PATH points it at CURL_DIR).
external_dependencies = {
  CURL = { library = "curl" },
}
build = {
  type = "cmake",
  variables = {
    COMPACT_LUA = "lua$(LUA_VERSION)",
    LUA_INCLUDE_DIR = "$(LUA_INCDIR)",
    COMPACT_LUADIR = "$(LUADIR)",
    COMPACT_LIBDIR = "$(LIBDIR)",
    CMAKE_INSTALL_PREFIX = "$(PREFIX)",
    CMAKE_PREFIX_PATH = "$(CURL_DIR)",
    CMAKE_BUILD_TYPE = "Release",
    COMPACT_HTTP = "ON",
    COMPACT_SQLITE = "ON",
    COMPACT_ROCK = "ON",
  },
  install = {
    bin = { compact = "bin/compact" },
  },
  copy_directories = { "docs", "types" },
}
test = {
  type = "command",
  script = "scripts/rock_test.lua",
}
