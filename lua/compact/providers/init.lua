--- compact.providers: generators over HTTP.
-- `compact.providers.openai { ... }` and `compact.providers.anthropic { ... }`
-- (modules load on first use, so libcurl is only needed when used).
-- @module compact.providers

local names = { openai = "compact.providers.openai", anthropic = "compact.providers.anthropic" }

return setmetatable({}, {
  __index = function(providers, key)
    local name = names[key]
    if not name then return nil end
    local module = require(name)
    rawset(providers, key, module)
    return module
  end,
})
