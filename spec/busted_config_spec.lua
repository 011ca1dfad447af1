-- .busted: one spec runs from the checkout's root with a plain `busted
-- spec/x_spec.lua` after `make` (lua5.4's build in build/), no Makefile
-- exports needed.
local function exists(path)
  local file = io.open(path, "rb")
  if file then file:close() end
  return file ~= nil
end

describe(".busted", function()
  if not exists("build/compact/core.so") then
    pending("needs lua5.4's build in build/ (make)")
    return
  end

  it("runs one spec with a plain busted from the root", function()
    local pipe = assert(io.popen("unset LUA_PATH LUA_CPATH LD_PRELOAD; busted spec/version_spec.lua 2>&1; echo exit=$?"))
    local output = pipe:read("*a")
    pipe:close()
    assert.matches("exit=0%s*$", output)
    assert.matches("3 successes / 0 failures / 0 errors / 0 pending", output, 1, true)
  end)
end)
