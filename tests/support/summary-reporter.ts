import type { Reporter, TestCase, TestModule } from 'vitest/node';

/**
 * Prints the suite's closing line, `N passed, N failed`, after Vitest's own report. A test file
 * that fails before its tests run (an import error, a failing beforeAll) counts as one failure,
 * so a broken file can never make the count look green.
 */
export default class SummaryReporter implements Reporter {
  private passed = 0;
  private failed = 0;
  private skipped = 0;

  onTestCaseResult(testCase: TestCase): void {
    const state = testCase.result().state;
    if (state === 'passed') this.passed++;
    else if (state === 'failed') this.failed++;
    else this.skipped++;
  }

  onTestRunEnd(testModules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<unknown>): void {
    for (const module of testModules) {
      const ranNoTest = [...module.children.allTests()].every((t) => t.result().state !== 'failed');
      if (module.state() === 'failed' && ranNoTest) this.failed++;
    }
    this.failed += unhandledErrors.length;
    const skipped = this.skipped > 0 ? `, ${this.skipped} skipped` : '';
    process.stdout.write(`\n${this.passed} passed, ${this.failed} failed${skipped}\n`);
  }
}
