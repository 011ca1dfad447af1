--- Spec helper: temporary files and in-memory output streams.
local files = {}

--- A temporary file path, holding `text` when given.
function files.tmpfile(text)
  local path = os.tmpname()
  if text then
    local file = assert(io.open(path, "wb"))
    file:write(text)
    file:close()
  end
  return path
end

--- The contents of `path`, or nil when it cannot be read.
function files.read(path)
  local file = io.open(path, "rb")
  if not file then return nil end
  local text = file:read("*a")
  file:close()
  return text
end

--- A stream that collects what is written to it (`:text()` reads it back).
function files.sink()
  local parts = {}
  return {
    write = function(self, ...)
      for i = 1, select("#", ...) do parts[#parts + 1] = tostring(select(i, ...)) end
      return self
    end,
    text = function() return table.concat(parts) end,
  }
end

return files
