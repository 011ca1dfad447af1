-- Replays every input kept under fuzz/regressions/<target>/ (and the seeds
-- under fuzz/seeds/<target>/) through the same property checks the
-- libFuzzer targets run (fuzz/<target>.lua; the SSE target's check is
-- redone here with core.sse_parser), on whichever Lua runs the suite.
local core = require "compact.core"

local function list_files(dir)
  local files = {}
  local ok, lfs = pcall(require, "lfs")
  if ok then
    if lfs.attributes(dir, "mode") ~= "directory" then return files end
    for name in lfs.dir(dir) do
      if name:sub(1, 1) ~= "." then files[#files + 1] = dir .. "/" .. name end
    end
  else
    local pipe = io.popen('ls "' .. dir .. '" 2>/dev/null')
    for name in pipe:lines() do files[#files + 1] = dir .. "/" .. name end
    pipe:close()
  end
  table.sort(files)
  return files
end

local function read(path)
  local f = assert(io.open(path, "rb"))
  local data = f:read("*a")
  f:close()
  return data
end

local function inputs(target)
  local all = list_files("fuzz/regressions/" .. target)
  for _, path in ipairs(list_files("fuzz/seeds/" .. target)) do all[#all + 1] = path end
  return all
end

describe("fuzz regressions", function()
  local saved_path
  setup(function()
    saved_path = package.path
    package.path = "./fuzz/?.lua;./spec/support/?.lua;" .. package.path
  end)
  teardown(function() package.path = saved_path end)

  it("keeps the inputs that found bugs", function()
    assert.is_true(#list_files("fuzz/regressions/json_state") >= 1)
  end)

  for _, target in ipairs { "json_state", "validate_plan", "records" } do
    it("replays " .. target .. " inputs through fuzz/" .. target .. ".lua", function()
      local driver = dofile("fuzz/" .. target .. ".lua")
      for _, path in ipairs(inputs(target)) do
        local ok, err = pcall(driver, read(path))
        assert(ok, path .. ": " .. tostring(err))
      end
    end)
  end

  it("rejects a number that overflows to infinity instead of decoding inf", function()
    local value, err = core.json_decode("5e530")
    assert.is_nil(value)
    assert.matches("number out of range at byte 1", err)
    assert.is_nil((core.json_decode('{"tokens":-1e400}')))
    assert.equal(1e308, core.json_decode("1e308"))
  end)

  it("replays sse inputs: chunking never changes the events", function()
    local function events(stream, stride)
      local parser = core.sse_parser()
      local out, at = {}, 1
      while at <= #stream do
        local step = stride or #stream
        local got = assert(parser:feed(stream:sub(at, at + step - 1)))
        for _, e in ipairs(got) do out[#out + 1] = e end
        at = at + step
        if stride then stride = stride % 7 + 1 end
      end
      for _, e in ipairs(assert(parser:finish())) do out[#out + 1] = e end
      return out
    end
    for _, path in ipairs(inputs("sse")) do
      local data = read(path)
      if #data >= 2 then
        local stream = data:sub(3)
        assert.same(events(stream), events(stream, data:byte(2) % 9 + 1), path)
      end
    end
  end)
end)
