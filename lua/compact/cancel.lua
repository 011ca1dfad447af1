--- Cancellation tokens.
--
-- A token is passed down to summarizers, generators and HTTP transfers; any
-- of them checks `token:cancelled()` at its own safe points. Cancelling is
-- idempotent and cannot be undone.
-- @module compact.cancel

local util = require("compact.util")

local cancel = {}

local Token = util.class("compact.CancelToken", function(token)
  return token._cancelled and "cancelled" or "active"
end)

--- Cancel the token. Optional `reason` is kept for error messages.
-- @function token:cancel
-- @tparam[opt] string reason
function Token:cancel(reason)
  if not self._cancelled then
    self._cancelled = true
    self.reason = reason
  end
  return self
end

--- Has the token been cancelled?
-- @function token:cancelled
function Token:cancelled()
  return self._cancelled == true
end

--- A new, active token.
function cancel.token()
  return setmetatable({ _cancelled = false }, Token)
end

--- True when `value` (a token, or nil) says stop. Accepts any table with a
-- `cancelled` method so applications can bring their own token.
function cancel.is_cancelled(value)
  local kind = type(value)
  if kind ~= "table" and kind ~= "userdata" then return false end
  local ok, result = pcall(function() return value:cancelled() end)
  return ok and result == true
end

return cancel
