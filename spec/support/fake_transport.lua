--- An injectable transport for provider specs: no sockets.
--
-- `local t = fake_transport.new { status = 200, headers = {}, chunks = {...} }`
-- gives `t.fn` (pass as `transport = t.fn`); `t.calls` collects the request
-- options each call received (url, headers, body, timeout, cancel, ...).
-- Chunks go to `on_data` under pcall, as compact.http does: what on_data
-- raises comes back as the error.
local M = {}

--- Cut `text` into pieces of `size` bytes (1 = byte by byte).
function M.split(text, size)
  local out = {}
  for i = 1, #text, size do out[#out + 1] = text:sub(i, i + size - 1) end
  return out
end

function M.new(reply)
  local t = { calls = {} }
  function t.fn(opts)
    t.calls[#t.calls + 1] = opts
    local r = reply
    if type(reply) == "function" then r = reply(opts) end
    if r.err then return nil, r.err end
    local status = r.status or 200
    local chunks = r.chunks or {}
    if r.body then chunks = { r.body } end
    if opts.on_data then
      for _, chunk in ipairs(chunks) do
        local ok, raised = pcall(opts.on_data, chunk, status)
        if not ok then return nil, raised end
      end
      return { status = status, headers = r.headers or {} }
    end
    return { status = status, headers = r.headers or {}, body = table.concat(chunks) }
  end
  return t
end

--- The chunks a fake-server scenario sends: its body whole, or its stream
-- split at the "\1" markers the scenarios use for chunk boundaries.
function M.chunks_of(scenario)
  if scenario.body then return { scenario.body } end
  local out = {}
  for piece in (scenario.stream .. "\1"):gmatch("(.-)\1") do out[#out + 1] = piece end
  return out
end

return M
