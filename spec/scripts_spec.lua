-- The build scripts under scripts/: what they do with hostile file names.
local root = io.popen("pwd"):read("*l")

local function run(command)
  local pipe = assert(io.popen(command .. " 2>&1; echo \"rc=$?\""))
  local out = pipe:read("*a")
  pipe:close()
  return out
end

local function exists(path)
  local f = io.open(path, "rb")
  if f then f:close() end
  return f ~= nil
end

local function write(path, text)
  local f = assert(io.open(path, "wb"))
  f:write(text)
  f:close()
end

describe("scripts/copy_sources.sh (the source copy of make rock)", function()
  local dir
  before_each(function()
    dir = run("mktemp -d"):match("^(%S+)\n")
  end)
  after_each(function() run("rm -rf '" .. dir .. "'") end)

  it("copies files whose names hold quotes and $(...) as they are, running nothing", function()
    local repo = dir .. "/repo"
    assert.matches("rc=0", run("mkdir '" .. repo .. "' && cd '" .. repo .. "' && git init -q ."))
    local names = { "plain.txt", 'q";touch PWNED;".txt', "it's $(touch PWNED2).txt", "sp ace.txt",
      "nested" }
    for _, name in ipairs(names) do
      if name == "nested" then
        run("mkdir '" .. repo .. "/nested'")
        write(repo .. "/nested/a.lua", "nested")
      else
        write(repo .. "/" .. name, name)
      end
    end
    write(repo .. "/gone.txt", "deleted from the work tree")
    assert.matches("rc=0", run("cd '" .. repo .. "' && git add -A && rm gone.txt"))
    write(repo .. "/untracked `touch PWNED3`.txt", "untracked")
    local out = run("cd '" .. repo .. "' && sh '" .. root .. "/scripts/copy_sources.sh' '" .. dir .. "/out'")
    assert.matches("rc=0\n$", out)
    for _, name in ipairs({ "plain.txt", 'q";touch PWNED;".txt', "it's $(touch PWNED2).txt", "sp ace.txt",
        "nested/a.lua", "untracked `touch PWNED3`.txt" }) do
      assert.is_true(exists(dir .. "/out/" .. name), name)
    end
    assert.is_false(exists(dir .. "/out/gone.txt"))
    for _, pwned in ipairs({ "PWNED", "PWNED2", "PWNED3" }) do
      assert.is_false(exists(repo .. "/" .. pwned), pwned)
      assert.is_false(exists(dir .. "/out/" .. pwned), pwned)
    end
  end)
end)
