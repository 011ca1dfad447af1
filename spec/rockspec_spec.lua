-- The rocks: every rockspec agrees with the one version constant and builds
-- through CMake (the one source list); `make rock` (luarocks make offline,
-- luarocks pack, install of the packed rock) works and leaves no build
-- product in the source tree; `make core-only` builds and checks the core
-- without libcurl; `make clean` then leaves exactly the source files.
-- The builds run in a copy of the checkout, so the work tree is untouched.
local LUA = os.getenv("COMPACT_LUA") or "lua5.4"
local VERSION = require "compact.version"

-- `make sanitize` preloads ASan into every process; this spec builds and
-- runs an uninstrumented copy with the system toolchain (gcc, sed, xargs
-- leak at exit by design), so it runs without the preload.
local function run(command)
  local pipe = assert(io.popen("( unset LD_PRELOAD; " .. command .. " ) 2>&1; echo \"exit=$?\""))
  local output = pipe:read("*a")
  pipe:close()
  return output:match("exit=(%d+)%s*$") == "0", output
end

local function read(path)
  return assert(require("spec.support.files").read(path), "cannot read " .. path)
end

local function rockspec_files()
  local ok, output = run("ls rockspec/*.rockspec")
  assert(ok, output)
  local files = {}
  for path in output:gmatch("(rockspec/[^\n]+%.rockspec)") do files[#files + 1] = path end
  return files
end

local function load_rockspec(path)
  local env = {}
  local chunk = assert((loadstring or load)(read(path), "@" .. path, "t", env))
  if setfenv then setfenv(chunk, env) end
  chunk()
  return env
end

describe("rockspecs", function()
  it("exist for scm, this version, and the core-only rock", function()
    local names = {}
    for _, path in ipairs(rockspec_files()) do names[path:match("([^/]+)%.rockspec$")] = true end
    assert.is_true(names["compact-scm-1"])
    assert.is_true(names["compact-" .. VERSION .. "-1"])
    assert.is_true(names["compact-core-" .. VERSION .. "-1"])
  end)

  it("agree with the version constant, build through CMake, and install docs and types", function()
    for _, path in ipairs(rockspec_files()) do
      local spec = load_rockspec(path)
      assert.are.equal(spec.package .. "-" .. spec.version, path:match("([^/]+)%.rockspec$"), path)
      if spec.version ~= "scm-1" then assert.are.equal(VERSION .. "-1", spec.version, path) end
      assert.are.equal("MIT", spec.description.license, path)
      -- the C and Lua modules come from CMakeLists.txt: no second module list
      assert.are.equal("cmake", spec.build.type, path)
      assert.is_nil(spec.build.modules, path)
      assert.are.equal("ON", spec.build.variables.COMPACT_ROCK, path)
      assert.are.same({ "docs", "types" }, spec.build.copy_directories, path)
      assert.are.equal("bin/compact", spec.build.install.bin.compact, path)
      assert.are.equal("command", spec.test.type, path)
      assert.is_truthy(io.open(spec.test.script), path)
      if spec.package == "compact-core" then
        assert.are.equal("OFF", spec.build.variables.COMPACT_HTTP, path)
        assert.are.equal("OFF", spec.build.variables.COMPACT_SQLITE, path)
        assert.is_nil(spec.external_dependencies, path)
      else
        assert.are.equal("ON", spec.build.variables.COMPACT_HTTP, path)
        assert.are.equal("ON", spec.build.variables.COMPACT_SQLITE, path)
        assert.are.equal("curl", spec.external_dependencies.CURL.library, path)
      end
    end
  end)

  it("match compact.VERSION, the changelog's newest entry and the license", function()
    assert.are.equal(VERSION, require("compact").VERSION)
    assert.are.equal(VERSION, read("CHANGELOG.md"):match("\n## (%d+%.%d+%.%d+)"))
    assert.is_truthy(read("LICENSE"):find("MIT License", 1, true))
    assert.is_truthy(read("CMakeLists.txt"):find("lua/compact/version.lua", 1, true))
  end)
end)

describe("the rock build", function()
  local has_luarocks = run("command -v luarocks >/dev/null && command -v cmake >/dev/null")
  if not has_luarocks or LUA ~= "lua5.4" then
    pending(LUA ~= "lua5.4" and "the rock is built once, under lua5.4" or "luarocks or cmake not installed")
    return
  end

  it("packs and installs offline, leaves the checkout clean, and builds core-only", function()
    local dir = os.tmpname()
    os.remove(dir)
    local files = dir .. "/files.txt"
    local ok, output = run(table.concat({
      "set -e", "mkdir -p " .. dir .. "/src",
      "git ls-files -z --cached --others --exclude-standard | xargs -0 -I{} sh -c 'test ! -e {} || cp --parents {} "
        .. dir .. "/src'",
      "cd " .. dir .. "/src", "find . -type f | sort >" .. files,
      "make --no-print-directory rock ROCK_DIR=" .. dir .. "/rock",
      "leftover=$(find . -name '*.so' -o -name '*.o' -o -name '*.rock')",
      "test -z \"$leftover\" || { echo \"build products left in the checkout: $leftover\"; exit 1; }",
      "make --no-print-directory core-only",
      "make --no-print-directory clean >/dev/null",
      "find . -type f | sort | diff " .. files .. " - || { echo 'make clean left files'; exit 1; }",
    }, " && "))
    os.execute("rm -rf " .. dir)
    assert.is_true(ok, output)
    assert.is_truthy(output:find("rock built, packed, installed and loaded", 1, true), output)
    assert.is_truthy(output:find("core-only build loads, compacts, and uses a host transport", 1, true), output)
  end)
end)
