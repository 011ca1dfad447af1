--- Where the shared test data lives: ../shared beside the checkout (as laid
-- out for developers and CI), or $COMPACT_SHARED. Specs that need it run
-- from the repository root (make test does).
local data = {}

-- absolute, so specs that start subprocesses elsewhere can pass it on
data.SHARED = os.getenv("COMPACT_SHARED") or ((os.getenv("PWD") or ".") .. "/../shared")
data.PI_SESSION = data.SHARED .. "/data/pi-large-session.jsonl"

--- Is the file at `path` readable?
function data.available(path)
  local file = io.open(path or data.PI_SESSION, "rb")
  if file then file:close() end
  return file ~= nil
end

return data
