package.path = "./lua/?.lua;./lua/?/init.lua;" .. package.path
package.cpath = "./build/?.so;" .. package.cpath
local core = require "compact.core"
local importers = require "compact.importers"
local state = assert(importers.load("../shared/data/pi-large-session.jsonl"))
local l = state.messages
local s = os.clock()
for k = 1, 1000 do core.validate_messages(l) end
print((os.clock() - s) / 1000 / #l * 1e9, "ns/msg")
