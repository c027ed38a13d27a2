/**
 * Says at the end of `make test` what the list reporter says 3,000 lines up: each failing story
 * with its first error line, and each flaky one (failed, then passed on its retry; CI retries
 * once). Appends to $TEST_REPORT_DIR/failures.txt and flaky.txt, which scripts/test-summary.sh
 * prints last; without $TEST_REPORT_DIR it prints the same lines itself.
 */
import { appendFileSync, mkdirSync } from 'node:fs';
import { basename, join, relative } from 'node:path';
import type { FullConfig, Reporter, Suite, TestCase } from '@playwright/test/reporter';

// eslint-disable-next-line no-control-regex
const ANSI = /\u001b\[[0-9;]*m/g;

export default class SummaryReporter implements Reporter {
  private root?: Suite;
  private rootDir = '';
  private readonly suite: string;

  /** `suite` names the run in the lines (`e2e`, `deploy`). */
  constructor(options: { suite?: string } = {}) {
    this.suite = options.suite ?? 'playwright';
  }

  onBegin(config: FullConfig, suite: Suite): void {
    this.root = suite;
    this.rootDir = config.rootDir;
  }

  onEnd(): void {
    const tests = this.root?.allTests() ?? [];
    const failed = tests.filter((t) => t.outcome() === 'unexpected');
    const flaky = tests.filter((t) => t.outcome() === 'flaky');
    const failures = failed.map((t) => `${this.name(t)}\n    ${firstErrorLine(t, -1)}`);
    const flakes = flaky.map((t) => `${this.name(t)} (first try: ${firstErrorLine(t, 0)})`);
    const dir = process.env.TEST_REPORT_DIR;
    if (dir) {
      mkdirSync(dir, { recursive: true });
      for (const line of failures) appendFileSync(join(dir, 'failures.txt'), `${line}\n`);
      for (const line of flakes) appendFileSync(join(dir, 'flaky.txt'), `${line}\n`);
    } else {
      for (const line of failures) console.log(`failed: ${line}`);
      console.log(`flaky: ${flakes.length}${flakes.length ? ` — ${flakes.join('; ')}` : ''}`);
    }
  }

  private name(test: TestCase): string {
    const file = relative(this.rootDir, test.location.file);
    const repeat = test.repeatEachIndex ? ` (repeat ${test.repeatEachIndex + 1})` : '';
    return `${this.suite}: ${file}:${test.location.line} › ${test.title}${repeat}`;
  }

  printsToStdio(): boolean {
    return !process.env.TEST_REPORT_DIR;
  }
}

/**
 * The first line of a try's first error, as Playwright words it (`expect(locator).toBeVisible()
 * failed`), with the line of the story it stopped at.
 */
function firstErrorLine(test: TestCase, which: number): string {
  const result = test.results.at(which);
  const error = result?.errors[0] ?? result?.error;
  const text = (error?.message ?? error?.value ?? `${result?.status ?? 'no result'}`).replace(
    ANSI,
    '',
  );
  const line = (text.split('\n').find((l) => l.trim()) ?? text).trim().slice(0, 300);
  const at = error?.location ? ` (at ${basename(error.location.file)}:${error.location.line})` : '';
  return `${line}${at}`;
}
