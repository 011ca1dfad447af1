--- Where the shared test data lives: ../shared beside the checkout (as laid
-- out for developers and CI), or $COMPACT_SHARED. Specs that need it run
-- from the repository root (make test does).
--
--     local data = require "spec.support.data"
--     local ok, note = data.need()      -- or data.need(path)
--     if not ok then pending(note) return end
--
-- Without the file a spec turns pending with a visible note; under CI=true
-- `need` raises instead, so a missing data file fails CI loudly.
local data = {}

-- absolute, so specs that start subprocesses elsewhere can pass it on
data.SHARED = os.getenv("COMPACT_SHARED") or ((os.getenv("PWD") or ".") .. "/../shared")
data.PI_SESSION = data.SHARED .. "/data/pi-large-session.jsonl"

--- Is the file at `path` (default: the pi session) readable?
function data.available(path)
  local file = io.open(path or data.PI_SESSION, "rb")
  if file then file:close() end
  return file ~= nil
end

--- `true` when the file at `path` (default: the pi session) is readable;
-- else `false` and a note for `pending`, or, under CI=true, an error.
function data.need(path)
  path = path or data.PI_SESSION
  if data.available(path) then return true end
  local note = "test data not found: " .. path .. " (set COMPACT_SHARED)"
  if os.getenv("CI") == "true" then error(note .. "; under CI=true this is a failure", 2) end
  return false, note
end

--- The messages of the pi session, through the importer.
function data.pi_messages(path)
  local state = assert(require("compact.importers").load(path or data.PI_SESSION))
  return state.messages
end

--- The pi session's messages; without the file, nil after calling
-- `pending` with the note (under CI=true, an error): the caller returns.
function data.pi_messages_or_pending(pending)
  local found, note = data.need()
  if not found then
    pending(note)
    return nil
  end
  return data.pi_messages()
end

return data
