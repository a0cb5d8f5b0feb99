/** A JUnit XML report of scenario runs, for CI systems: one test suite per scenario, one test case per step. */
import type { ScenarioReport } from './runner.js';

/** Text made safe inside XML attributes and elements (characters XML 1.0 cannot hold are dropped). */
export const escapeXml = (text: string): string =>
  text
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, '')
    .replace(
      /[&<>"']/g,
      (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c] ?? c,
    );

/** Milliseconds as JUnit's seconds. */
export const seconds = (ms: number): string => (ms / 1000).toFixed(3);

/**
 * The JUnit XML of `reports`.
 *
 * @example
 * writeFileSync('scenarios.xml', junitXml([report]));
 */
export function junitXml(reports: readonly ScenarioReport[]): string {
  const failures = (report: ScenarioReport) =>
    report.steps.filter((step) => !step.passed && !step.error).length;
  const errors = (report: ScenarioReport) => report.steps.filter((step) => step.error).length;
  const total = (count: (report: ScenarioReport) => number) =>
    reports.reduce((sum, report) => sum + count(report), 0);
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="billing-emulator scenarios" tests="${total((r) => r.steps.length)}" failures="${total(failures)}" errors="${total(errors)}" time="${seconds(total((r) => r.durationMs))}">`,
  ];
  for (const report of reports) {
    lines.push(
      `  <testsuite name="${escapeXml(report.name)}" tests="${report.steps.length}" failures="${failures(report)}" errors="${errors(report)}" time="${seconds(report.durationMs)}">`,
      `    <properties><property name="description" value="${escapeXml(report.description)}"/></properties>`,
    );
    for (const step of report.steps) {
      const name = `${step.index}. ${step.name}`;
      lines.push(
        `    <testcase classname="${escapeXml(report.name)}" name="${escapeXml(name)}" time="${seconds(step.durationMs)}">`,
      );
      if (step.error) lines.push(`      <error message="${escapeXml(step.error)}"/>`);
      const failed = step.checks.filter((check) => !check.passed);
      if (failed.length && !step.error) {
        const detail = failed.map((check) => `${check.label}: ${check.problems.join('; ')}`).join('\n');
        lines.push(
          `      <failure message="${escapeXml(failed.map((check) => check.label).join(', '))}">${escapeXml(detail)}</failure>`,
        );
      }
      const passed = step.checks.filter((check) => check.passed).map((check) => check.label);
      if (passed.length)
        lines.push(
          `      <system-out>${escapeXml(passed.map((label) => `ok ${label}`).join('\n'))}</system-out>`,
        );
      lines.push('    </testcase>');
    }
    lines.push('  </testsuite>');
  }
  lines.push('</testsuites>', '');
  return lines.join('\n');
}
