-- `make rock`, first step: every rockspec agrees with the one version
-- constant and builds through CMake (the one source list); the version is
-- also compact.VERSION's, the changelog's newest entry's, and the license is
-- MIT. Run from the checkout root: lua scripts/rock_check.lua
package.path = "./lua/?.lua;./lua/?/init.lua;" .. package.path
local VERSION = dofile("lua/compact/version.lua")
local failures = 0

local function check(ok, what)
  if not ok then
    failures = failures + 1
    io.stderr:write("rock_check: " .. what .. "\n")
  end
end

local function read(path)
  local file = assert(io.open(path, "rb"), "cannot read " .. path)
  local text = file:read("*a")
  file:close()
  return text
end

local function load_rockspec(path)
  local env = {}
  local chunk = assert((loadstring or load)(read(path), "@" .. path, "t", env))
  if setfenv then setfenv(chunk, env) end
  chunk()
  return env
end

local paths = {}
local pipe = assert(io.popen("ls rockspec/*.rockspec"))
for path in pipe:lines() do paths[#paths + 1] = path end
pipe:close()

local names = {}
for _, path in ipairs(paths) do names[path:match("([^/]+)%.rockspec$")] = true end
for _, name in ipairs { "compact-scm-1", "compact-" .. VERSION .. "-1", "compact-core-" .. VERSION .. "-1" } do
  check(names[name], "no rockspec/" .. name .. ".rockspec")
end

for _, path in ipairs(paths) do
  local spec = load_rockspec(path)
  local function field(ok, what) check(ok, path .. ": " .. what) end
  field(spec.package .. "-" .. spec.version == path:match("([^/]+)%.rockspec$"), "package-version is not the file name")
  field(spec.version == "scm-1" or spec.version == VERSION .. "-1", "version is not " .. VERSION .. "-1")
  field(spec.description.license == "MIT", "license is not MIT")
  -- the C and Lua modules come from CMakeLists.txt: no second module list
  field(spec.build.type == "cmake", "build.type is not cmake")
  field(spec.build.modules == nil, "build.modules lists modules (CMakeLists.txt does)")
  field(spec.build.variables.COMPACT_ROCK == "ON", "build.variables.COMPACT_ROCK is not ON")
  local copied = spec.build.copy_directories or {}
  field(copied[1] == "docs" and copied[2] == "types" and copied[3] == nil, "copy_directories is not { docs, types }")
  field(spec.build.install.bin.compact == "bin/compact", "does not install bin/compact")
  field(spec.test.type == "command" and io.open(spec.test.script) ~= nil, "test.script is not a command that exists")
  if spec.package == "compact-core" then
    field(spec.build.variables.COMPACT_HTTP == "OFF", "the core rock builds compact.curl")
    field(spec.build.variables.COMPACT_SQLITE == "OFF", "the core rock builds compact.sqlite")
    field(spec.external_dependencies == nil, "the core rock has external dependencies")
  else
    field(spec.build.variables.COMPACT_HTTP == "ON", "compact.curl is not built")
    field(spec.build.variables.COMPACT_SQLITE == "ON", "compact.sqlite is not built")
    local curl = spec.external_dependencies and spec.external_dependencies.CURL
    field(curl and curl.library == "curl", "libcurl is not a dependency")
  end
end

check(require("compact.version") == VERSION, "compact.version")
check(read("CHANGELOG.md"):match("\n## (%d+%.%d+%.%d+)") == VERSION,
  "CHANGELOG.md's newest entry is not " .. VERSION)
check(read("LICENSE"):find("MIT License", 1, true) ~= nil, "LICENSE is not the MIT License")
check(read("CMakeLists.txt"):find("lua/compact/version.lua", 1, true) ~= nil,
  "CMakeLists.txt does not read version.lua")

if failures > 0 then os.exit(1) end
print("compact " .. VERSION .. ": " .. #paths .. " rockspecs agree with the version and build through CMake")
