-- One version, written once in lua/compact/version.lua: CMake reads it and
-- passes it to C, so compact.core's VERSION and the HTTP User-Agent equal
-- compact.VERSION.
local compact = require "compact"

describe("the version", function()
  it("is lua/compact/version.lua's, a semantic version", function()
    assert.equal(require "compact.version", compact.VERSION)
    assert.matches("^%d+%.%d+%.%d+$", compact.VERSION)
  end)

  it("is compact.core's", function()
    assert.equal(compact.VERSION, require("compact.core").VERSION)
  end)

  it("is in the User-Agent compact.http sends", function()
    local curl = require "compact.curl"
    assert.equal("compact/" .. compact.VERSION .. " (libcurl)", curl.USER_AGENT)
    local fake = require "spec.support.fake_server"
    local server = fake.start()
    local ok, err = pcall(function()
      local res = assert(require("compact.http").request { url = server:base("oa_429") .. "/chat/completions",
        body = "{}" })
      assert.equal(429, res.status)
      assert.equal(curl.USER_AGENT, server:last("oa_429").headers["user-agent"])
    end)
    server:stop()
    assert(ok, err)
  end)
end)
