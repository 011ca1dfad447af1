-- types/compact.lua (the lua-language-server declarations) against the code.
-- Both directions fail: a public function, module, object method or config
-- field the code has without a declaration, and a declaration the code
-- does not have. Config fields are read from the code that checks them
-- (the `known_*` tables, or every `config.X` the module reads).
local compact = require "compact"

local function read(path)
  return assert(require("spec.support.files").read(path), "cannot read " .. path)
end

-- Parse the ---@meta file: classes with their fields (`---@field`, parents
-- included) and functions (`function VAR.name` / `function VAR:name` where
-- `local VAR = {}` follows the class annotation).
local function parse_types(text)
  local classes, current, var_class = {}, nil, {}
  local function class(name)
    classes[name] = classes[name] or { fields = {}, optional = {}, functions = {}, parents = {} }
    return classes[name]
  end
  for line in (text .. "\n"):gmatch("([^\n]*)\n") do
    local name, parent = line:match("^%-%-%-@class%s+([%w_.]+)%s*:?%s*([%w_.]*)")
    if name then
      current = name
      local c = class(name)
      if parent ~= "" then c.parents[#c.parents + 1] = parent end
    else
      local field, optional = line:match("^%-%-%-@field%s+([%w_]+)(%??)")
      if field and current then
        class(current).fields[field] = true
        if optional == "?" then class(current).optional[field] = true end
      end
      local var = line:match("^local%s+([%w_]+)%s*=%s*{}")
      if var and current then var_class[var] = current end
      local owner, fname = line:match("^function%s+([%w_]+)[.:]([%w_]+)%s*%(")
      if owner then
        assert(var_class[owner], "types/compact.lua: function " .. owner .. "." .. fname .. " of no class")
        class(var_class[owner]).functions[fname] = true
      end
      if not line:match("^%-%-%-") and not var then current = nil end
    end
  end
  -- fold parents' fields in
  local function members(name, seen)
    local c = assert(classes[name], "types/compact.lua: no class " .. name)
    local fields, optional = {}, {}
    for f in pairs(c.fields) do fields[f] = true end
    for f in pairs(c.optional) do optional[f] = true end
    for _, parent in ipairs(c.parents) do
      if not (seen or {})[parent] then
        local pf, po = members(parent, { [name] = true })
        for f in pairs(pf) do fields[f] = true end
        for f in pairs(po) do optional[f] = true end
      end
    end
    return fields, optional
  end
  return classes, members
end

local classes, members = parse_types(read("types/compact.lua"))

-- Every declared name of a class: fields and functions.
local function declared(class_name)
  local names = members(class_name)
  for f in pairs(classes[class_name].functions) do names[f] = true end
  return names
end

local function sorted_keys(set)
  local out = {}
  for k in pairs(set) do out[#out + 1] = tostring(k) end
  table.sort(out)
  return out
end

-- `a` minus `b`, as a sorted list (empty when a is a subset of b).
local function missing(a, b)
  local out = {}
  for k in pairs(a) do if not b[k] then out[k] = true end end
  return sorted_keys(out)
end

local function assert_same_names(actual, class_name, what)
  local typed = declared(class_name)
  assert.are.same({}, missing(actual, typed), what .. " without a declaration in class " .. class_name)
  assert.are.same({}, missing(typed, actual), "declared in class " .. class_name .. " but not in " .. what)
end

-- The keys of a Lua table constructor `local NAME = { ... }` in a source file.
local function table_keys(path, name)
  local body = read(path):match("local%s+" .. name .. "%s*=%s*(%b{})")
  assert(body, path .. ": no table " .. name)
  local keys = {}
  for key in body:gmatch("([%a_][%w_]*)%s*=") do keys[key] = true end
  for key in body:gmatch("%[%s*\"([^\"]+)\"%s*%]%s*=") do keys[key] = true end
  return keys
end

-- Every `config.X` / `config["X"]` a module reads, and the names looped
-- over as `for _, key in ipairs { "a", "b" } do ... config[key]`.
local function config_reads(paths)
  local keys = {}
  for _, path in ipairs(paths) do
    local text = read(path)
    for key in text:gmatch("%f[%w_]config%.([%a_][%w_]*)") do keys[key] = true end
    for key in text:gmatch("%f[%w_]config%[%s*\"([^\"]+)\"%s*%]") do keys[key] = true end
    for list, body in text:gmatch("ipairs%s*%(?%s*(%b{})%s*%)?%s*do(.-)\n%s*end") do
      if body:find("config%[") then
        for key in list:gmatch("\"([%a_][%w_]*)\"") do keys[key] = true end
      end
    end
  end
  return keys
end

-- The options a provider accepts: the shared rules of providers/settings.lua
-- and the provider's own rules passed to settings.check (keys that start a
-- line of those table constructors).
local function provider_keys(path)
  local keys = {}
  local shared = read("lua/compact/providers/settings.lua"):match("local function shared_rules%b()%s*return%s*(%b{})")
  local own = read(path):match("settings%.check%(config, DEFAULTS, (%b{})")
  assert(shared and own, path .. ": provider rules not found")
  for _, body in ipairs { shared, own } do
    for key in body:gmatch("\n%s*([%a_][%w_]*)%s*=") do keys[key] = true end
  end
  return keys
end

local function functions_of(module)
  local names = {}
  for key, value in pairs(module) do
    if type(value) == "function" then names[key] = true end
  end
  return names
end

-- Public methods of an object: the functions its metatable's __index
-- offers, without private (`_x`) names and metamethods.
local function methods_of(object)
  local names = {}
  local index = getmetatable(object).__index
  assert.is_table(index)
  for key, value in pairs(index) do
    if type(value) == "function" and not key:match("^_") then names[key] = true end
  end
  return names
end

local function fields_of(object)
  local names = {}
  for key in pairs(object) do
    if type(key) == "string" and not key:match("^_") then names[key] = true end
  end
  return names
end

-- Methods of an object against the functions its class declares; its
-- fields must be declared, and the declared non-optional ones present.
local function assert_object(object, class_name, what)
  local functions = classes[class_name].functions
  local methods = methods_of(object)
  assert.are.same({}, missing(methods, functions), what .. " methods without a declaration in " .. class_name)
  assert.are.same({}, missing(functions, methods), "declared in " .. class_name .. " but not methods of " .. what)
  local fields, optional = members(class_name)
  local actual = fields_of(object)
  assert.are.same({}, missing(actual, fields), what .. " fields without a declaration in " .. class_name)
  for field in pairs(fields) do
    if not optional[field] then assert.is_not_nil(object[field], what .. "." .. field .. " (declared non-optional)") end
  end
end

-- The names `compact` loads on first use (the lazy table in init.lua), and
-- the providers the `compact.providers` table loads.
local LAZY = table_keys("lua/compact/init.lua", "lazy_modules")
local PROVIDERS = table_keys("lua/compact/providers/init.lua", "names")

-- Internal modules: reached through `compact` or a public module, with no
-- class of their own. Every other module under lua/compact/ is public and
-- must have a class of its name in types/compact.lua, so a module added
-- later without declarations fails here.
local INTERNAL = {
  ["compact"] = true, -- checked against class `compact` above, lazy names included
  ["compact.providers"] = true, -- checked against PROVIDERS
  ["compact.version"] = true, ["compact.util"] = true, ["compact.request"] = true, ["compact.summary"] = true,
  ["compact.compactor"] = true, ["compact.estimation"] = true, ["compact.errors"] = true, ["compact.cancel"] = true,
  ["compact.cli"] = true, ["compact.cli.help"] = true, ["compact.cli.common"] = true, ["compact.cli.plan"] = true,
  ["compact.cli.run"] = true, ["compact.cli.stats"] = true, ["compact.cli.summarizer"] = true,
  ["compact.exporters.common"] = true, ["compact.exporters.pi"] = true, ["compact.exporters.openai"] = true,
  ["compact.exporters.anthropic"] = true, ["compact.importers.responses"] = true,
  ["compact.tokenizer_estimator"] = true, ["compact.commands"] = true, ["compact.tool_vocabulary"] = true,
  ["compact.providers.common"] = true, ["compact.importers.common"] = true,
  ["compact.importers.pi"] = true, ["compact.importers.openai"] = true, ["compact.importers.anthropic"] = true,
  ["compact.importers.claude_code"] = true, ["compact.importers.codex"] = true,
  ["compact.importers.gemini_cli"] = true,
  ["compact.usage"] = true, ["compact.message"] = true, ["compact.repair"] = true, ["compact.fit"] = true,
  ["compact.agent_tools"] = true,
  ["compact.summarizers.chunks"] = true, ["compact.summarizers.extractive_read"] = true,
  ["compact.summarizers.extractive_text"] = true, ["compact.summarizers.extractive_said"] = true,
  ["compact.summarizers.extractive_changes"] = true, ["compact.summarizers.extractive_specs"] = true,
  ["compact.summarizers.extractive_ran"] = true, ["compact.summarizers.extractive_sentences"] = true,
  ["compact.summarizers.extractive_git"] = true, ["compact.summarizers.extractive_found"] = true,
  ["compact.summarizers.extractive_pasted"] = true, ["compact.summarizers.extractive_previous"] = true,
  ["compact.summarizers.extractive_coverage"] = true,
  ["compact.checks"] = true,
  ["compact.agent_compaction"] = true, ["compact.context_edit"] = true, ["compact.placeholders"] = true,
  ["compact.user_requests"] = true,
  ["compact.providers.settings"] = true, ["compact.providers.errors"] = true, ["compact.providers.stream"] = true,
  ["compact.archive_common"] = true, ["compact.archive_memory"] = true, ["compact.agent_recall"] = true,
  ["compact.cli.recall"] = true,
  ["compact.providers.options"] = true,
}

local function module_files()
  -- without `make sanitize`'s ASan preload: find and sort leak at exit by design
  local pipe = assert(io.popen("unset LD_PRELOAD; find lua/compact -name '*.lua' | sort"))
  local names = {}
  for path in pipe:lines() do
    local name = path:gsub("^lua/", ""):gsub("%.lua$", ""):gsub("/init$", ""):gsub("/", ".")
    names[#names + 1] = name
  end
  pipe:close()
  assert(#names > 10, "no modules found under lua/compact")
  return names
end

local MODULES = {}
for _, name in ipairs(module_files()) do
  if not INTERNAL[name] then MODULES[name] = name end
end

local summarizer = compact.summarizer(function() return "summary" end)
local MESSAGES = {
  { role = "user", content = string.rep("first question ", 40) },
  { role = "assistant", content = { { type = "text", text = string.rep("answer ", 40) } }, stop_reason = "stop" },
  { role = "user", content = "second question" },
}

describe("types/compact.lua", function()
  it("declares every field and function of the compact module, lazy ones included", function()
    local names = {}
    for key in pairs(compact) do names[key] = true end
    for key in pairs(LAZY) do names[key] = true end
    assert_same_names(names, "compact", "require \"compact\"")
    for key in pairs(LAZY) do assert.is_not_nil(compact[key], "compact." .. key .. " does not load") end
  end)

  it("types each function of compact as a function and each sentinel as an error", function()
    local fns = classes.compact.functions
    for key, value in pairs(compact) do
      if type(value) == "function" then assert.is_true(fns[key] == true, "compact." .. key .. " is not a function") end
    end
    for key in pairs(fns) do assert.are.equal("function", type(compact[key]), "compact." .. key) end
    for key in pairs(members("compact")) do
      if key:match("^Err") then assert.is_true(compact.is(compact[key], compact[key]), key) end
    end
  end)

  it("has a class for every public module under lua/compact/", function()
    for name in pairs(MODULES) do
      assert.is_table(classes[name], "module " .. name .. " has no ---@class " .. name .. " in types/compact.lua")
    end
    for name in pairs(PROVIDERS) do assert.is_truthy(MODULES["compact.providers." .. name], name) end
  end)

  it("declares the providers compact.providers offers", function()
    assert_same_names(PROVIDERS, "compact.providers", "compact.providers")
  end)

  for module_name, class_name in pairs(MODULES) do
    it("declares every public field and function of " .. module_name, function()
      local module = require(module_name)
      local names = {}
      for key in pairs(module) do names[key] = true end
      assert_same_names(names, class_name, module_name)
      for key in pairs(functions_of(module)) do
        assert.is_true(classes[class_name].functions[key] == true, module_name .. "." .. key .. " declared as a field")
      end
    end)
  end

  it("declares the methods and fields of a compactor", function()
    assert_object(assert(compact.new { summarizer = summarizer }), "compact.Compactor", "a compactor")
  end)

  it("declares the methods and fields of an agent", function()
    local gen = { generate = function() return { role = "assistant", content = {} } end }
    assert_object(assert(compact.agent.new { generator = gen, model = "m" }), "compact.Agent", "an agent")
    local compactor = assert(compact.new { summarizer = summarizer })
    assert_object(assert(compact.agent.new { generator = gen, model = "m", compactor = compactor,
      context_window_tokens = 1000, on_event = print }), "compact.Agent", "an agent")
  end)

  it("declares the methods of tokens, estimators, summarizers and generators", function()
    assert_object(compact.cancel_token(), "compact.CancelToken", "a cancel token")
    assert_same_names(methods_of(compact.heuristic()), "compact.Estimator", "heuristic methods")
    local gen = assert(compact.providers.openai { api_key = "sk-test", transport = function() end })
    assert_same_names(methods_of(gen), "compact.Generator", "openai generator methods")
    gen = assert(compact.providers.anthropic { api_key = "sk-test", transport = function() end })
    assert_same_names(methods_of(gen), "compact.Generator", "anthropic generator methods")
    assert_same_names(methods_of(assert(compact.extractive_summarizer())), "compact.Summarizer", "extractive")
    local generated = assert(compact.generator_summarizer { generator = gen, model = "m" })
    assert_same_names(methods_of(generated), "compact.Summarizer", "generator summarizer methods")
  end)

  it("declares the methods of an HTTP request", function()
    local http = require "compact.http"
    if not http.curl_version() then
      pending("compact.curl is not built (core-only)")
      return
    end
    local req = assert(http.start { url = "http://127.0.0.1:9/", connect_timeout = 1 })
    local names = methods_of(req)
    req:close()
    assert_same_names(names, "compact.HttpRequest", "HTTP request methods")
  end)

  it("declares the fields of plans, results and records the compactor returns", function()
    local compactor = assert(compact.new { summarizer = summarizer })
    local request = { messages = MESSAGES, input_token_budget = 1 }
    local plan = assert(compactor:plan(request))
    local fields, optional = members("compact.Plan")
    for field in pairs(fields) do
      if not optional[field] then assert.is_not_nil(plan[field], "plan." .. field) end
    end
    assert.are.same({}, missing(fields_of(plan), fields), "plan fields")
    local result = assert(compactor:apply(request, plan))
    assert.are.same({}, missing(fields_of(result), members("compact.Result")), "result fields")
    fields, optional = members("compact.Record")
    assert.are.same({}, missing(fields_of(result.record), fields), "record fields")
    for field in pairs(fields) do
      if not optional[field] then assert.is_not_nil(result.record[field], "record." .. field) end
    end
  end)

  it("declares the fields of an agent result and the events an agent emits", function()
    local gen = { generate = function()
      return { role = "assistant", content = { { type = "text", text = "ok" } }, stop_reason = "stop" }
    end }
    local agent = assert(compact.agent.new { generator = gen, model = "m" })
    local result = assert(agent:run("hi"))
    assert.are.same({}, missing(fields_of(result), members("compact.AgentResult")), "agent result fields")
    local emitted = {}
    for body in (read("lua/compact/agent.lua") .. read("lua/compact/agent_compaction.lua")):gmatch("emit%s*(%b{})") do
      for key in body:gmatch("([%a_][%w_]*)%s*=") do emitted[key] = true end
    end
    assert.is_true(emitted.type)
    assert_same_names(emitted, "compact.AgentEvent", "the events agent.lua emits")
  end)

  describe("config fields", function()
    local CHECKS = {
      { "compact.CompactorConfig", table_keys("lua/compact/compactor.lua", "known_config") },
      { "compact.Request", table_keys("lua/compact/request.lua", "known_fields") },
      { "compact.AgentConfig", table_keys("lua/compact/agent.lua", "known_config") },
      { "compact.AgentRunOptions", table_keys("lua/compact/agent.lua", "known_options") },
      { "compact.GeneratorSummarizerConfig", config_reads { "lua/compact/summarizers/generator.lua" } },
      { "compact.ExtractiveSummarizerConfig", config_reads { "lua/compact/summarizers/extractive.lua" } },
      { "compact.OpenAIConfig", provider_keys("lua/compact/providers/openai.lua") },
      { "compact.AnthropicConfig", provider_keys("lua/compact/providers/anthropic.lua") },
    }
    for _, check in ipairs(CHECKS) do
      it("of " .. check[1] .. " match what the code accepts", function()
        local typed = members(check[1])
        assert.are.same({}, missing(check[2], typed), "accepted by the code but not declared in " .. check[1])
        assert.are.same({}, missing(typed, check[2]), "declared in " .. check[1] .. " but unknown to the code")
      end)
    end

    it("that are declared are accepted by compact.new and agent.new (no unknown-option error)", function()
      for field in pairs(members("compact.CompactorConfig")) do
        local _, err = compact.new { summarizer = summarizer, [field] = function() end }
        assert.is_falsy(err and err.message:find("unknown option", 1, true), field)
      end
      local gen = { generate = function() end }
      for field in pairs(members("compact.AgentConfig")) do
        local _, err = compact.agent.new { generator = gen, model = "m", [field] = function() end }
        assert.is_falsy(err and err.message:find("unknown option", 1, true), field)
      end
    end)
  end)

  it("fails for a function the code has and the declarations lack (the check itself)", function()
    local typed = declared("compact")
    local names = {}
    for key in pairs(typed) do names[key] = true end
    names.added_later = true
    assert.are.same({ "added_later" }, missing(names, typed))
    local _, parsed_members = parse_types("---@class t\n---@field a integer\nlocal t = {}\nfunction t.b() end\n")
    assert.are.same({ "a" }, sorted_keys(parsed_members("t")))
  end)
end)
