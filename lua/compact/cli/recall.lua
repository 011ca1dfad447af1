--- `compact recall ARCHIVE QUERY [--conversation ID] [--limit N]` and
-- `compact recall ARCHIVE --id N`: search an archive written by
-- `compact run --archive` (or any compact.archive file), or print one
-- original. Internal to `compact.cli`.
-- @module compact.cli.recall

local compact = require "compact"

local recall = {}

-- The conversation to search: --conversation, else the only one the file
-- holds; nil, message when there are several or none.
local function conversation_of(archive, options)
  if options.conversation then return options.conversation end
  local list, err = archive:conversations()
  if not list then return nil, tostring(err) end
  if #list == 1 then return list[1].id end
  if #list == 0 then return nil, "the archive is empty" end
  local names = {}
  for i, c in ipairs(list) do names[i] = c.id .. " (" .. c.count .. " messages)" end
  return nil, "the archive holds " .. #list .. " conversations; pass --conversation ID: " .. table.concat(names, ", ")
end

local function search(cli, env, archive, options, query)
  local id, err = conversation_of(archive, options)
  if not id then
    env.err("compact recall: ", err, "\n")
    return cli.EXIT_USAGE
  end
  local hits
  hits, err = archive:search(id, query, { limit = options.limit })
  if not hits then
    env.err("compact recall: ", tostring(err), "\n")
    return compact.is(err, compact.ErrInvalidRequest) and cli.EXIT_USAGE or cli.EXIT_FAILURE
  end
  for _, hit in ipairs(hits) do env.out("#", tostring(hit.id), " [", hit.role, "] ", hit.snippet, "\n") end
  if #hits == 0 then env.err("compact recall: no archived message of ", id, " matches\n") end
  return 0
end

local function print_original(cli, env, archive, options)
  local message, conversation = archive:get(options.id)
  if not message then
    env.err("compact recall: ", tostring(conversation), "\n")
    return compact.is(conversation, compact.ErrInvalidRequest) and cli.EXIT_USAGE or cli.EXIT_FAILURE
  end
  if options.conversation and conversation ~= options.conversation then
    env.err("compact recall: #", tostring(options.id), " is in conversation ", tostring(conversation), ", not ",
      options.conversation, "\n")
    return cli.EXIT_USAGE
  end
  local text, err = compact.state.encode(message)
  if not text then
    env.err("compact recall: ", tostring(err), "\n")
    return cli.EXIT_FAILURE
  end
  env.out(text, "\n")
  return 0
end

--- `compact recall ARCHIVE QUERY | --id N`.
-- @treturn integer the exit status
function recall.run(cli, env, options, positional)
  local path, query = positional[1], positional[2]
  local usage = options.id and #positional ~= 1 or not options.id and #positional ~= 2
  if usage or (options.id and options.limit) then
    env.err("compact recall: expected ARCHIVE QUERY or ARCHIVE --id N\n",
      "Run `compact recall --help` for usage.\n")
    return cli.EXIT_USAGE
  end
  local probe = env.open(path, "rb")
  if not probe then
    env.err("compact recall: cannot read ", path, "\n")
    return cli.EXIT_USAGE
  end
  probe:close()
  local archive, err = compact.archive.open(path, { read_only = true })
  if not archive then
    env.err("compact recall: ", path, ": ", tostring(err), "\n")
    return compact.is(err, compact.ErrInvalidConfig) and cli.EXIT_FAILURE or cli.EXIT_USAGE
  end
  local ok, code
  if options.id then
    ok, code = pcall(print_original, cli, env, archive, options)
  else
    ok, code = pcall(search, cli, env, archive, options, query)
  end
  archive:close()
  if not ok then error(code, 0) end
  return code
end

return recall
