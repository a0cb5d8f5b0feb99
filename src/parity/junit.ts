/**
 * The JUnit XML of a parity report, for CI viewers: one test suite per endpoint and version, one
 * test case per replayed exchange, failing when it has a difference the allow-list does not name
 * (allowed differences are listed in its output).
 */
import { escapeXml, seconds } from '../scenarios/junit.js';
import { describeDifference, type ParityReport } from './report.js';
import { counted } from '../platform/plural.js';

/**
 * @example
 * writeFileSync('parity.xml', parityJunitXml(report));
 */
export function parityJunitXml(report: ParityReport): string {
  const failing = (entry: number) =>
    report.differences.filter((difference) => difference.entry === entry && difference.allowed === undefined);
  const totalMs = report.exchanges.reduce((sum, exchange) => sum + exchange.ms, 0);
  const failures = report.exchanges.filter((exchange) => failing(exchange.entry).length > 0).length;
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="billing-emulator parity" tests="${report.compared}" failures="${failures}" errors="0" skipped="${report.skipped.length}" time="${seconds(totalMs)}">`,
  ];
  for (const group of report.endpoints) {
    const exchanges = report.exchanges.filter(
      (exchange) => exchange.endpoint === group.endpoint && exchange.version === group.version,
    );
    const suite = `${group.endpoint} (${group.version})`;
    const suiteFailures = exchanges.filter((exchange) => failing(exchange.entry).length > 0).length;
    const suiteMs = exchanges.reduce((sum, exchange) => sum + exchange.ms, 0);
    lines.push(
      `  <testsuite name="${escapeXml(suite)}" tests="${exchanges.length}" failures="${suiteFailures}" errors="0" time="${seconds(suiteMs)}">`,
    );
    for (const exchange of exchanges) {
      const name = `#${exchange.entry} ${exchange.method} ${exchange.path}`;
      lines.push(
        `    <testcase classname="${escapeXml(suite)}" name="${escapeXml(name)}" time="${seconds(exchange.ms)}">`,
      );
      const failed = failing(exchange.entry);
      if (failed.length > 0) {
        const message = `${counted(failed.length, 'difference')}: ${failed.map((d) => `${d.kind} ${d.at}`).join(', ')}`;
        lines.push(
          `      <failure message="${escapeXml(message)}">${escapeXml(failed.map(describeDifference).join('\n'))}</failure>`,
        );
      }
      const allowed = report.differences.filter(
        (difference) => difference.entry === exchange.entry && difference.allowed !== undefined,
      );
      if (allowed.length > 0)
        lines.push(
          `      <system-out>${escapeXml(allowed.map((d) => `allowed (${d.allowed}): ${describeDifference(d)}`).join('\n'))}</system-out>`,
        );
      lines.push('    </testcase>');
    }
    lines.push('  </testsuite>');
  }
  lines.push('</testsuites>', '');
  return lines.join('\n');
}
