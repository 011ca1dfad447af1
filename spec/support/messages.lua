--- Spec helper: the message builders the summarizer specs share.
local messages = {}

function messages.user(content) return { role = "user", content = content } end

--- An assistant turn making one tool call, with optional text before it.
function messages.call(id, name, args, text)
  local content = {}
  if text then content[1] = { type = "text", text = text } end
  content[#content + 1] = { type = "tool_call", id = id, name = name, arguments = args }
  return { role = "assistant", stop_reason = "tool_use", content = content }
end

function messages.result(id, name, text, is_error)
  return { role = "tool_result", tool_call_id = id, tool_name = name, content = text, is_error = is_error }
end

--- A final assistant reply.
function messages.say(text)
  return { role = "assistant", stop_reason = "stop", content = { { type = "text", text = text } } }
end

return messages
