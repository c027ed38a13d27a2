/**
 * Vitest's half of `make test`'s summary (tests/support/summary-reporter.ts is Playwright's): each
 * failing test with its first error line, and each flaky one (failed, then passed on its retry;
 * CI retries once), appended to $TEST_REPORT_DIR/failures.txt and flaky.txt for
 * scripts/test-summary.sh to print last. Without $TEST_REPORT_DIR it does nothing.
 */
import { appendFileSync, mkdirSync } from "node:fs";
import { join, relative } from "node:path";
import type { Reporter, TestCase, TestModule } from "vitest/node";

// eslint-disable-next-line no-control-regex
const ANSI = /\u001b\[[0-9;]*m/g;

export default class TestSummary implements Reporter {
  onTestRunEnd(modules: readonly TestModule[]): void {
    const dir = process.env.TEST_REPORT_DIR;
    if (!dir) return;
    const failures: string[] = [];
    const flaky: string[] = [];
    for (const module of modules) {
      const file = relative(process.cwd(), module.moduleId);
      for (const test of module.children.allTests()) {
        const name = `vitest: ${file} › ${test.fullName}`;
        const result = test.result();
        if (result.state === "failed") failures.push(`${name}\n    ${firstLine(result.errors)}`);
        else if (test.diagnostic()?.flaky) flaky.push(name);
      }
      // A file that fails before its tests run (a bad import) has no test to carry its error.
      if (module.state() === "failed" && !failures.some((f) => f.includes(`vitest: ${file} `))) {
        failures.push(`vitest: ${file}\n    ${firstLine(module.errors())}`);
      }
    }
    mkdirSync(dir, { recursive: true });
    for (const line of failures) appendFileSync(join(dir, "failures.txt"), `${line}\n`);
    for (const line of flaky) appendFileSync(join(dir, "flaky.txt"), `${line}\n`);
  }
}

function firstLine(errors: ReturnType<TestCase["result"]>["errors"]): string {
  const error = errors?.[0];
  const text = `${error?.name ?? "Error"}: ${error?.message ?? "failed"}`.replace(ANSI, "");
  return (text.split("\n").find((l) => l.trim()) ?? text).trim().slice(0, 300);
}
