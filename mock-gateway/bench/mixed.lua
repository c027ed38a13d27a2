-- wrk script of the peer benchmark's mixed workload: every request is the next path of a file
-- (one path a line, as peer_queries.py writes them), so consecutive calls are different queries.
-- Each thread starts at its own offset, so two threads do not walk the file in step.
--
-- Usage: wrk -t2 -c64 -d10s -s mixed.lua http://127.0.0.1:PORT -- PATHS_FILE THREADS
-- (THREADS as given to -t: a thread's init runs before the next thread exists, so it cannot
-- count them). done() prints one line, "mixed: p50_us <n> p99_us <n> requests <n> errors <n>",
-- which peer.sh reads: wrk's own text rounds the percentiles to a unit it picks.

local threads = {}

function setup(thread)
  thread:set("index", #threads)
  table.insert(threads, thread)
end

local paths = {}
local next_path = 1

function init(args)
  local file = args[1]
  if not file then
    error("mixed.lua needs the file of paths: wrk ... -s mixed.lua URL -- PATHS_FILE")
  end
  for line in io.lines(file) do
    if line ~= "" then
      paths[#paths + 1] = line
    end
  end
  if #paths == 0 then
    error("no paths in " .. file)
  end
  -- `index` is set by setup() in this thread's own Lua state.
  local count = tonumber(args[2]) or 2
  next_path = (index * math.floor(#paths / count)) % #paths + 1
end

function request()
  local path = paths[next_path]
  next_path = next_path % #paths + 1
  return wrk.format("GET", path)
end

function done(summary, latency, requests)
  local e = summary.errors
  io.write(string.format("mixed: p50_us %d p99_us %d requests %d errors %d\n",
    latency:percentile(50), latency:percentile(99), summary.requests,
    e.connect + e.read + e.write + e.status + e.timeout))
end
