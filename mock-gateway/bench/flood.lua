-- wrk script of the sign-in flood: every request signs in as a new unknown name with a wrong
-- password, as a stranger guessing from many connections would. Each thread counts how the
-- gateway answered; done() prints one line, "flood: failed <n> shed <n> other <n>", which
-- flood.sh reads (failed: user_login_failed, hashed and refused; shed: too_many_requests).
--
-- Usage: wrk -t2 -c48 -d14s -s flood.lua http://127.0.0.1:PORT

local threads = {}

function setup(thread)
  thread:set("id", #threads)
  table.insert(threads, thread)
end

-- Globals: done() reads them from each thread's state (thread:get sees globals only).
sent, failed, shed, other = 0, 0, 0, 0

local function form(value)
  return (value:gsub("[^%w]", function(c)
    return string.format("%%%02X", string.byte(c))
  end))
end

function request()
  sent = sent + 1
  local data = string.format('{"username":"flood%d_%d","password":"Wrong@123"}', id, sent)
  local body = "v=1.0&did=0&sign=bench&ttid=0.1.0_admin%40pc&mat=&data=" .. form(data)
  return wrk.format("POST", "/m?api=mtop.admin.user.login&ts=1",
    { ["Content-Type"] = "application/x-www-form-urlencoded" }, body)
end

function response(status, headers, body)
  if body:find('"user_login_failed"', 1, true) then
    failed = failed + 1
  elseif body:find('"too_many_requests"', 1, true) then
    shed = shed + 1
  else
    other = other + 1
  end
end

function done(summary, latency, requests)
  local f, s, o = 0, 0, 0
  for _, thread in ipairs(threads) do
    f = f + thread:get("failed")
    s = s + thread:get("shed")
    o = o + thread:get("other")
  end
  io.write(string.format("flood: failed %d shed %d other %d\n", f, s, o))
end
