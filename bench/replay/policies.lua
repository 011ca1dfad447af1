--- The policies bench/replay.lua compares, as modelled here from each
-- peer's published defaults (sources in bench/README.md). Each is a
-- function of the window giving `{ agent = {...}, compactor = {...} }`
-- settings for compact.agent.new and compact.new.

local policies = {}

policies.order = { "default", "seed", "pi", "codex", "codecompanion", "claude-code" }

--- ours: the agent configured with compact.agent.recommended
policies.default = function()
  local recommended = require("compact.agent").recommended
  if type(recommended) ~= "table" then return nil, "compact.agent.recommended is missing" end
  return { agent = recommended.agent, compactor = recommended.compactor }
end

--- ours with no settings: the seed's semantics (keep 0, trigger at the window)
policies.seed = function() return { agent = {}, compactor = {} } end

--- pi: reserve 16384 tokens, keep 20000 recent tokens, compact at window - reserve
policies.pi = function()
  return { agent = { reserve_tokens = 16384 }, compactor = { keep_recent_tokens = 20000 } }
end

--- Codex: compact at 90 % of the window; the summary keeps the user's
-- messages (up to 20 000 tokens of them) and no raw suffix
policies.codex = function()
  return { agent = {}, compactor = { trigger_ratio = 0.9, keep_user_messages_tokens = 20000 } }
end

--- codecompanion.nvim: clear aged tool results at 65 % keeping 3 turns,
-- compact at 85 %
policies.codecompanion = function()
  return { agent = { edit = { trigger_ratio = 0.65, keep_turns = 3 } }, compactor = { trigger_ratio = 0.85 } }
end

--- Claude Code: compact at about 92 % of the window, summarizing everything
policies["claude-code"] = function()
  return { agent = {}, compactor = { trigger_ratio = 0.92 } }
end

return policies
