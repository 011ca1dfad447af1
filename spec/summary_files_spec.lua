-- File lists after moves and removals in bash calls (compact.summary), as the
-- compactor appends them to every summary.
local files = require "compact.summary"
local compact = require "compact"

local function call(id, name, args)
  return { role = "assistant", stop_reason = "tool_use",
           content = { { type = "tool_call", id = id, name = name, arguments = args } } }
end

-- One request that wrote 120 route files, and the plan that summarizes it whole.
local function routes_session()
  local messages = { { role = "user", content = "scaffold the backend routes and their tests" } }
  for i = 1, 120 do
    local id = tostring(i)
    messages[#messages + 1] = call(id, "write", { path = string.format("backend/src/api/routes/r%03d.routes.ts", i) })
    messages[#messages + 1] = { role = "tool_result", tool_call_id = id, tool_name = "write", content = "ok" }
  end
  messages[#messages + 1] = { role = "assistant", stop_reason = "stop",
    content = { { type = "text", text = "All 120 routes are written and their tests pass." } } }
  return messages, { first_kept_index = #messages + 1, messages_to_summarize = messages, turn_prefix_messages = {} }
end

local function collect(messages, previous)
  return files.collect(files.merge_tools(nil), previous, { messages })
end

-- the moves and removals a shell command makes, as "from -> to" lines
local function changes(command)
  local out = {}
  for _, change in ipairs(files.shell_changes(command)) do
    out[#out + 1] = change.from .. " -> " .. tostring(change.to)
  end
  return out
end

describe("file lists and shell moves", function()
  it("lists paths relative to a POSIX or a Windows working directory", function()
    assert.are.equal("src/a.lua", files.relative("/w/p/src/a.lua", "/w/p/"))
    assert.are.equal(".", files.relative("/w/p", "/w/p"))
    assert.are.equal("/w/pq/a", files.relative("/w/pq/a", "/w/p"))
    -- a backslash is a file name's letter on POSIX
    assert.are.equal("/w/p\\a", files.relative("/w/p\\a", "/w/p"))
    -- Windows: either separator, any case of the letters
    assert.are.equal("public\\p.jpg", files.relative("C:\\Users\\Y\\RAVE\\public\\p.jpg", "C:\\Users\\Y\\RAVE"))
    assert.are.equal("a.ts", files.relative("c:\\users\\y\\rave\\a.ts", "C:\\Users\\Y\\RAVE\\"))
    assert.are.equal("src/b.ts", files.relative("C:/Users/Y/RAVE/src/b.ts", "C:\\Users\\Y\\RAVE"))
    assert.are.equal("C:\\Users\\Y\\RAVEN\\x", files.relative("C:\\Users\\Y\\RAVEN\\x", "C:\\Users\\Y\\RAVE"))
    assert.are.equal("README.md", files.relative("README.md", "C:\\Users\\Y\\RAVE"))
  end)

  it("reads mv, git mv, rm and git rm, with options, quotes and a relative cd", function()
    assert.are.same({ "a.lua -> b.lua" }, changes("mv a.lua b.lua"))
    assert.are.same({ "src/x.ts -> src/y.ts" }, changes("git mv -f ./src/x.ts 'src/y.ts'"))
    assert.are.same({ "pkg/src/a -> pkg/src/b", "pkg/old -> nil" },
      changes("cd pkg && mv src/a src/b && rm -rf old/"))
    assert.are.same({ "a -> dir/a", "b -> dir/b" }, changes("mv a b dir/"))
    -- one source into a directory written with its slash, -t, and `..` resolved
    assert.are.same({ "a.lua -> src/a.lua" }, changes("mv a.lua src/"))
    assert.are.same({ "a -> dest/a", "b -> dest/b" }, changes("mv -t dest a b"))
    assert.are.same({ "a -> dest/a" }, changes("mv --target-directory=dest a"))
    assert.are.same({ "lib/x.lua -> y.lua" }, changes("cd lib && mv x.lua ../y.lua"))
    assert.are.same({ "../up.lua -> nil" }, changes("rm ../up.lua"))
    -- a shell wrapper's command (Codex's argv lists, joined)
    assert.are.same({ "a -> b", "c -> nil" }, changes("bash -lc 'mv a b && rm c'"))
    assert.are.same({ "x -> y" }, changes("/bin/zsh -c \"git mv x y\""))
    assert.are.same({ "~/.pi/agent/themes/nord.json -> nil" }, changes("rm ~/.pi/agent/themes/nord.json"))
    assert.are.same({ "z -> nil" }, changes("cd /the/project && git rm --cached z"))
    assert.are.same({}, changes("rm *.o"))
    assert.are.same({}, changes("echo mv a b; git commit -m done"))
  end)

  it("reads words as the shell does: quotes, backslashes, and git -C DIR", function()
    assert.are.same({ "a b.txt -> c.txt" }, changes('mv "a b.txt" c.txt'))
    assert.are.same({ "a b.txt -> dir/a b.txt" }, changes("mv 'a b.txt' 'dir/'"))
    assert.are.same({ "my file.md -> nil" }, changes("rm my\\ file.md"))
    assert.are.same({ 'it\'s "q".txt -> x' }, changes([[mv "it's \"q\".txt" x]]))
    assert.are.same({ "x;y -> z" }, changes("mv 'x;y' z"))
    assert.are.same({}, changes('git commit -m "mv a b; rm c"'))
    assert.are.same({ "sub/a -> sub/b", "sub/old file.txt -> nil" },
      changes('git -C sub mv a b && git -C sub rm "old file.txt"'))
    assert.are.same({ "pkg/sub/x -> pkg/sub/y" }, changes("cd pkg && git -C sub mv x y"))
    assert.are.same({ "p -> q" }, changes("git -c core.quotepath=off mv p q"))
    assert.are.same({ "a -> b" }, changes("git -C /the/project mv a b")) -- absolute: the project root, as cd
    assert.are.same({ "my dir/a -> my dir/b" }, changes('cd "my dir" && mv a b'))
    assert.are.same({ "x y -> z" }, changes([[bash -lc 'mv "x y" z']]))
  end)

  it("lists a moved file under its new name and drops a removed one", function()
    local read, modified = collect({
      call("1", "edit", { path = "src/old.lua" }),
      call("2", "read", { path = "notes.md" }),
      call("3", "write", { path = "tmp/scratch.json" }),
      call("4", "bash", { command = "git mv src/old.lua src/new.lua && rm tmp/scratch.json" }),
      call("5", "read", { path = "docs/a.md" }),
      call("6", "bash", { command = "mv docs lib/docs" }),
    })
    assert.are.same({ "notes.md" }, read)
    assert.are.same({ "lib/docs/a.md", "src/new.lua" }, modified)
  end)

  it("applies moves in order: a file written again after rm is listed", function()
    local _, modified = collect({
      call("1", "write", { path = "a.lua" }),
      call("2", "bash", { command = "rm a.lua" }),
      call("3", "write", { path = "a.lua" }),
    })
    assert.are.same({ "a.lua" }, modified)
  end)

  it("moves paths carried over from the previous summary's lists", function()
    local read, modified = collect({ call("1", "bash", { command = "mv b.lua c.lua; rm a.lua" }) },
      "text\n\n<read-files>\na.lua\n</read-files>\n\n<modified-files>\nb.lua\n</modified-files>")
    assert.are.same({}, read)
    assert.are.same({ "c.lua" }, modified)
  end)

  it("lists a previous summary's absolute paths relative to the working directory, once", function()
    local read, modified = files.collect(files.merge_tools(nil),
      "text\n\n<read-files>\n/w/p/a.lua\n/etc/hosts\n</read-files>\n\n<modified-files>\n/w/p/b.lua\n</modified-files>",
      { { call("1", "edit", { path = "/w/p/b.lua" }) } }, "/w/p")
    assert.are.same({ "/etc/hosts", "a.lua" }, read)
    assert.are.same({ "b.lua" }, modified)
  end)

  it("reads a previous summary's list whose entries an escaped line break joins, without its omission note", function()
    local read, modified = files.collect(files.merge_tools(nil),
      "text\n\n<read-files>\n/w/p/a.ts\\n/w/p/b.ts\\n/w/q/c.ts\n\226\128\166 (34 more files omitted)\n"
        .. "C:\\new\\d.ts\n</read-files>\n<modified-files>\n/w/p/e.ts\\n~/f.md\n... (2 more files omitted)\n"
        .. "</modified-files>", {}, "/w/p")
    assert.are.same({ "/w/q/c.ts", "C:\\new\\d.ts", "a.ts", "b.ts" }, read)
    assert.are.same({ "e.ts", "~/f.md" }, modified)
  end)

  it("lists a file read by line ranges once (`a.tsx:136-142`)", function()
    local read = collect({ call("1", "read", { path = "src/a.tsx:136-142" }), call("2", "read", { path = "src/a.tsx:12" }),
      call("3", "read", { path = "src/a.tsx" }), call("4", "read", { path = "notes:12" }) },
      "<read-files>\nsrc/b.ts:1-104\n</read-files>")
    assert.are.same({ "notes:12", "src/a.tsx", "src/b.ts" }, read)
  end)

  it("puts each path once in a compacted summary, in the lists only", function()
    local compactor = assert(compact.new { summarizer = assert(compact.extractive_summarizer()) })
    local messages = {
      { role = "user", content = "rename the helper module and fix its callers" },
      call("1", "edit", { path = "src/helper.lua" }),
      { role = "tool_result", tool_call_id = "1", tool_name = "edit", content = "ok" },
      call("2", "bash", { command = "git mv src/helper.lua src/util.lua" }),
      { role = "tool_result", tool_call_id = "2", tool_name = "bash", content = "" },
      { role = "assistant", stop_reason = "stop", content = { { type = "text", text = "Renamed." } } },
    }
    local out = assert(compactor:apply({ messages = messages },
      { first_kept_index = #messages + 1, messages_to_summarize = messages, turn_prefix_messages = {} }))
    assert.truthy(out.summary:find("<modified%-files>\nsrc/util%.lua\n</modified%-files>$"))
    local _, n = out.summary:gsub("src/util%.lua", "")
    assert.are.equal(2, n) -- the lists and the git mv command
    assert.is_nil(out.summary:find("src/helper.lua\n", 1, true))
  end)

  describe("shortened when they are long", function()
    local function paths(prefix, n, suffix)
      local out = {}
      for i = 1, n do out[#out + 1] = string.format("%s%02d%s", prefix, i, suffix) end
      return out
    end

    it("are written one path per line while they fit, whatever the bound", function()
      assert.are.equal("\n\n<read-files>\nsrc/a.lua\n</read-files>\n\n<modified-files>\nsrc/b.lua\n</modified-files>",
        files.lists({ "src/a.lua" }, { "src/b.lua" }, 2000))
      assert.are.equal("", files.lists({}, {}, 0))
      -- no bound: every path on its own line
      local many = paths("src/deep/folder/", 200, ".lua")
      assert.are.equal(200, select(2, files.lists({}, many):gsub("\nsrc/deep/folder/", "")))
    end)

    it("group a directory's files on one line when that is enough", function()
      local modified = { "README.md", "src/api/auth.ts", "src/api/users.ts", "src/main.ts", "src/x{1}.ts" }
      local full = files.lists({}, modified)
      local out = files.lists({}, modified, #full - 1)
      -- a name with braces is never grouped, so it reads back as itself
      assert.are.equal("\n\n<modified-files>\nREADME.md\nsrc/api/{auth.ts,users.ts}\nsrc/main.ts\nsrc/x{1}.ts\n"
        .. "</modified-files>", out)
      assert.truthy(#out <= #full - 1)
    end)

    it("give the largest groups as counts, read files first, then leave lines out with a count", function()
      local read = paths("docs/guide/chapter", 30, ".md")
      local modified = paths("backend/src/api/routes/route", 40, ".ts")
      for _, path in ipairs(paths("frontend/src/app/component", 20, ".tsx")) do modified[#modified + 1] = path end
      local out = files.lists(read, modified, 500)
      assert.truthy(#out <= 500, #out)
      assert.truthy(out:find("<read-files>\ndocs/guide/{30 files}\n</read-files>", 1, true), out)
      -- the largest modified group is counted; the smaller still names its files
      assert.truthy(out:find("backend/src/api/routes/{40 files}", 1, true), out)
      assert.truthy(out:find("frontend/src/app/{component01.tsx,", 1, true), out)
      assert.truthy(files.lists(read, modified, 150):find("frontend/src/app/{20 files}", 1, true))
      -- a bound the counts cannot meet: lines left out with a count, read files first, where the
      -- note is shorter than what it replaces (`docs/guide/{30 files}` is shorter than its note)
      local tight = files.lists(read, modified, 130)
      assert.are.equal("\n\n<read-files>\ndocs/guide/{30 files}\n</read-files>\n\n<modified-files>\n"
        .. "\226\128\166 (60 more files omitted)\n</modified-files>", tight)
      -- a bound nothing meets: the shortest the lists can be
      assert.are.equal(tight, files.lists(read, modified, 100))
      local long = "src/a-file-name-long-enough-that-the-note-is-shorter-than-it.lua"
      assert.are.equal("\n\n<modified-files>\n\226\128\166 (1 more file omitted)\n</modified-files>",
        files.lists({}, { long }, 10))
      assert.truthy(files.lists({}, { long, "lib/" .. long }, 10):find("(2 more files omitted)", 1, true))
      -- short paths are shorter than any note: a small list stays whole
      assert.are.equal(files.lists({}, { "a.lua", "b.lua" }), files.lists({}, { "a.lua", "b.lua" }, 10))
    end)

    it("give a group as a count only where that is shorter, and stay fast on thousands of files", function()
      local modified = {}
      for i = 1, 30 do
        modified[#modified + 1] = string.format("d%02d/a", i)
        modified[#modified + 1] = string.format("d%02d/b", i)
      end
      local out = files.lists({}, modified, 200)
      assert.truthy(#out <= 200, out)
      assert.is_nil(out:find("files}", 1, true), out) -- `d01/{2 files}` is longer than `d01/{a,b}`
      assert.truthy(out:find("d01/{a,b}", 1, true), out)
      local many = {}
      for i = 1, 20000 do many[i] = string.format("src/m%03d/f%05d.lua", i % 500, i) end
      table.sort(many)
      local started = os.clock()
      local short = files.lists({}, many, 2000)
      assert.truthy(#short <= 2000, #short)
      -- (a generous bound: the shortening is one pass; it took minutes when each step rendered it all)
      assert.truthy(os.clock() - started < 5, os.clock() - started)
    end)

    it("read back as the paths they name when a later compaction merges them", function()
      local previous = "text" .. files.lists({ "a/x.lua", "a/y.lua", "b/z.md" },
        { "lib/k.lua", "lib/l.lua", "lib/m.lua", "src/api/auth.ts", "src/api/users.ts", "src/main.ts" }, 140)
      assert.truthy(previous:find("src/api/{2 files}", 1, true), previous)
      local read, modified = files.collect(files.merge_tools(nil), previous, {})
      -- what was counted names no path; what was grouped names each
      assert.are.same({ "b/z.md" }, read)
      assert.are.same({ "lib/k.lua", "lib/l.lua", "lib/m.lua", "src/main.ts" }, modified)
      local _, grouped = files.collect(files.merge_tools(nil),
        "t\n\n<modified-files>\nsrc/api/{auth.ts,users.ts}\nsrc/{3 files}\nC:\\app\\{a.ts,b.ts}\n</modified-files>", {})
      assert.are.same({ "C:\\app\\a.ts", "C:\\app\\b.ts", "src/api/auth.ts", "src/api/users.ts" }, grouped)
      -- one name in braces is a path of its own
      local _, single = files.collect(files.merge_tools(nil), "t\n\n<modified-files>\nlib/{x}\n</modified-files>", {})
      assert.are.same({ "lib/{x}" }, single)
    end)

    it("write a path that looks like a group, a count or a note in backticks, which read back as that path", function()
      local odd = { "src/{a,b}", "src/{7 files}", "`quoted`", "\226\128\166 (3 more files omitted)" }
      local whole = #files.lists({ "a/x.lua" }, odd)
      for _, bound in ipairs({ false, whole - 5 }) do
        local previous = "text" .. files.lists({ "a/x.lua" }, odd, bound or nil)
        assert.truthy(previous:find("\n`src/{a,b}`\n", 1, true), previous)
        assert.are.equal(bound and "omitted" or nil, previous:match("\n\226\128\166 %(%d+ more files? (omitted)%)"))
        local read, modified = files.collect(files.merge_tools(nil), previous .. "\n", {})
        if not bound then
          assert.are.same({ "a/x.lua" }, read)
          local expected = {}
          for i, path in ipairs(odd) do expected[i] = path end
          table.sort(expected)
          assert.are.same(expected, modified)
        else -- shortened: every path shown reads back as itself
          for _, path in ipairs(modified) do
            local known = false
            for _, name in ipairs(odd) do known = known or name == path end
            assert.is_true(known, path)
          end
        end
      end
      -- a lone file of its directory in shortened lists is quoted too
      local many = { "`a/b`", "\226\128\166 (3 more)/x.lua" }
      for i = 1, 40 do many[#many + 1] = string.format("lib/file%02d.lua", i) end
      local shortened = "t" .. files.lists({}, many, 200)
      assert.truthy(shortened:find("lib/{", 1, true), shortened)
      local _, back = files.collect(files.merge_tools(nil), shortened, {})
      assert.are.same({ "`a/b`", "\226\128\166 (3 more)/x.lua" }, { back[1], back[2] })
      -- a plain path is written as it is
      assert.are.equal("\n\n<modified-files>\nsrc/a.lua\n</modified-files>", files.lists({}, { "src/a.lua" }))
    end)

    it("bound a compacted summary: the compactor's max_file_list_chars, checked, and the extractive budget", function()
      local messages, plan = routes_session()
      local summarizer = assert(compact.extractive_summarizer())
      local out = assert(assert(compact.new { summarizer = summarizer }):apply({ messages = messages }, plan))
      assert.truthy(#out.summary <= 6000, #out.summary)
      assert.truthy(out.summary:find("backend/src/api/routes/{", 1, true))
      local lists = out.summary:match("\n\n<modified%-files>.*$")
      assert.truthy(#lists <= files.MAX_LIST_CHARS, #lists)
      -- a summarizer's own smaller bound leaves the lists a third of it
      local small = assert(compact.extractive_summarizer { max_chars = 1500 })
      local short = assert(assert(compact.new { summarizer = small }):apply({ messages = messages }, plan))
      assert.truthy(#short.summary <= 1500, #short.summary)
      assert.truthy(#short.summary:match("\n\n<modified%-files>.*$") <= 500)
      assert.truthy(short.summary:find("120 routes", 1, true))
      -- a tighter bound, and the summarizer is told of it
      local seen
      local spy = compact.summarizer(function(req) seen = req.max_file_list_chars return "Routes written." end)
      local tight = assert(assert(compact.new { summarizer = spy, max_file_list_chars = 300 }):apply({ messages = messages }, plan))
      assert.are.equal(300, seen)
      assert.truthy(#tight.summary:match("\n\n<modified%-files>.*$") <= 300)
      assert.truthy(tight.summary:find("{120 files}", 1, true))
      for _, bad in ipairs({ -1, 1.5, "2000" }) do
        local c, err = compact.new { summarizer = spy, max_file_list_chars = bad }
        assert.is_nil(c)
        assert.are.equal("invalid_config", err.code)
        assert.truthy(err.message:find("config.max_file_list_chars", 1, true), err.message)
      end
      local text, err = summarizer:summarize { messages = messages, max_file_list_chars = -3 }
      assert.is_nil(text)
      assert.truthy(err.message:find("req.max_file_list_chars", 1, true), err.message)
    end)

    it("bound the lists of a summary a model summarizer's fallback wrote by the fallback's own max_chars", function()
      local messages, plan = routes_session()
      local fallback = assert(compact.extractive_summarizer { max_chars = 1500 })
      local seen = {}
      local recording = { max_chars = 1500 }
      function recording.summarize(_, req, token)
        seen[#seen + 1] = req
        return fallback:summarize(req, token)
      end
      local generator = require("compact.summarizers.generator")
      local failing = require("spec.support.fake_generator").new({ default = { code = "filtered" } })
      local model = assert(generator.new { generator = failing, model = "m", check_sections = false,
        sleep = function() end, fallback = recording })
      local out = assert(assert(compact.new { summarizer = model }):apply({ messages = messages }, plan))
      assert.is_true(#out.summary <= 1500, #out.summary)
      assert.is_true(#out.summary:match("\n\n<modified%-files>.*$") <= 500)
      assert.truthy(out.summary:find("120 routes", 1, true), out.summary)
      -- the fallback is told the narrower bound, on a copy of the request
      assert.are.equal(500, seen[1].max_file_list_chars)
      local req = { messages = messages }
      assert(model:summarize(req))
      assert.is_nil(req.max_file_list_chars)
      assert.are.equal(500, seen[2].max_file_list_chars)
    end)
  end)
end)

