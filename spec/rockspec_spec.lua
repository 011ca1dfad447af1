-- The rockspec builds offline and installs a working compact (contract of
-- the issue: `luarocks make --tree=DIR --deps-mode=none` works offline).
-- Builds in a copy of the checkout so the work tree is left untouched.
local LUA = os.getenv("COMPACT_LUA") or "lua5.4"

-- `make sanitize` preloads ASan into every process; this spec builds and
-- runs an uninstrumented copy with the system toolchain (gcc, sed, xargs
-- leak at exit by design), so it runs without the preload.
local function run(command)
  local pipe = assert(io.popen("( unset LD_PRELOAD; " .. command .. " ) 2>&1; echo \"exit=$?\""))
  local output = pipe:read("*a")
  pipe:close()
  return output:match("exit=(%d+)%s*$") == "0", output
end

describe("rockspec", function()
  local has_luarocks = run("command -v luarocks >/dev/null")
  if not has_luarocks or LUA ~= "lua5.4" then
    pending(LUA ~= "lua5.4" and "the rockspec is checked once, under lua5.4" or "luarocks not installed")
    return
  end

  it("installs offline into a tree where require and the command work", function()
    local dir = os.tmpname()
    os.remove(dir)
    local ok, output = run(table.concat({
      "set -e", "mkdir -p " .. dir .. "/src",
      "git ls-files -z | xargs -0 -I{} cp --parents {} " .. dir .. "/src",
      "cd " .. dir .. "/src",
      "luarocks --lua-version=5.4 make --tree=" .. dir .. "/tree --deps-mode=none rockspec/compact-scm-1.rockspec >/dev/null",
      "cd /",
      "eval \"$(luarocks --lua-version=5.4 path --tree=" .. dir .. "/tree)\"",
      "lua5.4 -e 'local c = require \"compact\"; assert(c.estimate{messages={{role=\"user\",content=\"hi\"}}} == 5);"
        .. " assert(require(\"compact.http\").curl_version());"
        .. " assert(c.tokenizer(\"o200k_base\"):count(\"hello world\") == 2)'",
      dir .. "/tree/bin/compact --help >/dev/null",
    }, " && "))
    os.execute("rm -rf " .. dir)
    assert.is_true(ok, output)
  end)
end)
