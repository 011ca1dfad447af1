-- File lists after moves and removals in bash calls (compact.summary), as the
-- compactor appends them to every summary.
local files = require "compact.summary"
local compact = require "compact"

local function call(id, name, args)
  return { role = "assistant", stop_reason = "tool_use",
           content = { { type = "tool_call", id = id, name = name, arguments = args } } }
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
end)
