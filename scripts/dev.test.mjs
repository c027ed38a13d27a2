/**
 * scripts/dev.mjs's lifecycle: the gateway and Vite both come up (Vite proxying /api to the
 * gateway's port), and after Ctrl-C (SIGINT) or SIGTERM the script exits 0 with the gateway gone and
 * both ports closed. The gateway is a stand-in (a small Node server) and nothing is built, so this
 * takes seconds and runs beside a developer's `npm run dev` (other ports, its own Vite cache).
 *
 * Run: node --test scripts/dev.test.mjs
 */
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import readline from "node:readline";
import { after, before, test } from "node:test";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
let scratch;
let fakeGateway;

before(() => {
  scratch = fs.mkdtempSync(path.join(os.tmpdir(), "adnur-dev-test-"));
  fakeGateway = path.join(scratch, "fake-gateway.mjs");
  fs.writeFileSync(
    fakeGateway,
    `#!/usr/bin/env node
import http from "node:http";
const port = Number(process.env.GATEWAY_PORT);
const server = http.createServer((req, res) => {
  res.setHeader("content-type", "application/json");
  res.end(JSON.stringify({ fake: true, url: req.url }));
});
server.listen(port, "127.0.0.1", () => {
  console.log("pid " + process.pid);
  console.log("listening on http://127.0.0.1:" + port);
});
process.on("SIGTERM", () => server.close(() => process.exit(0)));
`,
    { mode: 0o755 },
  );
});

after(() => fs.rmSync(scratch, { recursive: true, force: true }));

async function freePort() {
  const server = net.createServer();
  await new Promise((done) => server.listen(0, "127.0.0.1", done));
  const { port } = server.address();
  await new Promise((done) => server.close(done));
  return port;
}

function portOpen(port) {
  return new Promise((done) => {
    const socket = net.connect(port, "127.0.0.1");
    socket.once("connect", () => {
      socket.destroy();
      done(true);
    });
    socket.once("error", () => done(false));
  });
}

function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

for (const signal of ["SIGINT", "SIGTERM"]) {
  test(`both come up, and ${signal} leaves neither running`, { timeout: 120_000 }, async (t) => {
    const gatewayPort = await freePort();
    const webPort = await freePort();
    const dev = spawn(process.execPath, [path.join(root, "scripts", "dev.mjs")], {
      cwd: root,
      env: {
        ...process.env,
        GATEWAY_PORT: String(gatewayPort),
        WEB_PORT: String(webPort),
        ADNUR_DEV_GATEWAY: fakeGateway,
        ADNUR_DEV_NO_BUILD: "1",
        ADNUR_DEV_VITE_CACHE: path.join(scratch, "vite-cache"),
        NO_COLOR: "1",
      },
      stdio: ["ignore", "pipe", "pipe"],
      // Its own process group: a failed test kills all of it.
      detached: true,
    });
    const output = [];
    let gatewayPid = 0;
    const exited = new Promise((done) => dev.once("exit", (code, sig) => done({ code, sig })));
    const ready = new Promise((done, fail) => {
      const onLine = (line) => {
        output.push(line);
        const pid = /^\[gateway\] pid (\d+)$/.exec(line);
        if (pid) gatewayPid = Number(pid[1]);
        if (line.startsWith("[dev] Open ")) done();
      };
      readline.createInterface({ input: dev.stdout }).on("line", onLine);
      readline.createInterface({ input: dev.stderr }).on("line", onLine);
      void exited.then(({ code }) => fail(new Error(`dev.mjs exited (${code}) before ready`)));
    });
    t.after(() => {
      try {
        process.kill(-dev.pid, "SIGKILL");
      } catch {
        // Gone, as it should be.
      }
      if (gatewayPid && alive(gatewayPid)) process.kill(gatewayPid, "SIGKILL");
    });

    await ready.catch((e) => assert.fail(`${e.message}\n${output.join("\n")}`));
    assert.ok(gatewayPid > 0, "the gateway's output is passed on");

    const page = await fetch(`http://127.0.0.1:${webPort}/adnuradmin/`);
    assert.equal(page.status, 200);
    assert.match(await page.text(), /\/@vite\/client/, "Vite serves the app");
    const api = await fetch(`http://127.0.0.1:${webPort}/api?probe=1`);
    assert.deepEqual(await api.json(), { fake: true, url: "/api?probe=1" }, "Vite proxies /api");

    process.kill(dev.pid, signal);
    const { code } = await exited;
    assert.equal(code, 0, output.join("\n"));
    assert.equal(alive(gatewayPid), false, "the gateway is gone");
    assert.equal(await portOpen(gatewayPort), false, "the gateway's port is closed");
    assert.equal(await portOpen(webPort), false, "Vite's port is closed");
  });
}
