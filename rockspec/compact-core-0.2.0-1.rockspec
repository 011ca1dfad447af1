-- compact-core 0.2.0-1: built by CMake (CMakeLists.txt holds the one source list and
-- installs the C and Lua modules). From a checkout, offline, into any tree:
--   luarocks --lua-version=5.4 make --tree=DIR --deps-mode=none rockspec/compact-core-0.2.0-1.rockspec
-- `luarocks test rockspec/compact-core-0.2.0-1.rockspec` runs the busted suite from the checkout (make test).
rockspec_format = "3.0"
package = "compact-core"
version = "0.2.0-1"
source = {
  url = "git+file://./",
  tag = "v0.2.0",
}
description = {
  summary = "compact without its HTTP module, for runtimes that bring their own HTTP",
  detailed = [[
compact summarizes the older messages of an agent's conversation when it nears
the model's context window, keeps the recent ones raw, never separates a tool
call from its result, and lets the agent recover when a provider rejects a
request as too long. C core, Lua policy.
This rock leaves out compact.curl (libcurl) and compact.sqlite (libsqlite3):
`require "compact"` works as usual; the OpenAI and Anthropic generators need
a `transport` function (the host's HTTP) and fail with a transport error
naming the missing module otherwise; compact.archive.open fails with
ErrInvalidConfig naming compact.sqlite, compact.archive.memory() works. Install either this rock or `compact`, not both.
]],
  license = "MIT",
}
dependencies = {
  "lua >= 5.1",
}
build = {
  type = "cmake",
  variables = {
    COMPACT_LUA = "lua$(LUA_VERSION)",
    LUA_INCLUDE_DIR = "$(LUA_INCDIR)",
    COMPACT_LUADIR = "$(LUADIR)",
    COMPACT_LIBDIR = "$(LIBDIR)",
    CMAKE_INSTALL_PREFIX = "$(PREFIX)",
    CMAKE_BUILD_TYPE = "Release",
    COMPACT_HTTP = "OFF",
    COMPACT_SQLITE = "OFF",
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
