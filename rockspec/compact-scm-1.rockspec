-- Build offline from a checkout:
--   luarocks make --tree=DIR --deps-mode=none rockspec/compact-scm-1.rockspec
rockspec_format = "3.0"
package = "compact"
version = "scm-1"
source = {
  url = "git+file://./",
}
description = {
  summary = "Conversation compaction for LLM agents: tool-safe cuts, summaries, overflow recovery",
  detailed = [[
compact summarizes the older messages of an agent's conversation when it nears
the model's context window, keeps the recent ones raw, never separates a tool
call from its result, and lets the agent recover when a provider rejects a
request as too long. C core, Lua policy.
]],
  license = "MIT",
}
dependencies = {
  "lua >= 5.1",
}
build = {
  type = "builtin",
  modules = {
    ["compact.core"] = {
      sources = {
        "csrc/core/core.c", "csrc/core/json_encode.c", "csrc/core/json_decode.c", "csrc/core/estimate.c", "csrc/core/message.c", "csrc/core/plan.c",
        "csrc/core/records.c", "csrc/core/sse.c",
      },
      incdirs = { "csrc" },
    },
    ["compact.curl"] = {
      sources = { "csrc/http/http.c", "csrc/http/request.c" },
      incdirs = { "csrc" },
      libraries = { "curl" },
    },
    ["compact"] = "lua/compact/init.lua",
    ["compact.agent"] = "lua/compact/agent.lua",
    ["compact.cancel"] = "lua/compact/cancel.lua",
    ["compact.cli"] = "lua/compact/cli.lua",
    ["compact.cli.commands"] = "lua/compact/cli/commands.lua",
    ["compact.cli.help"] = "lua/compact/cli/help.lua",
    ["compact.compactor"] = "lua/compact/compactor.lua",
    ["compact.errors"] = "lua/compact/errors.lua",
    ["compact.estimation"] = "lua/compact/estimation.lua",
    ["compact.files"] = "lua/compact/files.lua",
    ["compact.http"] = "lua/compact/http.lua",
    ["compact.importers"] = "lua/compact/importers/init.lua",
    ["compact.importers.anthropic"] = "lua/compact/importers/anthropic.lua",
    ["compact.importers.common"] = "lua/compact/importers/common.lua",
    ["compact.importers.openai"] = "lua/compact/importers/openai.lua",
    ["compact.importers.pi"] = "lua/compact/importers/pi.lua",
    ["compact.prompts"] = "lua/compact/prompts.lua",
    ["compact.providers"] = "lua/compact/providers/init.lua",
    ["compact.providers.anthropic"] = "lua/compact/providers/anthropic.lua",
    ["compact.providers.common"] = "lua/compact/providers/common.lua",
    ["compact.providers.openai"] = "lua/compact/providers/openai.lua",
    ["compact.request"] = "lua/compact/request.lua",
    ["compact.state"] = "lua/compact/state.lua",
    ["compact.util"] = "lua/compact/util.lua",
    ["compact.summarizers.extractive"] = "lua/compact/summarizers/extractive.lua",
    ["compact.summarizers.generator"] = "lua/compact/summarizers/generator.lua",
  },
  install = {
    bin = { compact = "bin/compact" },
  },
}
