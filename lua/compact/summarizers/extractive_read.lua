--- Reading for the extractive summarizer: messages become turns (a
-- request, the commands run with their outcomes, the assistant's final
-- text), and a previous summary is split back into its sections.
-- @module compact.summarizers.extractive_read

local T = require "compact.summarizers.extractive_text"
local vocabulary = require "compact.tool_vocabulary"
local message_model = require "compact.message"
local changes = require "compact.summarizers.extractive_changes"
local specs = require "compact.summarizers.extractive_specs"
local git = require "compact.summarizers.extractive_git"
local ran = require "compact.summarizers.extractive_ran"
local findings = require "compact.summarizers.extractive_found"
local previous = require "compact.summarizers.extractive_previous"
local said = require "compact.summarizers.extractive_said"

local read = {}
local read_tasks, retried

local COMMAND_KEYS = { "command", "cmd" }
local DETAIL_KEYS = { "path", "file_path", "pattern", "query", "url" }

local first_string = T.first_string

-- Text and image count of a content value.
local function content_of(content)
  local images = 0
  local text = message_model.text(content, function() images = images + 1 end)
  return text, images
end
read.content_of = content_of

--- Fresh facts: what the summary is built from. `cwd` (optional) makes
-- paths relative.
function read.new_facts(file_tools, cwd)
  return { goal = nil, constraints = {}, seen = {}, turns = {}, earlier = {}, calls = {}, running = {}, by_stem = {},
           file_tools = file_tools, cwd = cwd, last_text = nil, last_has_calls = false, tasks_done = {} }
end

-- Paths under the working directory, relative to it, in any text.
local function relative(facts, s)
  local cwd = facts.cwd
  if type(cwd) ~= "string" or cwd == "" or cwd == "/" then return s end
  -- (a Windows working directory, "C:\\app", is followed by either separator)
  local windows = cwd:find("^%a:[\\/]") ~= nil
  local root = windows and cwd:gsub("[/\\]+$", "") or cwd:gsub("/+$", "")
  local escaped = root:gsub("[%^%$%(%)%%%.%[%]%*%+%-%?]", "%%%0")
  if windows then
    -- (any case, either separator, as the file lists take it: "c:/App" is "C:\\app")
    escaped = escaped:gsub("%a", function(c) return "[" .. c:lower() .. c:upper() .. "]" end)
      :gsub("[/\\]", "[/\\]")
  end
  s = s:gsub(escaped .. (windows and "[/\\]" or "/"), "")
  return (s:gsub(escaped .. "%f[^%w_%-%.]", "."))
end
read.relative = relative

-- How many of one request's sentences become constraints.
local RULES_PER_REQUEST = 4

-- `from_spec`: a rule of an issue the agent fetched, not the user's words
local function add_constraint(facts, sentence, order, from_spec)
  local key = T.flatten(sentence):lower()
  if facts.seen[key] then return end
  facts.seen[key] = true
  facts.constraints[#facts.constraints + 1] = { text = T.flatten(sentence), order = order, from_spec = from_spec }
end

local function new_turn(facts, request, images)
  local turn = { request = request, images = images, order = #facts.turns + 1, commands = {}, by_label = {},
                 edits = 0, conclusion = nil, pending = nil, milestones = {}, said = {} }
  facts.turns[#facts.turns + 1] = turn
  -- the last reply is the new request's, not the previous one's
  facts.last_text, facts.last_has_calls, facts.failed_reply = nil, false, nil
  return turn
end

-- (the first turn after a split turn's summary goes on with its request)
local function current_turn(facts)
  local turn = facts.turns[#facts.turns]
  if turn then return turn end
  local request = facts.split_request
  facts.split_request = nil
  return new_turn(facts, request and relative(facts, request), 0)
end

-- (defined with the results it records, used by their notifications too)
local record_outcome

-- A command has ended: the poll keys it still holds name no process now
-- (a key a newer command took is that one's).
local function stop_running(facts, call)
  for _, key in ipairs(call.running_keys or {}) do
    if facts.running[key] == call then facts.running[key] = nil end
  end
  call.running_keys = nil
end

-- A milestone of a turn (a commit, a test summary, a closed task), once.
local function add_milestone(turn, key, line)
  turn.milestones[key] = turn.milestones[key] or #turn.milestones + 1
  turn.milestones[turn.milestones[key]] = line
end

-- A background task's notification: how it ended is the work's, in the
-- harness's own words only (a monitor's stream of events, or any other
-- text, is not): a sub-agent's report (`Agent "x" completed`, `Agent "x"
-- failed: ...`) as a milestone, and, when no look at it said it, how a
-- command sent to the background ended (`Background command "y" failed
-- with exit code 1`, `... completed (exit code 0)`).
local function read_notification(facts, block)
  local ended = block:match("<summary>(.-)</summary>")
  ended = ended and T.flatten(ended)
  if not ended then return end
  if ended:find('^Agent ".-" completed$') or ended:find('^Agent ".-" failed') then
    local result = block:match("<result>(.-)</result>")
    local report = result and said.conclusion(result, 200)
    local line = T.cut_words(relative(facts, ended), 160) .. (report and report ~= "" and ": " .. report or "")
    add_milestone(current_turn(facts), "background " .. ended, relative(facts, line))
  end
  local how = ended:match('^Background command ".-" ((%a+).*)$')
  local verdict = how and how:match("^%a+")
  local id = block:match("<task%-id>%s*([%w_%-]+)%s*</task%-id>")
  local call = id and facts.running["task_id " .. id]
  if call and (verdict == "completed" or verdict == "failed") then
    stop_running(facts, call)
    record_outcome(facts, call, how, verdict == "failed")
  end
end

local function read_user(facts, msg)
  local original, images = content_of(msg.content)
  local kind, raw = T.user_kind(original)
  if kind == "summary" then
    -- the line that says what follows is not part of the summary
    read.previous(facts, raw:find("\n") and raw:gsub("^[^\n]*\n", "", 1) or raw)
    return
  elseif kind == "interrupt" then
    local turn = facts.turns[#facts.turns]
    if turn then turn.interrupted = true end
    return
  elseif kind == "memory" then
    if raw:find("%a") then add_constraint(facts, "Remember: " .. relative(facts, raw), #facts.turns) end
    return
  elseif kind == "notification" then
    -- the reply to it must not replace the work's own final reply
    facts.notified = true
    -- (one message may hold several notifications)
    for block in raw:gmatch("<task%-notification>(.-)</task%-notification>") do read_notification(facts, block) end
    return
  elseif kind == "shell" or kind == "injected" and images == 0 then
    -- a command the user ran in the agent's shell mode (Claude Code's and
    -- pi's "!"): what the user did to the work, in the turn it followed
    local user_ran = kind == "shell" and raw or original:match("<bash%-input>%s*(.-)%s*</bash%-input>")
    if user_ran and user_ran ~= "" then
      user_ran = T.cut_words(T.flatten(relative(facts, user_ran)), 120)
      add_milestone(current_turn(facts), "user ran " .. user_ran, "the user ran `" .. user_ran .. "`")
    end
    return
  end
  facts.notified = nil
  if images == 0 and T.is_ack(raw) then return end
  local request, mentioned, request_lines = T.clean_request(relative(facts, raw))
  facts.split_request = nil -- (a request of the user's own comes first: no split turn goes on)
  local turn = new_turn(facts, request, images + mentioned)
  -- the goal: the first substantive request, unless a previous summary
  -- stated it; a slash command's arguments never are
  -- nor a bare path the user pointed at ("cmd/gateway/main.go")
  local bare_path = request:find("^%S+$") and request:find("[/%.]")
  -- and a paste with no words of the user's around it only until a
  -- request with words comes
  -- (a command pasted alone, shown as code, is no words of the user's either)
  local own_words = T.word_count((request:gsub('%[pasted output, %d+ lines: ".-"%]', ""):gsub("^%s*`[^`]*`%s*$", "")))
  if (not facts.goal or facts.goal_pasted and own_words >= 3) and kind ~= "command" and not bare_path
      and T.word_count(request) >= 3 then
    facts.goal, facts.goal_pasted = request, own_words < 3
  end
  -- the first rules of a request only: a request that is a long spec
  -- (an assignment, a prompt template) would crowd the work out of the
  -- note, and its opening is the goal anyway
  -- (sentences end where the user's lines do: a spec's items are rules each)
  for i, sentence in ipairs(T.constraints(request_lines)) do
    if i > RULES_PER_REQUEST then break end
    add_constraint(facts, sentence, turn.order)
    turn.decided = true
  end
end

-- Closed tasks of a TodoWrite / update_plan call become milestones.
function read_tasks(facts, turn, kind, args)
  if kind.kind ~= "other" or type(args) ~= "table" then return end
  local list = rawget(args, "todos") or rawget(args, "plan")
  if type(list) ~= "table" then return end
  -- the latest list says what is still to do (Open work)
  local open = { in_progress = {}, pending = {} }
  facts.plan = open
  for _, item in ipairs(list) do
    local task = type(item) == "table" and (item.content or item.step or item.title or item.description)
    if type(task) == "string" and open[item.status] then
      local tasks = open[item.status]
      tasks[#tasks + 1] = T.flatten(relative(facts, task))
    end
    if type(item) == "table" and item.status == "completed" then
      if type(task) == "string" and not facts.tasks_done[task] then
        facts.tasks_done[task] = true
        add_milestone(turn, "task " .. task, "task: " .. T.cut_words(T.flatten(relative(facts, task)), 140))
      end
    end
  end
end

-- Codex's polls of a command still running: `write_stdin` to an
-- `exec_command` session, `wait` on a code-mode cell. Their results are the
-- command's. The key of the process polled, or nil.
local POLLS = { write_stdin = "session_id", wait = "cell_id", TaskOutput = "task_id", BashOutput = "bash_id" }

local function poll_key(block)
  local key = POLLS[block.name]
  local args = type(block.arguments) == "table" and block.arguments
  local id = key and args and rawget(args, key)
  -- (76499.0 is the process 76499 too, as its result names it)
  if type(id) == "number" and id == math.floor(id) and math.abs(id) < 2 ^ 53 then id = string.format("%d", id) end
  if type(id) == "number" or type(id) == "string" then return key .. " " .. tostring(id) end
  return nil
end

-- The process a result says is still running ("Process running with
-- session ID 76499", "Script running with cell ID 46", Claude Code's
-- "Command running in background with ID: b57276d"), as the poll keys its
-- polls and its notification will name; a poll (`polled`) that says it
-- still runs (`<status>running</status>`) keeps its own.
local function still_running(output, polled)
  local header = output:match("^(.-)\nOutput:") or output:sub(1, 400)
  local session = header:match("Process running with session ID (%d+)")
  if session then return { "session_id " .. session } end
  local cell = header:match("^Script running with cell ID (%S+)")
  if cell then return { "cell_id " .. cell } end
  local id = header:match("^%s*Command running in background with ID: ([%w_%-]+)")
  if id then return { "task_id " .. id, "bash_id " .. id } end
  if polled and header:find("<status>running</status>") then return { polled } end
  return nil
end

-- Remember a tool call so its result can report the outcome.
local function register_call(facts, turn, block)
  local polled = poll_key(block)
  if polled then -- no call of its own: its result is the polled command's
    -- (Claude Code's error on a task it does not know, "No task found with
    -- ID: a1", is reported as that tool's failure)
    if type(block.id) == "string" then
      facts.calls[block.id] = { poll = polled, turn = turn, label = block.name,
        own_errors = block.name == "TaskOutput" or block.name == "BashOutput" }
    end
    return
  end
  local kind = vocabulary.classify(block, facts.file_tools)
  -- (a code-mode cell: the tool it called)
  if kind.call then block = { id = block.id, name = kind.call.name, arguments = kind.call.arguments } end
  local args = type(block.arguments) == "table" and block.arguments or nil
  local is_file = kind.kind == "read" or kind.kind == "write" or kind.kind == "edit"
  local path = is_file and kind.paths[1] or nil
  local label
  local command, stem
  if path then
    if kind.kind ~= "read" then
      turn.edits = turn.edits + 1
      changes.add(facts, changes.of_call(kind, args, kind.command), turn.order,
        function(p) return T.flatten(relative(facts, p)) end)
    end
    label = block.name .. " `" .. T.cut_words(T.flatten(relative(facts, path)), 120) .. "`"
  else
    command = kind.command or first_string(args, COMMAND_KEYS)
    if command then
      local shown = ran.shown(command)
      label = "`" .. T.cut_words(T.short_command(relative(facts, shown)), 80) .. "`"
      -- stems of the command as run from the working directory: `cd <cwd>/assets
      -- && node build.js` and `node assets/build.js` are one command
      stem = vocabulary.command_stem(relative(facts, command))
    elseif kind.kind == "task" then
      label = ran.delegation_label(block.name, args, function(text) return relative(facts, text) end)
    else
      local detail = first_string(args, DETAIL_KEYS)
      label = block.name .. (detail and (" `" .. T.cut_words(T.flatten(relative(facts, detail)), 80) .. "`") or "")
    end
  end
  -- an edit's own statement of what it changes (Gemini CLI's `instruction`)
  local instruction = path and kind.kind ~= "read" and args and rawget(args, "instruction")
  if type(instruction) == "string" and instruction:find("%a") then
    turn.said[#turn.said + 1] = relative(facts, instruction)
  end
  read_tasks(facts, turn, kind, args)
  local plan = args and rawget(args, "plan")
  if type(plan) == "string" and plan:find("%S") then
    add_milestone(turn, "plan", "planned: " .. T.shorten(relative(facts, plan), 400))
  end
  local call = { turn = turn, label = label, file = path ~= nil, read = path ~= nil and kind.kind == "read",
                 tool = block.name, kind = kind.kind, path = path, command = command, stem = stem,
                 task = kind.kind == "task",
                 probe = command ~= nil and (vocabulary.is_probe(command) or vocabulary.is_lookup(command)) }
  if type(block.id) == "string" then facts.calls[block.id] = call end
  if not call.file then
    local entry = turn.by_label[label]
    if not entry then
      entry = { label = label, outcomes = {}, command = command, shell = kind.kind == "shell",
                delegated = kind.kind == "task" }
      turn.by_label[label] = entry
      turn.commands[#turn.commands + 1] = entry
    end
    call.entry = entry
  end
end

local function read_assistant(facts, msg)
  if message_model.is_failed_attempt(msg) then
    -- an interrupted attempt: its calls' results are not outcomes
    for _, block in ipairs(type(msg.content) == "table" and msg.content or {}) do
      if type(block) == "table" and block.type == "tool_call" and type(block.id) == "string" then
        facts.calls[block.id] = { ignore = true }
      end
    end
    -- the provider's error the harness wrote as the reply ("API Error:
    -- Request timed out"): open work while nothing came after it
    local said_error = msg.stop_reason == "error" and content_of(msg.content) or ""
    facts.failed_reply = said_error:find("%a") and T.cut_words(T.flatten(said_error), 160) or nil
    return
  end
  facts.failed_reply = nil
  local content = msg.content
  if type(content) == "string" then content = { { type = "text", text = content } } end
  if type(content) ~= "table" then return end
  local turn = current_turn(facts)
  local texts, has_calls, said_from, thoughts = {}, false, #turn.said + 1, {}
  for i = 1, #content do
    local block = content[i]
    if type(block) == "table" and block.type == "text" and type(block.text) == "string"
        and block.text:find("%S") then
      texts[#texts + 1] = block.text
    elseif type(block) == "table" and block.type == "thinking" and type(block.thinking) == "string" then
      -- a summary's title alone ("**Preparing commit**") says little
      local body = block.thinking:gsub("^%s*%*%*[^\n]*%*%*%s*", "")
      if T.word_count(body) >= 5 then thoughts[#thoughts + 1] = body end
    elseif type(block) == "table" and block.type == "tool_call" and type(block.name) == "string" then
      has_calls = true
      register_call(facts, turn, block)
    end
  end
  local text = relative(facts, table.concat(texts, "\n"))
  -- an agent that shows only its reasoning summaries (Codex) says what it
  -- does there: kept apart, for a turn that says nothing else
  if text == "" and #thoughts > 0 then
    turn.thoughts = turn.thoughts or {}
    turn.thoughts[#turn.thoughts + 1] = relative(facts, table.concat(thoughts, "\n"))
  end
  if facts.notified and turn.conclusion then
    -- the look at a background task's output and the reply on it
    if text ~= "" and not has_calls then facts.aside_reply = text end
    return
  end
  facts.notified, facts.aside_reply = nil, nil
  if has_calls then
    if text ~= "" then
      turn.pending = text
      table.insert(turn.said, said_from, text) -- before what its calls said
    end
  elseif text ~= "" then
    turn.conclusion, turn.pending = text, nil
  end
  if text ~= "" or has_calls then
    turn.interrupted = nil -- the work went on after the interruption
    facts.last_text = text ~= "" and text or facts.last_text
    facts.last_has_calls = has_calls
  end
end

-- Progress a passing result shows: a commit, a test summary.
local function read_progress(call, output, failed)
  if not call.command then return end
  local turn = call.turn
  local subject, hash
  if not failed then subject, hash = T.commit_subject(call.command, output) end
  if subject and not turn.milestones["commit " .. subject] then
    -- the hash names the commit for a later revert, diff or cherry-pick
    -- with git's count, in its words: "6 files changed, 1253 insertions(+), 470 deletions(-)"
    local stats = T.commit_stats(output)
    stats = stats and (" (" .. stats .. ")") or ""
    add_milestone(turn, "commit " .. subject, "committed" .. (hash and " " .. hash or "") .. ": " .. subject .. stats)
    turn.commits = (turn.commits or 0) + 1
  end
  local tests = T.test_summary(output)
  if tests and call.stem then
    -- named by the step that tests ("cargo fmt --all && cargo test": `cargo test`)
    -- (the first step that tests; else one that checks: "cargo test &&
    -- cargo check" counted with `cargo test`, "docker inspect" is no spec)
    local stem, checks = nil, nil
    for _, step in ipairs(vocabulary.command_stems(call.command)) do
      if not stem and step:find("test") then stem = step end
      if not checks and (step:find("%f[%a]spec") or step:find("check")) then checks = step end
    end
    stem = stem or checks or call.stem
    -- the last count of each stem between two commits: what each commit was tested with
    add_milestone(turn, "tests " .. stem .. " " .. (turn.commits or 0), "`" .. stem .. "`: " .. tests)
  end
end

-- Every earlier failing run of `stem` is fixed by this passing one.
local function supersede(facts, stem, entry)
  local failing = facts.by_stem[stem]
  if not failing then return end
  for _, other in ipairs(failing) do
    if other ~= entry then other.fixed = true end
  end
  facts.by_stem[stem] = nil
end

-- A tool that is no command (an edit, a directory listing) failed, then
-- passed later in the same turn (for file tools: any write or edit of the
-- same file): the agent retried it with better arguments ("Path must be
-- absolute", "File has been modified since read"), so the failure is fixed.
function retried(turn, call, failed)
  -- (a fetch of another address is no retry: its label says which)
  local what = call.kind == "fetch" and call.label or call.path or ""
  local key = call.path and not call.read and ("file\0" .. call.path) or (call.tool .. "\0" .. what)
  turn.failed_tools = turn.failed_tools or {}
  if failed then
    local list = turn.failed_tools[key] or {}
    list[#list + 1] = call
    turn.failed_tools[key] = list
    return
  end
  for _, earlier in ipairs(turn.failed_tools[key] or {}) do
    if earlier.entry and earlier.entry ~= call.entry then earlier.entry.fixed = true end
  end
  turn.failed_tools[key] = nil
end

local function read_result(facts, msg)
  local call = type(msg.tool_call_id) == "string" and facts.calls[msg.tool_call_id]
  if call and call.ignore then return end
  local polled = call and call.poll
  if polled then
    local poll = call
    call = facts.running[polled]
    -- a poll of a process not seen running
    if not call and not (poll.own_errors and msg.is_error == true) then return end
    call = call or { turn = poll.turn, label = poll.label }
  end
  local output, images = content_of(msg.content)
  -- a command still running says nothing yet: a later poll says how it ended
  local running = call and call.command and still_running(output, polled)
  if running then
    call.running_keys = call.running_keys or {}
    for _, key in ipairs(running) do
      if facts.running[key] ~= call then table.insert(call.running_keys, key) end
      facts.running[key] = call -- (a reused id is the newest command's)
    end
    return
  end
  -- it has ended: a later poll of it ("Unknown process id") is not its outcome
  if call then stop_running(facts, call) end
  local exit_code
  output, exit_code = T.unwrap_output(output, polled ~= nil)
  if T.is_rejection(output) then -- the user or the harness stopped it: not an outcome
    -- in the harness's own word: "cancelled" (Gemini CLI) or "rejected";
    -- an edit the user refused is said too (an edit has no entry of its own)
    if call and not call.entry and call.file and not call.read and T.is_refusal(output) then
      call.entry = { label = call.label, outcomes = {} }
      call.turn.commands[#call.turn.commands + 1] = call.entry
    end
    if call and call.entry then call.entry.rejected = output:lower():find("cancel") and "cancelled" or "rejected" end
    return
  end
  -- the user's answers to the agent's questions are decisions
  local answers = output:match("^%s*User has answered your questions?:%s*(.-)%.?%s*You can now continue")
    or output:match("^%s*User has answered your questions?:%s*(.*)$")
  if answers then
    -- one decision per answer, so a long first one does not hide the others
    local order, answered = current_turn(facts).order, 0
    for question, answer in T.flatten(answers):gmatch('("[^"]*")=("[^"]*")') do
      answered = answered + 1
      add_constraint(facts, "Answered: " .. T.cut_words(question, 120) .. "=" .. T.cut_words(answer, 200),
        order + answered / 1000) -- in the order asked
    end
    if answered == 0 then add_constraint(facts, "Answered: " .. T.cut_words(T.flatten(answers), 400), order) end
    return
  end -- the user or the harness stopped it: not an outcome
  -- an explicit exit code is trusted over patterns in the text (a passing
  -- run's output may well print "exit code 1" from its own tests)
  local failed
  if exit_code ~= nil then
    failed = exit_code ~= 0 or msg.is_error == true
  else
    failed = msg.is_error == true or T.looks_failed(output)
  end
  -- (a file's own words are no verdict: a read missed when the tool says so)
  local missed = failed and (exit_code ~= nil or msg.is_error == true or call ~= nil and call.command ~= nil)
  if failed and (T.is_harmless(output) or call and (call.probe or T.no_match(call.label, output))) then
    failed = false
  end
  -- what a look-up showed, a miss included
  if call and (call.read or call.probe or call.kind == "search" or call.kind == "fetch") then
    findings.record(call, output, missed, not missed and T.found_nothing(output))
  end
  -- a read of a missing file is a look-up that missed, not a failure
  if call and call.read then return end
  -- an issue the agent fetched states the work's rules, as a request does
  if call and call.command and not failed and specs.shows_issue(call.command) then
    -- always named as the issue's words, never as the user's
    local id = specs.issue_id(call.command)
    for _, rule in ipairs(specs.rules(output, specs.open_tracker(call.command))) do
      add_constraint(facts, (id and ("Issue " .. id) or "The fetched issue") .. " says: " .. relative(facts, rule),
        call.turn.order, true)
    end
  end
  -- a subagent's report says what the delegated work did, as the assistant would
  -- (a background launch's receipt, "Async agent launched successfully.", is none)
  if call and call.task and not failed and output:find("%a") and not output:find("^%s*Async agent launched") then
    call.turn.said[#call.turn.said + 1] = relative(facts, output)
  end
  if not call then
    if not failed then return end
    -- a result whose call we did not see: report it under its tool name
    call = { turn = current_turn(facts), label = type(msg.tool_name) == "string" and msg.tool_name or "tool" }
  end
  local turn = call.turn
  if images > 0 then turn.result_images = (turn.result_images or 0) + images end
  read_progress(call, output, failed)
  if call.command and not failed then git.follow(facts, call.command, output) end
  if not call.command and call.tool then retried(turn, call, failed) end
  record_outcome(facts, call, output, failed)
end

-- One outcome of `call` (its result, or how it ended in the background):
-- a failure with its reason, or a pass that supersedes earlier failures.
function record_outcome(facts, call, output, failed)
  local turn = call.turn
  local entry = call.entry
  if not entry then
    if not failed then return end
    entry = { label = call.label, outcomes = {} }
    turn.commands[#turn.commands + 1] = entry
    call.entry = entry
  end
  entry.outcomes[#entry.outcomes + 1] = not failed
  -- a search that found nothing tells what is not there
  entry.found_nothing = not failed and T.found_nothing(output) or nil
  if failed then
    entry.reason, entry.fixed = relative(facts, T.failure_reason(output, 140) or ""), nil
    if entry.reason == "" then entry.reason = nil end
    if call.stem then
      local list = facts.by_stem[call.stem] or {}
      list[#list + 1] = entry
      facts.by_stem[call.stem] = list
    end
  else
    if call.command then
      for _, stem in ipairs(vocabulary.command_stems(relative(facts, call.command))) do
        supersede(facts, stem, entry)
      end
    end
    -- "make test" failed, then "make build && make test" passed: fixed, in any turn
    local core = entry.label:gsub("`", "")
    for _, earlier in ipairs(facts.turns) do
      for _, other in ipairs(earlier.commands) do
        if other ~= entry and not other.outcomes[#other.outcomes] and #other.outcomes > 0
            and core:find(other.label:gsub("`", ""), 1, true) then
          other.fixed = true
        end
      end
    end
  end
end

--- Add one message to `facts`.
function read.message(facts, msg)
  if msg.role == "user" then
    read_user(facts, msg)
  elseif msg.role == "assistant" then
    read_assistant(facts, msg)
  elseif msg.role == "tool_result" then
    read_result(facts, msg)
  end
end

--- Merge a previous summary (file lists already removed) into `facts`
-- (`compact.summarizers.extractive_previous`).
function read.previous(facts, text)
  return previous.merge(facts, text, relative, add_constraint)
end

return read
