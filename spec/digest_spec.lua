-- compact.core.sha256 (csrc/core/digest.c) against FIPS 180-4's test
-- vectors and digests from sha256sum, at every padding boundary.
local core = require "compact.core"

describe("core.sha256", function()
  it("gives the published digests", function()
    assert.equals("e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855", core.sha256(""))
    assert.equals("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad", core.sha256("abc"))
    assert.equals("248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1",
      core.sha256("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"))
  end)

  it("pads across one and two final blocks (55, 56, 63, 64 and 65 bytes) and hashes NUL bytes", function()
    -- from `head -c N /dev/zero | tr '\0' 'a' | sha256sum`
    local want = {
      [55] = "9f4390f8d30c2dd92ec9f095b65e2b9ae9b0a925a5258e241c9f1e910f734318",
      [56] = "b35439a4ac6f0948b6d6f9e3c6af0f5f590ce20f1bde7090ef7970686ec6738a",
      [63] = "7d3e74a05d7db15bce4ad9ec0658ea98e3f06eeecf16b4c6fff2da457ddc2f34",
      [64] = "ffe054fe7ae0cb6dc65c3af9b61d5209f439851db43d0ba5997337df154668eb",
      [65] = "635361c48bb9eab14198e76ea8ab7f1a41685d6ad62aa9146d301d4f17eb0ae0",
    }
    for n, digest in pairs(want) do assert.equals(digest, core.sha256(string.rep("a", n)), n) end
    assert.equals("6e340b9cffb37a989ca544e6bb780a2c78901d3fb33738768511a30617afa01d", core.sha256("\0"))
  end)

  it("refuses what is not a string", function()
    assert.has_error(function() core.sha256({}) end)
  end)
end)
