/**
 * A webhook check's report as text (the command line's output) and as JUnit XML (one test case per
 * check, for CI viewers; the XML escaping is the scenario report's).
 */
import { escapeXml, seconds } from '../scenarios/junit.js';
import type { WebhookCheckReport } from './report.types.js';

/** Columns the report's text is wrapped at (a terminal, a docs page). */
const WIDTH = 100;

/** `text` in lines of at most WIDTH columns, each starting with `indent`. */
export function wrapped(text: string, indent: string): string[] {
  const lines: string[] = [];
  let line = indent;
  for (const word of text.split(' ')) {
    if (line.length > indent.length && line.length + 1 + word.length > WIDTH) {
      lines.push(line);
      line = indent;
    }
    line += line.length > indent.length ? ` ${word}` : word;
  }
  lines.push(line);
  return lines;
}

/** `✓ title` and what was seen under it, then what to change under a failed check. */
export function checkLines(check: WebhookCheckReport['checks'][number]): string[] {
  return [
    `${check.passed ? '✓' : '✗'} ${check.title}`,
    ...wrapped(check.verdict, '    '),
    ...(check.passed
      ? []
      : check.details.flatMap((detail) =>
          wrapped(detail, '    - ').map((l, i) => (i ? `      ${l.slice(6)}` : l)),
        )),
  ];
}

/**
 * The report as the command line prints it: where and how it checked, one line per check (with
 * what to change under a failed one), and the score.
 *
 * @example
 * process.stdout.write(reportText(report));
 */
export function reportText(report: WebhookCheckReport): string {
  const lines = [
    `Webhook check of ${report.url}`,
    `  store ${report.store.id}${report.store.new ? ' (made for the check)' : ''}, API version ${report.api_version}, ` +
      `headers X-${report.header_prefix}-*, ${report.topics.length} topic${report.topics.length === 1 ? '' : 's'}, time budget ${report.timeout_ms} ms`,
    report.secret.value === null
      ? '  signed with the secret given'
      : `  signed with the store's client secret: ${report.secret.value}`,
  ];
  for (const skip of report.skipped) lines.push(`  not sent: ${skip.topic} (${skip.reason})`);
  lines.push('');
  for (const check of report.checks) lines.push(...checkLines(check));
  lines.push(
    '',
    `${report.score}/${report.total} checks passed (${(report.duration_ms / 1000).toFixed(1)} s)`,
    '',
  );
  return lines.join('\n');
}

/**
 * The report as JUnit XML: one test suite, one test case per check, the evidence of a failed one in
 * its failure text.
 *
 * @example
 * writeFileSync('webhooks.xml', reportJunit(report));
 */
export function reportJunit(report: WebhookCheckReport): string {
  const failures = report.total - report.score;
  const suite = `webhook check ${report.url}`;
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="billing-emulator check-webhooks" tests="${report.total}" failures="${failures}" errors="0" time="${seconds(report.duration_ms)}">`,
    `  <testsuite name="${escapeXml(suite)}" tests="${report.total}" failures="${failures}" errors="0" time="${seconds(report.duration_ms)}">`,
  ];
  for (const check of report.checks) {
    const time = check.evidence.reduce((sum, sent) => sum + sent.duration_ms, 0);
    lines.push(
      `    <testcase classname="${escapeXml(suite)}" name="${escapeXml(check.title)}" time="${seconds(time)}">`,
    );
    const evidence = check.evidence.map(
      (sent) =>
        `${sent.label}: ${sent.not_sent ?? (sent.status === null ? sent.error : `${sent.status} in ${sent.duration_ms} ms`)}`,
    );
    if (!check.passed)
      lines.push(
        `      <failure message="${escapeXml(check.verdict)}">${escapeXml([...check.details, ...evidence].join('\n'))}</failure>`,
      );
    else lines.push(`      <system-out>${escapeXml(check.verdict)}</system-out>`);
    lines.push('    </testcase>');
  }
  lines.push('  </testsuite>', '</testsuites>', '');
  return lines.join('\n');
}
